// Auth API: the system administrator's sign-in, and the requireTeamRole middleware's role matrix.
import assert from "node:assert/strict";
import { createTestApp, requestJson, seedTeam } from "../helpers.ts";
import { cookieAttributes, cookiesFrom, createAccount } from "../auth_helpers.ts";
import { requireTeamRole } from "../../routes/auth_middleware.ts";
import { ensureSysadmin } from "../../lib/auth/login.ts";
import { magicSignIn, sessionOf } from "./auth_fixtures.ts";

Deno.test("[auth] sysadmin: login, status, verify and logout on a cookie of its own", async () => {
  await using t = await createTestApp();
  await ensureSysadmin(t.kv, "Root@Example.com", "a very long sysadmin password");
  const status = await requestJson(t.app, "/api/sysadmin/status");
  assert.deepEqual(await status.json(), { isAuthenticated: false, email: null });
  assert.equal((await requestJson(t.app, "/api/sysadmin/verify")).status, 401);

  const bad = await requestJson(t.app, "/api/sysadmin/login", {
    body: { email: "root@example.com", password: "wrong" },
  });
  assert.equal(bad.status, 401);
  assert.equal((await bad.json()).message, "Invalid credentials");
  const blank = await requestJson(t.app, "/api/sysadmin/login", { body: { email: "", password: "" } });
  assert.equal(blank.status, 400);

  const ok = await requestJson(t.app, "/api/sysadmin/login", {
    body: { email: "root@example.com", password: "a very long sysadmin password" },
  });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { success: true, message: "Login successful" });
  assert.equal(cookieAttributes(ok, "gm_sysadmin")!.SameSite, "Strict");
  const cookie = cookiesFrom(ok);
  assert.deepEqual(await (await requestJson(t.app, "/api/sysadmin/verify", { headers: { cookie } })).json(), {
    isAuthenticated: true,
    email: "root@example.com",
  });
  assert.equal((await sessionOf(t.app, cookie)).status, 401, "a sysadmin session is not a user session");

  const out = await requestJson(t.app, "/api/sysadmin/logout", { method: "POST", headers: { cookie } });
  assert.equal(out.status, 200);
  assert.equal((await requestJson(t.app, "/api/sysadmin/verify", { headers: { cookie } })).status, 401);
});

Deno.test("[auth] sysadmin login has the stricter bucket: the 6th attempt in 15 minutes is 429", async () => {
  await using t = await createTestApp();
  await ensureSysadmin(t.kv, "root@example.com", "a very long sysadmin password");
  for (let i = 0; i < 5; i++) {
    const res = await requestJson(t.app, "/api/sysadmin/login", {
      body: { email: "root@example.com", password: `x${i}` },
    });
    assert.equal(res.status, 401);
  }
  const limited = await requestJson(t.app, "/api/sysadmin/login", {
    body: { email: "root@example.com", password: "a very long sysadmin password" },
  });
  assert.equal(limited.status, 429);
});

Deno.test("[auth] requireTeamRole: the role matrix on a team route", async () => {
  await using t = await createTestApp();
  t.app.get("/api/test-only/:teamId/admin", requireTeamRole("TEAM_ADMIN"), (c) => c.json({ teamId: c.var.teamId }));
  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id, role: "TEAM_STANDARD" });
  await createAccount(t.kv, { email: "player@example.com", teamId: team.id, role: "PLAYER" });
  await createAccount(t.kv, { email: "other@example.com", teamId: other.team.id, role: "TEAM_ADMIN" });
  await ensureSysadmin(t.kv, "root@example.com", "a very long sysadmin password");
  const sysadmin = cookiesFrom(
    await requestJson(t.app, "/api/sysadmin/login", {
      body: { email: "root@example.com", password: "a very long sysadmin password" },
    }),
  );
  const cookieFor = async (email: string) => (await magicSignIn(t, email)).cookie;
  const matrix: [string, string | null, number][] = [
    ["anonymous", null, 401],
    ["parent", await cookieFor("parent@example.com"), 403],
    ["player", await cookieFor("player@example.com"), 403],
    ["admin of another team", await cookieFor("other@example.com"), 403],
    ["this team's admin", await cookieFor("admin@example.com"), 200],
    ["system administrator", sysadmin, 200],
  ];
  for (const [who, cookie, status] of matrix) {
    for (const key of [team.id, team.slug]) {
      const res = await requestJson(t.app, `/api/test-only/${key}/admin`, { headers: cookie ? { cookie } : {} });
      assert.equal(res.status, status, `${who} via ${key}`);
      if (status === 200) assert.deepEqual(await res.json(), { teamId: team.id });
    }
  }
});
