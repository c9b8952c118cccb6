/**
 * The team admin's roster: the admin view of players, and adding, changing and removing one
 * player. Every change is one atomic commit with its audit entry, through `commitTeamChange`
 * so public roster caches drop.
 */
import {
  buildPlayer,
  countPlayers,
  getPlayerEntry,
  listPlayers,
  MAX_PLAYERS_PER_TEAM,
  type Player,
  type PlayerSummary,
  playerSummary,
  stagePlayer,
  stagePlayerUpdate,
} from "../db/players.ts";
import { stagePlayerRemoval } from "../db/player_removal.ts";
import { getTeamWithRevision } from "../db/teams.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { retryOnConflict } from "../db/change.ts";
import { beginChange } from "../db/kv.ts";
import { JERSEY_MESSAGES, jerseySharers } from "./jerseys.ts";
import { guardiansByPlayer } from "../db/guardians.ts";
import { listParentEmailInvites, type ParentEmailInvite } from "../db/parent_emails.ts";
import type { User } from "../db/users.ts";
import {
  checkNewPlayer as checkNewPlayerInput,
  checkPlayerPatch,
  type NewPlayerInput,
  type PlayerPatch,
} from "./player_schema.ts";
import type { Checked } from "../validation.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

const M = messagesFor("en").adminRosterPage.errors;

/** In English, from the catalogue: the routes answer them in the request's language. */
export const ROSTER_MESSAGES = {
  playerNotFound: M.playerNotFound,
  teamNotFound: M.teamNotFound,
  rosterFull: (adding: number) =>
    format("en", M.rosterFull, { max: String(MAX_PLAYERS_PER_TEAM), adding: String(adding) }),
} as const;

/** Players created this recently carry the 'New!' badge. */
export const NEW_PLAYER_MS = 7 * 24 * 60 * 60 * 1000;

// ---- Input rules: the schemas of player_schema.ts, shared with the edit form and the islands ----

export type { Checked } from "../validation.ts";
export type { NewPlayerInput, PlayerPatch };

const orThrow = <T>(checked: Checked<T>): T => {
  if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
  return checked.value;
};

/** Checks a new player (API body or CSV row). */
export const checkNewPlayer = checkNewPlayerInput;
export const parseNewPlayer = (body: unknown) => orThrow(checkNewPlayerInput(body));
export const parsePlayerPatch = (body: unknown, now: Date) => orThrow(checkPlayerPatch(body, now.getUTCFullYear()));

// ---- The admin view ----

/** A player as the team admin sees them (SPEC.md section 3 plus the admin-entered details). */
export interface AdminPlayer extends PlayerSummary {
  /** True once a parent is linked: an approved claim, the signup admin, or a co-parent who signed in. */
  isApproved: boolean;
  /** Linked parents' e-mails and those listed (CSV) but not yet signed in; sorted, no repeats. */
  parentEmails: string[];
  /** The subset of `parentEmails` not yet linked to an account. */
  invitedParentEmails: string[];
  birthYear: number | null;
  yearsPlaying: number | null;
  stats: Player["stats"];
  /** Created in the last 7 days. */
  isNew: boolean;
  createdAt: string;
  /** The other players wearing this number (empty when it is unique). */
  sharesJerseyWith: string[];
}

export function toAdminPlayer(
  p: Player,
  guardians: User[],
  invites: ParentEmailInvite[],
  now: Date,
  sharesJerseyWith: string[] = [],
): AdminPlayer {
  const linked = guardians.map((u) => u.email);
  const invited = invites.map((i) => i.email).filter((e) => !linked.includes(e));
  return {
    ...playerSummary(p),
    isApproved: guardians.length > 0,
    parentEmails: [...new Set([...linked, ...invited])].sort(),
    invitedParentEmails: [...new Set(invited)].sort(),
    birthYear: p.birthYear,
    yearsPlaying: p.yearsPlaying,
    stats: p.stats,
    isNew: now.getTime() - Date.parse(p.createdAt) < NEW_PLAYER_MS,
    createdAt: p.createdAt,
    sharesJerseyWith,
  };
}

const byJersey = (a: AdminPlayer, b: AdminPlayer) =>
  a.jerseyNumber - b.jerseyNumber || a.firstName.localeCompare(b.firstName, "en") ||
  a.lastName.localeCompare(b.lastName, "en");

/** Every player of a team in the admin view, by jersey number. */
export async function listAdminPlayers(kv: Deno.Kv, teamId: string, now: Date): Promise<AdminPlayer[]> {
  const [players, guardians, invites] = await Promise.all([
    listPlayers(kv, teamId),
    guardiansByPlayer(kv, teamId),
    listParentEmailInvites(kv, teamId),
  ]);
  const sharers = jerseySharers(players);
  return players
    .map((p) =>
      toAdminPlayer(p, guardians.get(p.id) ?? [], invites.filter((i) => i.playerId === p.id), now, sharers.get(p.id))
    )
    .sort(byJersey);
}

async function adminPlayerOf(kv: Deno.Kv, player: Player, now: Date): Promise<AdminPlayer> {
  const [guardians, invites, roster] = await Promise.all([
    guardiansByPlayer(kv, player.teamId, player.id),
    listParentEmailInvites(kv, player.teamId, player.id),
    listPlayers(kv, player.teamId),
  ]);
  const sharers = jerseySharers([...roster.filter((p) => p.id !== player.id), player]);
  return toAdminPlayer(player, guardians.get(player.id) ?? [], invites, now, sharers.get(player.id));
}

/** What the roster calls add to a saved player's answer: a warning when its number is shared. */
export function jerseyWarning(player: AdminPlayer): string | undefined {
  return player.sharesJerseyWith.length > 0
    ? JERSEY_MESSAGES.shared(player.jerseyNumber, player.sharesJerseyWith)
    : undefined;
}

// ---- Changes ----

/**
 * What a roster write that adds players must not race with. Every player change commits
 * through `commitTeamChange`, which rewrites the team revision, so a commit that checks the
 * revision read here lands only if no player was added or removed since the count.
 */
export async function readRosterState(kv: Deno.Kv, teamId: string) {
  const { teamEntry: team, revisionEntry: revision } = await getTeamWithRevision(kv, teamId);
  if (team.versionstamp === null) throw new NotFoundError(ROSTER_MESSAGES.teamNotFound);
  const playerCount = await countPlayers(kv, teamId);
  return { team, revision, playerCount };
}

export function assertRoomFor(playerCount: number, adding: number): void {
  if (playerCount + adding > MAX_PLAYERS_PER_TEAM) throw new ConflictError(ROSTER_MESSAGES.rosterFull(adding));
}

export interface RosterChange {
  kv: Deno.Kv;
  teamId: string;
  /** Who acts, for the audit log. */
  actor: string;
  now: Date;
}

const describe = (p: Pick<Player, "firstName" | "lastName" | "jerseyNumber">) =>
  `${p.firstName} ${p.lastName} #${p.jerseyNumber}`;

export async function addPlayer(change: RosterChange, input: NewPlayerInput): Promise<AdminPlayer> {
  const { kv, teamId, actor, now } = change;
  return await retryOnConflict(async () => {
    const state = await readRosterState(kv, teamId);
    assertRoomFor(state.playerCount, 1);
    const player = buildPlayer(teamId, { ...input, position: input.position ?? null }, now);
    const op = stagePlayer(beginChange(kv).check(state.team).check(state.revision), player);
    stageAuditEntry(
      op,
      { teamId, action: "player.created", targetId: player.id, actor, detail: describe(player) },
      now,
    );
    await commitTeamChangeOrConflict(kv, op, teamId);
    return await adminPlayerOf(kv, player, now);
  }, { attempts: 5 });
}

export async function updatePlayer(change: RosterChange, playerId: string, patch: PlayerPatch): Promise<AdminPlayer> {
  const { kv, teamId, now } = change;
  const entry = await getPlayerEntry(kv, teamId, playerId);
  if (!entry.value) throw new NotFoundError(ROSTER_MESSAGES.playerNotFound);
  const changed = (Object.keys(patch) as (keyof PlayerPatch)[]).filter((k) => patch[k] !== undefined);
  const player: Player = { ...entry.value, ...Object.fromEntries(changed.map((k) => [k, patch[k]])) };
  await savePlayerChange(change, entry as Deno.KvEntry<Player>, player, `: ${changed.join(", ") || "no fields"}`);
  return await adminPlayerOf(kv, player, now);
}

/**
 * Saves a changed player, checked unchanged since `entry` was read, with its audit entry, in
 * one commit that refreshes the team's public pages (admin edits and parents' edits alike).
 */
export async function savePlayerChange(
  change: RosterChange,
  entry: Deno.KvEntry<Player>,
  player: Player,
  detailSuffix = "",
): Promise<void> {
  const { kv, teamId, actor, now } = change;
  const op = stagePlayerUpdate(beginChange(kv), entry, player);
  stageAuditEntry(op, {
    teamId,
    action: "player.updated",
    targetId: player.id,
    actor,
    detail: `${describe(player)}${detailSuffix}`,
  }, now);
  await commitTeamChangeOrConflict(kv, op, teamId);
}

/**
 * Removes a player with its guardian links and listed parent e-mails. Edit links
 * and edit sessions for the player stay until they expire; both check that the player still
 * exists. Claims keep their history and can no longer be approved for this player.
 */
export async function removePlayer(change: RosterChange, playerId: string): Promise<void> {
  const { kv, teamId, actor, now } = change;
  const entry = await getPlayerEntry(kv, teamId, playerId);
  if (!entry.value) throw new NotFoundError(ROSTER_MESSAGES.playerNotFound);
  const op = beginChange(kv);
  const links = await stagePlayerRemoval(kv, op, entry as Deno.KvEntry<Player>);
  stageAuditEntry(op, {
    teamId,
    action: "player.deleted",
    targetId: playerId,
    actor,
    detail: `${describe(entry.value)} (${links} parent links removed)`,
  }, now);
  await commitTeamChangeOrConflict(kv, op, teamId);
}
