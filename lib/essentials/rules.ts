/**
 * The Essentials' rules with their messages in English, for the server (lib/, routes, tests):
 * the rules themselves are item_rules.ts, which the EssentialForm island shares; the messages are
 * the English catalogue's (lib/i18n/en/essentials.ts), put into the request's language by the routes.
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { checkEssentialWith, type EssentialInput, essentialMessages } from "./item_rules.ts";
import type { Checked } from "../validation.ts";

export * from "./item_rules.ts";

/** SPEC.md section 5's messages word for word, and the server's own refusals. */
export const ESSENTIAL_MESSAGES = essentialMessages(
  messagesFor("en").essentials,
  (message, params) => format("en", message, params),
);

/** item_rules.ts's check with the English messages. */
export const checkEssential = (body: unknown): Checked<EssentialInput> => checkEssentialWith(ESSENTIAL_MESSAGES, body);
