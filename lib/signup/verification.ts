/**
 * Signup: a pending signup waits under its e-mail until the mailed link is used; verifying
 * spends the token and creates the team, its first player and the admin account in one commit.
 */
import { keys } from "../db/keys.ts";
import { buildTeam, slugify, type Team } from "../db/teams.ts";
import { buildPlayer, type Player } from "../db/players.ts";
import { addGuardian, addMembership, addUser, buildUser, type User } from "../db/users.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { hashToken, newToken, type StoredToken } from "../auth/tokens.ts";
import { queueMail } from "../mail/mod.ts";
import { verificationMail } from "../mail/templates.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { ValidationError } from "../errors.ts";
import { checkSignup, seasonFor, SIGNUP_MESSAGES, type SignupPayload } from "./rules.ts";
import { normalizeEmail } from "../text.ts";

/** How long a verification link works. */
export const SIGNUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

interface PendingSignup {
  payload: SignupPayload;
  /** The only token that can verify this signup; a resend replaces it. */
  tokenHash: string;
  createdAt: string;
  expiresAt: number;
}

export interface SignupContext {
  kv: Deno.Kv;
  appUrl: string;
  ip: string;
  now: Date;
}

/** Parses the wizard's payload, or throws the step's message (400). */
export function parseSignup(body: unknown): SignupPayload {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError("Please send the signup as a JSON object.");
  }
  const checked = checkSignup(body as Record<string, unknown>);
  if (!checked.ok) {
    const { message, fields } = checked.problem;
    throw new ValidationError(message, Object.fromEntries(fields.map((f) => [f, message])));
  }
  return checked.value;
}

async function limitMails(ctx: SignupContext, email: string) {
  await consumeRateLimits(
    ctx.kv,
    [
      { bucket: "signup-ip", subject: ctx.ip, limit: 20, windowMs: HOUR },
      { bucket: "signup-email", subject: email, limit: 5, windowMs: HOUR },
    ],
    SIGNUP_MESSAGES.rateLimited,
    ctx.now.getTime(),
  );
}

/**
 * Stores the signup (replacing an earlier one for the address, whose link stops working)
 * and mails a verification link. Says nothing about whether the address has an account:
 * an existing account simply gains the new team when the link is used.
 */
export async function startSignup(ctx: SignupContext, payload: SignupPayload): Promise<void> {
  await limitMails(ctx, payload.email);
  await storeAndMail(ctx, payload);
}

/** Sends a fresh link for a waiting signup; the same answer whether or not one exists. */
export async function resendVerification(ctx: SignupContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await limitMails(ctx, email);
  const pending = await ctx.kv.get<PendingSignup>(keys.pendingSignup(email));
  if (!pending.value || pending.value.expiresAt <= ctx.now.getTime()) return;
  await storeAndMail(ctx, pending.value.payload);
}

async function storeAndMail(ctx: SignupContext, payload: SignupPayload) {
  const { kv, now } = ctx;
  const token = newToken();
  const tokenHash = await hashToken(token);
  const expiresAt = now.getTime() + SIGNUP_TOKEN_TTL_MS;
  const previous = await kv.get<PendingSignup>(keys.pendingSignup(payload.email));
  const pending: PendingSignup = { payload, tokenHash, createdAt: now.toISOString(), expiresAt };
  const stored: StoredToken<{ email: string }> = { payload: { email: payload.email }, expiresAt };
  const op = kv.atomic()
    .check(previous)
    .set(keys.pendingSignup(payload.email), pending, { expireIn: SIGNUP_TOKEN_TTL_MS })
    .set(keys.signupToken(tokenHash), stored, { expireIn: SIGNUP_TOKEN_TTL_MS });
  if (previous.value) op.delete(keys.signupToken(previous.value.tokenHash));
  // A lost race means a simultaneous request for the same address stored its own link.
  if (!(await op.commit()).ok) return;
  const link = `${ctx.appUrl}/signup/verify?token=${token}`;
  await queueMail(kv, {
    to: { name: `${payload.firstName} ${payload.lastName}`, address: payload.email },
    kind: "verification",
    ...verificationMail({ firstName: payload.firstName, teamName: payload.teamName, link }),
  }, now);
}

export interface VerifiedSignup {
  team: Team;
  player: Player;
  user: User;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const invalidLink = () => new ValidationError(SIGNUP_MESSAGES.invalidLink);

/**
 * Spends a verification token and creates the team (unique slug), its first player and the
 * admin (who is also that player's parent) in one atomic commit. A token verifies once.
 */
export async function verifySignup(kv: Deno.Kv, token: unknown, now = new Date()): Promise<VerifiedSignup> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) throw invalidLink();
  const tokenKey = keys.signupToken(await hashToken(token));
  let suffix = 1;
  for (let attempt = 0; attempt < 1000; attempt++) {
    const tokenEntry = await kv.get<StoredToken<{ email: string }>>(tokenKey);
    if (!tokenEntry.value || tokenEntry.value.expiresAt <= now.getTime()) throw invalidLink();
    const email = tokenEntry.value.payload.email;
    const pendingEntry = await kv.get<PendingSignup>(keys.pendingSignup(email));
    const pending = pendingEntry.value;
    if (!pending || pending.tokenHash !== tokenKey[1]) throw invalidLink();
    const p = pending.payload;
    const base = slugify(p.teamName);
    const slug = suffix === 1 ? base : `${base}-${suffix}`;
    const [slugEntry, userIdEntry] = await kv.getMany<[string, string]>([
      keys.teamBySlug(slug),
      keys.userByEmail(email),
    ]);
    if (slugEntry.value) {
      suffix++;
      continue;
    }
    const existingUser = userIdEntry.value ? (await kv.get<User>(keys.user(userIdEntry.value))).value : null;
    const team = buildTeam(
      {
        name: p.teamName,
        season: seasonFor(now),
        ageGroup: p.ageGroup,
        teamType: p.teamType,
        orgName: "",
      },
      slug,
      now,
    );
    const player = buildPlayer(team.id, {
      firstName: p.playerFirstName,
      lastName: p.playerLastName,
      jerseyNumber: p.playerJerseyNumber,
    }, now);
    const user = existingUser ?? buildUser({ email, firstName: p.firstName, lastName: p.lastName }, now);

    const op = kv.atomic()
      .check(tokenEntry)
      .delete(tokenKey)
      .check(pendingEntry)
      .delete(pendingEntry.key)
      .check({ key: keys.teamBySlug(slug), versionstamp: null })
      .set(keys.team(team.id), team)
      .set(keys.teamBySlug(slug), team.id)
      .set(keys.player(team.id, player.id), player);
    if (existingUser) op.check(userIdEntry);
    else addUser(op, user);
    addMembership(op, {
      userId: user.id,
      teamId: team.id,
      role: "TEAM_ADMIN",
      playerId: null,
      createdAt: now.toISOString(),
    });
    addGuardian(op, team.id, player.id, user.id, now);
    if ((await commitTeamChange(kv, op, team.id)).ok) return { team, player, user };
    // Something changed meanwhile (the slug taken, the token spent): read again and retry.
  }
  throw invalidLink();
}
