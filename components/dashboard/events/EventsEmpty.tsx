import type { ScheduleState } from "../../../lib/calendar/display.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

/**
 * Upcoming Events without events, worded by the team's calendar: a team admin with none
 * connected gets the way to connect it; a connected or failing calendar is not something to
 * ask the Team Admin to connect. Otherwise (a parent or player, or the state unknown) the
 * spec's text.
 */
export function EventsEmpty(
  { schedule, connectHref }: { schedule: ScheduleState | null; connectHref: string | null },
) {
  const { m } = useI18n();
  const hint = schedule === "connected"
    ? m.events.schedule.connectedEmpty
    : schedule === "failed"
    ? null
    : schedule === "none" && connectHref
    ? m.events.schedule.connectHint
    : m.events.emptyHint;
  return (
    <div className="events__empty">
      <h3 className="events__empty-title">{m.events.emptyTitle}</h3>
      {hint && <p className="events__empty-hint">{hint}</p>}
      {schedule === "none" && connectHref && (
        <a className="button button--primary events__connect" href={connectHref}>{m.events.schedule.connect}</a>
      )}
    </div>
  );
}
