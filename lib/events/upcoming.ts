/** The events call: how many it may return, and one page of the events that have not ended. */
import type { Page, PageOptions } from "../db/kv.ts";
import { listEventsEndingAfter, type TeamEvent } from "../db/events.ts";
import { ValidationError } from "../errors.ts";
import { EVENTS_WIDGET_LIMIT } from "./format.ts";

/** The most events one call returns. */
export const MAX_EVENTS_PAGE = 100;

/** `limit` of the events call: 5 (the widget's) when absent, else a whole number from 1 to 100. */
export function eventsLimit(raw: string | undefined): number {
  if (raw === undefined || raw === "") return EVENTS_WIDGET_LIMIT;
  const limit = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(limit) || limit < 1 || limit > MAX_EVENTS_PAGE) {
    throw new ValidationError(`limit must be a whole number from 1 to ${MAX_EVENTS_PAGE}`);
  }
  return limit;
}

/** One page of the team's events that have not ended at `now`, in start order (5 unless asked). */
export async function listUpcomingEvents(
  kv: Deno.Kv,
  teamId: string,
  now: Date,
  options: PageOptions = {},
): Promise<Page<TeamEvent>> {
  const limit = Math.max(1, Math.min(options.limit ?? EVENTS_WIDGET_LIMIT, MAX_EVENTS_PAGE));
  return await listEventsEndingAfter(kv, teamId, now.getTime(), { cursor: options.cursor, limit });
}
