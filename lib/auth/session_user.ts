import { getTeam, getTeams, type Team } from "../db/teams.ts";
import { getUser, listMemberships, type TeamRole, type User } from "../db/users.ts";
import type { SessionStore } from "./sessions.ts";

/** Who a user session belongs to: a person, or a team's shared username (team login). */
export interface UserSessionData {
  userId: string | null;
  teamAccess: { teamId: string; username: string } | null;
  selectedTeamId: string | null;
}

export const userSessionStore: SessionStore<UserSessionData> = { kind: "user", userIdOf: (data) => data.userId };

export interface SysadminSessionData {
  email: string;
}

export const sysadminSessionStore: SessionStore<SysadminSessionData> = { kind: "sysadmin" };

export interface SessionTeam {
  id: string;
  name: string;
  season: string;
  slug: string;
  ageGroup: string;
  orgName: string;
  role: TeamRole;
}

/** The session user of SPEC.md section 3, as `GET /api/v2/auth/session` returns it. */
export interface SessionUser {
  id: string;
  /** "team" when signed in with a team's shared username rather than as a person. */
  kind: "person" | "team";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  photoUrl: string | null;
  /** Effective role: the role in the selected team, default TEAM_STANDARD. */
  role: TeamRole;
  teamId: string | null;
  selectedTeamId: string | null;
  teams: SessionTeam[];
  roles: Record<string, TeamRole>;
  /** The parent id (the user id) when the person is a parent or admin of the selected team. */
  parentId: string | null;
  /** The roster record of a PLAYER account in the selected team. */
  playerId: string | null;
  hasPassword: boolean;
}

/** SPEC.md section 4: the role mapped to the selected team, else the user's role, else TEAM_STANDARD. */
export function effectiveRole(roles: Record<string, TeamRole>, selectedTeamId: string | null): TeamRole {
  return (selectedTeamId ? roles[selectedTeamId] : undefined) ?? "TEAM_STANDARD";
}

/** Builds the session user, or null when the account or its team is gone. */
export async function loadSessionUser(kv: Deno.Kv, data: UserSessionData): Promise<SessionUser | null> {
  if (data.teamAccess) return await teamAccessUser(kv, data.teamAccess);
  if (!data.userId) return null;
  const user = await getUser(kv, data.userId);
  if (!user) return null;
  const memberships = await listMemberships(kv, user.id);
  const teamValues = await getTeams(kv, memberships.map((m) => m.teamId));
  const teams: SessionTeam[] = [];
  const memberOf = new Map<string, { role: TeamRole; playerId: string | null }>();
  memberships.forEach((m, i) => {
    const team = teamValues[i];
    if (!team) return;
    teams.push(sessionTeam(team, m.role));
    memberOf.set(team.id, { role: m.role, playerId: m.playerId });
  });
  const selectedTeamId = data.selectedTeamId && memberOf.has(data.selectedTeamId)
    ? data.selectedTeamId
    : defaultTeamId(teams);
  return personUser(user, teams, selectedTeamId, memberOf.get(selectedTeamId ?? "")?.playerId ?? null);
}

/** Admin teams first, then the oldest membership. */
function defaultTeamId(teams: SessionTeam[]): string | null {
  return (teams.find((t) => t.role === "TEAM_ADMIN") ?? teams[0])?.id ?? null;
}

function sessionTeam(team: Team, role: TeamRole): SessionTeam {
  const { id, name, season, slug, ageGroup, orgName } = team;
  return { id, name, season, slug, ageGroup, orgName, role };
}

function personUser(
  user: User,
  teams: SessionTeam[],
  selectedTeamId: string | null,
  playerId: string | null,
): SessionUser {
  const roles = Object.fromEntries(teams.map((t) => [t.id, t.role]));
  const role = effectiveRole(roles, selectedTeamId);
  return {
    id: user.id,
    kind: "person",
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    photoUrl: user.photoUrl,
    role,
    teamId: selectedTeamId,
    selectedTeamId,
    teams,
    roles,
    parentId: selectedTeamId && role !== "PLAYER" ? user.id : null,
    playerId: role === "PLAYER" ? playerId : null,
    hasPassword: user.passwordHash !== null,
  };
}

async function teamAccessUser(
  kv: Deno.Kv,
  access: { teamId: string; username: string },
): Promise<SessionUser | null> {
  const team = await getTeam(kv, access.teamId);
  if (!team) return null;
  return {
    id: `team:${team.id}`,
    kind: "team",
    firstName: team.name,
    lastName: "",
    email: access.username,
    phone: "",
    photoUrl: null,
    role: "TEAM_ADMIN",
    teamId: team.id,
    selectedTeamId: team.id,
    teams: [sessionTeam(team, "TEAM_ADMIN")],
    roles: { [team.id]: "TEAM_ADMIN" },
    parentId: null,
    playerId: null,
    hasPassword: true,
  };
}
