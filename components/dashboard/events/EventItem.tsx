import type { TeamEvent } from "../../../lib/events/types.ts";
import {
  EVENTS_TEXTS,
  eventZoneLabel,
  formatEventWhen,
  isCancelled,
  isTentative,
  opponentLabel,
} from "../../../lib/events/format.ts";
import { TimeZoneLabel } from "../../TimeZoneLabel.tsx";

/** '5:30 PM' never breaks before its 'PM' on a narrow screen. */
const keepTimesWhole = (when: string) => when.replace(/ ([AP]M)\b/g, "\u00a0$1");

/**
 * One event of the widget: a cancelled one's title starts with the word 'CANCELLED:' in red
 * (the word carries it, not the colour); a tentative one says its time or place may change.
 * Times are in the team's zone (`timeZone`), labelled when the reader's zone is another.
 */
export function EventItem({ event, now, timeZone }: { event: TeamEvent; now: Date; timeZone: string }) {
  const cancelled = isCancelled(event.status);
  const opponent = opponentLabel(event);
  const type = EVENTS_TEXTS.types[event.eventType] ?? EVENTS_TEXTS.types.other;
  return (
    <li className={`event event--${event.eventType}${cancelled ? " event--cancelled" : ""}`}>
      <p className="event__title">
        {cancelled && <strong className="event__cancelled">{EVENTS_TEXTS.cancelled}</strong>}
        {cancelled && " "}
        <span className="event__name">{event.title}</span>
      </p>
      <p className="event__when">
        <span className="event__type">{type}</span>{" "}
        <time dateTime={event.startTime}>{keepTimesWhole(formatEventWhen(event, now, timeZone))}</time>
        <TimeZoneLabel zone={timeZone} {...eventZoneLabel(event, timeZone)} />
      </p>
      {opponent && <p className="event__opponent">{opponent}</p>}
      {event.location && (
        <p className="event__location">
          <span className="visually-hidden">{EVENTS_TEXTS.location}</span>
          {event.location}
        </p>
      )}
      {isTentative(event.status) && <p className="event__tentative">{EVENTS_TEXTS.tentative}</p>}
    </li>
  );
}
