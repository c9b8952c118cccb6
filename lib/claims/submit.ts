import { ulid } from "ulid";
import type { Team } from "../db/teams.ts";
import { listPlayers, type Player } from "../db/players.ts";
import { type Claim, countPendingClaimsOf, insertPendingClaim, MAX_PENDING_CLAIMS_PER_EMAIL } from "../db/claims.ts";
import { ConflictError, ForbiddenError, NotFoundError, RateLimitError, ValidationError } from "../errors.ts";
import { checkClaim, type ClaimInput } from "./rules.ts";
import { CLAIM_MESSAGES } from "./messages.ts";
import { foldName } from "../text.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { tellTeamAdmins } from "./admin_digest.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";

/** Checks an API body, or throws a ValidationError with the spec's message. */
export function parseClaimInput(body: unknown): ClaimInput {
  const check = checkClaim(body);
  if (!check.ok) throw new ValidationError(check.message, check.fields);
  return check.value;
}

/** How long a refusal for too many pending claims asks the sender to wait (a review takes a while). */
const PENDING_RETRY_SECONDS = 60 * 60;

/** R18: the 429 for an address that already has the most pending claims a team keeps for it. */
export const tooManyPending = (message: string) => new RateLimitError(message, PENDING_RETRY_SECONDS);

/**
 * The team's rules that refuse a claim whatever the roster holds: claims closed, surname
 * claims off, an e-mail outside the allowed domains. Checked before any counter is spent.
 */
function checkTeamRules(team: Team, input: ClaimInput): void {
  const { settings } = team;
  if (!settings.openClaims) throw new ForbiddenError(CLAIM_MESSAGES.closed);
  if (input.mode === "surname" && !settings.allowSurnameFallback) {
    throw new ValidationError(CLAIM_MESSAGES.jerseyOnly, { mode: CLAIM_MESSAGES.jerseyOnly });
  }
  const domains = settings.allowedEmailDomains;
  if (domains.length > 0 && !domains.includes(input.email.split("@")[1])) {
    throw new ForbiddenError(CLAIM_MESSAGES.domain(domains));
  }
}

/**
 * Applies a team's claim settings and records a pending claim for the admin's review.
 * A surname that matches nobody is still recorded, with the same answer, so the form
 * cannot be used to find out which children are on a team: a surname claim's one-open-claim
 * guard is keyed on the surname as typed (folded), never on the player it matched, so a
 * 409 for a second claim cannot tell either.
 */
export async function submitClaim(
  kv: Deno.Kv,
  team: Team,
  input: ClaimInput,
  now = new Date(),
  /** The request's language: the approval's mail is in it (unless the claimant's account chose one). */
  lang: Language = DEFAULT_LANGUAGE,
): Promise<Claim> {
  checkTeamRules(team, input);
  const players = await listPlayers(kv, team.id);
  let matches: Player[];
  let subject: string;
  if (input.mode === "jersey") {
    // Jerseys are public on the roster, so the player a jersey names is no secret.
    matches = players.filter((p) => p.jerseyNumber === input.jerseyNumber);
    if (matches.length === 0) throw new NotFoundError(CLAIM_MESSAGES.noJersey(input.jerseyNumber));
    subject = matches.length === 1 ? `player:${matches[0].id}` : `jersey:${input.jerseyNumber}`;
  } else {
    const surname = foldName(input.childSurname);
    matches = players.filter((p) => foldName(p.lastName) === surname);
    subject = `surname:${surname}`;
  }

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
    language: lang,
  };
  const result = await insertPendingClaim(kv, claim);
  if (result === "duplicate") throw new ConflictError(CLAIM_MESSAGES.duplicate);
  if (result === "limit") throw tooManyPending(CLAIM_MESSAGES.tooManyPending(MAX_PENDING_CLAIMS_PER_EMAIL));
  return claim;
}

const HOUR = 60 * 60 * 1000;
/** Far above a family's normal use (a family's claims an hour, across teams, never meet them). */
export const CLAIM_LIMITS = { perIpPerHour: 60, perEmailPerHour: 30 } as const;

/**
 * Refuses what the team's rules or the pending-claims cap (R18) refuse without spending a
 * counter, then counts the attempt against the per-IP and per-e-mail limits (429 when either
 * is full), then submits the claim and tells the team's admins (their mail links to `appUrl`).
 */
export async function acceptClaim(
  kv: Deno.Kv,
  team: Team,
  input: ClaimInput,
  ip: string,
  appUrl: string,
  now = new Date(),
  lang: Language = DEFAULT_LANGUAGE,
): Promise<Claim> {
  checkTeamRules(team, input);
  if ((await countPendingClaimsOf(kv, team.id, input.email)) >= MAX_PENDING_CLAIMS_PER_EMAIL) {
    throw tooManyPending(CLAIM_MESSAGES.tooManyPending(MAX_PENDING_CLAIMS_PER_EMAIL));
  }
  await consumeRateLimits(
    kv,
    [
      { bucket: "claims-ip", subject: ip, limit: CLAIM_LIMITS.perIpPerHour, windowMs: HOUR },
      { bucket: "claims-email", subject: input.email, limit: CLAIM_LIMITS.perEmailPerHour, windowMs: HOUR },
    ],
    CLAIM_MESSAGES.rateLimited,
    now.getTime(),
  );
  const claim = await submitClaim(kv, team, input, now, lang);
  await tellTeamAdmins(kv, team, { kind: "request", id: claim.id }, appUrl, now);
  return claim;
}
