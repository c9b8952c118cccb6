/**
 * What the sign-in calls say, in English: the English catalogue's `auth.messages` (issue 24).
 * lib/ knows no request; the routes put these in the request's language on the way out
 * (lib/i18n/translate.ts). Server only: it reads the catalogue, so islands take their texts
 * from their props (the `login` area) instead.
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

const english = messagesFor("en").auth.messages;

/** A throttle's wait; the minutes go in as written, never grouped ("1440 minutes", as before). */
const inMinutes = (message: typeof english.tooManyAttempts) => (minutes: number) =>
  format("en", message, { count: String(minutes) });

export const AUTH_MESSAGES = {
  ...english,
  tooManyAttempts: inMinutes(english.tooManyAttempts),
  tooManyLinks: inMinutes(english.tooManyLinks),
} as const;
