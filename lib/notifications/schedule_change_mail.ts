/**
 * The schedule-change mail (issue 23, item 3): one per person and sync, listing every change a
 * sync found among the next 14 days' events with the old and new values, times in the team's
 * zone as the dashboard's Upcoming Events shows them ('Sat, Dec 5 · 10:00 AM'), with the zone
 * written after (the mail is read anywhere). Pure: the job (schedule_changes.ts) sends it.
 */
import type { ScheduleChange, ScheduledAt } from "../db/schedule_notices.ts";
import type { OutgoingMail } from "../mail/types.ts";
import { calendarDay, clockTime, weekdayDate, zoneAbbreviation } from "../time_zone.ts";
import { notificationMail } from "./mail.ts";

export const SCHEDULE_CHANGE_TEXTS = {
  subject: (count: number, teamName: string) =>
    count === 1 ? `Schedule change for ${teamName}` : `${count} schedule changes for ${teamName}`,
  intro: (count: number, teamName: string) =>
    count === 1
      ? `The ${teamName} calendar has a change in the next two weeks:`
      : `The ${teamName} calendar has ${count} changes in the next two weeks:`,
  cancelled: "Cancelled",
  moved: "Moved",
  removed: "Removed",
  noLocation: "no location given",
  more: (n: number) => `and ${n} more ${n === 1 ? "change" : "changes"}: the dashboard shows the new schedule`,
  action: "See the schedule",
} as const;

/**
 * 'Sat, Dec 5 · 10:00 AM ET' on the zone's calendar and clock (the widget's day and time, the
 * year added when it is not `now`'s; never 'Today', which a mail read later would get wrong).
 * The time, 'AM' and the zone are joined by no-break spaces, so a phone never splits them.
 */
export function changeTime(iso: string, zone: string, now: Date): string {
  const at = new Date(iso);
  const withYear = calendarDay(at, zone)[0] !== calendarDay(now, zone)[0];
  const clock = `${clockTime(at, zone)} ${zoneAbbreviation(zone, at)}`.replaceAll(" ", "\u00a0");
  return `${weekdayDate(at, zone, withYear)} · ${clock}`;
}

const where = (at: ScheduledAt, otherHasOne: boolean) =>
  at.location ? ` at ${at.location}` : otherHasOne ? ` (${SCHEDULE_CHANGE_TEXTS.noLocation})` : "";

/**
 * One change as a line: 'Cancelled: Game vs Eagles, Sat, Dec 5 · 10:00 AM ET',
 * 'Moved: Practice, from Tue, Dec 1 · 5:30 PM ET at Field 2 to Wed, Dec 2 · 6:00 PM ET at Field 3',
 * 'Removed: Team photo, Fri, Dec 4 · 4:00 PM ET at Field 1'.
 */
export function describeScheduleChange(change: ScheduleChange, zone: string, now: Date): string {
  const t = SCHEDULE_CHANGE_TEXTS;
  if (change.kind === "moved") {
    const { from, to } = change;
    return `${t.moved}: ${change.title}, from ${changeTime(from.startTime, zone, now)}${where(from, !!to.location)} ` +
      `to ${changeTime(to.startTime, zone, now)}${where(to, !!from.location)}`;
  }
  const label = change.kind === "cancelled" ? t.cancelled : t.removed;
  return `${label}: ${change.title}, ${changeTime(change.at.startTime, zone, now)}${where(change.at, false)}`;
}

export interface ScheduleChangeMailInput {
  user: { id: string; firstName: string; email: string };
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
  const t = SCHEDULE_CHANGE_TEXTS;
  const count = input.changes.length + input.more;
  const appUrl = input.appUrl.replace(/\/+$/, "");
  const lines: { text: string; note?: boolean }[] = input.changes.map((change) => ({
    text: describeScheduleChange(change, input.zone, input.now),
  }));
  if (input.more > 0) lines.push({ text: t.more(input.more), note: true });
  return notificationMail({
    kind: "scheduleChanges",
    userId: input.user.id,
    to: { name: input.user.firstName || undefined, address: input.user.email },
    appUrl,
    subject: t.subject(count, input.team.name),
    greeting: input.user.firstName ? `Hi ${input.user.firstName},` : "Hi,",
    blocks: [{ paragraph: t.intro(count, input.team.name) }, { list: lines }],
    action: { label: t.action, url: `${appUrl}/family-dashboard/${encodeURIComponent(input.team.id)}#events` },
    teamNames: [input.team.name],
  });
}
