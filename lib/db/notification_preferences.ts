/**
 * A person's notification preferences (issue 23): `["notification_preferences", userId]` →
 * `{ settings, updatedAt }`, written only here (and erased with the account in
 * account_deletions.ts). No record means nothing was ever changed: every kind stays on.
 * The kinds and their defaults are lib/notifications/preferences.ts's; this module only stores them.
 */
import { keys } from "./keys.ts";
import { commitOrConflict } from "./change.ts";

export interface StoredNotificationPreferences {
  /** Kind → on; a kind missing here has its default. */
  settings: Record<string, boolean>;
  updatedAt: string;
}

export async function getNotificationPreferencesEntry(
  kv: Deno.Kv,
  userId: string,
): Promise<Deno.KvEntryMaybe<StoredNotificationPreferences>> {
  return await kv.get<StoredNotificationPreferences>(keys.notificationPreferences(userId));
}

/**
 * Writes the person's preferences, checked against `current` (the entry the caller read), so two
 * saves at once never lose one kind's change: CommitConflictError, and the caller reads again.
 */
export async function saveNotificationPreferences(
  kv: Deno.Kv,
  userId: string,
  current: Deno.KvEntryMaybe<StoredNotificationPreferences>,
  next: StoredNotificationPreferences,
): Promise<void> {
  await commitOrConflict(kv.atomic().check(current).set(keys.notificationPreferences(userId), next));
}
