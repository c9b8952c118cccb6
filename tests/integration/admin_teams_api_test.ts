/**
 * `GET /api/admin/teams?q=&cursor=&limit=`: a system administrator's page of teams (name,
 * season, players, parents, Active/Inactive on the injected clock), paged and searched by the
 * slug's start; everyone else 401 with nothing changed. And the two activity hooks through the
 * app: a sign-in (person or team login) and a post make a team Active.
 */
import assert from "node:assert/strict";
import { adminWorld, call, signIn, signInSysadmin } from "../admin_helpers.ts";
import { createTestApp, dumpKv, get, requestJson, seedTeam, type TestContext } from "../helpers.ts";
import { cookiesFrom, createAccount, setCheapTeamLogin } from "../auth_helpers.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { createTeam } from "../../lib/db/teams.ts";
import { keys } from "../../lib/db/keys.ts";
import { recordTeamActivity } from "../../lib/db/team_activity.ts";
import { INVALID_CURSOR_MESSAGE } from "../../lib/db/kv.ts";
import type { TeamSummary } from "../../lib/sysadmin/mod.ts";
import { TEAM_SEARCH_TOO_LONG } from "../../routes/sysadmin/api/overview.ts";

type App = TestContext["app"];

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const T0 = new Date("2026-05-01T12:00:00.000Z");

/** Every prefix a team, its people and the overview keep; a refused or read-only call leaves them as they were. */
const PREFIXES = [
  "teams",
  "teams_by_slug",
  "team_revisions",
  "players",
  "memberships",
  "team_members",
  "player_guardians",
  "team_activity",
  "audit",
  "team_audit",
  "campaigns",
  "posts",
];

async function teamsPage(app: App, cookie: string, query = "") {
  const res = await call(app, "GET", `/api/admin/teams${query}`, { cookie });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function teamLoginCookie(t: { app: App; kv: Deno.Kv }, teamId: string): Promise<string> {
  await setCheapTeamLogin(t.kv, teamId, "rockets", "a long team password");
  const res = await requestJson(t.app, `/api/teams/${teamId}/login`, {
    body: { username: "rockets", password: "a long team password" },
  });
  assert.equal(res.status, 200);
  return cookiesFrom(res);
}

Deno.test("[admin teams api] only a system administrator: anyone else 401 { message } and nothing changes", async () => {
  const clock = { now: T0 };
  await using t = await createTestApp({ now: () => clock.now });
  const world = await adminWorld(t);
  const teamLogin = await teamLoginCookie(t, world.team.id);
  const before = await dumpKv(t.kv, PREFIXES);
  const refused = {
    anonymous: "",
    parent: world.cookies.parent,
    player: world.cookies.player,
    teamAdmin: world.cookies.admin,
    otherTeamAdmin: world.cookies.otherAdmin,
    teamLogin,
  };
  for (const [who, cookie] of Object.entries(refused)) {
    for (const query of ["", "?q=test", "?limit=5"]) {
      const res = await teamsPage(t.app, cookie, query);
      assert.equal(res.status, 401, `${who} ${query}`);
      assert.deepEqual(res.body, { message: "Please sign in to continue." }, who);
    }
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  const ok = await teamsPage(t.app, world.cookies.sysadmin);
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get("cache-control"), "no-store");
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "reading changes nothing either");
});

Deno.test("[admin teams api] a team's card: season, players, parents, Active until 30 days after its last sign-in", async () => {
  const clock = { now: T0 };
  await using t = await createTestApp({ now: () => clock.now });
  const world = await adminWorld(t); // its people sign in at T0: both teams active
  const quiet = await seedTeam(t.kv, { name: "Quiet Rovers", season: "Spring 2027", ageGroup: "U12" });
  // Parents: the parent of two players and the admin of one (2 distinct accounts); the quiet team has none.
  const parent = (await t.kv.get<string>(keys.userByEmail("parent@example.com"))).value!;
  const admin = (await t.kv.get<string>(keys.userByEmail("admin@example.com"))).value!;
  const [maya, sofia] = world.players;
  for (const [playerId, userId] of [[maya.id, parent], [sofia.id, parent], [maya.id, admin]]) {
    await stageGuardian(t.kv.atomic(), world.team.id, playerId, userId).commit();
  }

  // The system administrator signs in afresh at each reading: the clock jumps past their session's 12 hours.
  const byId = async () => {
    const res = await teamsPage(t.app, await signInSysadmin(t));
    assert.equal(res.status, 200);
    assert.equal(res.body.cursor, "");
    return new Map((res.body.values as TeamSummary[]).map((v) => [v.id, v]));
  };
  const first = await byId();
  assert.equal(first.size, 3);
  assert.deepEqual(first.get(world.team.id), {
    id: world.team.id,
    name: world.team.name,
    slug: world.team.slug,
    season: "Fall 2026",
    ageGroup: "U10",
    orgName: "Test Club",
    playerCount: 4,
    parentCount: 2,
    isActive: true,
    lastActiveAt: T0.toISOString(),
    createdAt: world.team.createdAt,
  });
  assert.equal(first.get(world.otherTeam.id)?.isActive, true, "the other team's admin signed in");
  assert.deepEqual(
    { ...first.get(quiet.team.id), createdAt: "" },
    {
      id: quiet.team.id,
      name: "Quiet Rovers",
      slug: "quiet-rovers",
      season: "Spring 2027",
      ageGroup: "U12",
      orgName: "Test Club",
      playerCount: 4,
      parentCount: 0,
      isActive: false,
      lastActiveAt: null,
      createdAt: "",
    },
  );

  clock.now = new Date(T0.getTime() + 30 * DAY_MS);
  assert.equal((await byId()).get(world.team.id)?.isActive, true, "exactly 30 days later: still active");
  clock.now = new Date(T0.getTime() + 30 * DAY_MS + 1);
  const later = await byId();
  assert.equal(later.get(world.team.id)?.isActive, false, "30 days and 1 ms later: inactive");
  assert.equal(later.get(world.team.id)?.lastActiveAt, T0.toISOString());
});

Deno.test("[admin teams api] paging (24 by default, in slug order) and search by the start of the name", async () => {
  await using t = await createTestApp();
  const cookie = await signInSysadmin(t);
  for (let i = 1; i <= 30; i++) await createTeam(t.kv, { ...baseTeam, name: `Alpha ${String(i).padStart(2, "0")}` });
  await createTeam(t.kv, { ...baseTeam, name: "Beta United" });
  await createTeam(t.kv, { ...baseTeam, name: "Über Kickers" });
  const before = await dumpKv(t.kv, PREFIXES);
  const slugs = (body: { values: TeamSummary[] }) => body.values.map((v) => v.slug);

  const first = await teamsPage(t.app, cookie);
  assert.equal(first.body.values.length, 24);
  assert.notEqual(first.body.cursor, "");
  const second = await teamsPage(t.app, cookie, `?cursor=${first.body.cursor}`);
  assert.equal(second.body.values.length, 8);
  assert.equal(second.body.cursor, "");
  const all = [...slugs(first.body), ...slugs(second.body)];
  assert.equal(new Set(all).size, 32, "no team twice");
  assert.deepEqual(all, [...all].sort(), "slug order");
  assert.equal(all[0], "alpha-01");
  assert.deepEqual(all.slice(-2), ["beta-united", "uber-kickers"]);

  const small = await teamsPage(t.app, cookie, "?limit=5");
  assert.deepEqual(slugs(small.body), ["alpha-01", "alpha-02", "alpha-03", "alpha-04", "alpha-05"]);

  // Search: the query as a slug, matched against the slug's start.
  const tens = await teamsPage(t.app, cookie, "?q=Alpha%201");
  assert.deepEqual(slugs(tens.body), Array.from({ length: 10 }, (_, i) => `alpha-${10 + i}`));
  assert.equal(tens.body.cursor, "");
  const alphas = await teamsPage(t.app, cookie, "?q=alpha&limit=20");
  assert.equal(alphas.body.values.length, 20);
  const moreAlphas = await teamsPage(t.app, cookie, `?q=alpha&limit=20&cursor=${alphas.body.cursor}`);
  assert.equal(moreAlphas.body.values.length, 10);
  assert.equal(moreAlphas.body.cursor, "");
  assert.deepEqual(slugs((await teamsPage(t.app, cookie, "?q=%C3%BCber")).body), ["uber-kickers"], "accents folded");
  assert.deepEqual(slugs((await teamsPage(t.app, cookie, "?q=BETA")).body), ["beta-united"]);
  assert.deepEqual((await teamsPage(t.app, cookie, "?q=united")).body, { values: [], cursor: "" }, "the start only");
  assert.deepEqual((await teamsPage(t.app, cookie, "?q=%21%21%21")).body, { values: [], cursor: "" });

  // Bad input: 400 with a message.
  const long = await teamsPage(t.app, cookie, `?q=${"a".repeat(201)}`);
  assert.equal(long.status, 400);
  assert.equal(long.body.message, TEAM_SEARCH_TOO_LONG);
  const badCursor = await teamsPage(t.app, cookie, "?cursor=not*a*cursor");
  assert.equal(badCursor.status, 400);
  assert.equal(badCursor.body.message, INVALID_CURSOR_MESSAGE);
  for (const limit of ["0", "501", "x"]) {
    const res = await teamsPage(t.app, cookie, `?limit=${limit}`);
    assert.equal(res.status, 400, limit);
    assert.equal(typeof res.body.message, "string");
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

const baseTeam = { season: "Fall 2026", ageGroup: "U10", teamType: "coed" as const, orgName: "Club" };

Deno.test("[admin teams api] a sign-in (person or team login) and a post make a team Active; writes at most hourly", async () => {
  const clock = { now: T0 };
  await using t = await createTestApp({ now: () => clock.now });
  const { team } = await seedTeam(t.kv);
  // The system administrator signs in afresh at each reading: the clock jumps past their session's 12 hours.
  const isActive = async () =>
    ((await teamsPage(t.app, await signInSysadmin(t))).body.values as TeamSummary[]).find((v) => v.id === team.id)!;
  const record = async () => await t.kv.get<{ lastActiveAt: string }>(keys.teamActivity(team.id));
  assert.equal((await isActive()).isActive, false, "a new team without sign-ins");
  assert.equal((await record()).versionstamp, null, "a system administrator's sign-in marks no team");

  // A team's shared login.
  await teamLoginCookie(t, team.id);
  assert.equal((await record()).value?.lastActiveAt, T0.toISOString());
  assert.equal((await isActive()).isActive, true);

  // A person's sign-in 59 minutes later: no write; 2 hours later: the time moves.
  await createAccount(t.kv, { email: "mom@example.com", teamId: team.id, role: "TEAM_STANDARD" });
  const stamp = (await record()).versionstamp;
  clock.now = new Date(T0.getTime() + 59 * 60 * 1000);
  await signIn(t, "mom@example.com");
  assert.equal((await record()).versionstamp, stamp, "within the hour: not written again");
  clock.now = new Date(T0.getTime() + 2 * HOUR_MS);
  const parent = await signIn(t, "mom@example.com");
  assert.equal((await record()).value?.lastActiveAt, clock.now.toISOString());

  // 40 days on, the team is inactive.
  clock.now = new Date(T0.getTime() + 40 * DAY_MS);
  assert.equal((await isActive()).isActive, false);

  // A post (within the parent's session, 2 hours after their sign-in) moves the time too.
  clock.now = new Date(T0.getTime() + 4 * HOUR_MS);
  const posted = await call(t.app, "POST", `/api/teams/${team.id}/posts`, {
    cookie: parent,
    body: { postType: "news", content: "Practice moved to Field 3." },
  });
  assert.equal(posted.status, 201);
  assert.equal((await record()).value?.lastActiveAt, clock.now.toISOString());
  clock.now = new Date(T0.getTime() + 4 * HOUR_MS + 30 * DAY_MS);
  assert.equal((await isActive()).isActive, true, "30 days after the post");

  // A refused post (bad input) records nothing.
  clock.now = new Date(T0.getTime() + 6 * HOUR_MS);
  const before = (await record()).versionstamp;
  const refused = await call(t.app, "POST", `/api/teams/${team.id}/posts`, {
    cookie: parent,
    body: { postType: "news", content: "" },
  });
  assert.equal(refused.status, 400);
  assert.equal((await record()).versionstamp, before);
});

Deno.test("[teams tab] cards, search form, empty states and paging links, without JavaScript", async () => {
  const clock = { now: T0 };
  await using t = await createTestApp({ now: () => clock.now });
  const cookie = await signInSysadmin(t);
  for (let i = 1; i <= 25; i++) await createTeam(t.kv, { ...baseTeam, name: `Alpha ${String(i).padStart(2, "0")}` });
  const lions = await seedTeam(t.kv, { name: "Bravo Lions", season: "Spring 2027" });
  await recordTeamActivity(t.kv, [lions.team.id], T0);
  const page = async (query: string) => {
    const res = await get(t.app, `/sysadmin?tab=teams${query}`, cookie);
    assert.equal(res.status, 200, query);
    return await res.text();
  };

  const first = await page("");
  const form = first.match(/<form class="teams-search"[^>]*>/)?.[0] ?? "";
  for (const attr of ['role="search"', 'action="/sysadmin"', 'method="get"']) assert.ok(form.includes(attr), attr);
  assert.match(first, /<input type="hidden" name="tab" value="teams"\/>/);
  assert.match(first, /<label for="teams-search-q">Search teams by name<\/label>/);
  assert.equal((first.match(/class="card team-card"/g) ?? []).length, 24);
  assert.match(first, /href="\/sysadmin\?tab=teams&amp;cursor=[A-Za-z0-9_=-]+"[^>]*>Next page</);
  assert.doesNotMatch(first, />First page</);
  assert.doesNotMatch(first, /<script[^>]*src=/, "no JavaScript on the Teams tab");

  const next = first.match(/href="\/sysadmin\?tab=teams&amp;cursor=([A-Za-z0-9_=-]+)"/)![1];
  const second = await page(`&cursor=${next}`);
  assert.equal((second.match(/class="card team-card"/g) ?? []).length, 2);
  assert.match(second, /href="\/sysadmin\?tab=teams"[^>]*>First page</);
  assert.doesNotMatch(second, />Next page</);
  // The last card: the team with its numbers, Active, and its Manage Team link.
  assert.match(second, /<h3 class="team-card__name" id="team-[^"]+-name">Bravo Lions<\/h3>/);
  assert.match(second, /team-status--active">Active</);
  assert.match(second, /Spring 2027 · U10 · Test Club/);
  assert.match(second, /<dt>Players<\/dt><dd>4<\/dd>/);
  assert.match(second, /<dt>Parents with access<\/dt><dd>0<\/dd>/);
  assert.match(second, /Last sign-in or post: May 1, 2026/);
  assert.match(
    second,
    new RegExp(`href="/admin/${lions.team.id}">Manage Team<span class="visually-hidden">: Bravo Lions</span>`),
  );
  assert.match(second, /team-status--inactive">Inactive</, "the Alpha teams never had a sign-in");

  const search = await page("&q=bravo");
  assert.equal((search.match(/class="card team-card"/g) ?? []).length, 1);
  assert.match(search, /value="bravo"/);
  assert.match(search, /href="\/sysadmin\?tab=teams"[^>]*>Clear</);

  const none = await page("&q=zebra%20%3Cb%3E");
  assert.match(none, /No teams match &quot;zebra &lt;b&gt;&quot;/);
  assert.doesNotMatch(none, /class="card team-card"/);
});

Deno.test("[admin teams api] a deleted team leaves the list and its activity record goes with it", async () => {
  const clock = { now: T0 };
  await using t = await createTestApp({ now: () => clock.now });
  const world = await adminWorld(t); // the team's people signed in: its activity is recorded
  assert.notEqual((await t.kv.get(keys.teamActivity(world.team.id))).versionstamp, null);
  const deleted = await call(t.app, "DELETE", `/api/admin/${world.team.id}`, {
    cookie: world.cookies.admin,
    body: { confirm: world.team.name },
  });
  assert.equal(deleted.status, 200);
  assert.equal((await t.kv.get(keys.teamActivity(world.team.id))).versionstamp, null);
  const res = await teamsPage(t.app, world.cookies.sysadmin);
  assert.deepEqual((res.body.values as TeamSummary[]).map((v) => v.id), [world.otherTeam.id]);
  // A late sign-in hook for the gone team writes nothing back.
  assert.deepEqual(await recordTeamActivity(t.kv, [world.team.id], new Date(T0.getTime() + 2 * HOUR_MS)), []);
});
