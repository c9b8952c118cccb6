/**
 * The single-use edit link from a claim approval. Opening it (the page's own API call, never
 * the HTML GET, a HEAD or a prefetch) spends the token and opens a one-hour edit session for
 * that one player; a second open of the same link is refused, except a reload in the browser
 * that holds the session. The link works only while the parent it went to is still the player's
 * parent in the team: one who left, was removed or deleted their account can no longer use it.
 */
import { getPlayer, type Player } from "../db/players.ts";
import { getUserByEmail } from "../db/users.ts";
import { isGuardian } from "../db/guardians.ts";
import { hashToken, peekToken, spendToken } from "../auth/tokens.ts";
import { readSession, type SessionStore, startSession, type StoredSession } from "../auth/sessions.ts";
import type { EditGrant } from "../claims/mod.ts";
import { messagesFor } from "../i18n/catalog.ts";

/** The edit calls' answers, in English (the catalogue's); the routes answer in the request's language. */
export const EDIT_MESSAGES = messagesFor("en").edit.api;

export interface EditSessionData extends EditGrant {
  /** The link that opened this session, so a reload of the same link is recognised. */
  tokenHash: string;
}

/** Listed under its team, so deleting the team ends it. */
export const editSessionStore: SessionStore<EditSessionData> = { kind: "edit", teamIdOf: (data) => data.teamId };

/** Long enough to fix a name and a photo, short enough that a forgotten tab does not matter. */
export const EDIT_SESSION_POLICY = { absoluteMs: 60 * 60 * 1000, idleMs: 60 * 60 * 1000 };

export interface OpenedLink {
  grant: EditSessionData;
  player: Player;
  /** Set when this call spent the token: the new session's cookie. */
  started?: { cookieValue: string; maxAgeSeconds: number };
}

/**
 * Spends an edit link, or recognises the session it already opened in this browser.
 * Null when the link is unknown, expired, spent elsewhere, or its player is gone. With
 * `lookOnly` (a link checker's HEAD, a browser's prefetch) the link is only checked: nothing
 * is spent and no session starts.
 */
export async function openEditLink(
  kv: Deno.Kv,
  token: string,
  sessionCookie: string | undefined,
  now: Date,
  options: { lookOnly?: boolean } = {},
): Promise<OpenedLink | null> {
  const tokenHash = await hashToken(token);
  if (options.lookOnly) {
    const peeked = await peekToken<EditGrant>(kv, "edit", token, now.getTime());
    const player = peeked && await editablePlayer(kv, peeked);
    return peeked && player ? { grant: { ...peeked, tokenHash }, player } : null;
  }
  const current = await readSession(kv, editSessionStore, sessionCookie, now.getTime());
  if (current && current.data.tokenHash === tokenHash) {
    const player = await editablePlayer(kv, current.data);
    return player ? { grant: current.data, player } : null;
  }
  const grant = await spendToken<EditGrant>(kv, "edit", token, now.getTime());
  const player = grant && await editablePlayer(kv, grant);
  if (!grant || !player) return null;
  const data: EditSessionData = { ...grant, tokenHash };
  const started = await startSession(kv, editSessionStore, data, EDIT_SESSION_POLICY, now.getTime());
  return { grant: data, player, started };
}

/** The grant's player, while the account of the grant's address is still one of its parents (else null). */
async function editablePlayer(kv: Deno.Kv, grant: EditGrant): Promise<Player | null> {
  const [player, parent] = await Promise.all([
    getPlayer(kv, grant.teamId, grant.playerId),
    getUserByEmail(kv, grant.email),
  ]);
  if (!player || !parent) return null;
  return await isGuardian(kv, grant.teamId, grant.playerId, parent.id) ? player : null;
}

export async function readEditSession(
  kv: Deno.Kv,
  cookie: string | undefined,
  now: Date,
): Promise<StoredSession<EditSessionData> | null> {
  const session = await readSession(kv, editSessionStore, cookie, now.getTime());
  // An edit session opened before the parent left (or was removed) ends with their link to the child.
  return session && await editablePlayer(kv, session.data) ? session : null;
}
