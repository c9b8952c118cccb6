/** The kinds of notification mail a person can turn on or off (pure: pages use it too). */
export const NOTIFICATION_KINDS = ["teamNews", "scheduleChanges", "weeklyDigest"] as const;
export type NotificationKind = typeof NOTIFICATION_KINDS[number];
export type NotificationPreferences = Record<NotificationKind, boolean>;

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly unknown[]).includes(value);
