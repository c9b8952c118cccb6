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
import { ConflictError, ForbiddenError, NotFoundError, RateLimitError, ValidationError } from "../errors.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { foldName } from "../text.ts";
import { JOIN_MESSAGES, type JoinRequestInput, type PlayerIdentity } from "./rules.ts";
import { countJoinLinkUseOf } from "./links.ts";
import { CLAIM_MESSAGES, tellTeamAdmins } from "../claims/mod.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";

const HOUR = 60 * 60 * 1000;

/** How the team was named: by its invite code (a secret) or by its public slug or id. */
export type JoinAccess = "code" | "public";

/** The roster players with this jersey (when known) and last name (accents and case ignored). */
async function matchingPlayers(kv: Deno.Kv, teamId: string, who: Omit<PlayerIdentity, "userType">) {
  const surname = foldName(who.lastName);
  return (await listPlayers(kv, teamId)).filter((p) =>
    (who.mode === "surname" || p.jerseyNumber === who.jerseyNumber) && foldName(p.lastName) === surname
  );
}

/**
 * By surname ("I don't know the jersey number") the roster claim's rule applies: only where the
 * team allows surname claims, with the claim's message. Checked before anything is counted.
 */
function checkSurnameAllowed(team: Team, who: { mode: PlayerIdentity["mode"] }): void {
  if (who.mode === "surname" && !team.settings.allowSurnameFallback) {
    throw new ValidationError(CLAIM_MESSAGES.jerseyOnly, { mode: CLAIM_MESSAGES.jerseyOnly });
  }
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
 * yes/no answer about a jersey and a surname must not be asked at machine speed. By slug, or by
 * surname alone (as a surname claim, it never says whether a child of that name is on the team),
 * it looks nothing up and spends nothing: the answer is "a team admin will check".
 */
export async function verifyPlayer(
  kv: Deno.Kv,
  team: Team,
  who: PlayerIdentity,
  ip: string,
  access: JoinAccess,
  now = new Date(),
): Promise<Verification> {
  checkSurnameAllowed(team, who);
  if (access === "public" || who.mode === "surname") return { found: null };
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
 * Records a join request and tells the team's admins (their mail links to `appUrl`). By invite
 * code and jersey the player must be on the roster (404 otherwise); by slug, or by surname alone,
 * the request is kept with whichever players it matched (none, one, or several), with the same
 * answer, and its one-open-request guard is keyed on what was typed rather than on the player.
 */
export async function submitJoinRequest(
  kv: Deno.Kv,
  team: Team,
  input: JoinRequestInput,
  ip: string,
  access: JoinAccess,
  appUrl: string,
  now = new Date(),
  /** The request's language: the approval's mail is in it (unless the requester's account chose one). */
  lang: Language = DEFAULT_LANGUAGE,
): Promise<Claim> {
  checkSurnameAllowed(team, input);
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
  const who = { mode: input.mode, jerseyNumber: input.jerseyNumber, lastName: input.playerLastName };
  const matches = await matchingPlayers(kv, team.id, who);
  const confirmed = access === "code" && input.mode === "jersey";
  if (confirmed && matches.length === 0) throw new NotFoundError(JOIN_MESSAGES.playerNotFound);
  const player = matches.length === 1 ? matches[0] : null;
  const typed = foldName(input.playerLastName);
  const claim: Claim = {
    id: ulid(now.getTime()),
    teamId: team.id,
    kind: "join",
    userType: input.userType,
    requesterFirstName: input.firstName,
    requesterLastName: input.lastName,
    mode: input.mode,
    jerseyNumber: input.jerseyNumber,
    childSurname: confirmed ? null : input.playerLastName,
    email: input.email,
    note: "",
    status: "pending",
    playerIds: matches.map((p) => p.id),
    playerName: player ? `${player.firstName} ${player.lastName}` : null,
    parentName: `${input.firstName} ${input.lastName}`,
    subject: confirmed && player
      ? `join:${input.userType}:${player.id}`
      : input.mode === "surname"
      ? `join:${input.userType}:surname:${typed}`
      : `join:${input.userType}:${input.jerseyNumber}:${typed}`,
    createdAt: now.toISOString(),
    decidedAt: null,
    language: lang,
  };
  const result = await insertPendingClaim(kv, claim);
  if (result === "duplicate") throw new ConflictError(JOIN_MESSAGES.duplicate);
  if (result === "limit") throw tooMany();
  // The invite link's "Used N times" counts requests sent through it, not opens of the page.
  if (access === "code") await countJoinLinkUseOf(kv, team.id, now);
  await tellTeamAdmins(kv, team, { kind: "request", id: claim.id }, appUrl, now);
  return claim;
}
