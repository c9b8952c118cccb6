/**
 * The photos feature's words (SPEC.md section 8 and the server's own refusals), as the English
 * catalogue has them: lib/ answers in English and the routes put each message in the request's
 * language (lib/i18n/translate.ts). Server only: the islands get their words as props and their
 * numbers from limits.ts.
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

export { ACCEPTED_IMAGE_TYPES, GALLERY_LIMITS } from "./limits.ts";

const en = messagesFor("en");

/** SPEC.md section 8: the upload texts, and the gallery's load error. Verbatim. */
export const UPLOAD_TEXTS = en.photos.spec;

/** The server's own messages (each refusal's `{ message }`) beyond SPEC.md's texts. */
export const PHOTO_MESSAGES = {
  ...en.dashboard.photoRefusals,
  rateLimited: (minutes: number) => format("en", en.dashboard.photoRefusals.rateLimited, { count: minutes }),
};
