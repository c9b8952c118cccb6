import type { TeamEvent } from "../../../lib/events/types.ts";
import {
  eventTypeLabel,
  eventZoneLabel,
  formatEventWhen,
  isCancelled,
  isTentative,
  opponentLabel,
} from "../../../lib/events/format.ts";
import { TimeZoneLabel } from "../../TimeZoneLabel.tsx";
import { useI18n } from "../../../lib/i18n/context.tsx";

/** '5:30 PM' ('5:30 p.m.') never breaks before its 'PM' on a narrow screen. */
const keepTimesWhole = (when: string) => when.replace(/ ([AP]M\b|[ap]\.\s?m\.)/g, "\u00a0$1");

/**
 * One event of the widget: a cancelled one's title starts with the word 'CANCELLED:' in red
 * (the word carries it, not the colour); a tentative one says its time or place may change.
 * Times are in the team's zone (`timeZone`), labelled when the reader's zone is another.
 */
export function EventItem({ event, now, timeZone }: { event: TeamEvent; now: Date; timeZone: string }) {
  const { m, lang } = useI18n();
  const cancelled = isCancelled(event.status);
  const opponent = opponentLabel(event, lang);
  const type = eventTypeLabel(event.eventType, lang);
  return (
    <li className={`event event--${event.eventType}${cancelled ? " event--cancelled" : ""}`}>
      <p className="event__title">
        {cancelled && <strong className="event__cancelled">{m.events.cancelled}</strong>}
        {cancelled && " "}
        <span className="event__name">{event.title}</span>
      </p>
      <p className="event__when">
        <span className="event__type">{type}</span>{" "}
        <time dateTime={event.startTime}>{keepTimesWhole(formatEventWhen(event, now, timeZone, true, lang))}</time>
        <TimeZoneLabel zone={timeZone} {...eventZoneLabel(event, timeZone, lang)} />
      </p>
      {opponent && <p className="event__opponent">{opponent}</p>}
      {event.location && (
        <p className="event__location">
          <span className="visually-hidden">{m.events.location}</span>
          {event.location}
        </p>
      )}
      {isTentative(event.status) && <p className="event__tentative">{m.events.tentative}</p>}
    </li>
  );
}
