/**
 * The team admin's roster: the admin view of players, and adding, changing and removing one
 * player. Every change is one atomic commit with its audit entry, through `commitTeamChange`
 * so public roster caches drop.
 */
import { z } from "zod";
import { keys } from "../db/keys.ts";
import { buildPlayer, listPlayers, MAX_PLAYERS_PER_TEAM, type Player } from "../db/players.ts";
import { addAuditEntry } from "../db/audit.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { countKeys } from "../db/kv.ts";
import { guardiansByPlayer } from "../db/guardians.ts";
import { listParentEmailInvites, type ParentEmailInvite, parentEmailInviteKeys } from "../db/parent_emails.ts";
import type { User } from "../db/users.ts";
import { MAX_PLAYER_NAME_LENGTH, MAX_POSITION_LENGTH, PLAYER_MESSAGES } from "./player_rules.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { cleanText } from "../text.ts";

export const ROSTER_MESSAGES = {
  playerNotFound: "Player not found",
  teamNotFound: "Team not found",
  rosterFull: (adding: number) =>
    `A team can have at most ${MAX_PLAYERS_PER_TEAM} players; adding ${adding} would go over. ` +
    "Remove players before adding more.",
  birthYear: (maxYear: number) => `Birth year must be between 1990 and ${maxYear}`,
  yearsPlaying: "Years playing must be between 0 and 30",
  stats: "Games, goals and assists must be whole numbers from 0 to 999",
  position: "Position must be text",
} as const;

/** Players created this recently carry the 'New!' badge. */
export const NEW_PLAYER_MS = 7 * 24 * 60 * 60 * 1000;

// ---- Input rules (SPEC.md section 5, edit form) ----

/** Names keep single spaces: a line break inside a quoted CSV cell is not part of a name. */
const nameField = (required: string, label: string) =>
  z.string({ error: required }).transform((v) => cleanText(v).replace(/\s+/g, " "))
    .pipe(
      z.string().min(1, required).max(MAX_PLAYER_NAME_LENGTH, PLAYER_MESSAGES.tooLong(label, MAX_PLAYER_NAME_LENGTH)),
    );

/** An integer, or a string of digits (CSV cells); anything else fails the jersey rule. */
const jerseyField = z.unknown()
  .transform((v) => typeof v === "number" ? v : typeof v === "string" && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : NaN)
  .pipe(z.int({ error: PLAYER_MESSAGES.jersey }).min(0, PLAYER_MESSAGES.jersey).max(99, PLAYER_MESSAGES.jersey));

/** Blank means no position. */
const positionField = z.union([z.string(), z.null()], { error: ROSTER_MESSAGES.position })
  .transform((v) => v === null ? null : cleanText(v) || null)
  .pipe(
    z.string().max(MAX_POSITION_LENGTH, PLAYER_MESSAGES.tooLong("Position", MAX_POSITION_LENGTH)).nullable(),
  );

const statCount = z.int({ error: ROSTER_MESSAGES.stats }).min(0, ROSTER_MESSAGES.stats).max(999, ROSTER_MESSAGES.stats);

const newPlayerSchema = z.strictObject({
  firstName: nameField(PLAYER_MESSAGES.firstName, "First name"),
  lastName: nameField(PLAYER_MESSAGES.lastName, "Last name"),
  jerseyNumber: jerseyField,
  position: positionField.optional(),
});

function playerPatchSchema(maxBirthYear: number) {
  const birthYear = ROSTER_MESSAGES.birthYear(maxBirthYear);
  return z.strictObject({
    firstName: nameField(PLAYER_MESSAGES.firstName, "First name").optional(),
    lastName: nameField(PLAYER_MESSAGES.lastName, "Last name").optional(),
    jerseyNumber: jerseyField.optional(),
    position: positionField.optional(),
    stats: z.strictObject({ gamesPlayed: statCount, goals: statCount, assists: statCount }, {
      error: ROSTER_MESSAGES.stats,
    }).nullable().optional(),
    birthYear: z.int({ error: birthYear }).min(1990, birthYear).max(maxBirthYear, birthYear).nullable().optional(),
    yearsPlaying: z.int({ error: ROSTER_MESSAGES.yearsPlaying }).min(0, ROSTER_MESSAGES.yearsPlaying)
      .max(30, ROSTER_MESSAGES.yearsPlaying).nullable().optional(),
  });
}

export type NewPlayerInput = z.infer<typeof newPlayerSchema>;
export type PlayerPatch = z.infer<ReturnType<typeof playerPatchSchema>>;

export type Checked<T> = { ok: true; value: T } | { ok: false; messages: string[]; fields: Record<string, string> };

/** Runs a strict schema; unknown fields are named first, since they mean the caller is wrong. */
function check<T>(schema: z.ZodType<T>, body: unknown): Checked<T> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, messages: [PLAYER_MESSAGES.body], fields: {} };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const messages: string[] = [];
  const fields: Record<string, string> = {};
  const issues = [...parsed.error.issues].sort((a, b) =>
    Number(b.code === "unrecognized_keys") - Number(a.code === "unrecognized_keys")
  );
  for (const issue of issues) {
    const path = issue.path.join(".");
    const message = issue.code === "unrecognized_keys"
      ? PLAYER_MESSAGES.unknownField([...issue.path, issue.keys[0]].join("."))
      : issue.message;
    if (!messages.includes(message)) messages.push(message);
    if (path && !fields[path]) fields[path] = message;
  }
  return { ok: false, messages, fields };
}

const orThrow = <T>(checked: Checked<T>): T => {
  if (!checked.ok) throw new ValidationError(checked.messages[0], checked.fields);
  return checked.value;
};

/** Checks a new player (API body or CSV row) and returns every problem. */
export const checkNewPlayer = (body: unknown) => check(newPlayerSchema, body);
export const parseNewPlayer = (body: unknown) => orThrow(checkNewPlayer(body));
export const parsePlayerPatch = (body: unknown, now: Date) =>
  orThrow(check(playerPatchSchema(now.getUTCFullYear()), body));

// ---- The admin view ----

/** A player as the team admin sees them (SPEC.md section 3 plus the admin-entered details). */
export interface AdminPlayer {
  id: string;
  firstName: string;
  lastName: string;
  jerseyNumber: number;
  position: string | null;
  photoUrl: string | null;
  photoUrlSmall: string | null;
  photoUrlMedium: string | null;
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
}

export function toAdminPlayer(p: Player, guardians: User[], invites: ParentEmailInvite[], now: Date): AdminPlayer {
  const linked = guardians.map((u) => u.email);
  const invited = invites.map((i) => i.email).filter((e) => !linked.includes(e));
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    jerseyNumber: p.jerseyNumber,
    position: p.position,
    photoUrl: p.photoUrl,
    photoUrlSmall: p.photoUrlSmall,
    photoUrlMedium: p.photoUrlMedium,
    isApproved: guardians.length > 0,
    parentEmails: [...new Set([...linked, ...invited])].sort(),
    invitedParentEmails: [...new Set(invited)].sort(),
    birthYear: p.birthYear,
    yearsPlaying: p.yearsPlaying,
    stats: p.stats,
    isNew: now.getTime() - Date.parse(p.createdAt) < NEW_PLAYER_MS,
    createdAt: p.createdAt,
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
  return players
    .map((p) => toAdminPlayer(p, guardians.get(p.id) ?? [], invites.filter((i) => i.playerId === p.id), now))
    .sort(byJersey);
}

async function adminPlayerOf(kv: Deno.Kv, player: Player, now: Date): Promise<AdminPlayer> {
  const [guardians, invites] = await Promise.all([
    guardiansByPlayer(kv, player.teamId, player.id),
    listParentEmailInvites(kv, player.teamId, player.id),
  ]);
  return toAdminPlayer(player, guardians.get(player.id) ?? [], invites, now);
}

// ---- Changes ----

/**
 * What a roster write that adds players must not race with. Every player change commits
 * through `commitTeamChange`, which rewrites the team revision, so a commit that checks the
 * revision read here lands only if no player was added or removed since the count.
 */
export async function readRosterState(kv: Deno.Kv, teamId: string) {
  const [team, revision] = await kv.getMany([keys.team(teamId), keys.teamRevision(teamId)]);
  if (team.versionstamp === null) throw new NotFoundError(ROSTER_MESSAGES.teamNotFound);
  const playerCount = await countKeys(kv, keys.teamPlayers(teamId), MAX_PLAYERS_PER_TEAM + 1);
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
  for (let attempt = 0; attempt < 5; attempt++) {
    const state = await readRosterState(kv, teamId);
    assertRoomFor(state.playerCount, 1);
    const player = buildPlayer(teamId, { ...input, position: input.position ?? null }, now);
    const op = kv.atomic().check(state.team).check(state.revision).set(keys.player(teamId, player.id), player);
    addAuditEntry(op, { teamId, action: "player.created", targetId: player.id, actor, detail: describe(player) }, now);
    if ((await commitTeamChange(kv, op, teamId)).ok) return toAdminPlayer(player, [], [], now);
  }
  throw new ConflictError();
}

export async function updatePlayer(change: RosterChange, playerId: string, patch: PlayerPatch): Promise<AdminPlayer> {
  const { kv, teamId, actor, now } = change;
  const entry = await kv.get<Player>(keys.player(teamId, playerId));
  if (!entry.value) throw new NotFoundError(ROSTER_MESSAGES.playerNotFound);
  const changed = (Object.keys(patch) as (keyof PlayerPatch)[]).filter((k) => patch[k] !== undefined);
  const player: Player = { ...entry.value, ...Object.fromEntries(changed.map((k) => [k, patch[k]])) };
  const op = kv.atomic().check(entry).set(entry.key, player);
  addAuditEntry(op, {
    teamId,
    action: "player.updated",
    targetId: playerId,
    actor,
    detail: `${describe(player)}: ${changed.join(", ") || "no fields"}`,
  }, now);
  if (!(await commitTeamChange(kv, op, teamId)).ok) throw new ConflictError();
  return await adminPlayerOf(kv, player, now);
}

/**
 * Removes a player with its guardian links (both keys) and listed parent e-mails. Edit links
 * and edit sessions for the player stay until they expire; both check that the player still
 * exists. Claims keep their history and can no longer be approved for this player.
 */
export async function removePlayer(change: RosterChange, playerId: string): Promise<void> {
  const { kv, teamId, actor, now } = change;
  const entry = await kv.get<Player>(keys.player(teamId, playerId));
  if (!entry.value) throw new NotFoundError(ROSTER_MESSAGES.playerNotFound);
  // Twin keys come from the keys themselves, so a record with a damaged value still goes.
  const linkKeys: Deno.KvKey[] = [];
  for await (const link of kv.list({ prefix: keys.playerGuardians(teamId, playerId) })) {
    linkKeys.push(link.key, keys.guardianPlayer(teamId, link.key[3] as string, playerId));
  }
  const inviteKeys: Deno.KvKey[] = [];
  for await (const invite of kv.list({ prefix: keys.playerParentEmails(teamId, playerId) })) {
    inviteKeys.push(...parentEmailInviteKeys({ teamId, playerId, email: invite.key[3] as string }));
  }
  const op = kv.atomic().check(entry).delete(entry.key);
  for (const key of [...linkKeys, ...inviteKeys]) op.delete(key);
  addAuditEntry(op, {
    teamId,
    action: "player.deleted",
    targetId: playerId,
    actor,
    detail: `${describe(entry.value)} (${linkKeys.length / 2} parent links removed)`,
  }, now);
  if (!(await commitTeamChange(kv, op, teamId)).ok) throw new ConflictError();
}
