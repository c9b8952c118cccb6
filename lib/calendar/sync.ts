/**
 * Connecting a team's calendar and syncing it: the feed is fetched (fetch_feed.ts: no private
 * addresses, capped), parsed in a worker (parse.ts: bounded recurrence), and stored as a new
 * event set swapped in by one commit (lib/db/events.ts) that also records the sync on the
 * calendar, checked against the calendar as the sync found it: a calendar removed or replaced
 * meanwhile gets no events from a sync that started before. A failed sync records its error,
 * keeps the last good events, and waits longer after each failure in a row. A team whose zone
 * no one chose takes its calendar's zone at the first sync that finds one. The swap's commit also
 * stores what changed in the next 14 days (changes.ts), for the team's schedule-change mail.
 */
import { ulid } from "ulid";
import { messagesFor } from "../i18n/catalog.ts";
import { beginChange } from "../db/kv.ts";
import { retryOnConflict } from "../db/change.ts";
import {
  acquireSyncLease,
  type Calendar,
  getCalendarEntry,
  listCalendars,
  releaseSyncLease,
  stageCalendarRemoval,
  stageCalendarUpdate,
  stageNewCalendar,
} from "../db/calendars.ts";
import {
  abandonEventSet,
  beginEventSet,
  deleteEventSet,
  deleteTeamEvents,
  type EventSetPointer,
  normalizeEvent,
  readSetEventsToCompare,
  stageEventsCleared,
  stageEventSetSwap,
  type TeamEvent,
  writeEventSet,
} from "../db/events.ts";
import { stageAuditEntry } from "../db/audit.ts";
import {
  listTeamScheduleNoticeEntries,
  type ScheduleNotice,
  stageScheduleNotice,
  stageScheduleNoticesRemoval,
} from "../db/schedule_notices.ts";
import { getTeamEntry, stageTeamUpdate, type Team } from "../db/teams.ts";
import { commitTeamChange, commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { mayTakeCalendarZone, teamTimeZone, zoneToAdopt } from "../time_zone.ts";
import { NotFoundError } from "../errors.ts";
import { sha256Hex } from "../hash.ts";
import { CalendarSyncError, type FeedEvent } from "./types.ts";
import { fetchCalendarFeed, type FetchFeedOptions } from "./fetch_feed.ts";
import { FeedParser, parseCalendarFeed } from "./parse.ts";
import { PARSE_LIMITS } from "./parse_limits.ts";
import { MAX_LISTED_CHANGES, SCHEDULE_CHANGE_WINDOW_MS, scheduleChanges } from "./changes.ts";
import { normalizeCalendarUrl } from "./url.ts";
import { errorText } from "../log.ts";

/** SPEC.md section 9: each calendar syncs every 30 minutes. */
export const SYNC_INTERVAL_MS = 30 * 60 * 1000;
/** The longest wait after failures in a row (R35). */
export const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** How long a sync may hold its team's lease; a crashed sync's lease lapses after it. */
export const SYNC_LEASE_MS = 5 * 60 * 1000;

const TEXTS = messagesFor("en").adminCalendar;

/** The English catalogue's texts (lib/i18n/en/adminCalendar.ts); the routes answer them in the request's language. */
export const CALENDAR_MESSAGES = {
  ...TEXTS.messages,
  syncing: TEXTS.card.busy,
};

/** What a sync needs besides the database; tests replace the feed reader and the clock. */
export interface SyncDeps {
  now: () => Date;
  allowPrivateHosts: boolean;
  /** Who holds the lease (one id per process). */
  owner?: string;
  /** Aborted when the process stops: the scheduled sync starts no further team (lib/lifecycle.ts). */
  signal?: AbortSignal;
  fetchFeed?: (url: string, calendar: Calendar, options: FetchFeedOptions) => ReturnType<typeof fetchCalendarFeed>;
  parseFeed?: typeof parseCalendarFeed;
}

const PROCESS_OWNER = ulid();

/** The wait before the next try after `failures` failures in a row: 30 min, 1 h, 2 h, … 6 h. */
export function backoffMs(failures: number): number {
  if (failures <= 0) return SYNC_INTERVAL_MS;
  return Math.min(SYNC_INTERVAL_MS * 2 ** (failures - 1), MAX_BACKOFF_MS);
}

/** Connects a team's calendar (one per team); its first sync is the caller's to start. */
export async function addCalendar(
  kv: Deno.Kv,
  teamId: string,
  rawUrl: unknown,
  actor: { id: string | null; label: string },
  now: Date,
  options: { allowPrivateHosts: boolean },
): Promise<Calendar> {
  const { url, calendarType } = normalizeCalendarUrl(rawUrl, options);
  const calendar: Calendar = {
    id: ulid(now.getTime()),
    teamId,
    calendarType,
    calendarUrl: url,
    lastSync: null,
    lastSyncStatus: "pending",
    lastSyncError: null,
    lastSuccessAt: null,
    failures: 0,
    nextSyncAt: now.toISOString(),
    validators: { etag: null, lastModified: null },
    eventCount: 0,
    truncated: false,
    createdAt: now.toISOString(),
    createdBy: actor.id,
  };
  const op = stageNewCalendar(beginChange(kv), calendar);
  stageAuditEntry(
    op,
    { teamId, action: "calendar.added", targetId: calendar.id, actor: actor.label, detail: calendarType },
    now,
  );
  await commitTeamChangeOrConflict(kv, op, teamId, CALENDAR_MESSAGES.alreadyConnected);
  return calendar;
}

/** Disconnects the team's calendar `calendarId` and deletes the events it brought (and any schedule notice not yet mailed). */
export async function removeCalendar(
  kv: Deno.Kv,
  teamId: string,
  calendarId: string,
  actor: string,
  now: Date,
): Promise<void> {
  await retryOnConflict(async () => {
    const entry = await getCalendarEntry(kv, teamId);
    if (!entry.value || entry.value.id !== calendarId) throw new NotFoundError(CALENDAR_MESSAGES.notFound);
    const op = stageEventsCleared(stageCalendarRemoval(beginChange(kv), entry as Deno.KvEntry<Calendar>), teamId);
    // A sync that swaps after this read changes the calendar too: this commit fails and reads again.
    stageScheduleNoticesRemoval(op, await listTeamScheduleNoticeEntries(kv, teamId));
    stageAuditEntry(op, { teamId, action: "calendar.removed", targetId: calendarId, actor, detail: "" }, now);
    await commitTeamChangeOrConflict(kv, op, teamId);
  }, { attempts: 5 });
  await deleteTeamEvents(kv, teamId);
}

/** A calendar occurrence as an event of the team: its id is stable across syncs (a hash of calendar and UID). */
async function toTeamEvent(calendar: Calendar, feedEvent: FeedEvent): Promise<TeamEvent> {
  const id = (await sha256Hex(`${calendar.id}\n${feedEvent.uid}`)).slice(0, 32);
  return normalizeEvent({
    id,
    title: feedEvent.title,
    eventType: feedEvent.eventType,
    status: feedEvent.status,
    startTime: feedEvent.startTime,
    endTime: feedEvent.endTime,
    opponent: feedEvent.opponent,
    isHome: feedEvent.isHome,
    location: feedEvent.location,
    calendarId: calendar.id,
    uid: feedEvent.uid.slice(0, 300),
  });
}

export type SyncOutcome =
  | { kind: "synced"; calendar: Calendar; events: number }
  | { kind: "not-modified"; calendar: Calendar }
  | { kind: "failed"; calendar: Calendar; error: string }
  /** Another sync of this team holds the lease. */
  | { kind: "busy" }
  /** The team has no calendar (or it was removed or replaced during the sync). */
  | { kind: "gone" };

/** The calendar as it is after a sync ended at `now`, good or not. */
function afterSync(calendar: Calendar, now: Date, outcome: { error: string } | { validators: Calendar["validators"] }) {
  const at = now.toISOString();
  if ("error" in outcome) {
    const failures = calendar.failures + 1;
    return {
      ...calendar,
      lastSync: at,
      lastSyncStatus: "error" as const,
      lastSyncError: outcome.error,
      failures,
      nextSyncAt: new Date(now.getTime() + backoffMs(failures)).toISOString(),
    };
  }
  return {
    ...calendar,
    lastSync: at,
    lastSyncStatus: "success" as const,
    lastSyncError: null,
    lastSuccessAt: at,
    failures: 0,
    nextSyncAt: new Date(now.getTime() + SYNC_INTERVAL_MS).toISOString(),
    validators: outcome.validators,
  };
}

/** Records a failed sync unless the calendar changed meanwhile; the events stay as they were. */
async function recordFailure(kv: Deno.Kv, entry: Deno.KvEntry<Calendar>, now: Date, error: string) {
  const calendar = afterSync(entry.value, now, { error });
  const ok = (await commitTeamChange(kv, stageCalendarUpdate(beginChange(kv), entry, calendar), calendar.teamId)).ok;
  return ok ? { kind: "failed" as const, calendar, error } : { kind: "gone" as const };
}

/**
 * Syncs the team's calendar now: fetch (conditional), parse, swap the events in. Single-flight
 * per team across instances through the KV lease. Never throws for a feed's fault: the outcome
 * says what happened, and a failure is recorded on the calendar.
 */
export async function syncTeamCalendar(kv: Deno.Kv, teamId: string, deps: SyncDeps): Promise<SyncOutcome> {
  const owner = deps.owner ?? PROCESS_OWNER;
  if (!(await acquireSyncLease(kv, teamId, owner, deps.now().getTime(), SYNC_LEASE_MS))) return { kind: "busy" };
  try {
    const found = await getCalendarEntry(kv, teamId);
    if (!found.value) return { kind: "gone" };
    // 'Syncing' while it runs: the admin's card shows it, and the swap below checks this entry.
    const syncing: Calendar = { ...found.value, lastSyncStatus: "pending" };
    const marking = stageCalendarUpdate(beginChange(kv), found as Deno.KvEntry<Calendar>, syncing);
    const marked = await commitTeamChange(kv, marking, teamId);
    if (!marked.ok) return { kind: "busy" };
    const entry: Deno.KvEntry<Calendar> = { key: found.key, value: syncing, versionstamp: marked.versionstamp };
    return await runSync(kv, entry, deps);
  } finally {
    await releaseSyncLease(kv, teamId, owner);
  }
}

/**
 * Gives the team its calendar's zone when no one chose one yet (SPEC.md's New York until then),
 * in one commit with the team's revision and an audit entry. Read again before writing: an
 * admin who chose meanwhile keeps the choice.
 */
async function takeCalendarZone(kv: Deno.Kv, teamId: string, calendarZone: string, now: Date): Promise<void> {
  await retryOnConflict(async () => {
    const entry = await getTeamEntry(kv, teamId);
    if (!entry.value) return;
    const zone = zoneToAdopt(entry.value.settings, calendarZone);
    if (!zone) return;
    const team: Team = {
      ...entry.value,
      settings: { ...entry.value.settings, timeZone: zone, timeZoneSource: "calendar" },
    };
    const op = stageTeamUpdate(beginChange(kv), entry as Deno.KvEntry<Team>, team);
    stageAuditEntry(
      op,
      { teamId, action: "settings.updated", targetId: teamId, actor: "Team calendar", detail: "timeZone" },
      now,
    );
    await commitTeamChangeOrConflict(kv, op, teamId);
  }, {
    attempts: 5,
    // Lost to other writers every time: the zone stays as it is until a later sync finds it again.
    onExhausted: () => {},
  });
}

/**
 * What this sync changed for families (lib/calendar/changes.ts), as the notice its swap commits,
 * or null: nothing changed, or there is nothing to compare with (the calendar's first sync finds
 * no set, or one that events saved otherwise or another calendar filled).
 */
async function scheduleNoticeOf(
  kv: Deno.Kv,
  calendar: Calendar,
  previous: EventSetPointer | null,
  events: TeamEvent[],
  truncated: boolean,
  now: Date,
): Promise<ScheduleNotice | null> {
  if (!previous || previous.calendarId !== calendar.id) return null;
  const fromMs = now.getTime();
  const window = { fromMs, toMs: fromMs + SCHEDULE_CHANGE_WINDOW_MS, max: PARSE_LIMITS.maxOccurrences };
  const entering = events.filter((event) => {
    const start = Date.parse(event.startTime);
    return start >= window.fromMs && start <= window.toMs;
  });
  const old = await readSetEventsToCompare(kv, calendar.teamId, previous.setId, window, entering.map((e) => e.id));
  const changes = scheduleChanges(old, events, now, { nextTruncated: truncated });
  if (changes.length === 0) return null;
  return {
    id: ulid(now.getTime()),
    teamId: calendar.teamId,
    calendarId: calendar.id,
    changes: changes.slice(0, MAX_LISTED_CHANGES),
    more: Math.max(0, changes.length - MAX_LISTED_CHANGES),
    cursor: "",
    createdAt: now.toISOString(),
  };
}

async function runSync(kv: Deno.Kv, entry: Deno.KvEntry<Calendar>, deps: SyncDeps): Promise<SyncOutcome> {
  const calendar = entry.value;
  const fetchOptions: FetchFeedOptions = { allowPrivateHosts: deps.allowPrivateHosts };
  let events: TeamEvent[];
  let validators: Calendar["validators"];
  let truncated: boolean;
  let feedZone: string | null = null;
  try {
    const fetched = deps.fetchFeed
      ? await deps.fetchFeed(calendar.calendarUrl, calendar, fetchOptions)
      : await fetchCalendarFeed(calendar.calendarUrl, calendar.validators, fetchOptions);
    if (fetched.kind === "not-modified") {
      const unchanged = afterSync(calendar, deps.now(), { validators: calendar.validators });
      const ok =
        (await commitTeamChange(kv, stageCalendarUpdate(beginChange(kv), entry, unchanged), calendar.teamId)).ok;
      return ok ? { kind: "not-modified", calendar: unchanged } : { kind: "gone" };
    }
    // All-day dates fall in the team's zone (or in the feed's, when the team takes it now).
    const team = (await getTeamEntry(kv, calendar.teamId)).value;
    const parsed = await (deps.parseFeed ?? parseCalendarFeed)(fetched.body, {
      now: deps.now(),
      timeZone: team ? teamTimeZone(team) : undefined,
      adoptFeedZone: team ? mayTakeCalendarZone(team.settings) : false,
    });
    events = await Promise.all(parsed.events.map((e) => toTeamEvent(calendar, e)));
    validators = fetched.validators;
    truncated = parsed.truncated;
    feedZone = parsed.timeZone ?? null;
  } catch (error) {
    if (!(error instanceof CalendarSyncError)) console.error("[calendar] sync failed unexpectedly:", errorText(error));
    const message = error instanceof CalendarSyncError ? error.message : CALENDAR_MESSAGES.unexpected;
    return await recordFailure(kv, entry, deps.now(), message);
  }

  const begun = await beginEventSet(kv, calendar.teamId, deps.now());
  await writeEventSet(kv, calendar.teamId, begun.setId, events);
  const now = deps.now();
  const synced: Calendar = { ...afterSync(calendar, now, { validators }), eventCount: events.length, truncated };
  const op = stageCalendarUpdate(beginChange(kv), entry, synced);
  const retired = stageEventSetSwap(op, begun.pointer, begun.setId, calendar.id, now);
  // In the swap's commit: a crash before it leaves the old set (and the same changes) to the next
  // sync; after it, the notice is stored and its job queued, and no later sync finds these changes.
  const previous = begun.createdPointer ? null : begun.pointer.value;
  const notice = await scheduleNoticeOf(kv, calendar, previous, events, truncated, now);
  if (notice) stageScheduleNotice(op, notice);
  if (!(await commitTeamChange(kv, op, calendar.teamId)).ok) {
    // The calendar was removed or replaced while this sync ran: its events must not appear.
    await abandonEventSet(kv, calendar.teamId, begun);
    return { kind: "gone" };
  }
  if (retired) await deleteEventSet(kv, calendar.teamId, retired);
  if (feedZone) await takeCalendarZone(kv, calendar.teamId, feedZone, now);
  return { kind: "synced", calendar: synced, events: events.length };
}

/** Whether the scheduled sync should sync this calendar at `now` (its next sync is due; a little early is fine). */
export function isSyncDue(calendar: Calendar, now: Date, slackMs = 60_000): boolean {
  return Date.parse(calendar.nextSyncAt) <= now.getTime() + slackMs;
}

/**
 * The scheduled job: every calendar whose sync is due, a few at a time. Another instance doing
 * the same finds the leases taken (or the calendars no longer due) and skips them.
 */
export async function syncDueCalendars(
  kv: Deno.Kv,
  deps: SyncDeps,
  options: { concurrency?: number } = {},
): Promise<{ synced: number; failed: number; skipped: number }> {
  const counts = { synced: 0, failed: 0, skipped: 0 };
  const concurrency = Math.max(1, options.concurrency ?? 4);
  // One parse worker for the whole run: starting one holds the request thread for ~11 ms.
  const parser = deps.parseFeed ? null : new FeedParser();
  if (parser) deps = { ...deps, parseFeed: (text, parseOptions) => parser.parse(text, parseOptions) };
  let cursor = "";
  try {
    do {
      const page = await listCalendars(kv, { cursor, limit: 100 });
      const due = page.values.filter((calendar) => isSyncDue(calendar, deps.now()));
      counts.skipped += page.values.length - due.length;
      let next = 0;
      const worker = async () => {
        while (next < due.length && !deps.signal?.aborted) {
          const calendar = due[next++];
          const outcome = await syncTeamCalendar(kv, calendar.teamId, deps);
          if (outcome.kind === "synced" || outcome.kind === "not-modified") counts.synced++;
          else if (outcome.kind === "failed") counts.failed++;
          else counts.skipped++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
      cursor = page.cursor;
    } while (cursor && !deps.signal?.aborted);
  } finally {
    parser?.close();
  }
  return counts;
}
