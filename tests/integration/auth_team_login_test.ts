// The team's shared login (R12): a change of its credentials ends its sessions, and it cannot
// manage the team's access or admins.
import assert from "node:assert/strict";
import { createTestApp, seedTeam } from "../helpers.ts";
import { cookiesFrom, createAccount } from "../auth_helpers.ts";
import { call, signIn } from "../admin_helpers.ts";
import { sessionOf } from "./auth_fixtures.ts";
import { keys } from "../../lib/db/keys.ts";
import { getMembership, getUserByEmail } from "../../lib/db/users.ts";
import { getTeamAccess } from "../../lib/db/team_access.ts";
import { loginTeamAccess } from "../../lib/auth/login.ts";
import { ADMIN_POLICY, startSession } from "../../lib/auth/sessions.ts";
import { userSessionStore } from "../../lib/auth/session_user.ts";
import { setTeamAccessCredentials } from "../../lib/teams/access.ts";

type App = Parameters<typeof call>[0];

const apiLogin = (app: App, teamId: string, username: string, password: string) =>
  call(app, "POST", `/api/teams/${teamId}/login`, { body: { username, password } });

/** The no-JavaScript team login form at /teams/{teamId}. */
const formLogin = (app: App, teamId: string, username: string, password: string) =>
  call(app, "POST", `/teams/${teamId}/login`, { form: { username, password } });

async function teamLoginSessionIds(kv: Deno.Kv, teamId: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const e of kv.list({ prefix: keys.teamSessionsOfKind(teamId, "user") })) ids.push(String(e.key[3]));
  return ids;
}

Deno.test("[team login] a new team password ends every shared-login session, from the API and the form", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const admin = await signIn(t, "admin@example.com");
  const put = (password: string) =>
    call(t.app, "PUT", `/api/admin/${team.id}/access`, { cookie: admin, body: { username: "rockets", password } });
  assert.equal((await put("the first team password")).status, 200);

  const viaApi = await apiLogin(t.app, team.id, "rockets", "the first team password");
  assert.equal(viaApi.status, 200);
  const viaForm = await formLogin(t.app, team.id, "Rockets", "the first team password");
  assert.equal(viaForm.status, 303);
  const shared = [cookiesFrom(viaApi), cookiesFrom(viaForm)];
  for (const cookie of shared) assert.equal((await sessionOf(t.app, cookie)).status, 200);
  assert.equal((await teamLoginSessionIds(t.kv, team.id)).length, 2, "both listed under the team");

  assert.equal((await put("the second team password")).status, 200);
  for (const cookie of shared) assert.equal((await sessionOf(t.app, cookie)).status, 401, "the old login ends");
  assert.deepEqual(await teamLoginSessionIds(t.kv, team.id), [], "and its records are gone");
  for (const cookie of shared) {
    const id = cookie.split("=")[1].split(".")[0];
    assert.equal((await t.kv.get(keys.session(id))).versionstamp, null);
  }
  assert.equal((await sessionOf(t.app, admin)).status, 200, "the admin's own session stays");
  assert.equal((await apiLogin(t.app, team.id, "rockets", "the first team password")).status, 401);
  const fresh = await apiLogin(t.app, team.id, "rockets", "the second team password");
  assert.equal(fresh.status, 200);
  assert.equal((await sessionOf(t.app, cookiesFrom(fresh))).status, 200);
});

Deno.test("[team login] a session checked against credentials that changed meanwhile is refused", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await setTeamAccessCredentials(t.kv, team.id, "rockets", "the first team password", "test");
  const ctx = { kv: t.kv, appUrl: "http://goalmates.test", ip: "203.0.113.5", now: new Date() };
  // The password is checked, then the credentials change before the session is stored (a race
  // the sweep of the team's sessions cannot see).
  const checked = await loginTeamAccess(ctx, team.id, "rockets", "the first team password");
  await setTeamAccessCredentials(t.kv, team.id, "rockets", "the second team password", "test");
  const late = await startSession(t.kv, userSessionStore, {
    userId: null,
    teamAccess: { teamId: team.id, username: checked.username, credentials: checked.credentials },
    selectedTeamId: team.id,
  }, ADMIN_POLICY);
  assert.equal((await sessionOf(t.app, `gm_session=${late.cookieValue}`)).status, 401);
  assert.notEqual((await getTeamAccess(t.kv, team.id))!.version, checked.credentials);
});

Deno.test("[team login] the shared login cannot manage access or admins: 403 on the calls, the page and its forms", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const owner = await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const coAdmin = await createAccount(t.kv, { email: "co@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  await setTeamAccessCredentials(t.kv, team.id, "rockets", "the first team password", "test");
  const login = await apiLogin(t.app, team.id, "rockets", "the first team password");
  const cookie = cookiesFrom(login);
  const before = await getTeamAccess(t.kv, team.id);

  const refused: [string, string, unknown?][] = [
    ["GET", `/api/admin/${team.id}/access`],
    ["PUT", `/api/admin/${team.id}/access`, { username: "taken-over", password: "a password of our own" }],
    ["POST", `/api/admin/${team.id}/admins`, { email: "intruder@example.com" }],
    ["DELETE", `/api/admin/${team.id}/admins/${coAdmin.id}`],
    ["GET", `/admin/${team.id}/access`],
  ];
  for (const [method, path, body] of refused) {
    const res = await call(t.app, method, path, { cookie, body });
    assert.equal(res.status, 403, `${method} ${path}`);
  }
  const forms: [string, Record<string, string>][] = [
    [`/admin/${team.id}/access/login`, { username: "taken-over", password: "a password of our own" }],
    [`/admin/${team.id}/access/admins`, { email: "intruder@example.com" }],
    [`/admin/${team.id}/access/admins/${coAdmin.id}/remove`, {}],
    [`/admin/${team.id}/access/invite-link`, {}],
  ];
  for (const [path, fields] of forms) {
    const res = await t.app.request(`http://goalmates.test${path}`, {
      method: "POST",
      headers: { origin: "http://goalmates.test", "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams(fields).toString(),
    });
    assert.equal(res.status, 403, `POST ${path}`);
  }
  assert.deepEqual(await getTeamAccess(t.kv, team.id), before, "the credentials are unchanged");
  assert.equal(await getUserByEmail(t.kv, "intruder@example.com"), null, "no co-admin was made");
  assert.equal((await getMembership(t.kv, coAdmin.id, team.id))!.role, "TEAM_ADMIN");
  assert.equal((await getMembership(t.kv, owner.id, team.id))!.role, "TEAM_ADMIN");

  // The rest of the admin area stays open to it; a person's admin session manages access.
  assert.equal((await call(t.app, "GET", `/admin/${team.id}`, { cookie })).status, 200);
  assert.equal((await call(t.app, "GET", `/api/admin/${team.id}/claims`, { cookie })).status, 200);
  const admin = await signIn(t, "admin@example.com");
  assert.equal((await call(t.app, "GET", `/api/admin/${team.id}/access`, { cookie: admin })).status, 200);
  assert.equal((await call(t.app, "GET", `/admin/${team.id}/access`, { cookie: admin })).status, 200);
});

Deno.test("[team login] the shared login's admin pages offer no Access link; a person's do", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const admin = await signIn(t, "admin@example.com");
  await setTeamAccessCredentials(t.kv, team.id, "rockets", "the first team password", "test");
  const shared = cookiesFrom(await formLogin(t.app, team.id, "rockets", "the first team password"));
  const access = `href="/admin/${team.id}/access"`;
  for (const page of ["", "/claims", "/roster", "/settings"]) {
    const html = async (cookie: string) =>
      await (await call(t.app, "GET", `/teams/${team.id}${page}`, { cookie })).text();
    assert.ok(!(await html(shared)).includes(access), `shared login, /teams/{id}${page}`);
    assert.ok((await html(admin)).includes(access), `admin, /teams/{id}${page}`);
  }
});
