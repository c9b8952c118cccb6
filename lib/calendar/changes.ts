/**
 * What a calendar sync changed that families must hear of (issue 23, item 3): comparing the old
 * event set with the new one, by each event's stable id (a hash of the calendar and the event's
 * UID, with the occurrence for a recurring event's), among the events of the next 14 days.
 * - cancelled: its status became cancelled;
 * - moved: its start or its location changed (old and new values both kept);
 * - removed: it is gone from the feed.
 * A new event is no change, nor anything about an event already cancelled. Pure: the sync reads
 * the sets and stages the notice (lib/calendar/sync.ts).
 */
import type { TeamEvent } from "../db/events.ts";
import type { ScheduleChange, ScheduledAt } from "../db/schedule_notices.ts";

export type { ScheduleChange };

/** The window: changes to events in the next 14 days. */
export const SCHEDULE_CHANGE_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;
/** Changes listed in one mail; more are counted ("and 3 more"), so a notice and its mails stay small. */
export const MAX_LISTED_CHANGES = 20;
/** A title or place as a change keeps it: enough to know the event, and 20 changes fit one record with room. */
export const MAX_CHANGE_TEXT = 120;

const clip = (text: string) => {
  const chars = [...text];
  return chars.length > MAX_CHANGE_TEXT ? `${chars.slice(0, MAX_CHANGE_TEXT - 1).join("")}…` : text;
};
const isCancelledStatus = (status: string) => status === "cancelled";
const atOf = (event: TeamEvent): ScheduledAt => ({
  startTime: event.startTime,
  location: event.location === null ? null : clip(event.location),
});

/**
 * The changes from `old` to `next`, in the old start's order. `old` needs only the old events that
 * start in the window and the old twins of new events that do (`readSetEventsToCompare`). When the
 * new set was cut short by the parse limits, an event missing from it may only have been left out:
 * no removal is reported then.
 */
export function scheduleChanges(
  old: readonly TeamEvent[],
  next: readonly TeamEvent[],
  now: Date,
  options: { nextTruncated?: boolean } = {},
): ScheduleChange[] {
  const from = now.getTime();
  const to = from + SCHEDULE_CHANGE_WINDOW_MS;
  const inWindow = (event: TeamEvent | undefined) => {
    const start = event ? Date.parse(event.startTime) : NaN;
    return start >= from && start <= to;
  };
  const nextById = new Map(next.map((event) => [event.id, event]));
  const found: { change: ScheduleChange; order: number }[] = [];
  for (const before of new Map(old.map((event) => [event.id, event])).values()) {
    if (isCancelledStatus(before.status)) continue;
    const after = nextById.get(before.id);
    if (!inWindow(before) && !inWindow(after)) continue;
    const base = { eventId: before.id, title: clip((after ?? before).title) };
    let change: ScheduleChange | null = null;
    if (!after) {
      if (!options.nextTruncated) change = { kind: "removed", ...base, at: atOf(before) };
    } else if (isCancelledStatus(after.status)) {
      change = { kind: "cancelled", ...base, at: atOf(after) };
    } else if (Date.parse(after.startTime) !== Date.parse(before.startTime) || after.location !== before.location) {
      change = { kind: "moved", ...base, from: atOf(before), to: atOf(after) };
    }
    if (change) found.push({ change, order: Date.parse(before.startTime) });
  }
  return found.sort((a, b) => a.order - b.order || a.change.eventId.localeCompare(b.change.eventId))
    .map((f) => f.change);
}
