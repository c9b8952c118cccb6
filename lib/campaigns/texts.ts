/**
 * The campaigns' words in English, for the server (lib/, routes, pages not yet in another
 * language, tests): the English catalogue's `campaigns` area (lib/i18n/en/campaigns.ts). The
 * routes put a refusal into the request's language; a page reads the area in its own language.
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { campaignMessages } from "./campaign_rules.ts";

/** What the family dashboard's campaign section says (SPEC.md sections 4, 8 and 9). */
export const CAMPAIGN_TEXTS = messagesFor("en").campaigns;

/** How each type is named on a card and in the admin area. */
export const CAMPAIGN_TYPE_LABELS = CAMPAIGN_TEXTS.types;

/** The refusals of the campaign calls and forms. */
export const CAMPAIGN_MESSAGES = campaignMessages(
  CAMPAIGN_TEXTS.errors,
  (message, params) => format("en", message, params),
);
