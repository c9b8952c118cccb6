/**
 * Security events (R39): one JSON line each, to stderr (in lib/log.ts's batches, so a flood of
 * refused requests is not also a flood of writes) unless a test swaps the sink. A line
 * carries when, what, the request id, the method, a redacted path and the client's address;
 * never a token, a password or an e-mail address (an account appears only as a keyed hash).
 * `JSON.stringify` escapes CR/LF, so no value can forge a second line.
 */

import { writeLogLine } from "./log.ts";

export type SecurityEventName = "login.failed" | "rate_limit.hit" | "cross_origin.refused";

export interface SecurityEvent {
  event: SecurityEventName;
  requestId: string;
  method: string;
  /** Already redacted (`redactPath`). */
  path: string;
  ip: string;
  status: number;
  /** What was refused, when it says more than the event: "password", "magic-link"… */
  via?: string;
  /** `accountHint` of the e-mail or username tried, never the value itself. */
  account?: string;
}

export type SecurityLogSink = (line: string) => void;

const stderrSink: SecurityLogSink = (line) => writeLogLine(line, "stderr");
let sink = stderrSink;
let hashKey: Promise<CryptoKey> | null = null;

/**
 * Replaces the sink and/or the account-hint key (tests; a deployment may give a fixed key so
 * hints stay comparable across restarts). Returns a function that restores the previous ones.
 */
export function configureSecurityLog(options: { sink?: SecurityLogSink; hashKey?: string }): () => void {
  const previous = { sink, hashKey };
  if (options.sink) sink = options.sink;
  if (options.hashKey !== undefined) hashKey = importKey(new TextEncoder().encode(options.hashKey));
  return () => {
    sink = previous.sink;
    hashKey = previous.hashKey;
  };
}

function importKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", raw as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
}

/**
 * A short keyed hash of an account name (e-mail or username, case-folded): the same account
 * gives the same hint, so repeated failures against one account show, but the hint cannot be
 * turned back into the address without the key. The key is random per process unless set.
 */
export async function accountHint(account: string): Promise<string> {
  hashKey ??= importKey(crypto.getRandomValues(new Uint8Array(32)));
  const mac = await crypto.subtle.sign("HMAC", await hashKey, new TextEncoder().encode(account.trim().toLowerCase()));
  return Array.from(new Uint8Array(mac).slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

const MAX_PATH = 120;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment as it may appear in a log: ids and anything token-like become placeholders. */
function redactSegment(segment: string): string {
  if (segment === "") return segment;
  if (ULID.test(segment) || UUID.test(segment)) return ":id";
  if (segment.includes("@") || /%40/i.test(segment)) return ":email";
  // Anything odd (encoded bytes, punctuation) is not worth keeping.
  if (!/^[A-Za-z0-9._~-]+$/.test(segment)) return ":x";
  // A token (43 base64url characters), a hash, a long code: anything long, or long-ish with a digit.
  if (segment.length > 32 || (segment.length >= 16 && /\d/.test(segment))) return ":token";
  return segment;
}

/** The path without query string or fragment, ids and tokens cut, at most 120 characters. */
export function redactPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0];
  const redacted = bare.split("/").map(redactSegment).join("/");
  return redacted.length > MAX_PATH ? `${redacted.slice(0, MAX_PATH - 1)}…` : redacted;
}

/** Writes one event as one line. Never throws: a broken sink must not break the response. */
export function logSecurityEvent(event: SecurityEvent, now = new Date()): void {
  const line = JSON.stringify({ time: now.toISOString(), level: "warn", ...event });
  try {
    sink(line);
  } catch {
    // Logging is best effort.
  }
}
