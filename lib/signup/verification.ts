/**
 * Signup: a pending signup waits under its e-mail until the mailed link is used; verifying
 * spends the token and creates the team, its first player and the admin account in one commit.
 */
import { beginChange } from "../db/kv.ts";
import { commitChange, retryOnConflict } from "../db/change.ts";
import { buildTeam, isSlugTaken, slugify, stageNewTeam, type Team } from "../db/teams.ts";
import { buildPlayer, type Player, stagePlayer } from "../db/players.ts";
import { listMemberships, readAccountForCommit, stageMembership, type User } from "../db/users.ts";
import { stageGuardian } from "../db/guardians.ts";
import { stageFamilyLink } from "../db/families.ts";
import {
  getPendingSignupEntry,
  type PendingSignup as StoredPendingSignup,
  stagePendingSignup,
  stageSignupCompletion,
} from "../db/signups.ts";
import { getTokenEntry, stageToken } from "../db/tokens.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { hashToken, isTokenShaped, newToken, type StoredToken } from "../auth/tokens.ts";
import { queueMail } from "../mail/mod.ts";
import { verificationMail } from "../mail/templates.ts";
import type { Language } from "../i18n/languages.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { checkSignup, seasonFor, SIGNUP_FIELDS, SIGNUP_MESSAGES, type SignupPayload } from "./rules.ts";
import { normalizeEmail, unknownField, unknownFieldMessage } from "../text.ts";

/** How long a verification link works. */
export const SIGNUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

type PendingSignup = StoredPendingSignup<SignupPayload>;

export interface SignupContext {
  kv: Deno.Kv;
  appUrl: string;
  ip: string;
  now: Date;
  /** The request's language: the verification mail is in it. */
  lang?: Language;
}

/** Parses the wizard's payload, or throws the step's message (400). */
export function parseSignup(body: unknown): SignupPayload {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError(SIGNUP_MESSAGES.notAnObject);
  }
  const unknown = unknownField(body as Record<string, unknown>, SIGNUP_FIELDS);
  if (unknown !== null) throw new ValidationError(unknownFieldMessage(unknown));
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
  const pending = await getPendingSignupEntry<SignupPayload>(ctx.kv, email);
  if (!pending.value || pending.value.expiresAt <= ctx.now.getTime()) return;
  await storeAndMail(ctx, pending.value.payload);
}

async function storeAndMail(ctx: SignupContext, payload: SignupPayload) {
  const { kv, now } = ctx;
  const token = newToken();
  const tokenHash = await hashToken(token);
  const expiresAt = now.getTime() + SIGNUP_TOKEN_TTL_MS;
  const previous = await getPendingSignupEntry<SignupPayload>(kv, payload.email);
  const pending: PendingSignup = { payload, tokenHash, createdAt: now.toISOString(), expiresAt };
  const op = stagePendingSignup(beginChange(kv), payload.email, previous, pending, SIGNUP_TOKEN_TTL_MS);
  // A lost race means a simultaneous request for the same address stored its own link.
  if (!(await commitChange(op)).ok) return;
  const link = `${ctx.appUrl}/signup/verify?token=${token}`;
  await queueMail(kv, {
    to: { name: `${payload.firstName} ${payload.lastName}`, address: payload.email },
    kind: "verification",
    ...verificationMail({ firstName: payload.firstName, teamName: payload.teamName, link }, ctx.lang),
  }, now);
}

export interface VerifiedSignup {
  team: Team;
  /** Null for a coach who said they have no child on the team. */
  player: Player | null;
  user: User;
}

const invalidLink = () => new ValidationError(SIGNUP_MESSAGES.invalidLink);

/**
 * Teams named alike get `-2`, `-3` … up to this suffix; a lost commit reads again as many times.
 */
const MAX_SLUG_SUFFIX = 1000;

/** What a verification token holds; `verifiedTeamId` once it has been used (kept so a reopened link can say so). */
interface SignupGrant {
  email: string;
  verifiedTeamId?: string;
}

/**
 * Spends a verification token and creates the team (unique slug), its first player and the
 * admin (who is also that player's parent; no player for a coach without a child on the team)
 * in one atomic commit. A token verifies once; a used one is kept until it would have expired,
 * so opening it again says the address is verified (409) rather than inviting a second signup.
 */
export async function verifySignup(kv: Deno.Kv, token: unknown, now = new Date()): Promise<VerifiedSignup> {
  if (!isTokenShaped(token)) throw invalidLink();
  const tokenHash = await hashToken(token);
  // A lost commit searches on from the slug it tried: another signup may have taken it meanwhile.
  let suffix = 1;
  return await retryOnConflict(async () => {
    const tokenEntry = await getTokenEntry<SignupGrant>(kv, "signup", tokenHash);
    const stored = tokenEntry.value;
    if (stored?.payload.verifiedTeamId) throw new ConflictError(SIGNUP_MESSAGES.alreadyVerified);
    if (!stored || stored.expiresAt <= now.getTime()) throw invalidLink();
    const email = stored.payload.email;
    const pendingEntry = await getPendingSignupEntry<SignupPayload>(kv, email);
    const pending = pendingEntry.value;
    if (!pending || pending.tokenHash !== tokenHash) throw invalidLink();
    const p = pending.payload;
    const base = slugify(p.teamName);
    suffix = await firstFreeSuffix(kv, base, suffix);
    const slug = suffixed(base, suffix);
    const team = buildTeam(
      { name: p.teamName, season: seasonFor(now), ageGroup: p.ageGroup, teamType: p.teamType, orgName: "" },
      slug,
      now,
    );
    // A coach with no child on the team gets no player (a signup stored before the choice existed has one).
    const player = p.hasChildOnTeam === false ? null : buildPlayer(team.id, {
      firstName: p.playerFirstName,
      lastName: p.playerLastName,
      jerseyNumber: p.playerJerseyNumber!,
    }, now);
    // The mailbox owner typed these names just now, so an existing account takes them.
    const account = await readAccountForCommit(kv, email, { firstName: p.firstName, lastName: p.lastName }, now);
    const user = account.user;

    const op = stageSignupCompletion(
      beginChange(kv),
      tokenEntry as Deno.KvEntry<StoredToken<SignupGrant>>,
      pendingEntry as Deno.KvEntry<PendingSignup>,
    );
    const used: StoredToken<SignupGrant> = { ...stored, payload: { email, verifiedTeamId: team.id } };
    stageToken(op, "signup", tokenHash, used, Math.max(1, stored.expiresAt - now.getTime()));
    stageNewTeam(op, team);
    account.stage(op, { firstName: p.firstName, lastName: p.lastName });
    stageMembership(op, {
      userId: user.id,
      teamId: team.id,
      role: "TEAM_ADMIN",
      playerId: null,
      createdAt: now.toISOString(),
    });
    if (player) {
      stagePlayer(op, player);
      stageGuardian(op, team.id, player.id, user.id, now);
      // The admin and their first player are the team's first family.
      await stageFamilyLink(kv, op, team.id, player.id, user.id, now, player.lastName);
    }
    // A renamed existing account shows its new name on its other teams' cached pages at once too.
    const renamed = !account.isNew && (user.firstName !== p.firstName || user.lastName !== p.lastName);
    const otherTeams = renamed ? (await listMemberships(kv, user.id)).map((m) => m.teamId) : [];
    // Something may have changed meanwhile (the slug taken, the token spent): then read again.
    await commitTeamChangeOrConflict(kv, op, [team.id, ...otherTeams]);
    return { team, player, user: { ...user, firstName: p.firstName, lastName: p.lastName } };
  }, {
    attempts: MAX_SLUG_SUFFIX,
    onExhausted: () => {
      throw invalidLink();
    },
  });
}

const suffixed = (base: string, suffix: number) => suffix === 1 ? base : `${base}-${suffix}`;

/** The first suffix from `from` whose slug is free (1 is the bare name); past the last, the link cannot work. */
async function firstFreeSuffix(kv: Deno.Kv, base: string, from: number): Promise<number> {
  for (let suffix = from; suffix <= MAX_SLUG_SUFFIX; suffix++) {
    if (!(await isSlugTaken(kv, suffixed(base, suffix)))) return suffix;
  }
  throw invalidLink();
}
