/**
 * The settings form's fields for the server (the page route, tests): settings_fields.ts with its
 * words defaulting to the English catalogue's. The SettingsForm island imports settings_fields.ts
 * itself and is given its words by its page.
 */
import type { TimeZoneSource } from "../../../lib/time_zone.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { type SettingsTexts, timeZoneGroupsIn, timeZoneHintIn, type ZoneGroup } from "./settings_fields.ts";

export * from "./settings_fields.ts";

const ENGLISH: SettingsTexts = messagesFor("en").adminSettings;

/** The time zone select's hint for a zone chosen by `source` (in English unless given `texts`). */
export const timeZoneHint = (source: TimeZoneSource, texts: SettingsTexts = ENGLISH): string =>
  timeZoneHintIn(texts, source);

/** The time zone select's groups (in English unless given `texts`). */
export const timeZoneGroups = (choices: readonly string[], texts: SettingsTexts = ENGLISH): ZoneGroup[] =>
  timeZoneGroupsIn(texts, choices);
