/**
 * The schedule-change mail (issue 23, item 3): one per person and sync, listing every change a
 * sync found among the next 14 days' events with the old and new values, times in the team's
 * zone as the dashboard's Upcoming Events shows them ('Sat, Dec 5 · 10:00 AM'), with the zone
 * written after (the mail is read anywhere). In the person's language (issue 24): the texts are
 * the catalogue's `mail.schedule`. Pure: the job (schedule_changes.ts) sends it.
 */
import type { ScheduleChange, ScheduledAt } from "../db/schedule_notices.ts";
import type { OutgoingMail } from "../mail/types.ts";
import { greetingIn } from "../mail/templates.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";
import { calendarDay, clockTime, weekdayDate, zoneAbbreviation } from "../time_zone.ts";
import { notificationMail } from "./mail.ts";

const textsOf = (lang: Language) => messagesFor(lang).mail.schedule;

/**
 * 'Sat, Dec 5 · 10:00 AM ET' on the zone's calendar and clock (the widget's day and time, the
 * year added when it is not `now`'s; never 'Today', which a mail read later would get wrong).
 * The time, 'AM' and the zone are joined by no-break spaces, so a phone never splits them.
 */
export function changeTime(iso: string, zone: string, now: Date, lang: Language = DEFAULT_LANGUAGE): string {
  const at = new Date(iso);
  const withYear = calendarDay(at, zone)[0] !== calendarDay(now, zone)[0];
  const clock = `${clockTime(at, zone, lang)} ${zoneAbbreviation(zone, at)}`.replaceAll(" ", "\u00a0");
  return `${weekdayDate(at, zone, withYear, lang)} · ${clock}`;
}

const where = (lang: Language, at: ScheduledAt, otherHasOne: boolean) =>
  at.location
    ? ` ${format(lang, textsOf(lang).at, { location: at.location })}`
    : otherHasOne
    ? ` (${textsOf(lang).noLocation})`
    : "";

/**
 * One change as a line: 'Cancelled: Game vs Eagles, Sat, Dec 5 · 10:00 AM ET',
 * 'Moved: Practice, from Tue, Dec 1 · 5:30 PM ET at Field 2 to Wed, Dec 2 · 6:00 PM ET at Field 3',
 * 'Removed: Team photo, Fri, Dec 4 · 4:00 PM ET at Field 1'.
 */
export function describeScheduleChange(
  change: ScheduleChange,
  zone: string,
  now: Date,
  lang: Language = DEFAULT_LANGUAGE,
): string {
  const t = textsOf(lang);
  if (change.kind === "moved") {
    const { from, to } = change;
    const fromTo = format(lang, t.fromTo, {
      from: `${changeTime(from.startTime, zone, now, lang)}${where(lang, from, !!to.location)}`,
      to: `${changeTime(to.startTime, zone, now, lang)}${where(lang, to, !!from.location)}`,
    });
    return `${t.moved}: ${change.title}, ${fromTo}`;
  }
  const label = change.kind === "cancelled" ? t.cancelled : t.removed;
  return `${label}: ${change.title}, ${changeTime(change.at.startTime, zone, now, lang)}${
    where(lang, change.at, false)
  }`;
}

export interface ScheduleChangeMailInput {
  /** `language`: the one their account chose (English until they choose). */
  user: { id: string; firstName: string; email: string; language?: Language };
  team: { id: string; name: string };
  zone: string;
  changes: ScheduleChange[];
  /** Changes beyond those listed. */
  more: number;
  appUrl: string;
  now: Date;
}

/**
 * What the text and HTML parts may weigh together (UTF-8): sealed, a queued mail must stay under
 * KV's 64 KB a value, and a page of them under its 800 KB a commit. Changes that do not fit are
 * counted with the "more" line (only a feed of very long texts in odd characters gets there).
 */
const MAX_BODY_BYTES = 36_000;
const bytes = (mail: OutgoingMail) => new TextEncoder().encode(mail.text + mail.html).length;

export function scheduleChangeMail(input: ScheduleChangeMailInput): OutgoingMail {
  let listed = input.changes.length;
  let mail = composeMail(input, listed);
  while (listed > 1 && bytes(mail) > MAX_BODY_BYTES) mail = composeMail(input, --listed);
  return mail;
}

function composeMail(full: ScheduleChangeMailInput, listed: number): OutgoingMail {
  const input = { ...full, changes: full.changes.slice(0, listed), more: full.more + full.changes.length - listed };
  const lang = input.user.language ?? DEFAULT_LANGUAGE;
  const t = textsOf(lang);
  const count = input.changes.length + input.more;
  const team = input.team.name;
  const appUrl = input.appUrl.replace(/\/+$/, "");
  const lines: { text: string; note?: boolean }[] = input.changes.map((change) => ({
    text: describeScheduleChange(change, input.zone, input.now, lang),
  }));
  if (input.more > 0) lines.push({ text: format(lang, t.more, { count: input.more }), note: true });
  return notificationMail({
    kind: "scheduleChanges",
    userId: input.user.id,
    to: { name: input.user.firstName || undefined, address: input.user.email },
    appUrl,
    subject: format(lang, t.subject, { count, team }),
    greeting: greetingIn(lang, input.user.firstName || undefined),
    blocks: [{ paragraph: format(lang, t.intro, { count, team }) }, { list: lines }],
    action: { label: t.action, url: `${appUrl}/family-dashboard/${encodeURIComponent(input.team.id)}#events` },
    teamNames: [input.team.name],
    lang,
  });
}
