/**
 * Campaigns on the family side: `GET /api/teams/{teamId}/campaigns/active` for the signed-in
 * person only, `POST /api/campaigns/{id}/respond` and `/snooze` (no team in the path), the
 * dashboard's plain forms, and what each leaves in KV. Every refusal changes nothing.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, kvValues, postForm, postFormAs, TEST_ORIGIN } from "../helpers.ts";
import { adminWorld, call, signIn } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, setCheapTeamLogin } from "../auth_helpers.ts";
import { type Campaign, CAMPAIGN_MESSAGES as M, CAMPAIGN_TEXTS, createCampaign } from "../../lib/campaigns/mod.ts";
import { getUserByEmail, setMembership } from "../../lib/db/users.ts";
import type { CampaignResponse } from "../../lib/db/campaigns.ts";

const DAY = 86_400_000;
const PREFIXES = ["campaigns", "team_campaigns", "global_campaigns", "campaign_responses", "audit", "team_audit"];

/** A clock the test moves: the app reads it through `createTestApp({ now })`. */
function clock() {
  const state = { now: new Date() };
  return { now: () => new Date(state.now), advance: (ms: number) => state.now = new Date(state.now.getTime() + ms) };
}

async function world(options: { now?: () => Date } = {}) {
  const t = await createTestApp({ now: options.now });
  const w = await adminWorld(t);
  const now = options.now?.() ?? new Date();
  const make = (input: Record<string, unknown> & { teamId: string | null }) => createCampaign(t.kv, input, now);
  const campaigns = {
    poll: await make({
      teamId: w.team.id,
      title: "Snack vote",
      pollQuestion: "Oranges or apples?",
      pollOption1: "Oranges",
      pollOption2: "Apples",
    }),
    question: await make({ teamId: w.team.id, title: "Ask", type: "question", questionText: "What should we bring?" }),
    fact: await make({ teamId: null, title: "Did you know?", type: "fun_fact", factText: "Balls were leather." }),
    news: await make({ teamId: null, title: "News", type: "newsflash", newsText: "New season!", isSnoozable: false }),
    other: await make({
      teamId: w.otherTeam.id,
      title: "Other team's poll",
      pollQuestion: "Q?",
      pollOption1: "A",
      pollOption2: "B",
    }),
  };
  const parentId = (await getUserByEmail(t.kv, "parent@example.com"))!.id;
  return { t, w, campaigns, parentId };
}

const activeIds = async (t: { app: Parameters<typeof call>[0] }, teamId: string, cookie: string) => {
  const res = await call(t.app, "GET", `/api/teams/${teamId}/campaigns/active`, { cookie });
  assert.equal(res.status, 200);
  return ((await res.json()).values as Campaign[]).map((c) => c.title);
};

Deno.test("[campaigns] GET active: the team's and the global campaigns for a member; 401 and 403 for the others", async () => {
  const { t, w } = await world();
  await using _ = t;
  const path = `/api/teams/${w.team.id}/campaigns/active`;
  const anonymous = await call(t.app, "GET", path);
  assert.equal(anonymous.status, 401);
  const other = await call(t.app, "GET", path, { cookie: w.cookies.otherAdmin });
  assert.equal(other.status, 403);
  assert.equal((await other.json()).message, "You do not have access to this team.");
  for (const who of ["parent", "player", "admin", "sysadmin"] as const) {
    const res = await call(t.app, "GET", path, { cookie: w.cookies[who] });
    assert.equal(res.status, 200, who);
    assert.equal(res.headers.get("cache-control"), "no-store", who);
    const body = await res.json();
    assert.deepEqual(Object.keys(body).sort(), ["cursor", "values"], who);
    // The team's own first, then the global ones, each newest first; never another team's.
    assert.deepEqual(body.values.map((c: Campaign) => c.title), ["Ask", "Snack vote", "News", "Did you know?"], who);
    assert.equal(body.cursor, "", who);
  }
  const bySlug = await call(t.app, "GET", `/api/teams/${w.team.slug}/campaigns/active`, { cookie: w.cookies.parent });
  assert.equal(bySlug.status, 200, "the team by its slug too");
  await bySlug.body?.cancel();
});

Deno.test("[campaigns] GET active: ?parentId= is checked against the session, never trusted", async () => {
  const { t, w, parentId } = await world();
  await using _ = t;
  const path = `/api/teams/${w.team.id}/campaigns/active`;
  const own = await call(t.app, "GET", `${path}?parentId=${parentId}`, { cookie: w.cookies.parent });
  assert.equal(own.status, 200);
  assert.equal((await own.json()).values.length, 4);
  const admin = (await getUserByEmail(t.kv, "admin@example.com"))!.id;
  for (const [who, id] of [["parent", admin], ["admin", parentId], ["sysadmin", parentId]] as const) {
    const res = await call(t.app, "GET", `${path}?parentId=${id}`, { cookie: w.cookies[who] });
    assert.equal(res.status, 403, who);
    assert.equal((await res.json()).message, M.notYourList, who);
  }
});

Deno.test("[campaigns] GET active: inactive, scheduled and expired campaigns are hidden; paging goes on into the global ones", async () => {
  const c = clock();
  const { t, w } = await world({ now: c.now });
  await using _ = t;
  const now = c.now().getTime();
  const base = { teamId: w.team.id, type: "question", questionText: "Q?" };
  await createCampaign(t.kv, { ...base, title: "Inactive", isActive: false }, c.now());
  await createCampaign(t.kv, { ...base, title: "Scheduled", publishAt: new Date(now + DAY).toISOString() }, c.now());
  await createCampaign(t.kv, { ...base, title: "Expired", expiresAt: new Date(now - 1).toISOString() }, c.now());
  await createCampaign(t.kv, {
    ...base,
    title: "Window",
    publishAt: new Date(now - DAY).toISOString(),
    expiresAt: new Date(now + DAY).toISOString(),
  }, c.now());
  assert.deepEqual(await activeIds(t, w.team.id, w.cookies.parent), [
    "Window",
    "Ask",
    "Snack vote",
    "News",
    "Did you know?",
  ]);
  const titles: string[] = [];
  let cursor = "";
  let pages = 0;
  do {
    const res = await call(t.app, "GET", `/api/teams/${w.team.id}/campaigns/active?limit=2&cursor=${cursor}`, {
      cookie: w.cookies.parent,
    });
    assert.equal(res.status, 200);
    const page = await res.json();
    titles.push(...page.values.map((v: Campaign) => v.title));
    cursor = page.cursor;
    pages++;
  } while (cursor && pages < 10);
  assert.deepEqual(titles, ["Window", "Ask", "Snack vote", "News", "Did you know?"], "pages of 2 list each once");
  for (const bad of ["x123", "t!!", "limit", "tabc", "g_-"]) {
    const res = await call(t.app, "GET", `/api/teams/${w.team.id}/campaigns/active?cursor=${bad}`, {
      cookie: w.cookies.parent,
    });
    assert.equal(res.status, 400, bad);
    await res.body?.cancel();
  }
  // A day later the scheduled one is live; after two the window has closed.
  c.advance(DAY);
  assert.ok((await activeIds(t, w.team.id, w.cookies.parent)).includes("Scheduled"));
  c.advance(DAY);
  assert.ok(!(await activeIds(t, w.team.id, w.cookies.parent)).includes("Window"));
});

Deno.test("[campaigns] respond: a vote is stored once; answering twice is 409 and changes nothing", async () => {
  const { t, w, campaigns, parentId } = await world();
  await using _ = t;
  const path = `/api/campaigns/${campaigns.poll.id}/respond`;
  const res = await call(t.app, "POST", path, { cookie: w.cookies.parent, body: { parentId, pollResponse: 2 } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const { response } = await res.json();
  assert.equal(response.pollResponse, 2);
  const stored = await kvValues<CampaignResponse>(t.kv, { prefix: ["campaign_responses", campaigns.poll.id] });
  assert.equal(stored.length, 1);
  assert.deepEqual(stored[0], response);
  assert.equal(stored[0].parentId, parentId);
  assert.equal(stored[0].questionResponse, null);
  assert.equal(stored[0].isDismissed, false);
  assert.ok(stored[0].respondedAt);
  assert.ok(!(await activeIds(t, w.team.id, w.cookies.parent)).includes("Snack vote"), "gone for the parent");
  assert.ok((await activeIds(t, w.team.id, w.cookies.player)).includes("Snack vote"), "still there for the others");

  const before = await dumpKv(t.kv, PREFIXES);
  for (const body of [{ parentId, pollResponse: 1 }, { pollResponse: 2 }, { isDismissed: true }]) {
    const again = await call(t.app, "POST", path, { cookie: w.cookies.parent, body });
    assert.equal(again.status, 409, JSON.stringify(body));
    assert.equal((await again.json()).message, M.alreadyAnswered);
  }
  const snooze = await call(t.app, "POST", `/api/campaigns/${campaigns.poll.id}/snooze`, {
    cookie: w.cookies.parent,
    body: { parentId, snoozeDays: 1 },
  });
  assert.equal(snooze.status, 409, "no snooze once answered");
  await snooze.body?.cancel();
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[campaigns] respond: 20 answers at once store exactly one", async () => {
  const { t, w, campaigns, parentId } = await world();
  await using _ = t;
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      call(t.app, "POST", `/api/campaigns/${campaigns.poll.id}/respond`, {
        cookie: w.cookies.parent,
        body: { parentId, pollResponse: (i % 2) + 1 },
      })),
  );
  const statuses = results.map((r) => r.status).sort();
  await Promise.all(results.map((r) => r.body?.cancel()));
  assert.deepEqual(statuses, [200, ...Array(19).fill(409)]);
  assert.equal((await kvValues(t.kv, { prefix: ["campaign_responses", campaigns.poll.id] })).length, 1);
});

Deno.test("[campaigns] respond: a question's answer and a dismissal; refused bodies change nothing", async () => {
  const { t, w, campaigns, parentId } = await world();
  await using _ = t;
  const before = await dumpKv(t.kv, PREFIXES);
  const refusals: [Campaign, unknown, number, string][] = [
    [campaigns.question, { parentId, questionResponse: "   " }, 400, M.answer],
    [campaigns.question, { parentId, questionResponse: "x".repeat(501) }, 400, M.answerTooLong(500)],
    [campaigns.question, { parentId, pollResponse: 1 }, 400, M.notPoll],
    [campaigns.poll, { parentId, pollResponse: 3 }, 400, M.pollChoice],
    [campaigns.poll, { parentId, questionResponse: "Apples" }, 400, M.notQuestion],
    [campaigns.poll, { parentId }, 400, M.oneAnswer],
    [campaigns.poll, { parentId, pollResponse: 1, isDismissed: true }, 400, M.oneAnswer],
    [campaigns.fact, { parentId, isDismissed: false }, 400, M.isDismissed],
    [campaigns.fact, { parentId, isDismissed: true, teamId: w.team.id }, 400, "Unknown field: teamId"],
    [campaigns.fact, [], 400, M.body],
  ];
  for (const [campaign, body, status, message] of refusals) {
    const res = await call(t.app, "POST", `/api/campaigns/${campaign.id}/respond`, { cookie: w.cookies.parent, body });
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal((await res.json()).message, message, JSON.stringify(body));
  }
  const notJson = await call(t.app, "POST", `/api/campaigns/${campaigns.fact.id}/respond`, {
    cookie: w.cookies.parent,
    headers: { "content-type": "application/json" },
  });
  assert.equal(notJson.status, 400);
  await notJson.body?.cancel();
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "refusals changed nothing");

  const answered = await call(t.app, "POST", `/api/campaigns/${campaigns.question.id}/respond`, {
    cookie: w.cookies.parent,
    body: { parentId, questionResponse: "  Orange slices\r\nand water " },
  });
  assert.equal(answered.status, 200);
  assert.equal((await answered.json()).response.questionResponse, "Orange slices\nand water");
  // parentId is optional: the session names the person.
  const dismissed = await call(t.app, "POST", `/api/campaigns/${campaigns.fact.id}/respond`, {
    cookie: w.cookies.parent,
    body: { isDismissed: true },
  });
  assert.equal(dismissed.status, 200);
  assert.equal((await dismissed.json()).response.isDismissed, true);
  const pollDismissed = await call(t.app, "POST", `/api/campaigns/${campaigns.poll.id}/respond`, {
    cookie: w.cookies.player,
    body: { isDismissed: true },
  });
  assert.equal(pollDismissed.status, 200, "any type may be dismissed");
  await pollDismissed.body?.cancel();
  assert.deepEqual(await activeIds(t, w.team.id, w.cookies.parent), ["Snack vote", "News"]);
});

Deno.test("[campaigns] respond and snooze: a parentId that is not the signed-in person is 403 and changes nothing", async () => {
  const { t, w, campaigns } = await world();
  await using _ = t;
  const adminId = (await getUserByEmail(t.kv, "admin@example.com"))!.id;
  const before = await dumpKv(t.kv, PREFIXES);
  const attempts: [string, unknown][] = [
    [`/api/campaigns/${campaigns.poll.id}/respond`, { parentId: adminId, pollResponse: 1 }],
    [`/api/campaigns/${campaigns.poll.id}/respond`, { parentId: 42, pollResponse: 1 }],
    [`/api/campaigns/${campaigns.poll.id}/respond`, { parentId: "", pollResponse: 1 }],
    [`/api/campaigns/${campaigns.fact.id}/respond`, { parentId: adminId, isDismissed: true }],
    [`/api/campaigns/${campaigns.fact.id}/snooze`, { parentId: adminId, snoozeDays: 1 }],
    // Refused before the body's other faults are looked at.
    [`/api/campaigns/${campaigns.fact.id}/snooze`, { parentId: adminId, snoozeDays: 2 }],
  ];
  for (const [path, body] of attempts) {
    const res = await call(t.app, "POST", path, { cookie: w.cookies.parent, body });
    assert.equal(res.status, 403, `${path} ${JSON.stringify(body)}`);
    assert.equal((await res.json()).message, M.notYou);
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[campaigns] respond and snooze: anonymous 401, another team's campaign 404, a system administrator 403", async () => {
  const { t, w, campaigns } = await world();
  await using _ = t;
  const before = await dumpKv(t.kv, PREFIXES);
  for (const action of ["respond", "snooze"]) {
    const body = action === "respond" ? { pollResponse: 1 } : { snoozeDays: 1 };
    const anonymous = await call(t.app, "POST", `/api/campaigns/${campaigns.poll.id}/${action}`, { body });
    assert.equal(anonymous.status, 401, action);
    await anonymous.body?.cancel();
    // The other team's admin learns nothing of this team's campaign: the same 404 as a made-up id.
    for (const id of [campaigns.poll.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV"]) {
      const res = await call(t.app, "POST", `/api/campaigns/${id}/${action}`, { cookie: w.cookies.otherAdmin, body });
      assert.equal(res.status, 404, `${action} ${id}`);
      assert.deepEqual(await res.json(), { message: M.notFound });
    }
    const parent = await call(t.app, "POST", `/api/campaigns/${campaigns.other.id}/${action}`, {
      cookie: w.cookies.parent,
      body,
    });
    assert.equal(parent.status, 404, "and this team's parent nothing of the other's");
    await parent.body?.cancel();
    const sysadmin = await call(t.app, "POST", `/api/campaigns/${campaigns.poll.id}/${action}`, {
      cookie: w.cookies.sysadmin,
      body,
    });
    assert.equal(sysadmin.status, 403, action);
    assert.equal((await sysadmin.json()).message, M.noPerson);
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
  // A global campaign applies to every team: the other team's admin may answer it.
  const global = await call(t.app, "POST", `/api/campaigns/${campaigns.fact.id}/respond`, {
    cookie: w.cookies.otherAdmin,
    body: { isDismissed: true },
  });
  assert.equal(global.status, 200);
  await global.body?.cancel();
});

Deno.test("[campaigns] respond: a campaign not live now is 404 (inactive, scheduled, expired)", async () => {
  const { t, w } = await world();
  await using _ = t;
  const base = { teamId: w.team.id, type: "fun_fact", factText: "F" };
  const now = Date.now();
  for (
    const extra of [
      { isActive: false },
      { publishAt: new Date(now + DAY).toISOString() },
      { expiresAt: new Date(now - 1000).toISOString() },
    ]
  ) {
    const c = await createCampaign(t.kv, { ...base, title: "Hidden", ...extra }, new Date());
    const res = await call(t.app, "POST", `/api/campaigns/${c.id}/respond`, {
      cookie: w.cookies.parent,
      body: { isDismissed: true },
    });
    assert.equal(res.status, 404, JSON.stringify(extra));
    assert.equal((await res.json()).message, M.notLive);
  }
  assert.deepEqual(await kvValues(t.kv, { prefix: ["campaign_responses"] }), []);
});

Deno.test("[campaigns] a person answers a global campaign once, whichever team they see it in", async () => {
  const { t, w, campaigns } = await world();
  await using _ = t;
  const parent = await getUserByEmail(t.kv, "parent@example.com");
  await setMembership(t.kv, parent!.id, w.otherTeam.id, "TEAM_STANDARD");
  const cookie = await signIn(t, "parent@example.com");
  assert.ok((await activeIds(t, w.otherTeam.id, cookie)).includes("Did you know?"));
  const res = await call(t.app, "POST", `/api/campaigns/${campaigns.fact.id}/respond`, {
    cookie,
    body: { isDismissed: true },
  });
  assert.equal(res.status, 200);
  await res.body?.cancel();
  assert.ok(!(await activeIds(t, w.team.id, cookie)).includes("Did you know?"));
  assert.ok(!(await activeIds(t, w.otherTeam.id, cookie)).includes("Did you know?"));
  assert.ok((await activeIds(t, w.otherTeam.id, cookie)).includes("Other team's poll"), "now a member there too");
});

Deno.test("[campaigns] snooze hides a campaign for its days, then it comes back", async () => {
  const c = clock();
  const { t, w, campaigns, parentId } = await world({ now: c.now });
  await using _ = t;
  const before = await dumpKv(t.kv, PREFIXES);
  const refused: [Campaign, unknown, string][] = [
    [campaigns.news, { parentId, snoozeDays: 1 }, M.notSnoozable],
    [campaigns.fact, { parentId, snoozeDays: 2 }, M.snoozeDays],
    [campaigns.fact, { parentId, snoozeDays: "1" }, M.snoozeDays],
    [campaigns.fact, { parentId }, M.snoozeDays],
    [campaigns.fact, { parentId, snoozeDays: 1, pollResponse: 1 }, "Unknown field: pollResponse"],
  ];
  for (const [campaign, body, message] of refused) {
    const res = await call(t.app, "POST", `/api/campaigns/${campaign.id}/snooze`, { cookie: w.cookies.parent, body });
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal((await res.json()).message, message, JSON.stringify(body));
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  const res = await call(t.app, "POST", `/api/campaigns/${campaigns.fact.id}/snooze`, {
    cookie: w.cookies.parent,
    body: { parentId, snoozeDays: 7 },
  });
  assert.equal(res.status, 200);
  const { response } = await res.json();
  assert.equal(response.snoozedUntil, new Date(c.now().getTime() + 7 * DAY).toISOString());
  assert.equal(response.respondedAt, null);
  assert.ok(!(await activeIds(t, w.team.id, w.cookies.parent)).includes("Did you know?"));
  c.advance(7 * DAY - 1000);
  assert.ok(!(await activeIds(t, w.team.id, w.cookies.parent)).includes("Did you know?"), "still snoozed");
  c.advance(1000);
  assert.ok((await activeIds(t, w.team.id, w.cookies.parent)).includes("Did you know?"), "back after 7 days");
  // Snoozed before, it can still be answered; then it stays away.
  const dismissed = await call(t.app, "POST", `/api/campaigns/${campaigns.fact.id}/respond`, {
    cookie: w.cookies.parent,
    body: { parentId, isDismissed: true },
  });
  assert.equal(dismissed.status, 200);
  const stored = (await dismissed.json()).response;
  assert.equal(stored.snoozedUntil, null);
  assert.equal(stored.isDismissed, true);
  c.advance(30 * DAY);
  const fresh = await signIn(t, "parent@example.com");
  assert.ok(!(await activeIds(t, w.team.id, fresh)).includes("Did you know?"));
});

Deno.test("[campaigns] the dashboard's forms: a vote (to its results) and a snooze go back to #campaigns; a blank answer shows the page again", async () => {
  const { t, w, campaigns, parentId } = await world();
  await using _ = t;
  const base = `/family-dashboard/${w.team.id}/campaigns`;

  const page = await (await call(t.app, "GET", `/family-dashboard/${w.team.id}`, { cookie: w.cookies.parent })).text();
  assert.match(page, /<section[^>]*id="campaigns"/);
  assert.match(page, /data-island="CampaignCards"[^>]*data-hydrate="interaction"/);
  assert.ok(page.includes(`action="${base}/${campaigns.question.id}/respond"`), "a plain form per card");
  assert.ok(page.includes(`action="${base}/${campaigns.fact.id}/snooze"`));
  assert.ok(!page.includes(`${base}/${campaigns.news.id}/snooze`), "no Snooze when not snoozable");
  assert.ok(page.includes(">1 of 4<"));

  const vote = await postFormAs(t.app, `${base}/${campaigns.poll.id}/respond`, { pollResponse: "1" }, w.cookies.parent);
  assert.equal(vote.status, 303);
  assert.equal(vote.headers.get("location"), `/family-dashboard/${w.team.id}?voted=${campaigns.poll.id}#campaigns`);
  const [stored] = await kvValues<CampaignResponse>(t.kv, { prefix: ["campaign_responses", campaigns.poll.id] });
  assert.equal(stored.pollResponse, 1);
  assert.equal(stored.parentId, parentId);
  const twice = await postFormAs(
    t.app,
    `${base}/${campaigns.poll.id}/respond`,
    { pollResponse: "2" },
    w.cookies.parent,
  );
  assert.equal(twice.status, 303, "answered already: nothing more to do");

  const snooze = await postFormAs(t.app, `${base}/${campaigns.fact.id}/snooze`, { snoozeDays: "1" }, w.cookies.parent);
  assert.equal(snooze.status, 303);
  const dismiss = await postFormAs(
    t.app,
    `${base}/${campaigns.news.id}/respond`,
    { isDismissed: "true" },
    w.cookies.parent,
  );
  assert.equal(dismiss.status, 303);

  const before = await dumpKv(t.kv, PREFIXES);
  const blank = await postFormAs(
    t.app,
    `${base}/${campaigns.question.id}/respond`,
    { questionResponse: "  " },
    w.cookies.parent,
  );
  assert.equal(blank.status, 422);
  const html = await blank.text();
  assert.ok(html.includes(M.answer), "the message next to the answer box");
  assert.match(html, /aria-invalid="true"/);
  const notSnoozable = await postFormAs(
    t.app,
    `${base}/${campaigns.news.id}/snooze`,
    { snoozeDays: "1" },
    w.cookies.player,
  );
  assert.equal(notSnoozable.status, 422);
  assert.ok((await notSnoozable.text()).includes(M.notSnoozable));
  const kept = await postFormAs(t.app, `${base}/${campaigns.question.id}/respond`, {
    questionResponse: "x".repeat(501),
  }, w.cookies.player);
  assert.equal(kept.status, 422);
  assert.ok((await kept.text()).includes("x".repeat(501)), "what was typed comes back");
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  const answered = await postFormAs(
    t.app,
    `${base}/${campaigns.question.id}/respond`,
    { questionResponse: "Water" },
    w.cookies.parent,
  );
  assert.equal(answered.status, 303);
  const empty = await (await call(t.app, "GET", `/family-dashboard/${w.team.id}`, { cookie: w.cookies.parent })).text();
  assert.ok(empty.includes(CAMPAIGN_TEXTS.empty.replace("'", "&#x27;")), "all caught up");
  assert.ok(!empty.includes('data-island="CampaignCards"'), "no island when nothing waits");
});

Deno.test("[campaigns] the dashboard's forms: another team's campaign 404, another team's person 403, anonymous to login", async () => {
  const { t, w, campaigns } = await world();
  await using _ = t;
  const before = await dumpKv(t.kv, PREFIXES);
  const base = `/family-dashboard/${w.team.id}/campaigns`;
  const foreign = await postFormAs(
    t.app,
    `${base}/${campaigns.other.id}/respond`,
    { pollResponse: "1" },
    w.cookies.parent,
  );
  assert.equal(foreign.status, 404);
  await foreign.body?.cancel();
  const outsider = await postFormAs(t.app, `${base}/${campaigns.poll.id}/respond`, {
    pollResponse: "1",
  }, w.cookies.otherAdmin);
  assert.equal(outsider.status, 403);
  await outsider.body?.cancel();
  const sysadmin = await postFormAs(
    t.app,
    `${base}/${campaigns.fact.id}/snooze`,
    { snoozeDays: "1" },
    w.cookies.sysadmin,
  );
  assert.equal(sysadmin.status, 403, "a system administrator reads only");
  await sysadmin.body?.cancel();
  const anonymous = await postForm(t.app, `${base}/${campaigns.poll.id}/respond`, { pollResponse: "1" });
  assert.equal(anonymous.status, 303);
  assert.match(anonymous.headers.get("location")!, /^\/team-login\?next=/);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[campaigns] a system administrator and a team's shared login read the cards without forms", async () => {
  const { t, w, campaigns } = await world();
  await using _ = t;
  await setCheapTeamLogin(t.kv, w.team.id, "helpers", "a long shared team password");
  const login = await postForm(t.app, `/teams/${w.team.id}/login`, {
    username: "helpers",
    password: "a long shared team password",
  });
  assert.equal(login.status, 303);
  const shared = cookiesFrom(login);
  for (const cookie of [w.cookies.sysadmin, shared]) {
    const html = await (await call(t.app, "GET", `/family-dashboard/${w.team.id}`, { cookie })).text();
    assert.ok(html.includes("Snack vote"));
    assert.ok(html.includes(CAMPAIGN_TEXTS.readOnly.replace("'", "&#x27;")));
    assert.ok(!html.includes(`/family-dashboard/${w.team.id}/campaigns/`), "no answer forms");
  }
  const before = await dumpKv(t.kv, PREFIXES);
  const api = await call(t.app, "POST", `/api/campaigns/${campaigns.poll.id}/respond`, {
    cookie: shared,
    body: { pollResponse: 1 },
  });
  assert.equal(api.status, 403, "a shared login is no person to answer as");
  assert.equal((await api.json()).message, M.noPerson);
  const form = await t.app.request(
    `${TEST_ORIGIN}/family-dashboard/${w.team.id}/campaigns/${campaigns.poll.id}/respond`,
    {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: shared },
      body: "pollResponse=1",
    },
  );
  assert.equal(form.status, 403);
  await form.body?.cancel();
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[campaigns] a new member of the team sees campaigns made before they joined", async () => {
  const { t, w } = await world();
  await using _ = t;
  await createAccount(t.kv, { email: "late@example.com", teamId: w.team.id });
  const cookie = await signIn(t, "late@example.com");
  assert.equal((await activeIds(t, w.team.id, cookie)).length, 4);
});
