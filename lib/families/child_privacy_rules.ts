/**
 * A parent's privacy controls for their child, on the server: the checks of the calls' and forms'
 * input, and their words as the English catalogue has them (lib/ answers in English; the routes
 * put a message in the request's language). Pages read their language's with `useI18n()`.
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { type ChildPrivacy, MAX_DENY_REASON, MAX_REMOVAL_REASON } from "./child_privacy.ts";

const TEXTS = messagesFor("en").childPrivacy;

/**
 * What /account/privacy shows after a plain form came back: `?child=<code>` (success) or
 * `?child-error=<code>`, by code (the URL never carries the words).
 */
export const CHILD_NOTICES = {
  ...TEXTS.notices,
  reasonTooLong: format("en", TEXTS.notices.reasonTooLong, { max: String(MAX_REMOVAL_REASON) }),
} as const;
export type ChildNoticeCode = keyof typeof CHILD_NOTICES;

/** The English catalogue's texts (pages read their language's with `useI18n()`; routes translate refusals). */
export const CHILD_PRIVACY_TEXTS = {
  ...TEXTS,
  hideLastName: (firstName: string) => format("en", TEXTS.hideLastName, { firstName }),
  hidePhoto: (firstName: string) => format("en", TEXTS.hidePhoto, { firstName }),
  removalButton: (firstName: string) => format("en", TEXTS.removalButton, { firstName }),
  removalPending: (date: string) => format("en", TEXTS.removalPending, { date }),
  reasonTooLong: CHILD_NOTICES.reasonTooLong,
  alreadyRequested: CHILD_NOTICES.alreadyRequested,
  playerNotFound: CHILD_NOTICES.notFound,
  requestedBy: (name: string, date: string) => format("en", TEXTS.requestedBy, { name, date }),
  denyReasonTooLong: format("en", TEXTS.denyReasonTooLong, { max: String(MAX_DENY_REASON) }),
} as const;

/** Checks `{"hideLastName": boolean, "hidePhoto": boolean}` (both required). */
export function checkChildPrivacy(body: unknown): { ok: true; value: ChildPrivacy } | { ok: false; message: string } {
  const input = body && typeof body === "object" ? body as Record<string, unknown> : {};
  if (typeof input.hideLastName !== "boolean" || typeof input.hidePhoto !== "boolean") {
    return { ok: false, message: CHILD_PRIVACY_TEXTS.badPrivacy };
  }
  return { ok: true, value: { hideLastName: input.hideLastName, hidePhoto: input.hidePhoto } };
}

/** A parent's optional reason (absent or a string of at most MAX_REMOVAL_REASON characters, trimmed). */
export function checkRemovalReason(value: unknown): { ok: true; value: string } | { ok: false; message: string } {
  if (value === undefined || value === null) return { ok: true, value: "" };
  if (typeof value !== "string") return { ok: false, message: CHILD_PRIVACY_TEXTS.badReason };
  const reason = value.trim();
  if (reason.length > MAX_REMOVAL_REASON) return { ok: false, message: CHILD_PRIVACY_TEXTS.reasonTooLong };
  return { ok: true, value: reason };
}

/** The admin's reason for a denial: required, at most MAX_DENY_REASON characters. */
export function checkDenyReason(value: unknown): { ok: true; value: string } | { ok: false; message: string } {
  const reason = typeof value === "string" ? value.trim() : "";
  if (!reason) return { ok: false, message: CHILD_PRIVACY_TEXTS.denyReasonRequired };
  if (reason.length > MAX_DENY_REASON) return { ok: false, message: CHILD_PRIVACY_TEXTS.denyReasonTooLong };
  return { ok: true, value: reason };
}
