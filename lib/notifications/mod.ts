/** Notification mails: what each person wants to receive. The public face of `lib/notifications/`. */
export {
  getNotificationPreferences,
  isNotificationKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  notificationPreferencesFromForm,
  parseNotificationPreferences,
  setNotificationPreference,
  updateNotificationPreferences,
} from "./preferences.ts";
export {
  missingAltText,
  type NotificationBlock,
  notificationMail,
  type NotificationMailInput,
  notificationSettingsUrl,
} from "./mail.ts";
export { NOTIFICATION_KIND_TEXTS, NOTIFICATION_MESSAGES } from "./texts.ts";
export {
  listUnsubscribeHeaders,
  readUnsubscribeToken,
  UNSUBSCRIBE_PATH,
  unsubscribeUrl,
  unsubscribeWithToken,
  useUnsubscribeKey,
  verifyUnsubscribeToken,
} from "./unsubscribe.ts";
export {
  dueNewsJobs,
  isNewsJob,
  newsAnnouncement,
  newsMail,
  runNewsBatchJob,
  runNewsFanoutJob,
  runNewsJob,
} from "./news.ts";
export {
  dueScheduleNoticeJobs,
  isScheduleNoticeJob,
  runScheduleNoticeJob,
  scheduleNoticeSweepJob,
} from "./schedule_changes.ts";
export { digestThumbnailResolver } from "./digest_photos.ts";
export { runWeeklyDigests, WEEKLY_DIGEST_CRON, weeklyDigestJob, type WeeklyDigestRun } from "./weekly_digest.ts";
