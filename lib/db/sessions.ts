/**
 * Stored sessions of every kind: a person's (or a team login's), the system administrator's,
 * and the one-player edit session an edit link opens. What a session means and when it ends
 * is decided in `lib/auth/sessions.ts`; this module only keeps the records and the index of a
 * person's open sessions (written and deleted only here).
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
}

const sessionKey: Record<SessionKind, (id: string) => Deno.KvKey> = {
  user: keys.session,
  sysadmin: keys.sysadminSession,
  edit: keys.editSession,
};

/** Stores a new session; `userId` lists it among that person's sessions for "end all". */
export async function createSession<T>(
  kv: Deno.Kv,
  kind: SessionKind,
  session: StoredSession<T>,
  expireInMs: number,
  userId: string | null = null,
): Promise<void> {
  const op = kv.atomic().set(sessionKey[kind](session.id), session, { expireIn: expireInMs });
  if (userId) op.set(keys.userSession(userId, session.id), session.absoluteExpiresAt, { expireIn: expireInMs });
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

/** Deletes a session (and its place in the person's index). */
export async function deleteSession(
  kv: Deno.Kv,
  kind: SessionKind,
  sessionId: string,
  userId: string | null = null,
): Promise<void> {
  const op = kv.atomic().delete(sessionKey[kind](sessionId));
  if (userId) op.delete(keys.userSession(userId, sessionId));
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
