/**
 * The Upcoming Events widget on the family dashboard (SPEC.md sections 2 and 8), and what it
 * says about the team's calendar. Dates and times are Intl.DateTimeFormat's, in the team's zone.
 */
export const events = {
  title: "Upcoming Events",
  cancelled: "CANCELLED:",
  tentative: "Time/location may change",
  /** SPEC.md section 8: the widget without events (or when they could not be read). */
  emptyTitle: "No Events To Display",
  emptyHint: "Ask your Team Admin to connect GoalMates to TeamSnap, PlayMetrics or your favorite schedule app.",
  today: "Today",
  tomorrow: "Tomorrow",
  location: "Location:",
  /** Each event type's name ('event' names the type "other": a key named "other" would read as a plural). */
  types: { game: "Game", practice: "Practice", event: "Event" },
  /** The opponent at home (or when the source does not say), and away. */
  home: "vs {opponent}",
  away: "@ {opponent}",
  subscribe: "Add to my calendar",
  /** The team's calendar, as the widget tells it. */
  schedule: {
    failed: "The schedule could not be updated.",
    failedEvents: "These are the last events it had.",
    connectedEmpty: "The team's calendar has no upcoming events.",
    connectHint: "Add your team's TeamSnap, PlayMetrics or other schedule link and families see the next events here.",
    connect: "Connect your calendar",
  },
};
