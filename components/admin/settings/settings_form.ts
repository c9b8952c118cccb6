/**
 * The settings form's fields, shared by the page route (a post without JavaScript) and the
 * SettingsForm island (a PATCH), so both send lib/team_settings.ts the same patch.
 */
import type { FormFields } from "../roster/roster_forms.ts";
import type { TimeZoneSource } from "../../../lib/time_zone.ts";

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
  /** The team's IANA zone. */
  timeZone: string;
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
    // A form without the field (an older page still open) leaves the zone alone.
    ...(f.timeZone === undefined ? {} : { timeZone: f.timeZone }),
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
    timeZone: f.timeZone ?? "",
    switches: Object.fromEntries(SETTINGS_SWITCHES.map((s) => [s.name, s.name in f])) as Record<SwitchName, boolean>,
  };
}

export const SETTINGS_NOTICES: Record<string, string> = { saved: "Settings saved" };

/** The text fields a refused save can point at (the switches cannot be wrong from this form). */
export type SettingsField = "name" | "season" | "orgName" | "timeZone" | "claimInstructions" | "allowedEmailDomains";

/**
 * The field a refusal of lib/teams/settings.ts is about, read from its message (the page route
 * and the API pass the message on, not the field): SETTINGS_MESSAGES name their field first,
 * and every message about the domains says "email domain".
 */
const FIELD_OF_MESSAGE: [RegExp, SettingsField][] = [
  [/^Team name/, "name"],
  [/^Season/, "season"],
  [/^Organization/, "orgName"],
  [/^Time zone/, "timeZone"],
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

/**
 * The time zone select's hint: what the zone is for, and while no one chose it, that the
 * team calendar's first sync may set it.
 */
export function timeZoneHint(source: TimeZoneSource): string {
  const use = "Game times and post dates are shown in this zone.";
  if (source === "calendar") return `${use} It was taken from your team calendar.`;
  if (source === "default") {
    return `${use} Until you choose one, your team calendar's zone is used when it first syncs.`;
  }
  return use;
}

/** The zones most teams are in first, named as people say them; every other zone under its region. */
const COMMON_ZONES: [string, string][] = [
  ["America/New_York", "Eastern Time (New York)"],
  ["America/Chicago", "Central Time (Chicago)"],
  ["America/Denver", "Mountain Time (Denver)"],
  ["America/Phoenix", "Mountain Time, no DST (Phoenix)"],
  ["America/Los_Angeles", "Pacific Time (Los Angeles)"],
  ["America/Anchorage", "Alaska Time (Anchorage)"],
  ["Pacific/Honolulu", "Hawaii Time (Honolulu)"],
];

export interface ZoneGroup {
  label: string;
  options: { value: string; label: string }[];
}

/**
 * The select's groups: United States first, then each region ('America', 'Europe'…) with its
 * places ('Argentina / Buenos Aires'), and UTC. Each zone appears once, so the current one is
 * the one selected option.
 */
export function timeZoneGroups(choices: readonly string[]): ZoneGroup[] {
  const all = new Set(choices);
  const common = COMMON_ZONES.filter(([zone]) => all.has(zone));
  const taken = new Set(common.map(([zone]) => zone));
  const groups: ZoneGroup[] = [{ label: "United States", options: common.map(([value, label]) => ({ value, label })) }];
  const byRegion = new Map<string, ZoneGroup>();
  const other: ZoneGroup = { label: "Other", options: [] };
  for (const zone of [...all].sort()) {
    if (taken.has(zone)) continue;
    const slash = zone.indexOf("/");
    if (slash < 0) {
      other.options.push({ value: zone, label: zone });
      continue;
    }
    const region = zone.slice(0, slash);
    let group = byRegion.get(region);
    if (!group) byRegion.set(region, group = { label: region, options: [] });
    group.options.push({ value: zone, label: zone.slice(slash + 1).replaceAll("_", " ").replaceAll("/", " / ") });
  }
  return [...groups, ...byRegion.values(), other].filter((group) => group.options.length > 0);
}
