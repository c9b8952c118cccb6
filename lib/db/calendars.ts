/**
 * A team's connected calendar (SPEC.md section 3 'Calendar'; one per team) at
 * `["calendars", teamId]`, and the sync lease `["calendar_sync_leases", teamId]` that keeps
 * two instances from syncing one team at once (R37). Written and deleted only here.
 */
import { keys } from "./keys.ts";
import { listPage, type Page, type PageOptions } from "./kv.ts";

export type CalendarType = "playmetrics" | "teamsnap" | "generic";

/** What a conditional GET sends back (ETag / Last-Modified of the last good fetch). */
export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type SyncStatus = "success" | "error" | "pending";

export interface Calendar {
  id: string;
  teamId: string;
  calendarType: CalendarType;
  /** The feed's https URL: a secret (whoever has it reads the schedule), shown to team admins only. */
  calendarUrl: string;
  /** When the last sync ended (ISO), null before the first. */
  lastSync: string | null;
  lastSyncStatus: SyncStatus;
  lastSyncError: string | null;
  /** When the events last came from a good fetch (ISO): what "stale since" counts from. */
  lastSuccessAt: string | null;
  /** Failed syncs in a row; each one waits longer before the next try. */
  failures: number;
  /** The scheduled sync skips the calendar until then (ISO). */
  nextSyncAt: string;
  /** For a conditional GET: the last good response's ETag / Last-Modified. */
  validators: FeedValidators;
  /** How many events the last good sync stored, and whether the feed had more than the limits allow. */
  eventCount: number;
  truncated: boolean;
  createdAt: string;
  createdBy: string | null;
}

export async function getCalendarEntry(kv: Deno.Kv, teamId: string) {
  return await kv.get<Calendar>(keys.calendar(teamId));
}

export async function getCalendar(kv: Deno.Kv, teamId: string): Promise<Calendar | null> {
  return (await getCalendarEntry(kv, teamId)).value;
}

/** Adds a team's first calendar to `op`: the commit fails when the team already has one. */
export function stageNewCalendar(op: Deno.AtomicOperation, calendar: Calendar): Deno.AtomicOperation {
  const key = keys.calendar(calendar.teamId);
  return op.check({ key, versionstamp: null }).set(key, calendar);
}

/** Adds to `op` the calendar's new state, checked unchanged since `entry` was read. */
export function stageCalendarUpdate(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<Calendar>,
  calendar: Calendar,
): Deno.AtomicOperation {
  return op.check(entry).set(entry.key, calendar);
}

/** Adds to `op` the calendar's removal, checked unchanged since `entry` was read. */
export function stageCalendarRemoval(op: Deno.AtomicOperation, entry: Deno.KvEntry<Calendar>): Deno.AtomicOperation {
  return op.check(entry).delete(entry.key);
}

/** A page of every team's calendar, for the scheduled sync. */
export async function listCalendars(kv: Deno.Kv, options: PageOptions = {}): Promise<Page<Calendar>> {
  return await listPage<Calendar>(kv, { prefix: keys.allCalendars() }, options);
}

interface SyncLease {
  owner: string;
  /** Past this instant (ms) the lease is free even if KV has not yet dropped the expired key. */
  until: number;
}

/**
 * Takes the team's sync lease for `owner` until `now + ttlMs`; false when another owner holds an
 * unexpired one. A crashed holder's lease lapses by itself (its `until`, and `expireIn`).
 */
export async function acquireSyncLease(
  kv: Deno.Kv,
  teamId: string,
  owner: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const entry = await kv.get<SyncLease>(keys.calendarSyncLease(teamId));
  // Held by anyone, this isolate included: two syncs of one team in one isolate (the cron and
  // "sync now", or two requests) would otherwise both run (tests/integration/workers_test.ts).
  if (entry.value && entry.value.until > now) return false;
  const lease: SyncLease = { owner, until: now + ttlMs };
  const result = await kv.atomic().check(entry).set(entry.key, lease, { expireIn: ttlMs }).commit();
  return result.ok;
}

/** Gives the lease back if `owner` still holds it. */
export async function releaseSyncLease(kv: Deno.Kv, teamId: string, owner: string): Promise<void> {
  const entry = await kv.get<SyncLease>(keys.calendarSyncLease(teamId));
  if (entry.value?.owner !== owner) return;
  await kv.atomic().check(entry).delete(entry.key).commit();
}
