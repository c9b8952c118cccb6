import { getTeam, getTeams, type Team } from "../db/teams.ts";
import { getUser, listMemberships, type TeamRole, type User } from "../db/users.ts";
import { credentialsVersion, getTeamAccess } from "../db/team_access.ts";
import type { Language } from "../i18n/languages.ts";
import {
  ADMIN_POLICY,
  MEMBER_POLICY,
  readSessionWithPolicy,
  type SessionPolicy,
  type SessionStore,
  type StoredSession,
} from "./sessions.ts";

/** A team login: which team, under which username, checked against which credentials. */
export interface TeamAccessGrant {
  teamId: string;
  username: string;
  /**
   * The version of the team credentials the login was checked against: once the team's
   * username or password changes, the session no longer matches and is refused.
   */
  credentials?: string;
}

/** Who a user session belongs to: a person, or a team's shared username (team login). */
export interface UserSessionData {
  userId: string | null;
  teamAccess: TeamAccessGrant | null;
  selectedTeamId: string | null;
}

export const userSessionStore: SessionStore<UserSessionData> = {
  kind: "user",
  userIdOf: (data) => data.userId,
  teamIdOf: (data) => data.teamAccess?.teamId ?? null,
};

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
  /** The language the person chose on their account, or null (a team login has none). */
  language: Language | null;
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
  return (selectedTeamId && Object.hasOwn(roles, selectedTeamId) ? roles[selectedTeamId] : undefined) ??
    "TEAM_STANDARD";
}

/**
 * Team id → role, on an object without a prototype: `"toString" in roles` is false, so a
 * caller's `in` check cannot take an inherited name for a team.
 */
function rolesOf(teams: { id: string; role: TeamRole }[]): Record<string, TeamRole> {
  const roles: Record<string, TeamRole> = Object.create(null);
  for (const t of teams) roles[t.id] = t.role;
  return roles;
}

/**
 * A team login's session data with the version of the credentials it signed in with; when the
 * caller has not named one, the current credentials' (a person's data is returned as is).
 */
export async function stampTeamCredentials(kv: Deno.Kv, data: UserSessionData): Promise<UserSessionData> {
  if (!data.teamAccess || data.teamAccess.credentials) return data;
  const access = await getTeamAccess(kv, data.teamAccess.teamId);
  return access ? { ...data, teamAccess: { ...data.teamAccess, credentials: credentialsVersion(access) } } : data;
}

/**
 * The session policy a signed-in user needs now: anyone who administers a team (a team login
 * included) the admin one (12 h, 30 min idle), everyone else the member one (30 days).
 */
export function sessionPolicyFor(user: SessionUser): SessionPolicy {
  return user.kind === "team" || Object.values(user.roles).includes("TEAM_ADMIN") ? ADMIN_POLICY : MEMBER_POLICY;
}

/**
 * The user session a cookie names and who it belongs to, or null. The policy follows the
 * person's current roles: a session that began as a parent's is held to the admin limits
 * (counted from its start) from the moment the person administers a team; `tightened` says
 * this read moved it.
 */
export async function readUserSession(
  kv: Deno.Kv,
  cookieValue: string | undefined,
  now: number,
): Promise<{ session: StoredSession<UserSessionData>; user: SessionUser | null; tightened: boolean } | null> {
  let user: SessionUser | null = null;
  const read = await readSessionWithPolicy(kv, userSessionStore, cookieValue, now, async (session) => {
    user = await loadSessionUser(kv, session.data);
    return user ? sessionPolicyFor(user) : null;
  });
  return read ? { ...read, user } : null;
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
  // A team that is gone (deleted) or was never the person's falls back to another of theirs.
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
  const roles = rolesOf(teams);
  const role = effectiveRole(roles, selectedTeamId);
  return {
    id: user.id,
    kind: "person",
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    photoUrl: user.photoUrl,
    language: user.language ?? null,
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

/** The team login's user, or null once the team is gone or its credentials changed since sign-in. */
async function teamAccessUser(kv: Deno.Kv, grant: TeamAccessGrant): Promise<SessionUser | null> {
  const [team, access] = await Promise.all([getTeam(kv, grant.teamId), getTeamAccess(kv, grant.teamId)]);
  const current = access && access.username === grant.username && credentialsVersion(access) === grant.credentials;
  if (!team || !current) return null;
  return {
    id: `team:${team.id}`,
    kind: "team",
    firstName: team.name,
    lastName: "",
    email: grant.username,
    phone: "",
    photoUrl: null,
    language: null,
    role: "TEAM_ADMIN",
    teamId: team.id,
    selectedTeamId: team.id,
    teams: [sessionTeam(team, "TEAM_ADMIN")],
    roles: rolesOf([{ id: team.id, role: "TEAM_ADMIN" }]),
    parentId: null,
    playerId: null,
    hasPassword: true,
  };
}
