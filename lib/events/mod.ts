/**
 * Upcoming Events (SPEC.md section 2): the team's calendar events that have not ended yet, in
 * start order. The calendar sync (lib/calendar) fills them; the demo data adds them through `saveEvent`.
 */
export type { EventInput, EventType, TeamEvent } from "../db/events.ts";
export { listEventsStartingBetween, normalizeEvent, removeEvent, removeLegacyEvents, saveEvent } from "../db/events.ts";
export { EVENTS_WIDGET_LIMIT } from "./format.ts";
// How the widget words an event, for mails too (the weekly digest).
export { EVENTS_TEXTS, eventTypeLabel, eventZoneLabel, formatEventWhen, isCancelled, opponentLabel } from "./format.ts";
export { eventsLimit, listUpcomingEvents, MAX_EVENTS_PAGE } from "./upcoming.ts";
