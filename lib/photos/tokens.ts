/**
 * Upload URLs' tokens: a JWT (jose, HS256) holding only its ticket id (`jti`) and expiry, so
 * that the URL stays short enough for a path segment. It is signed with a key derived from the
 * database's secret, the team and the session it was issued to: the same token presented for
 * another team or from another session does not verify. What the upload may be (purpose,
 * player, size) is in the single-use ticket it names, which only the server writes.
 */
import { errors, jwtVerify, SignJWT } from "jose";
import { getUploadSigningSecret } from "../db/uploads.ts";

const encoder = new TextEncoder();
/** Ticket ids: 12 random bytes, base64url. */
const TICKET_ID = /^[A-Za-z0-9_-]{16}$/;
/** A compact JWS: three base64url parts. */
const COMPACT = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{1,200}$/;

/** A new ticket id. */
export function newTicketId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

/** The HS256 key of the upload URLs of one team and session. */
async function urlKey(kv: Deno.Kv, teamId: string, sessionId: string): Promise<Uint8Array> {
  const secret = await getUploadSigningSecret(kv);
  const hmac = await crypto.subtle.importKey(
    "raw",
    secret as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const label = encoder.encode(`goalmates upload url\0${teamId}\0${sessionId}`);
  return new Uint8Array(await crypto.subtle.sign("HMAC", hmac, label));
}

/** Signs the token of ticket `ticketId`, valid until `expiresAt` (ms), for one team and session. */
export async function signUploadToken(
  kv: Deno.Kv,
  teamId: string,
  sessionId: string,
  ticketId: string,
  expiresAt: number,
): Promise<string> {
  return await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setJti(ticketId)
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await urlKey(kv, teamId, sessionId));
}

export type TokenCheck =
  | { ok: true; ticketId: string }
  /** Signed for this team and session, but past its time. */
  | { ok: false; expired: true }
  /** Not a token of ours for this team and session. */
  | { ok: false; expired: false };

/** Checks a token presented with `teamId` by `sessionId` at `now`. */
export async function verifyUploadToken(
  kv: Deno.Kv,
  teamId: string,
  sessionId: string,
  token: string,
  now: Date,
): Promise<TokenCheck> {
  if (!COMPACT.test(token)) return { ok: false, expired: false };
  try {
    const { payload } = await jwtVerify(token, await urlKey(kv, teamId, sessionId), {
      algorithms: ["HS256"],
      currentDate: now,
      requiredClaims: ["jti", "exp"],
    });
    return typeof payload.jti === "string" && TICKET_ID.test(payload.jti)
      ? { ok: true, ticketId: payload.jti }
      : { ok: false, expired: false };
  } catch (error) {
    // jose checks the signature before the claims: an expired token was ours.
    if (error instanceof errors.JWTExpired) return { ok: false, expired: true };
    return { ok: false, expired: false };
  }
}
