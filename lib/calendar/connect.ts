/**
 * Connecting a team's calendar: the link is fetched and read once, through the sync's own
 * bounded pipeline (SSRF-safe fetch with its 10-second deadline, the parse on a worker),
 * before anything is saved. A link that fails is refused with the reason the sync would have
 * recorded, and nothing is stored; one that works is saved with the events it brought, so the
 * card is Active at once and families see the schedule without waiting for a first sync.
 */
import { consumeRateLimits } from "../db/rate_limits.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { type Calendar, getCalendar } from "../db/calendars.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { CalendarSyncError, type FeedFetchResult } from "./types.ts";
import { fetchCalendarFeed } from "./fetch_feed.ts";
import { FeedParser } from "./parse.ts";
import { normalizeCalendarUrl } from "./url.ts";
import { addCalendar, CALENDAR_MESSAGES, type SyncDeps, syncTeamCalendar } from "./sync.ts";
import { SYNC_NOW_PER_WINDOW, SYNC_NOW_WINDOW_MS } from "./sync_now.ts";
import { errorText } from "../log.ts";

/** Each try costs a fetch of someone's server: counted per team like Sync now (6 in 10 minutes). */
export const CONNECT_PER_WINDOW = SYNC_NOW_PER_WINDOW;

const TEXTS = messagesFor("en").adminCalendar.connect;

/** The English catalogue's texts (lib/i18n/en/adminCalendar.ts); the routes answer them in the request's language. */
export const CONNECT_MESSAGES = {
  unexpected: TEXTS.unexpected,
  limited: (minutes: number) => format("en", TEXTS.limited, { count: minutes }),
} as const;

const NO_VALIDATORS = { etag: null, lastModified: null };

/** A refusal the card shows next to its URL field. */
const refusal = (message: string) => new ValidationError(message, { calendarUrl: message });

/** Fetches and reads the feed at `url` as a sync would; a failure is a refusal with the sync's reason. */
async function checkFeed(
  url: string,
  deps: SyncDeps & Required<Pick<SyncDeps, "parseFeed">>,
): Promise<FeedFetchResult> {
  try {
    const fetched = await fetchCalendarFeed(url, NO_VALIDATORS, { allowPrivateHosts: deps.allowPrivateHosts });
    if (fetched.kind !== "fetched") throw new CalendarSyncError(CONNECT_MESSAGES.unexpected);
    await deps.parseFeed(fetched.body, { now: deps.now() });
    return fetched;
  } catch (error) {
    if (error instanceof CalendarSyncError) throw refusal(error.message);
    console.error("[calendar] checking a new calendar failed unexpectedly:", errorText(error));
    throw refusal(CONNECT_MESSAGES.unexpected);
  }
}

/**
 * Connects the team's calendar once its link has been fetched and read. ValidationError for a
 * link that breaks the rule or whose feed fails (nothing stored), ConflictError when the team
 * already has one, RateLimitError past the team's tries. Answers the calendar after its first
 * sync (Active), or still Syncing in the rare case another sync of the team holds the lease:
 * the scheduled sync takes it up then.
 */
export async function connectCalendar(
  kv: Deno.Kv,
  teamId: string,
  rawUrl: unknown,
  actor: { id: string | null; label: string },
  deps: SyncDeps,
): Promise<Calendar> {
  const options = { allowPrivateHosts: deps.allowPrivateHosts };
  const { url } = normalizeCalendarUrl(rawUrl, options);
  // Cheap refusals first: they cost no fetch and no try.
  if (await getCalendar(kv, teamId)) throw new ConflictError(CALENDAR_MESSAGES.alreadyConnected);
  await consumeRateLimits(
    kv,
    [{ bucket: "calendar-connect", subject: teamId, limit: CONNECT_PER_WINDOW, windowMs: SYNC_NOW_WINDOW_MS }],
    CONNECT_MESSAGES.limited,
    deps.now().getTime(),
  );
  // One parse worker for the check and the first sync (starting one holds the thread ~11 ms).
  const parser = deps.parseFeed ? null : new FeedParser();
  const parseFeed = deps.parseFeed ?? ((text, parseOptions) => parser!.parse(text, parseOptions));
  try {
    const fetched = await checkFeed(url, { ...deps, parseFeed });
    const calendar = await addCalendar(kv, teamId, url, actor, deps.now(), options);
    // The first sync stores what the check fetched (no second fetch), read again with the
    // sync's own options (the team's time zone).
    const outcome = await syncTeamCalendar(kv, teamId, {
      ...deps,
      parseFeed,
      fetchFeed: () => Promise.resolve(fetched),
    });
    return outcome.kind === "synced" && outcome.calendar.id === calendar.id ? outcome.calendar : calendar;
  } finally {
    parser?.close();
  }
}
