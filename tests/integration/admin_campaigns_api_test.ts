/**
 * The system administrator's global campaigns through the API (SPEC.md section 7 'Sysadmin',
 * DECISIONS.md's results call): who may call (only a system administrator's session; every
 * other caller 401 and nothing changes), create with SPEC.md's defaults, rules and messages,
 * the list with display statuses from the injected clock, activate/deactivate, delete with the
 * responses, results, the audit entry of each change, and that a team's campaign is 404 here.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, kvValues, requestJson } from "../helpers.ts";
import { ADMIN_PREFIXES, adminWorld, call, signIn, signInSysadmin } from "../admin_helpers.ts";
import { cookiesFrom, setCheapTeamLogin } from "../auth_helpers.ts";
import { type Campaign, CAMPAIGN_MESSAGES as M, createCampaign, respondToCampaign } from "../../lib/campaigns/mod.ts";
import { GLOBAL_TEAM_ID_MESSAGE } from "../../lib/sysadmin/mod.ts";
import type { AuditEntry } from "../../lib/db/audit.ts";

const PREFIXES = [...ADMIN_PREFIXES, "campaigns", "team_campaigns", "global_campaigns", "campaign_responses"];
const API = "/api/admin/campaigns";
const ACTOR = "sysadmin:root@example.com";
const POLL = { title: "Snack vote", pollQuestion: "Oranges or apples?", pollOption1: "Oranges", pollOption2: "Apples" };
const DAY = 86_400_000;

/** A world on a clock the test moves: two teams, a person per role, a system administrator. */
async function setup() {
  const clock = { now: new Date("2030-03-02T15:00:00.000Z") };
  const t = await createTestApp({ now: () => clock.now });
  const w = await adminWorld(t);
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "a long team password");
  const login = await requestJson(t.app, `/api/teams/${w.team.id}/login`, {
    body: { username: "rockets", password: "a long team password" },
  });
  assert.equal(login.status, 200);
  const teamLogin = cookiesFrom(login);
  const teamCampaign = await createCampaign(t.kv, { teamId: w.team.id, ...POLL, title: "Team's own" }, clock.now);
  return { t, w, clock, teamLogin, teamCampaign };
}

async function json(res: Response) {
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get("cache-control") };
}

/** The system-wide audit entries of one action (the set-up's team campaign has its own entry). */
const auditOf = async (kv: Deno.Kv, action: string) =>
  (await kvValues<AuditEntry>(kv, { prefix: ["audit"] })).filter((e) => e.action === action && e.teamId === null);

Deno.test("[admin campaigns API] only a system administrator: everyone else 401 { message } and nothing changes", async () => {
  const { t, w, clock, teamLogin, teamCampaign } = await setup();
  await using _ = t;
  const global = await createCampaign(t.kv, { teamId: null, ...POLL }, clock.now);
  const calls: [string, string, unknown][] = [
    ["GET", API, undefined],
    ["POST", API, POLL],
    ["PATCH", `${API}/${global.id}`, { isActive: false }],
    ["GET", `${API}/${global.id}/results`, undefined],
    ["DELETE", `${API}/${global.id}`, undefined],
    // A team's campaign id under the global calls: refused before anything is looked up.
    ["PATCH", `${API}/${teamCampaign.id}`, { isActive: false }],
  ];
  const refused = {
    anonymous: "",
    parent: w.cookies.parent,
    player: w.cookies.player,
    "team admin": w.cookies.admin,
    "other team's admin": w.cookies.otherAdmin,
    "team shared login": teamLogin,
  };
  const before = await dumpKv(t.kv, PREFIXES);
  for (const [who, cookie] of Object.entries(refused)) {
    for (const [method, path, body] of calls) {
      const res = await json(await call(t.app, method, path, { cookie, body }));
      assert.equal(res.status, 401, `${who} ${method} ${path}`);
      assert.equal(typeof res.body.message, "string", `${who} ${method} ${path}: { message }`);
      assert.ok(res.body.message.length > 0);
    }
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "a refused call changed stored data");

  for (const [method, path, body] of calls.slice(0, 5)) {
    const res = await call(t.app, method, path, { cookie: w.cookies.sysadmin, body });
    await res.body?.cancel();
    assert.ok(res.status >= 200 && res.status < 300, `sysadmin ${method} ${path} → ${res.status}`);
  }
});

Deno.test("[admin campaigns API] POST creates a global campaign with SPEC.md's defaults, audited", async () => {
  const { t, w, clock } = await setup();
  await using _ = t;
  const res = await json(await call(t.app, "POST", API, { cookie: w.cookies.sysadmin, body: POLL }));
  assert.equal(res.status, 201);
  assert.equal(res.cacheControl, "no-store");
  const poll = res.body as Campaign & { status: string };
  assert.match(poll.id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.deepEqual({ ...poll, id: "" }, {
    id: "",
    title: "Snack vote",
    type: "poll",
    isActive: true,
    isSnoozable: true,
    snoozeDays: 3,
    teamId: null,
    publishAt: null,
    expiresAt: null,
    createdAt: clock.now.toISOString(),
    pollQuestion: "Oranges or apples?",
    pollOption1: "Oranges",
    pollOption2: "Apples",
    questionText: null,
    factText: null,
    newsText: null,
    status: "Live",
  });
  const { status: _status, ...stored } = poll;
  assert.deepEqual((await t.kv.get(["campaigns", poll.id])).value, stored);
  assert.deepEqual((await t.kv.get(["global_campaigns", poll.id])).value, stored);
  assert.equal((await kvValues(t.kv, { prefix: ["team_campaigns", w.team.id] })).length, 1, "the team's own only");

  // Every type; the other types' fields are dropped; teamId null is accepted; settings kept.
  const fact = await json(
    await call(t.app, "POST", API, {
      cookie: w.cookies.sysadmin,
      body: {
        title: "Did you know?",
        type: "fun_fact",
        factText: "The first World Cup was in 1930.",
        pollQuestion: "dropped",
        newsText: "dropped",
        teamId: null,
        isActive: false,
        isSnoozable: false,
        snoozeDays: 14,
        publishAt: "2030-03-05T14:00:00Z",
        expiresAt: "2030-03-09T14:00:00-05:00",
      },
    }),
  );
  assert.equal(fact.status, 201);
  assert.equal(fact.body.factText, "The first World Cup was in 1930.");
  assert.equal(fact.body.pollQuestion, null);
  assert.equal(fact.body.newsText, null);
  assert.equal(fact.body.teamId, null);
  assert.deepEqual(
    [fact.body.isActive, fact.body.isSnoozable, fact.body.snoozeDays, fact.body.status],
    [false, false, 14, "Inactive"],
  );
  assert.deepEqual([fact.body.publishAt, fact.body.expiresAt], [
    "2030-03-05T14:00:00.000Z",
    "2030-03-09T19:00:00.000Z",
  ]);
  for (
    const body of [{ title: "Q", type: "question", questionText: "Why?" }, {
      title: "N",
      type: "newsflash",
      newsText: "!",
    }]
  ) {
    assert.equal((await json(await call(t.app, "POST", API, { cookie: w.cookies.sysadmin, body }))).status, 201);
  }

  const audit = await auditOf(t.kv, "campaign.created");
  assert.equal(audit.length, 4);
  assert.deepEqual(
    { ...audit[0], id: "" },
    {
      id: "",
      teamId: null,
      action: "campaign.created",
      targetId: poll.id,
      actor: ACTOR,
      detail: "poll created",
      createdAt: clock.now.toISOString(),
    },
  );
  assert.deepEqual(audit.map((e) => e.actor), [ACTOR, ACTOR, ACTOR, ACTOR]);
  const teamEntries = await kvValues<AuditEntry>(t.kv, { prefix: ["team_audit", w.team.id] });
  assert.ok(
    !teamEntries.some((e) => e.targetId !== "" && audit.some((a) => a.targetId === e.targetId)),
    "no team entry",
  );
});

Deno.test("[admin campaigns API] POST refuses bad campaigns with the form's messages and changes nothing", async () => {
  const { t, w } = await setup();
  await using _ = t;
  const before = await dumpKv(t.kv, PREFIXES);
  const cases: [unknown, string][] = [
    [{ ...POLL, title: "" }, M.title],
    [{ ...POLL, pollQuestion: " " }, M.pollQuestion],
    [{ ...POLL, pollOption2: "" }, M.pollOptions],
    [{ title: "Ask", type: "question" }, M.questionText],
    [{ title: "Fact", type: "fun_fact" }, M.factText],
    [{ title: "News", type: "newsflash", newsText: "  " }, M.newsText],
    [{ title: "Quiz", type: "quiz" }, "Type must be poll, question, fun_fact or newsflash"],
    [{ ...POLL, snoozeDays: 5 }, M.snoozeDays],
    [{ ...POLL, snoozeDays: "3" }, M.snoozeDays],
    [{ ...POLL, isActive: "yes" }, M.isActive],
    [{ ...POLL, publishAt: "2030-01-02T00:00:00Z", expiresAt: "2030-01-01T00:00:00Z" }, M.expiryOrder],
    [{ ...POLL, publishAt: "next week" }, M.publishAt],
    [{ ...POLL, teamId: w.team.id }, GLOBAL_TEAM_ID_MESSAGE],
    [{ ...POLL, color: "red" }, "Unknown field: color"],
    [[], M.body],
    ["poll", M.body],
  ];
  for (const [body, message] of cases) {
    const res = await json(await call(t.app, "POST", API, { cookie: w.cookies.sysadmin, body }));
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.body.message, message, JSON.stringify(body));
  }
  const raw = await requestJson(t.app, API, { raw: "{", headers: { cookie: w.cookies.sysadmin } });
  assert.equal(raw.status, 400);
  assert.equal((await raw.json()).message, "Request body must be valid JSON.");
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[admin campaigns API] GET lists only global campaigns, newest first, with statuses from the injected clock", async () => {
  const { t, w, clock } = await setup();
  await using _ = t;
  const sys = { cookie: w.cookies.sysadmin };
  const create = async (body: Record<string, unknown>) =>
    (await json(await call(t.app, "POST", API, { ...sys, body: { ...POLL, ...body } }))).body as Campaign;
  const live = await create({ title: "Live", expiresAt: new Date(clock.now.getTime() + DAY).toISOString() });
  clock.now = new Date(clock.now.getTime() + 1000);
  await create({ title: "Scheduled", publishAt: new Date(clock.now.getTime() + DAY).toISOString() });
  clock.now = new Date(clock.now.getTime() + 1000);
  await create({ title: "Inactive", isActive: false });
  const list = async (query = "") => await json(await call(t.app, "GET", `${API}${query}`, sys));

  const first = await list();
  assert.equal(first.status, 200);
  assert.equal(first.cacheControl, "no-store");
  const statuses = (body: { values: { title: string; status: string }[] }) =>
    body.values.map((c) => [c.title, c.status]);
  assert.deepEqual(statuses(first.body), [["Inactive", "Inactive"], ["Scheduled", "Scheduled"], ["Live", "Live"]]);
  assert.equal(first.body.cursor, "");
  assert.ok(first.body.values.every((c: Campaign) => c.teamId === null), "never a team's campaign");

  // A day and a half later the clock says otherwise: the scheduled one is live, the live one expired.
  clock.now = new Date(clock.now.getTime() + 1.5 * DAY);
  // The system administrator's session has ended by then: a new sign-in.
  sys.cookie = await signInSysadmin(t);
  assert.deepEqual(statuses((await list()).body), [["Inactive", "Inactive"], ["Scheduled", "Live"], [
    "Live",
    "Expired",
  ]]);

  const page1 = await list("?limit=2");
  assert.deepEqual(page1.body.values.map((c: Campaign) => c.title), ["Inactive", "Scheduled"]);
  assert.ok(page1.body.cursor);
  const page2 = await list(`?limit=2&cursor=${page1.body.cursor}`);
  assert.deepEqual(page2.body.values.map((c: Campaign) => c.id), [live.id]);
  assert.equal(page2.body.cursor, "");
  assert.equal((await list("?limit=0")).status, 400);
  assert.equal((await list("?cursor=%25%25")).status, 400);
});

Deno.test("[admin campaigns API] PATCH switches a global campaign on and off, audited; a team's is 404", async () => {
  const { t, w, clock, teamCampaign } = await setup();
  await using _ = t;
  const sys = { cookie: w.cookies.sysadmin };
  const global = await createCampaign(t.kv, { teamId: null, ...POLL }, clock.now);
  const off = await json(await call(t.app, "PATCH", `${API}/${global.id}`, { ...sys, body: { isActive: false } }));
  assert.equal(off.status, 200);
  assert.deepEqual(off.body, { ...global, isActive: false, status: "Inactive" });
  assert.equal(((await t.kv.get<Campaign>(["campaigns", global.id])).value)!.isActive, false);
  assert.equal(((await t.kv.get<Campaign>(["global_campaigns", global.id])).value)!.isActive, false);
  const on = await json(await call(t.app, "PATCH", `${API}/${global.id}`, { ...sys, body: { isActive: true } }));
  assert.deepEqual([on.status, on.body.isActive, on.body.status], [200, true, "Live"]);
  assert.deepEqual(
    (await auditOf(t.kv, "campaign.updated")).map((e) => [e.targetId, e.actor, e.teamId, e.detail]),
    [[global.id, ACTOR, null, "poll deactivated"], [global.id, ACTOR, null, "poll activated"]],
  );

  const before = await dumpKv(t.kv, PREFIXES);
  const refusals: [string, unknown, number, string][] = [
    [global.id, { isActive: "no" }, 400, M.isActive],
    [global.id, {}, 400, M.isActive],
    [global.id, { isActive: true, title: "x" }, 400, "Unknown field: title"],
    [teamCampaign.id, { isActive: false }, 404, M.notFound],
    ["01ARZ3NDEKTSV4RRFFQ69G5FAV", { isActive: false }, 404, M.notFound],
  ];
  for (const [id, body, status, message] of refusals) {
    const res = await json(await call(t.app, "PATCH", `${API}/${id}`, { ...sys, body }));
    assert.deepEqual([res.status, res.body.message], [status, message], JSON.stringify(body));
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[admin campaigns API] results and DELETE: tallies, then the campaign and its responses go, audited", async () => {
  const { t, w, clock, teamCampaign } = await setup();
  await using _ = t;
  const sys = { cookie: w.cookies.sysadmin };
  const global = await createCampaign(t.kv, { teamId: null, ...POLL }, clock.now);
  // Three people of two teams: two votes for Oranges, one for Apples, and a dismissal.
  const people = ["u1", "u2", "u3", "u4"];
  await respondToCampaign(t.kv, { userId: people[0], teamIds: [w.team.id] }, global.id, { pollResponse: 1 }, clock.now);
  await respondToCampaign(
    t.kv,
    { userId: people[1], teamIds: [w.otherTeam.id] },
    global.id,
    { pollResponse: 1 },
    clock.now,
  );
  await respondToCampaign(t.kv, { userId: people[2], teamIds: [w.team.id] }, global.id, { pollResponse: 2 }, clock.now);
  await respondToCampaign(
    t.kv,
    { userId: people[3], teamIds: [w.team.id] },
    global.id,
    { isDismissed: true },
    clock.now,
  );

  const results = await json(await call(t.app, "GET", `${API}/${global.id}/results`, sys));
  assert.equal(results.status, 200);
  assert.equal(results.cacheControl, "no-store");
  assert.deepEqual(results.body, {
    campaignId: global.id,
    answered: 3,
    dismissed: 1,
    snoozed: 0,
    poll: { option1: 2, option2: 1 },
    answers: null,
  });
  for (const id of [teamCampaign.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV"]) {
    const res = await json(await call(t.app, "GET", `${API}/${id}/results`, sys));
    assert.deepEqual([res.status, res.body.message], [404, M.notFound]);
  }

  const before = await dumpKv(t.kv, PREFIXES);
  const teams = await json(await call(t.app, "DELETE", `${API}/${teamCampaign.id}`, sys));
  assert.deepEqual([teams.status, teams.body.message], [404, M.notFound]);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "a team's campaign is not the console's to delete");

  const deleted = await json(await call(t.app, "DELETE", `${API}/${global.id}`, sys));
  assert.deepEqual([deleted.status, deleted.body], [200, { success: true }]);
  assert.equal((await t.kv.get(["campaigns", global.id])).value, null);
  assert.equal((await t.kv.get(["global_campaigns", global.id])).value, null);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["campaign_responses", global.id] }), []);
  assert.deepEqual(
    (await auditOf(t.kv, "campaign.deleted")).map((e) => [e.targetId, e.actor, e.teamId, e.detail]),
    [[global.id, ACTOR, null, "poll deleted"]],
  );
  const again = await json(await call(t.app, "DELETE", `${API}/${global.id}`, sys));
  assert.deepEqual([again.status, again.body.message], [404, M.notFound]);
});

Deno.test("[admin campaigns API] the audit names the system administrator even with a person signed in too", async () => {
  const { t, w } = await setup();
  await using _ = t;
  // Dev Tools' one-click sign-ins leave both sessions in one browser.
  const both = `${w.cookies.sysadmin}; ${w.cookies.admin}`;
  const res = await json(await call(t.app, "POST", API, { cookie: both, body: POLL }));
  assert.equal(res.status, 201);
  assert.deepEqual((await auditOf(t.kv, "campaign.created")).map((e) => e.actor), [ACTOR]);
});

Deno.test("[admin campaigns API] a global campaign reaches every team's members while it is live", async () => {
  const { t, w, clock } = await setup();
  await using _ = t;
  const created = await json(
    await call(t.app, "POST", API, {
      cookie: w.cookies.sysadmin,
      body: { ...POLL, title: "For everyone", publishAt: new Date(clock.now.getTime() + DAY).toISOString() },
    }),
  );
  const seen = async (teamId: string, cookie: string) => {
    const res = await call(t.app, "GET", `/api/teams/${teamId}/campaigns/active`, { cookie });
    assert.equal(res.status, 200);
    const body = await res.json();
    return (body.values ?? body).map((c: Campaign) => c.title);
  };
  assert.ok(!(await seen(w.team.id, w.cookies.parent)).includes("For everyone"), "not before it is published");
  clock.now = new Date(clock.now.getTime() + DAY + 1);
  assert.ok((await seen(w.team.id, w.cookies.parent)).includes("For everyone"), "the team's parent");
  // An admin's session ends after 30 idle minutes: a day later, they sign in again.
  const otherAdmin = await signIn(t, "other-admin@example.com");
  assert.ok((await seen(w.otherTeam.id, otherAdmin)).includes("For everyone"), "the other team's admin");
  assert.equal(created.status, 201);
});
