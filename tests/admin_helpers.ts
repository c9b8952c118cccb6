/** Signed-in identities and requests for the team admin API tests. */
import { call, requestJson, seedTeam, type TestContext } from "./helpers.ts";
import { cookiesFrom, createAccount, FAST_HASH, tokenFromMail } from "./auth_helpers.ts";
import { hashPassword } from "../lib/auth/passwords.ts";
import { saveSysadmin } from "../lib/db/sysadmins.ts";
import { setMembership } from "../lib/db/users.ts";
import type { Team } from "../lib/db/teams.ts";
import type { Player } from "../lib/db/players.ts";

type App = TestContext["app"];

/** Re-exported: the admin API tests import it beside `adminWorld` (it lives with the other request helpers). */
export { call };

/** Signs a person in the way a browser does: a magic link, then the POST the link's page makes. */
export async function signIn(t: { app: App; kv: Deno.Kv }, email: string): Promise<string> {
  const asked = await requestJson(t.app, "/api/team/magic-link", { body: { email } });
  if (asked.status !== 200) throw new Error(`magic link for ${email}: ${asked.status}`);
  const token = await tokenFromMail(t.kv, email, "/auth/magic");
  const res = await call(t.app, "POST", "/auth/magic", { form: { token, next: "" } });
  const cookie = cookiesFrom(res);
  if (!cookie) throw new Error(`sign-in for ${email} set no cookie (${res.status})`);
  return cookie;
}

export async function signInSysadmin(t: { app: App; kv: Deno.Kv }): Promise<string> {
  // A cheap hash, as createAccount's: most tests sign a system administrator in, and two
  // full-cost scrypt runs each (save, then login) starved the idle-priority pool on a busy CI
  // machine. ensureSysadmin's full-cost hashing keeps its own tests (auth_sysadmin_roles_test).
  await saveSysadmin(t.kv, {
    email: "root@example.com",
    passwordHash: await hashPassword("a very long sysadmin password", FAST_HASH),
    createdAt: "",
    updatedAt: "",
  });
  const res = await requestJson(t.app, "/api/sysadmin/login", {
    body: { email: "root@example.com", password: "a very long sysadmin password" },
  });
  if (res.status !== 200) throw new Error(`sysadmin login: ${res.status}`);
  return cookiesFrom(res);
}

export const IDENTITIES = ["anonymous", "parent", "player", "otherAdmin", "admin", "sysadmin"] as const;
export type Identity = typeof IDENTITIES[number];

/** What each identity gets from a team admin route of `team`. */
export const EXPECTED_STATUS: Record<Identity, "401" | "403" | "2xx"> = {
  anonymous: "401",
  parent: "403",
  player: "403",
  otherAdmin: "403",
  admin: "2xx",
  sysadmin: "2xx",
};

export interface AdminWorld {
  team: Team;
  players: Player[];
  otherTeam: Team;
  otherPlayers: Player[];
  /** Cookie header per identity ("" for anonymous). */
  cookies: Record<Identity, string>;
}

/**
 * Two seeded teams and one account per identity: a parent and a player of the team, the
 * admin of the other team, the team's admin, and a system administrator.
 */
export async function adminWorld(t: { app: App; kv: Deno.Kv }): Promise<AdminWorld> {
  const { team, players } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN", firstName: "Ada" });
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id, role: "TEAM_STANDARD" });
  const player = await createAccount(t.kv, { email: "player@example.com", teamId: team.id, role: "PLAYER" });
  await setMembership(t.kv, player.id, team.id, "PLAYER", { playerId: players[0].id });
  await createAccount(t.kv, { email: "other-admin@example.com", teamId: other.team.id, role: "TEAM_ADMIN" });
  const cookies: Record<Identity, string> = {
    anonymous: "",
    parent: await signIn(t, "parent@example.com"),
    player: await signIn(t, "player@example.com"),
    otherAdmin: await signIn(t, "other-admin@example.com"),
    admin: await signIn(t, "admin@example.com"),
    sysadmin: await signInSysadmin(t),
  };
  return { team, players, otherTeam: other.team, otherPlayers: other.players, cookies };
}

/** Asserts a status class for an identity, naming the route in the failure. */
export function statusMatches(expected: "401" | "403" | "2xx", status: number): boolean {
  return expected === "2xx" ? status >= 200 && status < 300 : String(status) === expected;
}

/** The prefixes the admin API writes, for `dumpKv` "changed nothing" assertions. */
export const ADMIN_PREFIXES = [
  "teams",
  "teams_by_slug",
  "team_revisions",
  "players",
  "claims",
  "claims_by_status",
  "pending_claims_by_subject",
  "audit",
  "team_audit",
  "memberships",
  "team_members",
  "player_guardians",
  "guardian_players",
  "player_parent_emails",
  "player_parent_emails_by_email",
  "team_deletions",
];
