/**
 * Families: a team's households (SPEC.md section 3), Meet Your Soccer Family's data, and the
 * `/api/public/teams/{id}…` and `/api/public/families/{familyId}/members` answers. 'public' is
 * the spec's name for them, not a licence: without a session of the team only what the public
 * roster shows; parents, families and members need one; e-mails and phones only reach the
 * team's admins and the parent themselves.
 */
import { listTeams, publicTeam, resolveTeam } from "../db/teams.ts";
import { hasRun, markRun } from "../db/migrations.ts";
import { listPlayersPage } from "../db/players.ts";
import { stageGuardian } from "../db/guardians.ts";
import {
  getFamily,
  getFamilyIdOf,
  listFamiliesPage,
  listFamilyMembersPage,
  stageFamilyLink,
  teamIdOfFamily,
} from "../db/families.ts";
import { beginChange, type Page, type PageOptions } from "../db/kv.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { loadPublicRoster } from "../roster/mod.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import type { TeamViewer } from "../team_viewer.ts";
import { FAMILY_TEXTS } from "./rules.ts";
import {
  detailedParent,
  detailedPlayer,
  loadTeamPeople,
  pageById,
  personRef,
  playerRef,
  soccerFamilyOf,
  teamParent,
  teamPlayer,
} from "./people.ts";
import type {
  DetailedFamilyMember,
  FamilyMemberLinkView,
  FamilySummary,
  FamilyView,
  SoccerFamily,
  TeamParent,
  TeamPlayer,
} from "./types.ts";

export type * from "./types.ts";
export { FAMILY_TEXTS, familyHref, NEW_MEMBER_DAYS } from "./rules.ts";

/** Meet Your Soccer Family for one viewer of the team (the family dashboard's section). */
export async function loadSoccerFamily(kv: Deno.Kv, viewer: TeamViewer, now: Date): Promise<SoccerFamily> {
  return soccerFamilyOf(await loadTeamPeople(kv, viewer.teamId), viewer, now);
}

/**
 * What the family dashboard page reads of the team's people, in one read: the team, the Soccer
 * Family as the viewer sees it, every player (creation order) and the ids of the viewer's own
 * children.
 */
export async function loadTeamFamilyView(kv: Deno.Kv, viewer: TeamViewer, now: Date) {
  const people = await loadTeamPeople(kv, viewer.teamId);
  return {
    team: people.team,
    family: soccerFamilyOf(people, viewer, now),
    players: people.players,
    ownPlayerIds: new Set(viewer.userId ? people.childrenOf.get(viewer.userId) ?? [] : []),
  };
}

/** `GET /api/public/teams/{id}`: the team as its public roster names it (id or slug). */
export async function getPublicTeam(kv: Deno.Kv, teamKey: string) {
  const team = await resolveTeam(kv, teamKey);
  if (!team) throw new NotFoundError(FAMILY_TEXTS.teamNotFound);
  return publicTeam(team);
}

/**
 * `GET /api/public/teams/{id}/players`: a page of players in creation order. A person of the
 * team (`viewer`) sees every field, isNew and the parents; anyone else what the public roster
 * shows (its visibility settings applied, through the roster's own rules).
 */
export async function listTeamPlayers(
  kv: Deno.Kv,
  teamId: string,
  viewer: TeamViewer | null,
  options: PageOptions,
  now: Date,
): Promise<Page<unknown>> {
  const page = await listPlayersPage(kv, teamId, options);
  if (viewer) {
    const people = await loadTeamPeople(kv, teamId);
    const values: TeamPlayer[] = page.values.map((p) => teamPlayer(p, people, now));
    return { values, cursor: page.cursor };
  }
  const roster = await loadPublicRoster(kv, teamId, now);
  if (!roster) throw new NotFoundError(FAMILY_TEXTS.teamNotFound);
  const shown = new Map(roster.players.map((p) => [p.id, p]));
  return { values: page.values.flatMap((p) => shown.get(p.id) ?? []), cursor: page.cursor };
}

/** `GET /api/public/teams/{id}/parents`: a page of the team's parents (SPEC.md's Parent), by id. */
export async function listTeamParents(
  kv: Deno.Kv,
  viewer: TeamViewer,
  options: PageOptions,
  now: Date,
): Promise<Page<TeamParent>> {
  const people = await loadTeamPeople(kv, viewer.teamId);
  const page = pageById(people.parents, options);
  return { values: page.values.map((u) => teamParent(u, people, viewer, now)), cursor: page.cursor };
}

/** `GET /api/public/teams/{id}/families`: a page of the team's families with their members. */
export async function listTeamFamilies(
  kv: Deno.Kv,
  viewer: TeamViewer,
  options: PageOptions,
): Promise<Page<FamilyView>> {
  const [page, people] = await Promise.all([
    listFamiliesPage(kv, viewer.teamId, options),
    loadTeamPeople(kv, viewer.teamId),
  ]);
  const membersOf = new Map<string, FamilyMemberLinkView[]>();
  for (const [key, familyId] of people.familyOf) {
    const [type, id] = key.split(":");
    const player = type === "player" ? people.playersById.get(id) : undefined;
    const parent = type === "parent" ? people.parentsById.get(id) : undefined;
    if (!player && !parent) continue;
    const link: FamilyMemberLinkView = {
      memberId: id,
      memberType: player ? "player" : "parent",
      relationship: player ? "Child" : "Parent",
      player: player ? playerRef(player) : null,
      parent: parent ? personRef(parent) : null,
    };
    membersOf.set(familyId, [...membersOf.get(familyId) ?? [], link]);
  }
  return {
    values: page.values.map((f) => ({ id: f.id, familyName: f.familyName, members: membersOf.get(f.id) ?? [] })),
    cursor: page.cursor,
  };
}

/** The team a family id belongs to, or null when it cannot be a family id (the caller answers 404). */
export const familyTeamId = (familyId: string): string | null => teamIdOfFamily(familyId);

/**
 * `GET /api/public/families/{familyId}/members`: a page of one family's detailed members for a
 * viewer of its team (the caller checked the viewer's team is the family's).
 */
export async function listFamilyMembers(
  kv: Deno.Kv,
  viewer: TeamViewer,
  familyId: string,
  options: PageOptions,
  now: Date,
): Promise<Page<DetailedFamilyMember> & { family: FamilySummary }> {
  const family = teamIdOfFamily(familyId) === viewer.teamId ? await getFamily(kv, viewer.teamId, familyId) : null;
  if (!family) throw new NotFoundError(FAMILY_TEXTS.familyNotFound);
  const [page, people] = await Promise.all([
    listFamilyMembersPage(kv, viewer.teamId, familyId, options),
    loadTeamPeople(kv, viewer.teamId),
  ]);
  const values = page.values.flatMap((link): DetailedFamilyMember[] => {
    if (link.memberType === "player") {
      const player = people.playersById.get(link.memberId);
      return player ? [detailedPlayer(player, now)] : [];
    }
    const parent = people.parentsById.get(link.memberId);
    return parent ? [detailedParent(parent, people, viewer, now)] : [];
  });
  return { family: { id: family.id, familyName: family.familyName }, values, cursor: page.cursor };
}

/**
 * Makes an account a parent of a player with the family rule of SPEC.md (the demo seed's way to
 * add one parent): the guardian link and the family change in one commit.
 */
export async function linkParentToPlayer(
  kv: Deno.Kv,
  teamId: string,
  playerId: string,
  userId: string,
  now = new Date(),
): Promise<void> {
  const op = stageGuardian(beginChange(kv), teamId, playerId, userId, now);
  await stageFamilyLink(kv, op, teamId, playerId, userId, now);
  if (!(await commitTeamChange(kv, op, teamId)).ok) throw new ConflictError();
}

/**
 * Puts every parent–player link of a team that predates families (or missed one) into the
 * family the rule gives it, one commit per link; returns how many links changed a family.
 * Safe to run again: links already in one family are left alone.
 */
export async function backfillFamilies(kv: Deno.Kv, teamId: string, now = new Date()): Promise<number> {
  const people = await loadTeamPeople(kv, teamId);
  let changed = 0;
  for (const [playerId, parentIds] of people.parentsOf) {
    for (const userId of parentIds) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [ofPlayer, ofParent] = await Promise.all([
          getFamilyIdOf(kv, teamId, "player", playerId),
          getFamilyIdOf(kv, teamId, "parent", userId),
        ]);
        if (ofPlayer && ofPlayer === ofParent) break;
        const op = beginChange(kv);
        await stageFamilyLink(kv, op, teamId, playerId, userId, now);
        if ((await op.commit()).ok) {
          changed++;
          break;
        }
      }
    }
  }
  return changed;
}

export { stageFamilyLink };

const FAMILIES_MIGRATION = "families-from-guardian-links";

/**
 * Gives every team's existing parent links their families, once per database (teams created
 * before families existed); a crash midway runs it again at the next start, which is safe.
 */
export async function backfillAllFamiliesOnce(kv: Deno.Kv, now = new Date()): Promise<number> {
  if (await hasRun(kv, FAMILIES_MIGRATION)) return 0;
  let changed = 0;
  let cursor = "";
  do {
    const page = await listTeams(kv, { cursor, limit: 100 });
    for (const team of page.values) changed += await backfillFamilies(kv, team.id, now);
    cursor = page.cursor;
  } while (cursor);
  await markRun(kv, FAMILIES_MIGRATION, now);
  return changed;
}
