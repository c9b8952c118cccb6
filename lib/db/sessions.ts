/**
 * Stored sessions of every kind: a person's (or a team login's), the system administrator's,
 * and the one-player edit session an edit link opens. What a session means and when it ends
 * is decided in `lib/auth/sessions.ts`; this module only keeps the records and their indexes
 * (written and deleted only here): a person's open sessions, and the sessions that exist
 * because of a team (its shared login, its edit links).
 */
import { keys } from "./keys.ts";

export type SessionKind = "user" | "sysadmin" | "edit";

export interface StoredSession<T> {
  id: string;
  secretHash: string;
  data: T;
  createdAt: number;
  lastSeenAt: number;
  absoluteExpiresAt: number;
  idleMs: number;
  /** A short label of the browser and system it was opened on ("Firefox on Windows"), never the whole User-Agent. */
  device?: string;
}

/** Whose index lists a session: a person's (for "end all"), a team's (credential change, deletion). */
export interface SessionOwners {
  userId?: string | null;
  teamId?: string | null;
}

const sessionKey: Record<SessionKind, (id: string) => Deno.KvKey> = {
  user: keys.session,
  sysadmin: keys.sysadminSession,
  edit: keys.editSession,
};

/** The record key of a session (team deletion removes a team's sessions through their index). */
export const sessionRecordKey = (kind: SessionKind, sessionId: string): Deno.KvKey => sessionKey[kind](sessionId);

/**
 * Stores a new session and its places in its owners' indexes. The indexes live until the
 * session's absolute end (renewals do not rewrite them), so "end all" still finds a session
 * that has been kept alive for hours.
 */
export async function createSession<T>(
  kv: Deno.Kv,
  kind: SessionKind,
  session: StoredSession<T>,
  expireInMs: number,
  owners: SessionOwners = {},
): Promise<void> {
  const indexFor = { expireIn: Math.max(1, session.absoluteExpiresAt - session.lastSeenAt) };
  const op = kv.atomic().set(sessionKey[kind](session.id), session, { expireIn: Math.max(1, expireInMs) });
  if (owners.userId) op.set(keys.userSession(owners.userId, session.id), session.absoluteExpiresAt, indexFor);
  if (owners.teamId) op.set(keys.teamSession(owners.teamId, kind, session.id), session.absoluteExpiresAt, indexFor);
  await op.commit();
}

export async function getSessionEntry<T>(
  kv: Deno.Kv,
  kind: SessionKind,
  sessionId: string,
): Promise<Deno.KvEntryMaybe<StoredSession<T>>> {
  return await kv.get<StoredSession<T>>(sessionKey[kind](sessionId));
}

/** Saves a changed session if it is unchanged since `entry` was read; false when it was. */
export async function replaceSession<T>(
  kv: Deno.Kv,
  entry: Deno.KvEntry<StoredSession<T>>,
  session: StoredSession<T>,
  expireInMs: number,
): Promise<boolean> {
  const result = await kv.atomic().check(entry).set(entry.key, session, { expireIn: Math.max(1, expireInMs) }).commit();
  return result.ok;
}

/** Overwrites a session's record (new data, same lifetime). */
export async function saveSession<T>(
  kv: Deno.Kv,
  kind: SessionKind,
  session: StoredSession<T>,
  expireInMs: number,
): Promise<void> {
  await kv.set(sessionKey[kind](session.id), session, { expireIn: Math.max(1, expireInMs) });
}

/** Deletes a session (and its places in its owners' indexes). */
export async function deleteSession(
  kv: Deno.Kv,
  kind: SessionKind,
  sessionId: string,
  owners: SessionOwners = {},
): Promise<void> {
  const op = kv.atomic().delete(sessionKey[kind](sessionId));
  if (owners.userId) op.delete(keys.userSession(owners.userId, sessionId));
  if (owners.teamId) op.delete(keys.teamSession(owners.teamId, kind, sessionId));
  await op.commit();
}

/** Deletes every session of a person except `keepSessionId`; returns how many ended. */
export async function deleteUserSessions(kv: Deno.Kv, userId: string, keepSessionId?: string): Promise<number> {
  let ended = 0;
  for await (const entry of kv.list({ prefix: keys.userSessions(userId) })) {
    const sessionId = String(entry.key[entry.key.length - 1]);
    if (sessionId === keepSessionId) continue;
    await kv.atomic().delete(keys.session(sessionId)).delete(entry.key).commit();
    ended++;
  }
  return ended;
}

/** Deletes every session of `kind` that a team's index lists (e.g. its shared login's); returns how many. */
export async function deleteTeamSessions(kv: Deno.Kv, teamId: string, kind: SessionKind): Promise<number> {
  let ended = 0;
  for await (const entry of kv.list({ prefix: keys.teamSessionsOfKind(teamId, kind) })) {
    const sessionId = String(entry.key[entry.key.length - 1]);
    await kv.atomic().delete(sessionKey[kind](sessionId)).delete(entry.key).commit();
    ended++;
  }
  return ended;
}
