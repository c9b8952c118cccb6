/**
 * The rule for a team's calendar link (SPEC.md section 5 'Calendar URL', R33): the server
 * fetches it every 30 minutes, so it must not be a way to make the server read its own
 * network. Only https to a DNS name on the standard port, no user name or password, no IP
 * address in any notation, no local names. The WHATWG URL parser turns every IPv4 notation
 * (2130706433, 0x7f.1, 127.1, 017700000001) into dotted decimal, so one check catches them.
 * What the name resolves to is checked at fetch time, on every hop (fetch_feed.ts).
 */
import { ValidationError } from "../errors.ts";
import { messagesFor } from "../i18n/catalog.ts";
import type { CalendarType } from "./types.ts";

export const MAX_CALENDAR_URL_LENGTH = 2048;

/** The English catalogue's texts (lib/i18n/en/adminCalendar.ts); the routes answer them in the request's language. */
export const CALENDAR_URL_MESSAGES = messagesFor("en").adminCalendar.url;

export interface CalendarUrlOptions {
  /** Tests only (CALENDAR_ALLOW_PRIVATE_HOSTS=1): http and any port on 127.0.0.1, localhost and [::1]. */
  allowPrivateHosts: boolean;
}

/** Hosts a test feed server listens on; nothing else is relaxed by `allowPrivateHosts`. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** Names that only mean something inside a network (RFC 6761, 6762, 8375 and common practice). */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa", ".lan"];

const refuse = (message: string): never => {
  throw new ValidationError(message, { calendarUrl: message });
};

const isIpLiteral = (host: string) => host.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(host);

/** The team's link as the server will fetch it (webcal:// becomes https://), and which app it comes from. */
export function normalizeCalendarUrl(
  raw: unknown,
  options: CalendarUrlOptions,
): { url: string; calendarType: CalendarType } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!text) refuse(CALENDAR_URL_MESSAGES.required);
  if (text.length > MAX_CALENDAR_URL_LENGTH) refuse(CALENDAR_URL_MESSAGES.tooLong);
  // Calendar apps hand out webcal:// links so a click opens a calendar app; the feed is the same over https.
  const https = text.replace(/^webcals?:\/\//i, "https://");
  let url: URL;
  try {
    url = new URL(https);
  } catch {
    return refuse(CALENDAR_URL_MESSAGES.scheme);
  }
  if (url.hostname.endsWith(".")) url.hostname = url.hostname.replace(/\.+$/, "");
  const host = url.hostname.toLowerCase();
  const testServer = options.allowPrivateHosts && LOOPBACK_HOSTS.has(host);
  if (url.protocol !== "https:" && !(testServer && url.protocol === "http:")) refuse(CALENDAR_URL_MESSAGES.scheme);
  if (url.username || url.password) refuse(CALENDAR_URL_MESSAGES.credentials);
  if (url.port !== "" && !testServer) refuse(CALENDAR_URL_MESSAGES.port);
  if (!testServer) {
    if (isIpLiteral(host)) refuse(CALENDAR_URL_MESSAGES.ipAddress);
    const local = host === "localhost" || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
    if (local || !host.includes(".")) refuse(CALENDAR_URL_MESSAGES.privateHost);
  }
  url.hash = "";
  const href = url.href;
  if (href.length > MAX_CALENDAR_URL_LENGTH) refuse(CALENDAR_URL_MESSAGES.tooLong);
  return { url: href, calendarType: calendarTypeOf(url) };
}

function calendarTypeOf(url: URL): CalendarType {
  const where = `${url.hostname}${url.pathname}`.toLowerCase();
  if (where.includes("playmetrics")) return "playmetrics";
  if (where.includes("teamsnap")) return "teamsnap";
  return "generic";
}

/**
 * A feed link is a secret (whoever has it reads the team's schedule): pages and answers to
 * anyone but the team's admins show only its host and the last 4 characters of its path and
 * query, enough to tell two links apart.
 */
export function maskCalendarUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const tail = `${parsed.pathname}${parsed.search}`.replace(/^\/+/, "");
    return `${parsed.protocol}//${parsed.host}/…${tail.slice(-4)}`;
  } catch {
    return "…";
  }
}
