/**
 * A team's calendar events (SPEC.md section 3 'Event'), written and deleted only here. They
 * live in sets: `["events", teamId, setId, eventId]` with the index by start time
 * `["events_by_start", teamId, setId, startMs, eventId]` → `{ eventId, endMs }`, and the
 * team's pointer `["event_sets", teamId]` names the set readers see. A calendar sync writes a
 * whole new set in as many commits as it takes, then moves the pointer in one commit: readers
 * see the old schedule or the new one, never half of each. The set before stays until the
 * next swap, so a page cursor taken from it keeps working meanwhile. `saveEvent` changes one
 * event of the current set (the development demo data).
 */
import { ulid } from "ulid";
import { keys } from "./keys.ts";
import { getManyValues, listPageWhere, type Page, type PageOptions } from "./kv.ts";
import { applyWrites, deleteKeys, type KvWrite, packWrites } from "./commit_batches.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { INVALID_CURSOR_MESSAGE } from "./kv.ts";
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

/** Which set of events a team's readers see, and the sets a sync has not yet removed. */
export interface EventSetPointer {
  setId: string;
  /** The set this one replaced: kept until the next swap (cursors of a page read from it still work). */
  previousSetId: string | null;
  /** A set a sync started writing and has not swapped in (a crash leaves it for the next sync to remove). */
  pendingSetId: string | null;
  /** The team calendar that filled the current set (null: events saved one by one). */
  calendarId: string | null;
  updatedAt: string;
}

export async function getEventSetEntry(kv: Deno.Kv, teamId: string) {
  return await kv.get<EventSetPointer>(keys.eventSetPointer(teamId));
}

/** The set `saveEvent` writes into: the current one, made when the team has none. */
async function currentSetFor(kv: Deno.Kv, teamId: string) {
  const entry = await getEventSetEntry(kv, teamId);
  if (entry.value) return { entry, setId: entry.value.setId, pointer: null };
  const pointer: EventSetPointer = {
    setId: ulid(),
    previousSetId: null,
    pendingSetId: null,
    calendarId: null,
    updatedAt: new Date().toISOString(),
  };
  return { entry, setId: pointer.setId, pointer };
}

function eventWrites(teamId: string, setId: string, event: TeamEvent): KvWrite[] {
  const index: StartIndexValue = { eventId: event.id, endMs: Date.parse(event.endTime) };
  return [
    { type: "set", key: keys.event(teamId, setId, event.id), value: event },
    { type: "set", key: keys.eventByStart(teamId, setId, startMsOf(event), event.id), value: index },
  ];
}

/**
 * Creates or replaces an event (by `id`) of the current set in one commit, keeping the start
 * index right when the start moved; returns the event as stored. Throws ValidationError for an
 * unreadable start.
 */
export async function saveEvent(kv: Deno.Kv, teamId: string, input: EventInput): Promise<TeamEvent> {
  const event = normalizeEvent(input);
  for (let attempt = 0; attempt < 5; attempt++) {
    const { entry, setId, pointer } = await currentSetFor(kv, teamId);
    const previous = await kv.get<TeamEvent>(keys.event(teamId, setId, event.id));
    const op = kv.atomic().check(entry, previous);
    if (pointer) op.set(entry.key, pointer);
    if (previous.value && startMsOf(previous.value) !== startMsOf(event)) {
      op.delete(keys.eventByStart(teamId, setId, startMsOf(previous.value), event.id));
    }
    if ((await applyWrites(op, eventWrites(teamId, setId, event)).commit()).ok) return event;
  }
  throw new ConflictError();
}

/** Deletes an event of the current set and its index entry; false when there was none. */
export async function removeEvent(kv: Deno.Kv, teamId: string, eventId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const pointer = await getEventSetEntry(kv, teamId);
    if (!pointer.value) return false;
    const { setId } = pointer.value;
    const entry = await kv.get<TeamEvent>(keys.event(teamId, setId, eventId));
    if (!entry.value) return false;
    const op = kv.atomic().check(pointer, entry).delete(entry.key)
      .delete(keys.eventByStart(teamId, setId, startMsOf(entry.value), eventId));
    if ((await op.commit()).ok) return true;
  }
  throw new ConflictError();
}

/**
 * Starts a new set for a sync: the pointer records it as pending (checked unchanged, so two
 * syncs of one team cannot both start), after removing a set an earlier sync left pending.
 * Returns the new set's id and the pointer entry the swap must find unchanged.
 */
export async function beginEventSet(kv: Deno.Kv, teamId: string, now: Date) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getEventSetEntry(kv, teamId);
    const abandoned = entry.value?.pendingSetId;
    if (abandoned) await deleteEventSet(kv, teamId, abandoned);
    const setId = ulid(now.getTime());
    const pointer: EventSetPointer = entry.value ? { ...entry.value, pendingSetId: setId } : {
      setId: ulid(now.getTime()),
      previousSetId: null,
      pendingSetId: setId,
      calendarId: null,
      updatedAt: now.toISOString(),
    };
    const result = await kv.atomic().check(entry).set(entry.key, pointer).commit();
    if (result.ok) {
      const begun: Deno.KvEntry<EventSetPointer> = {
        key: entry.key,
        value: pointer,
        versionstamp: result.versionstamp,
      };
      return { setId, pointer: begun, createdPointer: !entry.value };
    }
  }
  throw new ConflictError();
}

/** Writes events into a set not yet swapped in, in as few commits as KV's limits allow. */
export async function writeEventSet(kv: Deno.Kv, teamId: string, setId: string, events: TeamEvent[]): Promise<void> {
  for (const batch of packWrites(events.map((event) => eventWrites(teamId, setId, event)))) {
    if (!(await applyWrites(kv.atomic(), batch).commit()).ok) throw new Error("An event set commit failed.");
  }
}

/**
 * Adds to `op` the swap to set `setId` (written by `writeEventSet`), checked against the
 * pointer `beginEventSet` returned. Returns the set to remove once the commit succeeded (the
 * one two swaps back), or null.
 */
export function stageEventSetSwap(
  op: Deno.AtomicOperation,
  pointer: Deno.KvEntry<EventSetPointer>,
  setId: string,
  calendarId: string | null,
  now: Date,
): string | null {
  const swapped: EventSetPointer = {
    setId,
    previousSetId: pointer.value.setId,
    pendingSetId: null,
    calendarId,
    updatedAt: now.toISOString(),
  };
  op.check(pointer).set(pointer.key, swapped);
  return pointer.value.previousSetId;
}

/**
 * Undoes `beginEventSet` for a sync that will not swap (its calendar went away meanwhile): the
 * set is deleted and the pointer put back as it was, unless someone changed it since.
 */
export async function abandonEventSet(
  kv: Deno.Kv,
  teamId: string,
  begun: { setId: string; pointer: Deno.KvEntry<EventSetPointer>; createdPointer: boolean },
): Promise<void> {
  await deleteEventSet(kv, teamId, begun.setId);
  const op = kv.atomic().check(begun.pointer);
  if (begun.createdPointer) op.delete(begun.pointer.key);
  else op.set(begun.pointer.key, { ...begun.pointer.value, pendingSetId: null });
  await op.commit();
}

/**
 * What a sync compares its new events with (lib/calendar/changes.ts): the events of set `setId`
 * starting in [fromMs, toMs] (both ends included, at most `max` of them), and those of `ids`
 * wherever they start (an event the new set moves into the window). No duplicates.
 */
export async function readSetEventsToCompare(
  kv: Deno.Kv,
  teamId: string,
  setId: string,
  window: { fromMs: number; toMs: number; max: number },
  ids: string[],
): Promise<TeamEvent[]> {
  const found = new Set<string>();
  const selector: Deno.KvListSelector = {
    start: keys.eventByStart(teamId, setId, window.fromMs, ""),
    end: keys.eventByStart(teamId, setId, window.toMs + 1, ""),
  };
  for await (const entry of kv.list<StartIndexValue>(selector, { limit: window.max, batchSize: 500 })) {
    found.add(entry.value.eventId);
  }
  for (const id of ids) found.add(id);
  const events = await getManyValues<TeamEvent>(kv, [...found].map((id) => keys.event(teamId, setId, id)));
  return events.filter((event): event is TeamEvent => event !== null);
}

/** Adds to `op` the end of a team's schedule (its pointer); `deleteTeamEvents` then removes the sets. */
export function stageEventsCleared(op: Deno.AtomicOperation, teamId: string): Deno.AtomicOperation {
  return op.delete(keys.eventSetPointer(teamId));
}

/** Deletes one set's events and index entries (a set no pointer names any more). */
export async function deleteEventSet(kv: Deno.Kv, teamId: string, setId: string): Promise<void> {
  const found: Deno.KvKey[] = [];
  for (const prefix of [keys.eventSet(teamId, setId), keys.eventSetByStart(teamId, setId)]) {
    for await (const entry of kv.list({ prefix }, { batchSize: 500 })) found.push(entry.key);
  }
  await deleteKeys(kv, found);
}

/** Deletes every set of a team that its pointer does not name (all of them once the pointer is gone). */
export async function deleteTeamEvents(kv: Deno.Kv, teamId: string): Promise<void> {
  const pointer = (await getEventSetEntry(kv, teamId)).value;
  const kept = new Set([pointer?.setId, pointer?.previousSetId, pointer?.pendingSetId].filter(Boolean));
  const sets = new Set<string>();
  for await (const entry of kv.list({ prefix: keys.teamEvents(teamId) }, { batchSize: 500 })) {
    const setId = entry.key[2] as string;
    if (!kept.has(setId)) sets.add(setId);
  }
  for (const setId of sets) await deleteEventSet(kv, teamId, setId);
}

/** A page cursor begins with its set's id (a ULID), so the next page reads the same schedule as the first. */
const SET_ID = /^[0-9A-HJKMNP-TV-Z]{26}/;

function readCursor(cursor: string | undefined): { setId: string; kvCursor: string } | null {
  if (!cursor) return null;
  const setId = SET_ID.exec(cursor)?.[0];
  if (!setId || cursor.length === setId.length) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  return { setId, kvCursor: cursor.slice(setId.length) };
}

/** The set a listing reads: the cursor's (when still kept) or the current one; null when there is none. */
async function setToRead(kv: Deno.Kv, teamId: string, cursor: string | undefined) {
  const pointer = (await getEventSetEntry(kv, teamId)).value;
  const fromCursor = readCursor(cursor);
  if (!fromCursor) return pointer ? { setId: pointer.setId, kvCursor: "" } : null;
  if (fromCursor.setId !== pointer?.setId && fromCursor.setId !== pointer?.previousSetId) {
    throw new ValidationError(INVALID_CURSOR_MESSAGE);
  }
  return fromCursor;
}

/** Reads one page of a set's start index from `fromMs` (before `toMs`, when given), keeping those `keep` accepts. */
async function listSetPage(
  kv: Deno.Kv,
  teamId: string,
  range: { fromMs: number; toMs?: number },
  keep: (value: StartIndexValue) => boolean,
  options: PageOptions,
): Promise<Page<TeamEvent>> {
  const set = await setToRead(kv, teamId, options.cursor);
  if (!set) return { values: [], cursor: "" };
  const selector: Deno.KvListSelector = {
    start: keys.eventByStart(teamId, set.setId, range.fromMs, ""),
    end: range.toMs === undefined
      ? [...keys.eventSetByStart(teamId, set.setId), Number.MAX_SAFE_INTEGER]
      : keys.eventByStart(teamId, set.setId, range.toMs, ""),
  };
  const page = await listPageWhere<StartIndexValue>(kv, selector, keep, {
    cursor: set.kvCursor,
    limit: options.limit,
  });
  const events = await getManyValues<TeamEvent>(kv, page.values.map((v) => keys.event(teamId, set.setId, v.eventId)));
  return {
    values: events.filter((e): e is TeamEvent => e !== null),
    cursor: page.cursor ? `${set.setId}${page.cursor}` : "",
  };
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
  return await listSetPage(kv, teamId, { fromMs: nowMs - RUNNING_EVENT_LOOKBACK_MS }, (v) => v.endMs > nowMs, options);
}

/** One page of the team's events starting in [fromMs, toMs), in start order (a family calendar's window). */
export async function listEventsStartingBetween(
  kv: Deno.Kv,
  teamId: string,
  fromMs: number,
  toMs: number,
  options: PageOptions = {},
): Promise<Page<TeamEvent>> {
  return await listSetPage(kv, teamId, { fromMs, toMs }, () => true, options);
}

/**
 * Removes events stored before events lived in sets (`["events", teamId, eventId]`, only ever
 * demo data): nothing reads them any more. Returns how many keys went.
 */
export async function removeLegacyEvents(kv: Deno.Kv): Promise<number> {
  const legacy: Deno.KvKey[] = [];
  for (const [prefix, length] of [[keys.allEvents(), 3], [keys.allEventsByStart(), 4]] as const) {
    for await (const entry of kv.list({ prefix }, { batchSize: 500 })) {
      if (entry.key.length === length) legacy.push(entry.key);
    }
  }
  await deleteKeys(kv, legacy);
  return legacy.length;
}
