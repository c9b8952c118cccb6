/**
 * Join requests from an invite link. They wait in the claims queue (kind "join") for a team
 * admin, who approves them like claims: membership, and a sign-in link by e-mail.
 *
 * Who may learn whether a jersey and a surname belong to a child on the team: only someone
 * holding the team's invite code. Opened by slug or id (public), the identify step and the
 * request answer the same for a match and a miss, and the admin decides, as with surname claims.
 */
import { ulid } from "ulid";
import type { Team } from "../db/teams.ts";
import { listPlayers, type Player } from "../db/players.ts";
import { type Claim, countPendingClaimsOf, insertPendingClaim, MAX_PENDING_CLAIMS_PER_EMAIL } from "../db/claims.ts";
import { ConflictError, ForbiddenError, NotFoundError, RateLimitError } from "../errors.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { foldName } from "../text.ts";
import { JOIN_MESSAGES, type JoinRequestInput, type PlayerIdentity } from "./rules.ts";

const HOUR = 60 * 60 * 1000;

/** How the team was named: by its invite code (a secret) or by its public slug or id. */
export type JoinAccess = "code" | "public";

/** The roster players with this jersey and last name (accents and case ignored). */
async function matchingPlayers(kv: Deno.Kv, teamId: string, who: Omit<PlayerIdentity, "userType">) {
  const surname = foldName(who.lastName);
  return (await listPlayers(kv, teamId)).filter((p) =>
    p.jerseyNumber === who.jerseyNumber && foldName(p.lastName) === surname
  );
}

/** The roster player with this jersey and last name (accents and case ignored), if any. */
export async function findPlayer(kv: Deno.Kv, teamId: string, who: Omit<PlayerIdentity, "userType">) {
  return (await matchingPlayers(kv, teamId, who))[0] ?? null;
}

/** How the join page names the found player: first name and last initial, as the public roster does. */
export const shortName = (p: Player) => `${p.firstName} ${p.lastName.charAt(0)}.`;

/** What the identify step learns: the player (by invite code), or nothing either way (by slug). */
export type Verification = { found: true; player: Player } | { found: false } | { found: null };

/**
 * The identify step's check. By invite code it looks the player up, counted per IP, since a
 * yes/no answer about a jersey and a surname must not be asked at machine speed. By slug it
 * looks nothing up and spends nothing: the answer is "a team admin will check".
 */
export async function verifyPlayer(
  kv: Deno.Kv,
  team: Team,
  who: PlayerIdentity,
  ip: string,
  access: JoinAccess,
  now = new Date(),
): Promise<Verification> {
  if (access === "public") return { found: null };
  await consumeRateLimits(
    kv,
    [{ bucket: "verify-player-ip", subject: ip, limit: 30, windowMs: HOUR }],
    JOIN_MESSAGES.rateLimited,
    now.getTime(),
  );
  const player = await findPlayer(kv, team.id, who);
  return player ? { found: true, player } : { found: false };
}

/**
 * Records a join request. By invite code the player must be on the roster (404 otherwise); by
 * slug the request is kept with whichever players it matched (none, or one), with the same
 * answer, and its one-open-request guard is keyed on what was typed rather than on the player.
 */
export async function submitJoinRequest(
  kv: Deno.Kv,
  team: Team,
  input: JoinRequestInput,
  ip: string,
  access: JoinAccess,
  now = new Date(),
): Promise<Claim> {
  const domains = team.settings.allowedEmailDomains;
  if (domains.length > 0 && !domains.includes(input.email.split("@")[1])) {
    throw new ForbiddenError(JOIN_MESSAGES.domain(domains));
  }
  const tooMany = () => new RateLimitError(JOIN_MESSAGES.tooManyPending(MAX_PENDING_CLAIMS_PER_EMAIL), 60 * 60);
  if ((await countPendingClaimsOf(kv, team.id, input.email)) >= MAX_PENDING_CLAIMS_PER_EMAIL) throw tooMany();
  await consumeRateLimits(
    kv,
    [
      { bucket: "join-ip", subject: ip, limit: 30, windowMs: HOUR },
      { bucket: "join-email", subject: input.email, limit: 10, windowMs: HOUR },
    ],
    JOIN_MESSAGES.rateLimited,
    now.getTime(),
  );
  const who = { jerseyNumber: input.jerseyNumber, lastName: input.playerLastName };
  const matches = await matchingPlayers(kv, team.id, who);
  if (access === "code" && matches.length === 0) throw new NotFoundError(JOIN_MESSAGES.playerNotFound);
  const player = matches.length === 1 ? matches[0] : null;
  const claim: Claim = {
    id: ulid(now.getTime()),
    teamId: team.id,
    kind: "join",
    userType: input.userType,
    requesterFirstName: input.firstName,
    requesterLastName: input.lastName,
    mode: "jersey",
    jerseyNumber: input.jerseyNumber,
    childSurname: access === "public" ? input.playerLastName : null,
    email: input.email,
    note: "",
    status: "pending",
    playerIds: matches.map((p) => p.id),
    playerName: player ? `${player.firstName} ${player.lastName}` : null,
    parentName: `${input.firstName} ${input.lastName}`,
    subject: access === "code" && player
      ? `join:${input.userType}:${player.id}`
      : `join:${input.userType}:${input.jerseyNumber}:${foldName(input.playerLastName)}`,
    createdAt: now.toISOString(),
    decidedAt: null,
  };
  const result = await insertPendingClaim(kv, claim);
  if (result === "duplicate") throw new ConflictError(JOIN_MESSAGES.duplicate);
  if (result === "limit") throw tooMany();
  return claim;
}
