/**
 * Fetching a team's calendar feed (R34, R35): a URL someone typed, fetched by the server, so
 * every hop is checked again (the link's rule, then every address its name resolves to) and
 * redirects are followed by hand, at most 3. The whole fetch (every hop, DNS and the body)
 * has one deadline, the body is read as a stream and dropped past the size cap, and every
 * failure is a `CalendarSyncError` whose message a team admin can act on: never a stack, an
 * internal address or the secret link itself.
 *
 * The connection goes to the addresses that were checked (`pinned_fetch.ts`), never to a
 * second lookup of the name, so a DNS server that answers differently the second time
 * (rebinding) cannot send the request to a private address.
 */
import { ValidationError } from "../errors.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { isBlockedAddress, isLoopbackAddress } from "./address.ts";
import { CALENDAR_URL_MESSAGES, normalizeCalendarUrl } from "./url.ts";
import { CalendarSyncError, type FeedFetchResult, type FeedValidators } from "./types.ts";
import { pinnedFetch } from "./pinned_fetch.ts";

export interface FetchFeedOptions {
  /** Tests only: a feed server on loopback (127.0.0.0/8, ::1) may be fetched; nothing else private. */
  allowPrivateHosts: boolean;
  /** For the whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Every A and AAAA address of a host name (tests pass a stub). */
  resolve?: (host: string) => Promise<string[]>;
  /** Tests only: fetch with this instead of connecting to the checked addresses. */
  fetchImpl?: typeof fetch;
}

export const FEED_FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;
export const FEED_USER_AGENT = "GoalMates-Calendar/1.0";

const FEED_TEXTS = messagesFor("en").adminCalendar.feed;

/** The English catalogue's texts (lib/i18n/en/adminCalendar.ts); a failed sync stores them, pages show them translated. */
export const FEED_FETCH_MESSAGES = {
  notFound: FEED_TEXTS.notFound,
  unreachable: FEED_TEXTS.unreachable,
  redirectRefused: FEED_TEXTS.redirectRefused,
  tooManyRedirects: FEED_TEXTS.tooManyRedirects,
  notCalendar: FEED_TEXTS.notCalendar,
  timeout: (timeoutMs: number) => format("en", FEED_TEXTS.timeout, { seconds: formatAmount(timeoutMs / 1000) }),
  tooLarge: (maxBytes: number) => format("en", FEED_TEXTS.tooLarge, { size: formatAmount(maxBytes / (1024 * 1024)) }),
  status: (status: number) => format("en", FEED_TEXTS.status, { status: String(status) }),
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Validators are sent back verbatim on the next sync: an oversized one is not worth keeping. */
const MAX_VALIDATOR_LENGTH = 512;

function formatAmount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, "");
}

/** Every A and AAAA record; a name with neither does not exist for us. */
async function resolveWithDns(host: string, signal: AbortSignal): Promise<string[]> {
  const answers = await Promise.allSettled([
    Deno.resolveDns(host, "A", { signal }),
    Deno.resolveDns(host, "AAAA", { signal }),
  ]);
  signal.throwIfAborted();
  return answers.flatMap((answer) => (answer.status === "fulfilled" ? answer.value : []));
}

/** The addresses a hop would connect to; a test server's literal loopback host needs no DNS. */
async function addressesOf(
  url: URL,
  options: FetchFeedOptions,
  signal: AbortSignal,
): Promise<string[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (options.allowPrivateHosts && (host === "127.0.0.1" || host === "::1")) return [host];
  if (options.allowPrivateHosts && host === "localhost") return ["127.0.0.1", "::1"];
  const lookup = options.resolve ? options.resolve(host) : resolveWithDns(host, signal);
  // A stub resolver cannot take the signal: the deadline still ends the wait.
  return await Promise.race([
    lookup,
    new Promise<never>((_, reject) => {
      signal.throwIfAborted();
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    }),
  ]);
}

function checkAddresses(addresses: string[], options: FetchFeedOptions): void {
  if (addresses.length === 0) throw new CalendarSyncError(FEED_FETCH_MESSAGES.notFound);
  const refused = addresses.some((ip) => isBlockedAddress(ip) && !(options.allowPrivateHosts && isLoopbackAddress(ip)));
  if (refused) throw new CalendarSyncError(CALENDAR_URL_MESSAGES.privateHost);
}

function validatedHop(url: string, hop: number, options: FetchFeedOptions): URL {
  try {
    return new URL(normalizeCalendarUrl(url, { allowPrivateHosts: options.allowPrivateHosts }).url);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // The first hop is the admin's own link: its rule's message says what to fix.
    throw new CalendarSyncError(hop === 0 ? error.message : FEED_FETCH_MESSAGES.redirectRefused);
  }
}

function requestHeaders(validators: FeedValidators): Headers {
  const headers = new Headers({ "user-agent": FEED_USER_AGENT, accept: "text/calendar, text/plain;q=0.9" });
  if (validators.etag) headers.set("if-none-match", validators.etag);
  if (validators.lastModified) headers.set("if-modified-since", validators.lastModified);
  return headers;
}

const validator = (value: string | null) => (value && value.length <= MAX_VALIDATOR_LENGTH ? value : null);

function isCalendarContentType(contentType: string | null): boolean {
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return mediaType === "" || mediaType === "text/calendar" || mediaType === "text/plain";
}

/** Reads the body up to `maxBytes`, cancelling the stream (and so the download) the moment it is passed. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new CalendarSyncError(FEED_FETCH_MESSAGES.tooLarge(maxBytes));
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new CalendarSyncError(FEED_FETCH_MESSAGES.tooLarge(maxBytes));
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decode(bytes, response.headers.get("content-type"));
}

/** iCalendar is UTF-8 (RFC 5545); a declared charset the platform knows is honoured. */
function decode(bytes: Uint8Array, contentType: string | null): string {
  const charset = /;\s*charset="?([\w-]+)"?/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** A failure of the network or of the deadline, as the admin should read it. */
function networkError(error: unknown, signal: AbortSignal, timeoutMs: number): unknown {
  if (error instanceof CalendarSyncError) return error;
  if (signal.aborted) return new CalendarSyncError(FEED_FETCH_MESSAGES.timeout(timeoutMs));
  if (error instanceof Deno.errors.NotFound) return new CalendarSyncError(FEED_FETCH_MESSAGES.notFound);
  return new CalendarSyncError(FEED_FETCH_MESSAGES.unreachable);
}

/**
 * Fetches the feed at `url` with a conditional GET (`validators` from the last good fetch).
 * Resolves `not-modified` on a 304 and `fetched` with the body and the new validators on a
 * 2xx calendar; rejects with a `CalendarSyncError` otherwise.
 */
export async function fetchCalendarFeed(
  url: string,
  validators: FeedValidators,
  options: FetchFeedOptions,
): Promise<FeedFetchResult> {
  const timeoutMs = options.timeoutMs ?? FEED_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? FEED_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FEED_FETCH_DEFAULTS.maxRedirects;
  const signal = AbortSignal.timeout(timeoutMs);
  const headers = requestHeaders(validators);
  let next = url;
  try {
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const target = validatedHop(next, hop, options);
      const addresses = await addressesOf(target, options, signal);
      checkAddresses(addresses, options);
      const response = options.fetchImpl
        ? await options.fetchImpl(target.href, {
          method: "GET",
          headers,
          redirect: "manual",
          credentials: "omit",
          signal,
        })
        : await pinnedFetch({ url: target, addresses, headers, signal });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel().catch(() => {});
        const location = response.headers.get("location");
        if (!location) throw new CalendarSyncError(FEED_FETCH_MESSAGES.status(response.status));
        next = URL.parse(location, target)?.href ?? "";
        if (!next) throw new CalendarSyncError(FEED_FETCH_MESSAGES.redirectRefused);
        continue;
      }
      if (response.status === 304 && (validators.etag || validators.lastModified)) {
        await response.body?.cancel().catch(() => {});
        return { kind: "not-modified" };
      }
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => {});
        throw new CalendarSyncError(FEED_FETCH_MESSAGES.status(response.status));
      }
      if (!isCalendarContentType(response.headers.get("content-type"))) {
        await response.body?.cancel().catch(() => {});
        throw new CalendarSyncError(FEED_FETCH_MESSAGES.notCalendar);
      }
      const body = await readCapped(response, maxBytes);
      return {
        kind: "fetched",
        body,
        validators: {
          etag: validator(response.headers.get("etag")),
          lastModified: validator(response.headers.get("last-modified")),
        },
      };
    }
  } catch (error) {
    throw networkError(error, signal, timeoutMs);
  }
  throw new CalendarSyncError(FEED_FETCH_MESSAGES.tooManyRedirects);
}
