/**
 * The family calendar (issue 10): one private subscription URL per person,
 * `/calendar/<token>.ics`, that merges the events of every team the person belongs to at the
 * moment a calendar app fetches it (a parent removed from a team stops getting its events at
 * the next fetch). The token is the only credential, so it is 32 random bytes; the person's
 * own record keeps it (they can see their link again at any time, like their own session),
 * the lookup the public route reads is keyed by its SHA-256 (lib/db/calendar_feeds.ts).
 */
import { getUser, listMemberships } from "../db/users.ts";
import { getTeams, type Team } from "../db/teams.ts";
import {
  getCalendarFeedToken,
  getUserCalendarFeedEntry,
  replaceUserCalendarFeed,
  type UserCalendarFeed,
} from "../db/calendar_feeds.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { listEventsStartingBetween, type TeamEvent } from "../events/mod.ts";
import { retryOnConflict } from "../db/change.ts";
import { sha256Hex } from "../hash.ts";
import { familyIcsEvent, writeIcs } from "./ics_writer.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const FAMILY_CALENDAR = {
  prodId: "-//GoalMates//Family Calendar//EN",
  /** The window a feed covers: 30 days back (recent results stay visible), a year ahead. */
  lookbackMs: 30 * DAY_MS,
  aheadMs: 365 * DAY_MS,
  /** At most this many events of one team go into a feed (the sync keeps far fewer). */
  maxEventsPerTeam: 2_000,
  pageSize: 500,
  /** Calendar apps are asked to come back hourly. */
  refreshInterval: "PT1H",
  /** Fetches per link: a calendar app polls every few minutes at most; this is far above it. */
  rateLimit: { bucket: "calendar-feed", limit: 60, windowMs: HOUR_MS },
} as const;

const MESSAGES = messagesFor("en").familyCalendar.messages;

export const FAMILY_CALENDAR_MESSAGES = {
  ...MESSAGES,
  tooManyFetches: (minutes: number) => format("en", MESSAGES.tooManyFetches, { count: minutes }),
} as const;

/** What a person sees of their own link. */
export interface FamilyCalendarLink {
  token: string;
  createdAt: string;
}

/** The addresses of one link: the https one, the same as webcal://, and Google Calendar's "add by URL". */
export interface FamilyCalendarUrls {
  https: string;
  webcal: string;
  google: string;
}

/** A token as it appears in a link: 43 base64url characters, starting with a letter or digit. */
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9_-]{42}$/;

/**
 * 32 random bytes, base64url without padding (43 characters). One whose first character is
 * `-` or `_` is drawn again, so the file name `<token>.ics` has the shape every path parameter
 * must have (a letter or digit first); that keeps more than 255.9 bits of the 256.
 */
export function newFeedToken(): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    if (TOKEN.test(token)) return token;
  }
}

/** The token of a requested file name `<token>.ics`, or null when it cannot be one. */
export function tokenOfFeedFile(file: string): string | null {
  const match = /^(.+)\.ics$/.exec(file);
  return match && TOKEN.test(match[1]) ? match[1] : null;
}

export function familyCalendarUrls(appUrl: string, token: string): FamilyCalendarUrls {
  const https = `${appUrl.replace(/\/+$/, "")}/calendar/${token}.ics`;
  const webcal = https.replace(/^https?:/, "webcal:");
  return { https, webcal, google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}` };
}

const linkOf = (feed: UserCalendarFeed | null): FamilyCalendarLink | null =>
  feed ? { token: feed.token, createdAt: feed.createdAt } : null;

/** The person's current link, or null when they have none (never made, or turned off). */
export async function getFamilyCalendarLink(kv: Deno.Kv, userId: string): Promise<FamilyCalendarLink | null> {
  return linkOf((await getUserCalendarFeedEntry(kv, userId)).value);
}

async function freshFeed(now: Date): Promise<UserCalendarFeed> {
  const token = newFeedToken();
  return { token, tokenHash: await sha256Hex(token), createdAt: now.toISOString() };
}

/**
 * Gives the person a link: their existing one when they have it (a second click changes
 * nothing), else a new one. `replace` (Reset link) always makes a new one and the old token's
 * lookup goes in the same commit, so the old URL stops working at once.
 */
async function setLink(kv: Deno.Kv, userId: string, now: Date, replace: boolean): Promise<FamilyCalendarLink> {
  return await retryOnConflict(async () => {
    const current = await getUserCalendarFeedEntry(kv, userId);
    if (current.value && !replace) return linkOf(current.value)!;
    const next = await freshFeed(now);
    await replaceUserCalendarFeed(kv, userId, current, next);
    return linkOf(next)!;
  }, { attempts: 5 });
}

export const createFamilyCalendarLink = (kv: Deno.Kv, userId: string, now: Date) => setLink(kv, userId, now, false);
export const resetFamilyCalendarLink = (kv: Deno.Kv, userId: string, now: Date) => setLink(kv, userId, now, true);

/** Turns the person's link off (both records in one commit); false when there was none. */
export async function revokeFamilyCalendarLink(kv: Deno.Kv, userId: string): Promise<boolean> {
  return await retryOnConflict(async () => {
    const current = await getUserCalendarFeedEntry(kv, userId);
    if (!current.value) return false;
    await replaceUserCalendarFeed(kv, userId, current, null);
    return true;
  }, { attempts: 5 });
}

/** A feed as the route sends it. */
export interface FamilyCalendarFeed {
  body: string;
  /** A strong validator: the SHA-256 of the body, quoted. */
  etag: string;
}

/** Up to `maxEventsPerTeam` events of a team starting inside the window, page by page. */
async function teamEventsInWindow(kv: Deno.Kv, teamId: string, fromMs: number, toMs: number): Promise<TeamEvent[]> {
  const events: TeamEvent[] = [];
  let cursor = "";
  do {
    const limit = Math.min(FAMILY_CALENDAR.pageSize, FAMILY_CALENDAR.maxEventsPerTeam - events.length);
    const page = await listEventsStartingBetween(kv, teamId, fromMs, toMs, { cursor, limit });
    events.push(...page.values);
    cursor = page.cursor;
  } while (cursor && events.length < FAMILY_CALENDAR.maxEventsPerTeam);
  return events;
}

/** "GoalMates – Jordan's teams" ("GoalMates – My teams" without a first name), in the subscriber's language. */
export function familyCalendarName(firstName: string, lang: Language = DEFAULT_LANGUAGE): string {
  const name = firstName.trim();
  const t = messagesFor(lang).mail.calendarFeed;
  return name ? format(lang, t.name, { name }) : t.nameAnyone;
}

/**
 * The feed a token opens, or null when the token is unknown or turned off (the route's 404;
 * nothing is counted for it). A known token counts one fetch against its hourly limit
 * (RateLimitError past it). The person's memberships are read now, so the teams are the ones
 * they belong to at this fetch. DTSTAMP is the current hour: the same schedule gives the same
 * bytes (and so the same ETag, and a 304) for the rest of the hour.
 */
export async function readFamilyCalendar(
  kv: Deno.Kv,
  token: string,
  /** `lang`: the fetching app's language, for a subscriber whose account chose none. */
  options: { now: Date; appUrl: string; lang?: Language },
): Promise<FamilyCalendarFeed | null> {
  if (!TOKEN.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const lookup = await getCalendarFeedToken(kv, tokenHash);
  if (!lookup) return null;
  // Both records go in one commit; checking the person's side as well costs one read.
  const own = (await getUserCalendarFeedEntry(kv, lookup.userId)).value;
  if (own?.tokenHash !== tokenHash) return null;
  const user = await getUser(kv, lookup.userId);
  if (!user) return null;

  const nowMs = options.now.getTime();
  const { bucket, limit, windowMs } = FAMILY_CALENDAR.rateLimit;
  await consumeRateLimits(
    kv,
    [{ bucket, subject: tokenHash, limit, windowMs }],
    FAMILY_CALENDAR_MESSAGES.tooManyFetches,
    nowMs,
  );

  // The subscriber's own choice, else the calendar app's (its Accept-Language), else English.
  const lang = user.language ?? options.lang ?? DEFAULT_LANGUAGE;
  const memberships = await listMemberships(kv, user.id);
  const teams = (await getTeams(kv, memberships.map((m) => m.teamId))).filter((t): t is Team => t !== null);
  const fromMs = nowMs - FAMILY_CALENDAR.lookbackMs;
  const toMs = nowMs + FAMILY_CALENDAR.aheadMs;
  const perTeam = await Promise.all(teams.map((team) => teamEventsInWindow(kv, team.id, fromMs, toMs)));
  const appUrl = options.appUrl.replace(/\/+$/, "");
  const events = perTeam.flatMap((events, i) =>
    events.map((event) =>
      familyIcsEvent(teams[i], event, { url: `${appUrl}/family-dashboard/${teams[i].id}#events`, lang })
    )
  ).sort((a, b) => a.start.getTime() - b.start.getTime() || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));

  const body = writeIcs({
    prodId: FAMILY_CALENDAR.prodId,
    name: familyCalendarName(user.firstName, lang),
    description: messagesFor(lang).mail.calendarFeed.description,
    refreshInterval: FAMILY_CALENDAR.refreshInterval,
    stamp: new Date(Math.floor(nowMs / HOUR_MS) * HOUR_MS),
    events,
  });
  return { body, etag: `"${(await sha256Hex(body)).slice(0, 40)}"` };
}
