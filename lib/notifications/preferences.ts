/**
 * Which notification mails a person wants (issue 23): team news, schedule changes and the weekly
 * digest, each on until the person turns it off. The senders ask `getNotificationPreferences`;
 * the account page, its API and the one-click unsubscribe change them.
 */
import {
  getNotificationPreferencesEntry,
  saveNotificationPreferences,
  type StoredNotificationPreferences,
} from "../db/notification_preferences.ts";
import { retryOnConflict } from "../db/change.ts";
import { ValidationError } from "../errors.ts";
import { unknownField, unknownFieldMessage } from "../text.ts";
import { NOTIFICATION_MESSAGES } from "./texts.ts";
import {
  isNotificationKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from "./kinds.ts";

export { isNotificationKind, NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences };

function withDefaults(stored: StoredNotificationPreferences | null): NotificationPreferences {
  const settings = stored?.settings ?? {};
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, typeof settings[kind] === "boolean" ? settings[kind] : true]),
  ) as NotificationPreferences;
}

/** The person's choices, every kind on unless they turned it off. */
export async function getNotificationPreferences(kv: Deno.Kv, userId: string): Promise<NotificationPreferences> {
  return withDefaults((await getNotificationPreferencesEntry(kv, userId)).value);
}

/**
 * Changes the kinds named in `changes` and keeps the others as they are (a concurrent change of
 * another kind is read again, never overwritten). Returns all three after the change.
 */
export async function updateNotificationPreferences(
  kv: Deno.Kv,
  userId: string,
  changes: Partial<NotificationPreferences>,
  now = new Date(),
): Promise<NotificationPreferences> {
  return await retryOnConflict(async () => {
    const current = await getNotificationPreferencesEntry(kv, userId);
    const next = { ...withDefaults(current.value), ...changes };
    await saveNotificationPreferences(kv, userId, current, { settings: next, updatedAt: now.toISOString() });
    return next;
  }, { attempts: 5 });
}

/** Turns one kind on or off (the one-click unsubscribe turns one off). */
export async function setNotificationPreference(
  kv: Deno.Kv,
  userId: string,
  kind: NotificationKind,
  on: boolean,
): Promise<NotificationPreferences> {
  return await updateNotificationPreferences(kv, userId, { [kind]: on });
}

/**
 * The API's body: any of the three kinds, each true or false; a kind left out keeps its value.
 * Anything else (another field, a string "false", an empty object) is a ValidationError.
 */
export function parseNotificationPreferences(body: unknown): Partial<NotificationPreferences> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError(NOTIFICATION_MESSAGES.notAnObject);
  }
  const fields = body as Record<string, unknown>;
  const unknown = unknownField(fields, NOTIFICATION_KINDS);
  if (unknown !== null) throw new ValidationError(unknownFieldMessage(unknown));
  const changes: Partial<NotificationPreferences> = {};
  for (const kind of NOTIFICATION_KINDS) {
    if (!Object.hasOwn(fields, kind)) continue;
    const value = fields[kind];
    if (typeof value !== "boolean") {
      throw new ValidationError(NOTIFICATION_MESSAGES.notBoolean(kind), {
        [kind]: NOTIFICATION_MESSAGES.notBoolean(kind),
      });
    }
    changes[kind] = value;
  }
  if (Object.keys(changes).length === 0) throw new ValidationError(NOTIFICATION_MESSAGES.nothingToChange);
  return changes;
}

/**
 * The no-JavaScript form: it shows all three checkboxes, and a browser sends only the ticked ones,
 * so each kind is on exactly when its box came back.
 */
export function notificationPreferencesFromForm(form: Record<string, unknown>): NotificationPreferences {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, form[kind] === "on"])) as NotificationPreferences;
}
