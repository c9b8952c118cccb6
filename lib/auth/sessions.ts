/**
 * Opaque server-side sessions. The cookie holds `id.secret`; KV holds the SHA-256 of the
 * secret, who the session belongs to and when it ends. A new id is issued at every sign-in.
 */
import { timingSafeEqual } from "node:crypto";
import { ulid } from "ulid";
import { newToken } from "./tokens.ts";
import { sha256Hex } from "../hash.ts";
import {
  createSession,
  deleteSession,
  deleteTeamSessions,
  deleteUserSessions,
  getSessionEntry,
  replaceSession,
  saveSession,
  type SessionKind,
  type SessionOwners,
  type StoredSession,
} from "../db/sessions.ts";

export type { StoredSession };

export interface SessionPolicy {
  /** Hard limit from sign-in. */
  absoluteMs: number;
  /** The session ends after this long without a request. */
  idleMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Parents and players: 30 days from sign-in. */
export const MEMBER_POLICY: SessionPolicy = { absoluteMs: 30 * DAY, idleMs: 30 * DAY };
/** Anyone who can administer a team: 12 hours, 30 minutes idle. */
export const ADMIN_POLICY: SessionPolicy = { absoluteMs: 12 * HOUR, idleMs: 30 * MINUTE };
/** System administrators: as admins, in a store and cookie of their own. */
export const SYSADMIN_POLICY: SessionPolicy = ADMIN_POLICY;

/** Renewal writes at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = MINUTE;

/**
 * Which kind of session a store keeps; `userIdOf` lists a person's sessions for "end all",
 * `teamIdOf` the sessions that exist because of a team (its shared login, its edit links).
 */
export interface SessionStore<T> {
  kind: SessionKind;
  userIdOf?: (data: T) => string | null;
  teamIdOf?: (data: T) => string | null;
}

const ownersOf = <T>(store: SessionStore<T>, data: T): SessionOwners => ({
  userId: store.userIdOf?.(data) ?? null,
  teamId: store.teamIdOf?.(data) ?? null,
});

/** Whether a session runs under the admin policy (or a stricter one): its cookie is SameSite=Strict. */
export const isAdminSession = (session: StoredSession<unknown>) => session.idleMs <= ADMIN_POLICY.idleMs;

const COOKIE_VALUE = /^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{43})$/;

const remainingMs = (s: StoredSession<unknown>, now: number) =>
  Math.min(s.absoluteExpiresAt, s.lastSeenAt + s.idleMs) - now;

/**
 * Starts a session; returns the cookie value and its lifetime in seconds. `device` is the short
 * label from `deviceLabel` (lib/auth/device.ts), kept so the person can recognise the session.
 */
export async function startSession<T>(
  kv: Deno.Kv,
  store: SessionStore<T>,
  data: T,
  policy: SessionPolicy,
  now = Date.now(),
  options: { device?: string } = {},
): Promise<{ cookieValue: string; maxAgeSeconds: number; session: StoredSession<T> }> {
  const secret = newToken();
  const session: StoredSession<T> = {
    id: ulid(now),
    secretHash: await sha256Hex(secret),
    data,
    createdAt: now,
    lastSeenAt: now,
    absoluteExpiresAt: now + policy.absoluteMs,
    idleMs: policy.idleMs,
    ...(options.device ? { device: options.device } : {}),
  };
  await createSession(kv, store.kind, session, remainingMs(session, now), ownersOf(store, data));
  return {
    cookieValue: `${session.id}.${secret}`,
    maxAgeSeconds: Math.floor(policy.absoluteMs / 1000),
    session,
  };
}

/** A session that was read, and whether this read moved it to a stricter policy. */
export interface ReadSession<T> {
  session: StoredSession<T>;
  /** True when the policy its holder's current role asks for was stricter than the stored one. */
  tightened: boolean;
}

/**
 * The live session a cookie names, or null (malformed, unknown, wrong secret, expired or idle
 * too long). Renews the idle window as a side effect.
 */
export async function readSession<T>(
  kv: Deno.Kv,
  store: SessionStore<T>,
  cookieValue: string | undefined,
  now = Date.now(),
): Promise<StoredSession<T> | null> {
  return (await readSessionWithPolicy(kv, store, cookieValue, now))?.session ?? null;
}

/**
 * As `readSession`, and a policy may tighten the session first: `policyOf` names the policy its
 * holder needs now (a parent who has since become an admin needs the admin one). The stricter
 * of that and the stored policy applies, counted from the session's start and its last request
 * before this one, and is stored; a session that is past it ends here.
 */
export async function readSessionWithPolicy<T>(
  kv: Deno.Kv,
  store: SessionStore<T>,
  cookieValue: string | undefined,
  now = Date.now(),
  policyOf?: (session: StoredSession<T>) => Promise<SessionPolicy | null>,
): Promise<ReadSession<T> | null> {
  const match = cookieValue ? COOKIE_VALUE.exec(cookieValue) : null;
  if (!match) return null;
  const entry = await getSessionEntry<T>(kv, store.kind, match[1]);
  let session = entry.value;
  if (!session) return null;
  const presented = new TextEncoder().encode(await sha256Hex(match[2]));
  const expected = new TextEncoder().encode(session.secretHash);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  const policy = policyOf ? await policyOf(session) : null;
  const tightened = policy !== null &&
    (session.idleMs > policy.idleMs || session.absoluteExpiresAt > session.createdAt + policy.absoluteMs);
  if (policy && tightened) {
    session = {
      ...session,
      idleMs: Math.min(session.idleMs, policy.idleMs),
      absoluteExpiresAt: Math.min(session.absoluteExpiresAt, session.createdAt + policy.absoluteMs),
    };
  }
  if (remainingMs(session, now) <= 0) {
    await deleteSession(kv, store.kind, session.id, ownersOf(store, session.data));
    return null;
  }
  if (tightened || now - session.lastSeenAt >= TOUCH_EVERY_MS) {
    const renewed = { ...session, lastSeenAt: now };
    // A lost race only means another request renewed it first.
    await replaceSession(kv, entry as Deno.KvEntry<StoredSession<T>>, renewed, remainingMs(renewed, now));
    return { session: renewed, tightened };
  }
  return { session, tightened };
}

/** Saves new session data (for example another selected team), keeping its lifetime. */
export async function updateSession<T>(
  kv: Deno.Kv,
  store: SessionStore<T>,
  session: StoredSession<T>,
  data: T,
  now = Date.now(),
): Promise<StoredSession<T>> {
  const updated = { ...session, data };
  await saveSession(kv, store.kind, updated, remainingMs(updated, now));
  return updated;
}

/** Ends one session (logout). Unknown or malformed cookies are ignored. */
export async function endSession<T>(kv: Deno.Kv, store: SessionStore<T>, cookieValue: string | undefined) {
  const match = cookieValue ? COOKIE_VALUE.exec(cookieValue) : null;
  if (!match) return;
  const session = (await getSessionEntry<T>(kv, store.kind, match[1])).value;
  if (session) await deleteSession(kv, store.kind, session.id, ownersOf(store, session.data));
}

/** Ends every session of a person except `keepSessionId` (after a password change, or "sign out everywhere"). */
export async function endAllSessions(kv: Deno.Kv, userId: string, keepSessionId?: string): Promise<number> {
  return await deleteUserSessions(kv, userId, keepSessionId);
}

/** Ends every session of a team's shared login (its username or password changed). */
export async function endTeamLoginSessions(kv: Deno.Kv, teamId: string): Promise<number> {
  return await deleteTeamSessions(kv, teamId, "user");
}
