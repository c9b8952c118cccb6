/**
 * The settings form's fields, shared by the page route (a post without JavaScript) and the
 * SettingsForm island (a PATCH), so both send lib/teams/settings.ts the same patch. Its words
 * come in as `texts` (the catalogue's adminSettings area in the page's language): the island
 * imports this file and so no catalogue. settings_form.ts adds the English defaults for the server.
 */
import type { FormFields } from "../roster/roster_forms.ts";
import type { TimeZoneSource } from "../../../lib/time_zone.ts";
import type { adminSettings } from "../../../lib/i18n/en/adminSettings.ts";

/** The adminSettings area's texts, in one language. */
export type SettingsTexts = typeof adminSettings;

/** The switches, in the form's order; their labels and hints are `texts.switches[name]`. */
export const SETTINGS_SWITCHES = [
  "openClaims",
  "allowSurnameFallback",
  "showPhotos",
  "showPositions",
  "showParentNames",
  "showLastNames",
] as const;

export type SwitchName = typeof SETTINGS_SWITCHES[number];

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

/** An unchecked checkbox is absent from a form post: false. */
const switchesFromForm = (f: FormFields) =>
  Object.fromEntries(SETTINGS_SWITCHES.map((name) => [name, name in f])) as Record<SwitchName, boolean>;

/** The posted form → the PATCH body. */
export function settingsPatchFromForm(f: FormFields) {
  return {
    name: f.name ?? "",
    season: f.season ?? "",
    orgName: f.orgName ?? "",
    claimInstructions: f.claimInstructions ?? "",
    allowedEmailDomains: (f.allowedEmailDomains ?? "").split(/\r?\n/).map((d) => d.trim()).filter(Boolean),
    // A form without the field (an older page still open) leaves the zone alone.
    ...(f.timeZone === undefined ? {} : { timeZone: f.timeZone }),
    ...switchesFromForm(f),
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
    switches: switchesFromForm(f),
  };
}

/** The text fields a refused save can point at (the switches cannot be wrong from this form). */
export type SettingsField = "name" | "season" | "orgName" | "timeZone" | "claimInstructions" | "allowedEmailDomains";

/** A refused save, as the page route hands it to the island: its message and each refused field's. */
export interface SettingsRefusal {
  message: string;
  fields: Record<string, string>;
}

/** Whether `text` is `template` with its placeholders filled ("Invalid email domain: {domain}"). */
function fills(template: string, text: string): boolean {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".+?")}$`, "s").test(text);
}

/**
 * The field a refusal of lib/teams/settings.ts is about, from its message in the page's language
 * (the settings API answers a message only): the rules' messages about each field.
 */
export function fieldOfMessage(texts: SettingsTexts, message: string): SettingsField | null {
  const rules = texts.rules;
  const messages: [SettingsField, string[]][] = [
    ["name", [rules.name, rules.nameLength]],
    ["season", [rules.season, rules.notText.season]],
    ["orgName", [rules.orgName, rules.notText.orgName]],
    ["claimInstructions", [rules.claimInstructions, rules.notText.claimInstructions]],
    ["timeZone", [rules.timeZone]],
    ["allowedEmailDomains", [rules.domains, rules.badDomain, rules.tooManyDomains]],
  ];
  return messages.find(([, own]) => own.some((template) => fills(template, message)))?.[0] ?? null;
}

/**
 * A refused save as field → message: the refused fields' messages when the refusal names them
 * (the page route's), else the field its message is about; `_` holds a message about no one field.
 */
export function settingsErrors(texts: SettingsTexts, refusal: SettingsRefusal | null): Record<string, string> {
  if (!refusal) return {};
  if (Object.keys(refusal.fields).length > 0) return refusal.fields;
  if (!refusal.message) return {};
  return { [fieldOfMessage(texts, refusal.message) ?? "_"]: refusal.message };
}

/**
 * The time zone select's hint: what the zone is for, and while no one chose it, that the
 * team calendar's first sync may set it.
 */
export const timeZoneHintIn = (texts: SettingsTexts, source: TimeZoneSource): string => texts.timeZoneHint[source];

/** The zones most teams are in first, named as people say them; every other zone under its region. */
const COMMON_ZONES: [string, keyof SettingsTexts["timeZones"]][] = [
  ["America/New_York", "newYork"],
  ["America/Chicago", "chicago"],
  ["America/Denver", "denver"],
  ["America/Phoenix", "phoenix"],
  ["America/Los_Angeles", "losAngeles"],
  ["America/Anchorage", "anchorage"],
  ["Pacific/Honolulu", "honolulu"],
];

export interface ZoneGroup {
  label: string;
  options: { value: string; label: string }[];
}

/**
 * The select's groups: United States first, then each region ('America', 'Europe'…) with its
 * places ('Argentina / Buenos Aires'), and UTC. Regions and places keep their IANA names, in
 * every language. Each zone appears once, so the current one is the one selected option.
 */
export function timeZoneGroupsIn(texts: SettingsTexts, choices: readonly string[]): ZoneGroup[] {
  const all = new Set(choices);
  const common = COMMON_ZONES.filter(([zone]) => all.has(zone));
  const taken = new Set(common.map(([zone]) => zone));
  const groups: ZoneGroup[] = [{
    label: texts.timeZones.unitedStates,
    options: common.map(([value, name]) => ({ value, label: texts.timeZones[name] })),
  }];
  const byRegion = new Map<string, ZoneGroup>();
  const other: ZoneGroup = { label: texts.timeZones.other, options: [] };
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
