import { EVENTS_TEXTS } from "../../../lib/events/format.ts";
import { SCHEDULE_TEXTS, type ScheduleState } from "../../../lib/calendar/display.ts";

/**
 * Upcoming Events without events, worded by the team's calendar: a team admin with none
 * connected gets the way to connect it; a connected or failing calendar is not something to
 * ask the Team Admin to connect. Otherwise (a parent or player, or the state unknown) the
 * spec's text.
 */
export function EventsEmpty(
  { schedule, connectHref }: { schedule: ScheduleState | null; connectHref: string | null },
) {
  const hint = schedule === "connected"
    ? SCHEDULE_TEXTS.connectedEmpty
    : schedule === "failed"
    ? null
    : schedule === "none" && connectHref
    ? SCHEDULE_TEXTS.connectHint
    : EVENTS_TEXTS.emptyHint;
  return (
    <div className="events__empty">
      <h3 className="events__empty-title">{EVENTS_TEXTS.emptyTitle}</h3>
      {hint && <p className="events__empty-hint">{hint}</p>}
      {schedule === "none" && connectHref && (
        <a className="button button--primary events__connect" href={connectHref}>{SCHEDULE_TEXTS.connect}</a>
      )}
    </div>
  );
}
