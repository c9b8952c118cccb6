import type { TeamEvent } from "../../lib/events/types.ts";
import { EVENTS_TEXTS, EVENTS_WIDGET_LIMIT } from "../../lib/events/format.ts";
import { EventItem } from "./events/EventItem.tsx";

export interface UpcomingEventsSectionProps {
  /** The team's next events in start order (the page reads 5); empty when none or when they could not be read. */
  events: TeamEvent[];
  now: Date;
}

/**
 * Upcoming Events (SPEC.md section 2): the next 5 events with their day ('Today', 'Tomorrow' or
 * the date) and times in America/New_York, the opponent and the place. Server-rendered only.
 */
export function UpcomingEventsSection({ events, now }: UpcomingEventsSectionProps) {
  const shown = events.slice(0, EVENTS_WIDGET_LIMIT);
  return (
    <section className="card dash-section events" id="events" aria-labelledby="events-title">
      <h2 id="events-title">{EVENTS_TEXTS.title}</h2>
      {shown.length === 0
        ? (
          <div className="events__empty">
            <h3 className="events__empty-title">{EVENTS_TEXTS.emptyTitle}</h3>
            <p className="events__empty-hint">{EVENTS_TEXTS.emptyHint}</p>
          </div>
        )
        : (
          <ol className="events__list">
            {shown.map((event) => <EventItem key={event.id} event={event} now={now} />)}
          </ol>
        )}
      <p className="events__subscribe">
        <a href="/account/calendar">Add to my calendar</a>
      </p>
    </section>
  );
}
