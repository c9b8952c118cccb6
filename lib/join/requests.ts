/**
 * Join requests from an invite link. They wait in the claims queue (kind "join") for a team
 * admin, who approves them like claims: membership, and a sign-in link by e-mail.
 */
import { ulid } from "ulid";
import type { Team } from "../db/teams.ts";
import { listPlayers, type Player } from "../db/players.ts";
import { type Claim, insertPendingClaim } from "../db/claims.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { foldName } from "../text.ts";
import { JOIN_MESSAGES, type JoinRequestInput, type PlayerIdentity } from "./rules.ts";

const HOUR = 60 * 60 * 1000;

/** The roster player with this jersey and last name (accents and case ignored), if any. */
export async function findPlayer(kv: Deno.Kv, teamId: string, who: Omit<PlayerIdentity, "userType">) {
  const surname = foldName(who.lastName);
  return (await listPlayers(kv, teamId)).find((p) =>
    p.jerseyNumber === who.jerseyNumber && foldName(p.lastName) === surname
  ) ?? null;
}

/** How the join page names the found player: first name and last initial, as the public roster does. */
export const shortName = (p: Player) => `${p.firstName} ${p.lastName.charAt(0)}.`;

/**
 * The identify step's check. Counted per IP, since a yes/no answer about a jersey and a
 * surname must not be asked at machine speed.
 */
export async function verifyPlayer(
  kv: Deno.Kv,
  team: Team,
  who: PlayerIdentity,
  ip: string,
  now = new Date(),
): Promise<Player | null> {
  await consumeRateLimits(
    kv,
    [{ bucket: "verify-player-ip", subject: ip, limit: 30, windowMs: HOUR }],
    JOIN_MESSAGES.rateLimited,
    now.getTime(),
  );
  return await findPlayer(kv, team.id, who);
}

export async function submitJoinRequest(
  kv: Deno.Kv,
  team: Team,
  input: JoinRequestInput,
  ip: string,
  now = new Date(),
): Promise<Claim> {
  await consumeRateLimits(
    kv,
    [
      { bucket: "join-ip", subject: ip, limit: 30, windowMs: HOUR },
      { bucket: "join-email", subject: input.email, limit: 10, windowMs: HOUR },
    ],
    JOIN_MESSAGES.rateLimited,
    now.getTime(),
  );
  const domains = team.settings.allowedEmailDomains;
  if (domains.length > 0 && !domains.includes(input.email.split("@")[1])) {
    throw new ForbiddenError(JOIN_MESSAGES.domain(domains));
  }
  const player = await findPlayer(kv, team.id, { jerseyNumber: input.jerseyNumber, lastName: input.playerLastName });
  if (!player) throw new NotFoundError(JOIN_MESSAGES.playerNotFound);
  const claim: Claim = {
    id: ulid(now.getTime()),
    teamId: team.id,
    kind: "join",
    userType: input.userType,
    requesterFirstName: input.firstName,
    requesterLastName: input.lastName,
    mode: "jersey",
    jerseyNumber: input.jerseyNumber,
    childSurname: null,
    email: input.email,
    note: "",
    status: "pending",
    playerIds: [player.id],
    playerName: `${player.firstName} ${player.lastName}`,
    parentName: `${input.firstName} ${input.lastName}`,
    subject: `join:${input.userType}:${player.id}`,
    createdAt: now.toISOString(),
    decidedAt: null,
  };
  if (!(await insertPendingClaim(kv, claim))) throw new ConflictError(JOIN_MESSAGES.duplicate);
  return claim;
}
