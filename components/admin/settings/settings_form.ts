/**
 * The settings form's fields, shared by the page route (a post without JavaScript) and the
 * SettingsForm island (a PATCH), so both send lib/team_settings.ts the same patch.
 */
import type { FormFields } from "../roster/roster_forms.ts";

export const SETTINGS_SWITCHES = [
  { name: "openClaims", label: "Open claims", hint: "Parents can claim players on the public roster." },
  {
    name: "allowSurnameFallback",
    label: "Allow surname fallback",
    hint: "Parents who do not know the jersey number can claim by the child's surname.",
  },
  {
    name: "showPhotos",
    label: "Show photos",
    hint: "Player photos appear on the public roster. Each family must also agree for their own child.",
  },
  { name: "showPositions", label: "Show positions", hint: "Positions appear on the public roster." },
  { name: "showParentNames", label: "Show parent names", hint: "Linked parents' first names appear on player cards." },
  { name: "showLastNames", label: "Show last names", hint: "Full last names instead of an initial." },
] as const;

export type SwitchName = typeof SETTINGS_SWITCHES[number]["name"];

/** What the form shows. */
export interface SettingsFormValues {
  name: string;
  season: string;
  orgName: string;
  claimInstructions: string;
  /** One domain per line. */
  allowedEmailDomains: string;
  switches: Record<SwitchName, boolean>;
}

/** The posted form → the PATCH body. An unchecked checkbox is absent from a form post: false. */
export function settingsPatchFromForm(f: FormFields) {
  return {
    name: f.name ?? "",
    season: f.season ?? "",
    orgName: f.orgName ?? "",
    claimInstructions: f.claimInstructions ?? "",
    allowedEmailDomains: (f.allowedEmailDomains ?? "").split(/\r?\n/).map((d) => d.trim()).filter(Boolean),
    ...Object.fromEntries(SETTINGS_SWITCHES.map((s) => [s.name, s.name in f])),
  };
}

/** The posted form back as form values, so a refused save shows what was typed. */
export function formValuesFromPost(f: FormFields): SettingsFormValues {
  return {
    name: f.name ?? "",
    season: f.season ?? "",
    orgName: f.orgName ?? "",
    claimInstructions: f.claimInstructions ?? "",
    allowedEmailDomains: f.allowedEmailDomains ?? "",
    switches: Object.fromEntries(SETTINGS_SWITCHES.map((s) => [s.name, s.name in f])) as Record<SwitchName, boolean>,
  };
}

export const SETTINGS_NOTICES: Record<string, string> = { saved: "Settings saved" };

/** The text fields a refused save can point at (the switches cannot be wrong from this form). */
export type SettingsField = "name" | "season" | "orgName" | "claimInstructions" | "allowedEmailDomains";

/**
 * The field a refusal of lib/teams/settings.ts is about, read from its message (the page route
 * and the API pass the message on, not the field): SETTINGS_MESSAGES name their field first,
 * and every message about the domains says "email domain".
 */
const FIELD_OF_MESSAGE: [RegExp, SettingsField][] = [
  [/^Team name/, "name"],
  [/^Season/, "season"],
  [/^Organization/, "orgName"],
  [/^Claim instructions/, "claimInstructions"],
  [/email domain/i, "allowedEmailDomains"],
];

/**
 * A refused save as field → message: the server's `fields` when it names them, else the field
 * its message is about; `_` holds a message about no one field.
 */
export function settingsErrors(message: string | null, fields: Record<string, string> = {}): Record<string, string> {
  if (Object.keys(fields).length > 0) return fields;
  if (!message) return {};
  const field = FIELD_OF_MESSAGE.find(([pattern]) => pattern.test(message))?.[1] ?? "_";
  return { [field]: message };
}
