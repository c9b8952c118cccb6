import type { TeamEvent } from "../../lib/events/types.ts";
import { EVENTS_WIDGET_LIMIT } from "../../lib/events/format.ts";
import { EventItem } from "./events/EventItem.tsx";
import { EventsEmpty } from "./events/EventsEmpty.tsx";
import type { ScheduleState } from "../../lib/calendar/display.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

export interface UpcomingEventsSectionProps {
  /** The team's next events in start order (the page reads 5); empty when none or when they could not be read. */
  events: TeamEvent[];
  now: Date;
  /** The team's time zone: the times are its wall clock. */
  timeZone: string;
  /** The team's calendar: none, connected, or its last sync failed (then the events are the last good ones). */
  schedule: ScheduleState | null;
  /** A team admin's way to the Team Calendar card (the empty widget offers to connect one); null for families. */
  connectHref: string | null;
}

/**
 * Upcoming Events (SPEC.md section 2): the next 5 events with their day ('Today', 'Tomorrow' or
 * the date) and times in the team's zone, the opponent and the place. Server-rendered only.
 */
export function UpcomingEventsSection({ events, now, timeZone, schedule, connectHref }: UpcomingEventsSectionProps) {
  const { m } = useI18n();
  const shown = events.slice(0, EVENTS_WIDGET_LIMIT);
  return (
    <section className="card dash-section events" id="events" aria-labelledby="events-title">
      <h2 id="events-title">{m.events.title}</h2>
      {schedule === "failed" && (
        <p className="events__status" role="status">
          <strong>{m.events.schedule.failed}</strong>
          {shown.length > 0 && ` ${m.events.schedule.failedEvents}`}
        </p>
      )}
      {shown.length === 0
        ? <EventsEmpty schedule={schedule} connectHref={connectHref} />
        : (
          <ol className="events__list">
            {shown.map((event) => <EventItem key={event.id} event={event} now={now} timeZone={timeZone} />)}
          </ol>
        )}
      <p className="events__subscribe">
        <a href="/account/calendar">{m.events.subscribe}</a>
      </p>
    </section>
  );
}
