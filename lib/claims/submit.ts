import { ulid } from "ulid";
import type { Team } from "../db/teams.ts";
import { listPlayers, type Player } from "../db/players.ts";
import { type Claim, insertPendingClaim } from "../db/claims.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { checkClaim, CLAIM_MESSAGES, type ClaimInput } from "./rules.ts";
import { foldName } from "../text.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";

/** Checks an API body, or throws a ValidationError with the spec's message. */
export function parseClaimInput(body: unknown): ClaimInput {
  const check = checkClaim(body);
  if (!check.ok) throw new ValidationError(check.message, check.fields);
  return check.value;
}

/**
 * Applies a team's claim settings and records a pending claim for the admin's review.
 * A surname that matches nobody is still recorded, with the same answer, so the form
 * cannot be used to find out which children are on a team.
 */
export async function submitClaim(
  kv: Deno.Kv,
  team: Team,
  input: ClaimInput,
  now = new Date(),
): Promise<Claim> {
  const { settings } = team;
  if (!settings.openClaims) throw new ForbiddenError(CLAIM_MESSAGES.closed);
  if (input.mode === "surname" && !settings.allowSurnameFallback) {
    throw new ValidationError(CLAIM_MESSAGES.jerseyOnly, { mode: CLAIM_MESSAGES.jerseyOnly });
  }
  const domains = settings.allowedEmailDomains;
  if (domains.length > 0 && !domains.includes(input.email.split("@")[1])) {
    throw new ForbiddenError(CLAIM_MESSAGES.domain(domains));
  }

  const players = await listPlayers(kv, team.id);
  let matches: Player[];
  let subject: string;
  if (input.mode === "jersey") {
    matches = players.filter((p) => p.jerseyNumber === input.jerseyNumber);
    if (matches.length === 0) throw new NotFoundError(CLAIM_MESSAGES.noJersey(input.jerseyNumber));
    subject = `jersey:${input.jerseyNumber}`;
  } else {
    const surname = foldName(input.childSurname);
    matches = players.filter((p) => foldName(p.lastName) === surname);
    subject = `surname:${surname}`;
  }
  if (matches.length === 1) subject = `player:${matches[0].id}`;

  const claim: Claim = {
    id: ulid(now.getTime()),
    teamId: team.id,
    mode: input.mode,
    jerseyNumber: input.mode === "jersey" ? input.jerseyNumber : null,
    childSurname: input.mode === "surname" ? input.childSurname : null,
    email: input.email,
    note: input.note,
    status: "pending",
    playerIds: matches.map((p) => p.id),
    playerName: matches.length === 1 ? `${matches[0].firstName} ${matches[0].lastName}` : null,
    parentName: null,
    subject,
    createdAt: now.toISOString(),
    decidedAt: null,
  };
  if (!(await insertPendingClaim(kv, claim))) throw new ConflictError(CLAIM_MESSAGES.duplicate);
  return claim;
}

const HOUR = 60 * 60 * 1000;
/** Far above a family's normal use (20 claims an hour from one address never meets them). */
export const CLAIM_LIMITS = { perIpPerHour: 60, perEmailPerHour: 30 } as const;

/**
 * Counts the attempt against the per-IP and per-e-mail limits (429 when either is full),
 * then submits the claim.
 */
export async function acceptClaim(
  kv: Deno.Kv,
  team: Team,
  input: ClaimInput,
  ip: string,
  now = new Date(),
): Promise<Claim> {
  await consumeRateLimits(
    kv,
    [
      { bucket: "claims-ip", subject: ip, limit: CLAIM_LIMITS.perIpPerHour, windowMs: HOUR },
      { bucket: "claims-email", subject: input.email, limit: CLAIM_LIMITS.perEmailPerHour, windowMs: HOUR },
    ],
    CLAIM_MESSAGES.rateLimited,
    now.getTime(),
  );
  return await submitClaim(kv, team, input, now);
}
