/**
 * The admin dashboard's Team Calendar card (SPEC.md section 2 'Team Calendar card', section 8
 * 'Calendar'), and the refusals and sync errors of lib/calendar that it and its calls answer
 * with (a failed sync's reason is stored in English and shown in the reader's language).
 */
export const adminCalendar = {
  /** lib/calendar's CALENDAR_TEXTS: the card, its toasts, and the notices of its forms. */
  card: {
    title: "Team Calendar",
    intro: "Connect your team's schedule: families see the next events on their dashboard.",
    urlLabel: "Calendar URL",
    urlPlaceholder: "https://… or webcal://…",
    urlHint: "Paste the subscribe (iCal) link from TeamSnap, PlayMetrics, Google Calendar or any schedule app.",
    add: "Add Calendar",
    adding: "Adding...",
    connected: "Calendar Connected",
    syncNow: "Sync now",
    syncing: "Syncing...",
    remove: "Remove",
    removing: "Removing...",
    removeConfirm: "Remove this calendar? Its events leave the family dashboard.",
    note: "Syncs every 30 minutes.",
    /** Read before the status badge by a screen reader. */
    status: "Status:",
    lastSync: "Last sync",
    url: "Link",
    events: "Events",
    truncated: "The calendar has more events than GoalMates keeps; the first ones are shown.",
    syncError: "Sync error:",
    /** The red card of a calendar whose last sync failed: the reason, and the way out. */
    errorHeading: "The calendar could not be updated",
    errorHelp: "Try again, or remove the calendar and add a link that works.",
    tryAgain: "Try again",
    /** SPEC.md section 8. */
    addError: "Error Adding Calendar",
    addFallback: "Failed to add calendar",
    removeError: "Error Removing Calendar",
    removeFallback: "Failed to remove calendar",
    syncErrorTitle: "Error Syncing Calendar",
    syncFallback: "Failed to sync calendar",
    /** The answers of the calls (and the notices of the forms without JavaScript). */
    added: "Calendar added",
    addedNotice: "Calendar added. Families now see its next events on their dashboard.",
    removed: "Calendar removed",
    synced: "Calendar synced",
    syncFailed: "The calendar could not be synced: the card shows why.",
    missing: "That calendar is no longer connected.",
    busy: "This calendar is syncing right now. Please try again in a moment.",
    limited: "Too many syncs of this calendar. Please wait a few minutes and try again.",
  },
  /** What kind of calendar is connected (the stored type `generic` is any ICS link). */
  types: { playmetrics: "PlayMetrics", teamsnap: "TeamSnap", generic: "Calendar link (ICS)" },
  /** SPEC.md: Active for success, Error, Syncing for pending, otherwise Pending. */
  badges: { active: "Active", error: "Error", syncing: "Syncing", pending: "Pending" },
  /** When the last sync was: these, else its date in the team's zone. */
  lastSync: {
    never: "Never",
    justNow: "Just now",
    minutesAgo: { one: "{count} minute ago", other: "{count} minutes ago" },
    hoursAgo: { one: "{count} hour ago", other: "{count} hours ago" },
  },
  /** After a failed sync the events shown are the last good sync's. */
  staleSchedule: "Showing the schedule from {when}",
  /** lib/calendar's CALENDAR_MESSAGES. */
  messages: {
    alreadyConnected: "This team already has a calendar. Remove it to connect another.",
    notFound: "Calendar not found",
    unexpected: "The calendar could not be synced. Please try again later.",
  },
  /** lib/calendar's CONNECT_MESSAGES, and Sync now's limit. */
  connect: {
    unexpected: "The calendar link could not be checked. Please try again later.",
    limited: {
      one: "Too many calendar links tried for this team. Please try again in {count} minute.",
      other: "Too many calendar links tried for this team. Please try again in {count} minutes.",
    },
    syncLimited: {
      one: "Too many syncs of this calendar. Please try again in {count} minute.",
      other: "Too many syncs of this calendar. Please try again in {count} minutes.",
    },
  },
  /** lib/calendar's CALENDAR_URL_MESSAGES: the link's rule. */
  url: {
    required: "Calendar URL is required",
    tooLong: "Calendar URL is too long",
    scheme: "Enter a calendar link that starts with https:// or webcal://",
    credentials: "Calendar links cannot contain a user name or password",
    port: "Calendar links must use the standard https port",
    ipAddress: "Calendar links must name a host, not an IP address",
    privateHost: "Calendar links cannot point to a private or local address",
  },
  /** lib/calendar's FEED_FETCH_MESSAGES and PARSE_MESSAGES: why a feed could not be read. */
  feed: {
    notFound: "The calendar host could not be found",
    unreachable: "The calendar server could not be reached",
    redirectRefused: "The calendar link redirects to an address GoalMates cannot use",
    tooManyRedirects: "The calendar link redirects too many times",
    notCalendar: "This link did not return a calendar (.ics) file",
    timeout: "The calendar server did not answer within {seconds} seconds",
    tooLarge: "The calendar is larger than {size} MB",
    status: "The calendar server answered {status}",
    tooSlow: "The calendar took too long to read",
    unreadable: "This calendar file could not be read",
  },
};
