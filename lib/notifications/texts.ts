/**
 * The notification kinds as a person reads them (the /account section, the mails' footer), in
 * English: the catalogue's area `notifications` (a page in another language reads its own by kind).
 */
import type { NotificationKind } from "./kinds.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

export const NOTIFICATION_KIND_TEXTS: Record<NotificationKind, { label: string; hint: string }> =
  messagesFor("en").notifications.kinds;

const MESSAGES = messagesFor("en").account.messages.notifications;

export const NOTIFICATION_MESSAGES = {
  ...MESSAGES,
  notBoolean: (kind: string) => format("en", MESSAGES.notBoolean, { kind }),
};

/** Team names in a sentence: 'A', 'A and B', 'A, B and C'. */
export function namesList(names: readonly string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
