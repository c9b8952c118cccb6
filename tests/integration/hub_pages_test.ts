import assert from "node:assert/strict";
import { signIn } from "../admin_helpers.ts";
import { createTestApp, get, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookiesFrom, createAccount } from "../auth_helpers.ts";
import { ensureSysadmin } from "../../lib/auth/login.ts";
import { setMembership } from "../../lib/db/users.ts";

Deno.test("[hub] /home needs a session: anonymous visitors go to /team-login?next=/home", async () => {
  await using t = await createTestApp();
  const res = await get(t.app, "/home");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/team-login?next=/home");
  const dashboard = await get(t.app, "/dashboard");
  assert.equal(dashboard.headers.get("location"), "/team-login?next=%2Fdashboard");
});

Deno.test("[hub] a team admin sees real counts and wired actions; no demo hint in production", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN", firstName: "Jordan" });
  for (const email of ["a@example.com", "b@example.com"]) {
    await requestJson(t.app, `/api/teams/${team.slug}/claims`, { body: { mode: "jersey", jerseyNumber: 4, email } });
  }
  const cookie = await signIn(t, "coach@example.com");
  const res = await get(t.app, "/home", cookie);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const html = await res.text();
  assert.match(html, /<h1>Your GoalMates Hub<\/h1>/);
  assert.match(html, /Welcome, <!-- -->Jordan/);
  assert.match(html, /href="\/api\/v2\/auth\/logout"/);
  assert.match(html, /Pending Claims<\/h2>.*?<p class="hub-stat__value">2<\/p>/s);
  assert.match(html, /Roster Management<\/h2>.*?<p class="hub-stat__value">4<\/p>/s);
  for (const label of ["Team Settings", "Add Player", "Import CSV", "Export Roster", "Generate PDF"]) {
    assert.ok(html.includes(label), label);
  }
  assert.ok(html.includes(`href="/admin/${team.id}/claims"`));
  assert.ok(html.includes("Team Community Builder"));
  assert.ok(!html.includes("Parent Access"));
  assert.ok(!html.includes("coach@example.com (password"), "no demo credentials in production");
});

Deno.test("[hub] a parent sees Parent Access with the team's public roster; team switching works", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  const user = await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  await setMembership(t.kv, user.id, other.team.id, "TEAM_ADMIN");
  const cookie = await signIn(t, "ana@example.com");
  let html = await (await get(t.app, "/home", cookie)).text();
  assert.ok(html.includes("Pending Claims"), "the admin team is selected first");

  const switched = await t.app.request(`${TEST_ORIGIN}/home/team`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ teamId: team.id }).toString(),
  });
  assert.equal(switched.status, 303);
  html = await (await get(t.app, "/home", cookie)).text();
  assert.ok(html.includes("Parent Access"));
  assert.ok(html.includes(`href="/t/${team.slug}/roster"`));
  assert.ok(html.includes("View Public Rosters"));
  assert.ok(!html.includes("Pending Claims"));

  const dashboard = await get(t.app, "/dashboard", cookie);
  assert.equal(dashboard.headers.get("location"), `/family-dashboard/${team.id}`);
});

Deno.test("[hub] a system administrator's session alone opens the hub with the global panels", async () => {
  await using t = await createTestApp();
  await seedTeam(t.kv);
  await ensureSysadmin(t.kv, "root@example.com", "a very long sysadmin password");
  const login = await requestJson(t.app, "/api/sysadmin/login", {
    body: { email: "root@example.com", password: "a very long sysadmin password" },
  });
  const res = await get(t.app, "/home", cookiesFrom(login));
  assert.equal(res.status, 200);
  const html = await res.text();
  // The spec's three panels lead to the console and the logs (tests/integration/admin_home_test.ts follows them).
  assert.ok(html.includes('href="/sysadmin">Manage Campaigns</a>'));
  assert.ok(html.includes('href="/sysadmin?tab=teams">View Teams</a>'));
  assert.ok(html.includes('href="/admin?tab=activity">View Logs</a>'));
  assert.match(html, /Teams Overview<\/h2>.*?<p class="hub-stat__value">1<\/p>/s);
  assert.ok(html.includes('href="/email-test"'));
});

Deno.test("[hub] development mode shows the demo sign-in hint", async () => {
  await using t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  const html = await (await get(t.app, "/home", await signIn(t, "ana@example.com"))).text();
  assert.ok(html.includes("coach@example.com"));
  assert.ok(html.includes('href="/t/demo/roster"'));
});

Deno.test("[hub] a player account sees Player Access, not the parents' claim text", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "kid@example.com", teamId: team.id, role: "PLAYER" });
  const html = await (await get(t.app, "/home", await signIn(t, "kid@example.com"))).text();
  assert.ok(html.includes("Player Access"));
  assert.ok(!html.includes("Parent Access"));
  assert.ok(!html.includes("Pending Claims"));
});
