/**
 * A team's calendar events (SPEC.md section 3 'Event'): `["events", teamId, eventId]` and the
 * index by start time `["events_by_start", teamId, startMs, eventId]` → `{ eventId, endMs }`,
 * both written and deleted only here, always in one commit. The calendar sync (order 8) and
 * the development demo data fill them through `saveEvent`.
 */
import { ulid } from "ulid";
import { keys } from "./keys.ts";
import { getManyValues, listPageWhere, type Page, type PageOptions } from "./kv.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { cleanText } from "../text.ts";

export type EventType = "game" | "practice" | "other";
export const EVENT_TYPES: readonly EventType[] = ["game", "practice", "other"];

/** SPEC.md section 3's event, with the calendar it came from and that calendar's id for it. */
export interface TeamEvent {
  id: string;
  title: string;
  eventType: EventType;
  /** "cancelled", "tentative", or anything else for a normal event (e.g. "confirmed"); lowercase. */
  status: string;
  /** ISO 8601 instants; `endTime` is never before `startTime` (equal when the source gave no end). */
  startTime: string;
  endTime: string;
  opponent: string | null;
  /** True for a home game ('vs'), false for an away one ('@'), null when the source does not say. */
  isHome: boolean | null;
  location: string | null;
  /** The team calendar that filled it (null for events added otherwise, e.g. demo data). */
  calendarId: string | null;
  /** The source's own id for the event (an iCalendar UID), so a sync can find it again. */
  uid: string | null;
}

/** What `saveEvent` takes: an event, its id (new when absent) and times as ISO strings or dates. */
export interface EventInput {
  id?: string;
  title: string;
  eventType?: string;
  status?: string | null;
  startTime: string | Date;
  endTime?: string | Date | null;
  opponent?: string | null;
  isHome?: boolean | null;
  location?: string | null;
  calendarId?: string | null;
  uid?: string | null;
}

/** The index's value: which event, and when it ends (so a listing skips ended ones without reading them). */
interface StartIndexValue {
  eventId: string;
  endMs: number;
}

/** Texts from a calendar are bounded before they reach a page. */
const MAX_TITLE = 200;
const MAX_TEXT = 300;
/**
 * How far back a listing of upcoming events looks for events still running: an event that
 * started longer ago than this is not listed, whatever its end.
 */
export const RUNNING_EVENT_LOOKBACK_MS = 31 * 24 * 60 * 60 * 1000;

const instant = (value: string | Date | null | undefined): number =>
  value instanceof Date ? value.getTime() : typeof value === "string" && value.trim() ? Date.parse(value) : NaN;

const text = (value: string | null | undefined, max: number): string | null => {
  const cleaned = typeof value === "string" ? cleanText(value.slice(0, max * 4)) : "";
  return cleaned ? [...cleaned].slice(0, max).join("") : null;
};

/** "Canceled", "CANCELLED" → "cancelled"; other statuses lowercased; none → "confirmed". */
function normalStatus(status: string | null | undefined): string {
  const lower = typeof status === "string" ? status.trim().toLowerCase().slice(0, 40) : "";
  return lower === "canceled" ? "cancelled" : lower || "confirmed";
}

/** The event as stored: bounded texts, known type and status, ISO times with the end not before the start. */
export function normalizeEvent(input: EventInput, now = Date.now()): TeamEvent {
  const startMs = instant(input.startTime);
  if (!Number.isFinite(startMs)) throw new ValidationError("Event start time is not a valid date");
  const endRaw = instant(input.endTime);
  const endMs = Number.isFinite(endRaw) && endRaw > startMs ? endRaw : startMs;
  if (input.id !== undefined && !/^[A-Za-z0-9._:@-]{1,200}$/.test(input.id)) {
    throw new ValidationError("Event id must be 1 to 200 letters, digits or . _ : @ -");
  }
  const type = (input.eventType ?? "").toLowerCase();
  return {
    id: input.id ?? ulid(now),
    title: text(input.title, MAX_TITLE) ?? "Event",
    eventType: (EVENT_TYPES as readonly string[]).includes(type) ? type as EventType : "other",
    status: normalStatus(input.status),
    startTime: new Date(startMs).toISOString(),
    endTime: new Date(endMs).toISOString(),
    opponent: text(input.opponent, MAX_TEXT),
    isHome: typeof input.isHome === "boolean" ? input.isHome : null,
    location: text(input.location, MAX_TEXT),
    calendarId: input.calendarId ?? null,
    uid: input.uid ?? null,
  };
}

const startMsOf = (event: TeamEvent) => Date.parse(event.startTime);

export async function getEventEntry(kv: Deno.Kv, teamId: string, eventId: string) {
  return await kv.get<TeamEvent>(keys.event(teamId, eventId));
}

export async function getEvent(kv: Deno.Kv, teamId: string, eventId: string): Promise<TeamEvent | null> {
  return (await getEventEntry(kv, teamId, eventId)).value;
}

/**
 * Adds to `op` the event (a normalized one) replacing `previous` (checked unchanged since it
 * was read; its `value` null for a new event), with its index entry moved when the start moved.
 */
export function stageEvent(
  op: Deno.AtomicOperation,
  teamId: string,
  event: TeamEvent,
  previous: Deno.KvEntryMaybe<TeamEvent>,
): Deno.AtomicOperation {
  op.check(previous).set(keys.event(teamId, event.id), event);
  if (previous.value && startMsOf(previous.value) !== startMsOf(event)) {
    op.delete(keys.eventByStart(teamId, startMsOf(previous.value), event.id));
  }
  const index: StartIndexValue = { eventId: event.id, endMs: Date.parse(event.endTime) };
  return op.set(keys.eventByStart(teamId, startMsOf(event), event.id), index);
}

/** Adds to `op` the removal of an event and its index entry, checked unchanged since `entry` was read. */
export function stageEventRemoval(
  op: Deno.AtomicOperation,
  teamId: string,
  entry: Deno.KvEntry<TeamEvent>,
): Deno.AtomicOperation {
  return op.check(entry).delete(entry.key).delete(keys.eventByStart(teamId, startMsOf(entry.value), entry.value.id));
}

/**
 * Creates or replaces an event (by `id`) in one commit, keeping the start-time index right when
 * the start moved; returns the event as stored. Throws ValidationError for an unreadable start.
 */
export async function saveEvent(kv: Deno.Kv, teamId: string, input: EventInput): Promise<TeamEvent> {
  const event = normalizeEvent(input);
  for (let attempt = 0; attempt < 5; attempt++) {
    const previous = await getEventEntry(kv, teamId, event.id);
    if ((await stageEvent(kv.atomic(), teamId, event, previous).commit()).ok) return event;
  }
  throw new ConflictError();
}

/** Deletes an event and its index entry; false when there was none. */
export async function removeEvent(kv: Deno.Kv, teamId: string, eventId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getEventEntry(kv, teamId, eventId);
    if (!entry.value) return false;
    if ((await stageEventRemoval(kv.atomic(), teamId, entry as Deno.KvEntry<TeamEvent>).commit()).ok) return true;
  }
  throw new ConflictError();
}

/**
 * One page of the team's events that have not ended at `nowMs`, in start order (then by id).
 * Read through the start index from `RUNNING_EVENT_LOOKBACK_MS` before now, skipping ended ones.
 */
export async function listEventsEndingAfter(
  kv: Deno.Kv,
  teamId: string,
  nowMs: number,
  options: PageOptions = {},
): Promise<Page<TeamEvent>> {
  const selector = {
    prefix: keys.teamEventsByStart(teamId),
    start: keys.eventByStart(teamId, nowMs - RUNNING_EVENT_LOOKBACK_MS, ""),
  };
  const page = await listPageWhere<StartIndexValue>(kv, selector, (v) => v.endMs > nowMs, {
    cursor: options.cursor,
    limit: options.limit,
  });
  const events = await getManyValues<TeamEvent>(kv, page.values.map((v) => keys.event(teamId, v.eventId)));
  return { values: events.filter((e): e is TeamEvent => e !== null), cursor: page.cursor };
}
