/**
 * A team admin's team-scoped campaigns: the JSON calls (list, create, activate/deactivate,
 * delete with its responses, results), the admin page under both prefixes with its plain
 * forms, who may call each, and that deleting the team leaves no campaign or response behind.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, kvValues, postFormAs } from "../helpers.ts";
import { ADMIN_PREFIXES, adminWorld, call, EXPECTED_STATUS, IDENTITIES, statusMatches } from "../admin_helpers.ts";
import { type Campaign, CAMPAIGN_MESSAGES as M, createCampaign } from "../../lib/campaigns/mod.ts";
import { MAX_TEAM_CAMPAIGNS } from "../../lib/campaigns/rules.ts";
import type { AuditEntry } from "../../lib/db/audit.ts";

const PREFIXES = [
  ...ADMIN_PREFIXES,
  "campaigns",
  "team_campaigns",
  "global_campaigns",
  "campaign_responses",
];

const POLL = { title: "Snack vote", pollQuestion: "Oranges or apples?", pollOption1: "Oranges", pollOption2: "Apples" };

async function setup() {
  const t = await createTestApp();
  const w = await adminWorld(t);
  const other = await createCampaign(t.kv, { teamId: w.otherTeam.id, ...POLL, title: "Theirs" }, new Date());
  const global = await createCampaign(
    t.kv,
    { teamId: null, title: "Global", type: "fun_fact", factText: "F" },
    new Date(),
  );
  return { t, w, other, global };
}

const create = async (app: Parameters<typeof call>[0], teamId: string, cookie: string, body: unknown) => {
  const res = await call(app, "POST", `/api/admin/${teamId}/campaigns`, { cookie, body });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).campaign as Campaign;
};

Deno.test("[admin campaigns] every call and page: 401/303 anonymous, 403 parent, player and another team's admin", async () => {
  const { t, w } = await setup();
  await using _ = t;
  const mine = await createCampaign(t.kv, { teamId: w.team.id, ...POLL }, new Date());
  const api = `/api/admin/${w.team.id}/campaigns`;
  const routes: [string, string, unknown][] = [
    ["GET", api, undefined],
    ["GET", `${api}/${mine.id}/results`, undefined],
    ["PATCH", `${api}/${mine.id}`, { isActive: true }],
    ["POST", api, { ...POLL, title: "By %s" }],
  ];
  const before = await dumpKv(t.kv, PREFIXES);
  for (const who of IDENTITIES) {
    for (const [method, path, body] of routes) {
      const res = await call(t.app, method, path, { cookie: w.cookies[who], body });
      await res.body?.cancel();
      assert.ok(statusMatches(EXPECTED_STATUS[who], res.status), `${who} ${method} ${path} → ${res.status}`);
    }
    for (const prefix of ["admin", "teams"]) {
      const res = await call(t.app, "GET", `/${prefix}/${w.team.id}/campaigns`, { cookie: w.cookies[who] });
      await res.body?.cancel();
      const expected = who === "anonymous" ? 303 : EXPECTED_STATUS[who] === "2xx" ? 200 : 403;
      assert.equal(res.status, expected, `${who} page /${prefix}`);
    }
    if (EXPECTED_STATUS[who] !== "2xx") assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, who);
  }
  // Last, so every identity saw it: the admin and the system administrator may delete.
  const deleted = await call(t.app, "DELETE", `${api}/${mine.id}`, { cookie: w.cookies.parent });
  assert.equal(deleted.status, 403);
  await deleted.body?.cancel();
  const bySysadmin = await call(t.app, "DELETE", `${api}/${mine.id}`, { cookie: w.cookies.sysadmin });
  assert.equal(bySysadmin.status, 200);
  await bySysadmin.body?.cancel();
});

Deno.test("[admin campaigns] POST creates a team poll or question with SPEC.md's defaults and an audit entry", async () => {
  const { t, w } = await setup();
  await using _ = t;
  const poll = await create(t.app, w.team.id, w.cookies.admin, POLL);
  assert.deepEqual({ ...poll, id: "", createdAt: "" }, {
    id: "",
    createdAt: "",
    title: "Snack vote",
    type: "poll",
    isActive: true,
    isSnoozable: true,
    snoozeDays: 3,
    teamId: w.team.id,
    publishAt: null,
    expiresAt: null,
    pollQuestion: "Oranges or apples?",
    pollOption1: "Oranges",
    pollOption2: "Apples",
    questionText: null,
    factText: null,
    newsText: null,
  });
  assert.deepEqual((await t.kv.get(["campaigns", poll.id])).value, poll);
  assert.deepEqual((await t.kv.get(["team_campaigns", w.team.id, poll.id])).value, poll);
  const question = await create(t.app, w.team.id, w.cookies.admin, {
    title: "Ask",
    type: "question",
    questionText: "What should we bring?",
    pollQuestion: "dropped: another type's field",
    isSnoozable: false,
    snoozeDays: 7,
    publishAt: "2030-01-01T10:00:00Z",
    expiresAt: "2030-01-08T10:00:00Z",
  });
  assert.equal(question.pollQuestion, null);
  assert.equal(question.isSnoozable, false);
  assert.equal(question.publishAt, "2030-01-01T10:00:00.000Z");
  // The page offers polls and questions; the call takes a team fun fact or newsflash too.
  const news = await create(t.app, w.team.id, w.cookies.admin, { title: "News", type: "newsflash", newsText: "Win!" });
  assert.equal(news.teamId, w.team.id);
  assert.equal(news.newsText, "Win!");
  const audit = await kvValues<AuditEntry>(t.kv, { prefix: ["team_audit", w.team.id] });
  const created = audit.filter((e) => e.action === "campaign.created" && e.targetId !== news.id);
  assert.deepEqual(created.map((e) => [e.targetId, e.actor]), [[poll.id, "admin@example.com"], [
    question.id,
    "admin@example.com",
  ]]);
  assert.equal((await kvValues(t.kv, { prefix: ["global_campaigns"] })).length, 1, "only the seeded global one");
});

Deno.test("[admin campaigns] POST refuses bad campaigns with the form's messages and changes nothing", async () => {
  const { t, w } = await setup();
  await using _ = t;
  const before = await dumpKv(t.kv, PREFIXES);
  const cases: [unknown, string][] = [
    [{ ...POLL, title: "" }, M.title],
    [{ ...POLL, pollQuestion: " " }, M.pollQuestion],
    [{ ...POLL, pollOption2: "" }, M.pollOptions],
    [{ title: "Ask", type: "question" }, M.questionText],
    [{ title: "Fact", type: "fun_fact" }, M.factText],
    [{ title: "Quiz", type: "quiz" }, "Type must be poll, question, fun_fact or newsflash"],
    [{ ...POLL, snoozeDays: 5 }, M.snoozeDays],
    [{ ...POLL, publishAt: "2030-01-02T00:00:00Z", expiresAt: "2030-01-01T00:00:00Z" }, M.expiryOrder],
    [{ ...POLL, publishAt: "next week" }, M.publishAt],
    [{ ...POLL, teamId: w.otherTeam.id }, "Unknown field: teamId"],
    [{ ...POLL, color: "red" }, "Unknown field: color"],
    [[], M.body],
    ["poll", M.body],
  ];
  for (const [body, message] of cases) {
    const res = await call(t.app, "POST", `/api/admin/${w.team.id}/campaigns`, { cookie: w.cookies.admin, body });
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal((await res.json()).message, message, JSON.stringify(body));
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[admin campaigns] a team keeps at most 100 campaigns", async () => {
  const { t, w } = await setup();
  await using _ = t;
  for (let i = 0; i < MAX_TEAM_CAMPAIGNS; i++) await createCampaign(t.kv, { teamId: w.team.id, ...POLL }, new Date());
  const res = await call(t.app, "POST", `/api/admin/${w.team.id}/campaigns`, { cookie: w.cookies.admin, body: POLL });
  assert.equal(res.status, 409);
  assert.equal((await res.json()).message, M.tooMany(MAX_TEAM_CAMPAIGNS));
});

Deno.test("[admin campaigns] GET lists the team's campaigns with their status, newest first, in pages", async () => {
  const { t, w } = await setup();
  await using _ = t;
  const day = 86_400_000;
  const now = Date.now();
  const a = await create(t.app, w.team.id, w.cookies.admin, { ...POLL, title: "Live" });
  await create(t.app, w.team.id, w.cookies.admin, {
    ...POLL,
    title: "Scheduled",
    publishAt: new Date(now + day).toISOString(),
  });
  await createCampaign(t.kv, {
    teamId: w.team.id,
    ...POLL,
    title: "Expired",
    expiresAt: new Date(now - 1).toISOString(),
  }, new Date());
  await create(t.app, w.team.id, w.cookies.admin, { ...POLL, title: "Inactive", isActive: false });
  const res = await call(t.app, "GET", `/api/admin/${w.team.id}/campaigns`, { cookie: w.cookies.admin });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const body = await res.json();
  assert.deepEqual(body.values.map((c: { title: string; status: string }) => [c.title, c.status]), [
    ["Inactive", "Inactive"],
    ["Expired", "Expired"],
    ["Scheduled", "Scheduled"],
    ["Live", "Live"],
  ], "never another team's nor a global one");
  assert.equal(body.cursor, "");
  const first = await (await call(t.app, "GET", `/api/admin/${w.team.id}/campaigns?limit=3`, {
    cookie: w.cookies.admin,
  })).json();
  assert.equal(first.values.length, 3);
  const second = await (await call(t.app, "GET", `/api/admin/${w.team.id}/campaigns?limit=3&cursor=${first.cursor}`, {
    cookie: w.cookies.admin,
  })).json();
  assert.deepEqual(second.values.map((c: Campaign) => c.id), [a.id]);
});

Deno.test("[admin campaigns] PATCH flips isActive; another team's or a global campaign is 404", async () => {
  const { t, w, other, global } = await setup();
  await using _ = t;
  const poll = await create(t.app, w.team.id, w.cookies.admin, POLL);
  const path = `/api/admin/${w.team.id}/campaigns/${poll.id}`;
  const off = await call(t.app, "PATCH", path, { cookie: w.cookies.admin, body: { isActive: false } });
  assert.equal(off.status, 200);
  assert.equal((await off.json()).campaign.isActive, false);
  assert.equal((await t.kv.get<Campaign>(["campaigns", poll.id])).value!.isActive, false);
  assert.equal((await t.kv.get<Campaign>(["team_campaigns", w.team.id, poll.id])).value!.isActive, false);
  const parentView = await call(t.app, "GET", `/api/teams/${w.team.id}/campaigns/active`, { cookie: w.cookies.parent });
  assert.ok(!(await parentView.json()).values.some((c: Campaign) => c.id === poll.id), "hidden from families");
  const on = await call(t.app, "PATCH", path, { cookie: w.cookies.admin, body: { isActive: true } });
  assert.equal((await on.json()).campaign.isActive, true);
  const updates = (await kvValues<AuditEntry>(t.kv, { prefix: ["team_audit", w.team.id] }))
    .filter((e) => e.action === "campaign.updated").map((e) => e.detail);
  assert.deepEqual(updates, ['poll "Snack vote" deactivated', 'poll "Snack vote" activated']);

  const before = await dumpKv(t.kv, PREFIXES);
  for (const body of [{}, { isActive: "false" }, { isActive: true, title: "x" }, [], null]) {
    const res = await call(t.app, "PATCH", path, { cookie: w.cookies.admin, body });
    assert.equal(res.status, 400, JSON.stringify(body));
    await res.body?.cancel();
  }
  for (const id of [other.id, global.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV"]) {
    for (const [method, suffix] of [["PATCH", ""], ["DELETE", ""], ["GET", "/results"]]) {
      const res = await call(t.app, method, `/api/admin/${w.team.id}/campaigns/${id}${suffix}`, {
        cookie: w.cookies.admin,
        body: method === "PATCH" ? { isActive: false } : undefined,
      });
      assert.equal(res.status, 404, `${method} ${id}`);
      assert.deepEqual(await res.json(), { message: M.notFound });
    }
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[admin campaigns] results count responses and a poll's votes per option; DELETE removes them all", async () => {
  const { t, w } = await setup();
  await using _ = t;
  const poll = await create(t.app, w.team.id, w.cookies.admin, POLL);
  const question = await create(t.app, w.team.id, w.cookies.admin, {
    title: "Ask",
    type: "question",
    questionText: "Q?",
  });
  const answer = (cookie: string, id: string, body: unknown, action = "respond") =>
    call(t.app, "POST", `/api/campaigns/${id}/${action}`, { cookie, body }).then((r) => r.body?.cancel());
  await answer(w.cookies.parent, poll.id, { pollResponse: 1 });
  await answer(w.cookies.player, poll.id, { pollResponse: 2 });
  await answer(w.cookies.admin, poll.id, { pollResponse: 2 });
  await answer(w.cookies.parent, question.id, { questionResponse: "Water" });
  await answer(w.cookies.player, question.id, { isDismissed: true });
  await answer(w.cookies.admin, question.id, { snoozeDays: 3 }, "snooze");

  const res = await call(t.app, "GET", `/api/admin/${w.team.id}/campaigns/${poll.id}/results`, {
    cookie: w.cookies.admin,
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.deepEqual(await res.json(), {
    campaignId: poll.id,
    answered: 3,
    dismissed: 0,
    snoozed: 0,
    poll: { option1: 1, option2: 2 },
    answers: null,
  });
  const q = await (await call(t.app, "GET", `/api/admin/${w.team.id}/campaigns/${question.id}/results`, {
    cookie: w.cookies.sysadmin,
  })).json();
  assert.equal(q.answered, 1);
  assert.equal(q.dismissed, 1);
  assert.equal(q.snoozed, 1);
  assert.equal(q.poll, null);
  assert.deepEqual(q.answers.map((a: { text: string }) => a.text), ["Water"]);

  const deleted = await call(t.app, "DELETE", `/api/admin/${w.team.id}/campaigns/${poll.id}`, {
    cookie: w.cookies.admin,
  });
  assert.equal(deleted.status, 200);
  assert.deepEqual(await deleted.json(), { success: true });
  assert.equal((await t.kv.get(["campaigns", poll.id])).versionstamp, null);
  assert.equal((await t.kv.get(["team_campaigns", w.team.id, poll.id])).versionstamp, null);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["campaign_responses", poll.id] }), []);
  assert.equal((await kvValues(t.kv, { prefix: ["campaign_responses", question.id] })).length, 3, "others keep theirs");
  const audit = await kvValues<AuditEntry>(t.kv, { prefix: ["team_audit", w.team.id] });
  assert.ok(audit.some((e) => e.action === "campaign.deleted" && e.targetId === poll.id));
  const again = await call(t.app, "DELETE", `/api/admin/${w.team.id}/campaigns/${poll.id}`, {
    cookie: w.cookies.admin,
  });
  assert.equal(again.status, 404);
  await again.body?.cancel();
});

Deno.test("[admin campaigns] DELETE removes a campaign with more responses than one commit holds", async () => {
  const { t, w } = await setup();
  await using _ = t;
  const poll = await create(t.app, w.team.id, w.cookies.admin, POLL);
  let op = t.kv.atomic();
  for (let i = 0; i < 1200; i++) {
    const userId = `user-${String(i).padStart(5, "0")}`;
    op.set(["campaign_responses", poll.id, userId], {
      campaignId: poll.id,
      parentId: userId,
      pollResponse: 1,
      questionResponse: null,
      isDismissed: false,
      snoozedUntil: null,
      respondedAt: new Date().toISOString(),
    });
    if (i % 500 === 499) {
      await op.commit();
      op = t.kv.atomic();
    }
  }
  await op.commit();
  const results = await (await call(t.app, "GET", `/api/admin/${w.team.id}/campaigns/${poll.id}/results`, {
    cookie: w.cookies.admin,
  })).json();
  assert.equal(results.poll.option1, 1200);
  const res = await call(t.app, "DELETE", `/api/admin/${w.team.id}/campaigns/${poll.id}`, { cookie: w.cookies.admin });
  assert.equal(res.status, 200);
  await res.body?.cancel();
  assert.deepEqual(await kvValues(t.kv, { prefix: ["campaign_responses", poll.id] }), []);
});

Deno.test("[admin campaigns] the page under both prefixes: the create form, the list with results, Campaigns in the side navigation", async () => {
  const { t, w } = await setup();
  await using _ = t;
  const poll = await create(t.app, w.team.id, w.cookies.admin, POLL);
  await call(t.app, "POST", `/api/campaigns/${poll.id}/respond`, {
    cookie: w.cookies.parent,
    body: { pollResponse: 2 },
  }).then((r) => r.body?.cancel());
  for (const prefix of ["admin", "teams"]) {
    const res = await call(t.app, "GET", `/${prefix}/${w.team.id}/campaigns`, { cookie: w.cookies.admin });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const html = await res.text();
    assert.match(html, new RegExp(`href="/${prefix}/${w.team.id}/campaigns" aria-current="page">Campaigns</a>`));
    assert.match(
      html,
      new RegExp(
        `<form class="form campaign-form" noValidate="" action="/${prefix}/${w.team.id}/campaigns" method="post"`,
      ),
    );
    assert.match(html, /<input type="radio" name="type" checked="" value="poll"\/>/, "a poll by default");
    assert.match(html, /name="isActive" checked="" value="on"/, "active by default");
    assert.match(html, /name="isSnoozable" checked="" value="on"/, "snoozable by default");
    assert.match(html, /<option value="3" selected="">3<\/option>/, "3 snooze days by default");
    assert.ok(html.includes("Snack vote"));
    assert.ok(html.includes(">Live<"));
    assert.ok(html.includes("1 vote (100%)"), "the tally of option 2");
    assert.ok(html.includes("0 votes (0%)"));
    assert.ok(html.includes(`action="/${prefix}/${w.team.id}/campaigns/${poll.id}/status"`));
    assert.ok(html.includes(M.deleteConfirm));
    assert.ok(!html.includes("Theirs") && !html.includes("Global"), "only the team's own");
  }
  const dashboard = await (await call(t.app, "GET", `/admin/${w.team.id}`, { cookie: w.cookies.admin })).text();
  assert.match(dashboard, new RegExp(`href="/admin/${w.team.id}/campaigns">Campaigns</a>`));
});

Deno.test("[admin campaigns] the page's forms: create, refuse with the message and the typed values, toggle, delete", async () => {
  const { t, w } = await setup();
  await using _ = t;
  const form = (path: string, fields: Record<string, string>) => postFormAs(t.app, path, fields, w.cookies.admin);
  const base = `/teams/${w.team.id}/campaigns`;
  const created = await form(base, {
    title: "Team question",
    type: "question",
    questionText: "Which day suits the party?",
    pollQuestion: "left over from the poll part",
    publishAt: "2030-07-01T10:00",
    expiresAt: "",
    isActive: "on",
    snoozeDays: "14",
  });
  assert.equal(created.status, 303);
  assert.equal(created.headers.get("location"), `${base}?done=created`);
  const [stored] = await kvValues<Campaign>(t.kv, { prefix: ["team_campaigns", w.team.id] });
  assert.equal(stored.type, "question");
  assert.equal(stored.pollQuestion, null, "the other type's fields are not sent");
  assert.equal(stored.publishAt, "2030-07-01T14:00:00.000Z", "Eastern Time");
  assert.equal(stored.isSnoozable, false, "an unchecked box");
  assert.equal(stored.snoozeDays, 14);
  const after = await (await call(t.app, "GET", `${base}?done=created`, { cookie: w.cookies.admin })).text();
  assert.ok(after.includes("Campaign created."));
  assert.ok(after.includes(">Scheduled<"));

  const before = await dumpKv(t.kv, PREFIXES);
  const refused = await form(base, {
    title: "Half a poll",
    type: "poll",
    pollQuestion: "Which snack?",
    pollOption1: "Oranges",
    pollOption2: "",
    isActive: "on",
    isSnoozable: "on",
    snoozeDays: "3",
  });
  assert.equal(refused.status, 400);
  const html = await refused.text();
  assert.match(html, /role="alert">Both poll options are required</);
  assert.ok(html.includes('value="Half a poll"'), "what was typed comes back");
  assert.ok(html.includes('value="Oranges"'));
  assert.match(html, /id="campaign-option-2"[^>]*aria-invalid="true"/);
  const badDate = await form(base, { title: "T", type: "question", questionText: "Q", publishAt: "2030-13-45T99:00" });
  assert.equal(badDate.status, 400);
  assert.ok((await badDate.text()).includes(M.publishAt));
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  const off = await form(`${base}/${stored.id}/status`, { isActive: "false" });
  assert.equal(off.status, 303);
  assert.equal(off.headers.get("location"), `${base}?done=deactivated`);
  assert.equal((await t.kv.get<Campaign>(["campaigns", stored.id])).value!.isActive, false);
  const on = await form(`/admin/${w.team.id}/campaigns/${stored.id}/status`, { isActive: "true" });
  assert.equal(on.headers.get("location"), `/admin/${w.team.id}/campaigns?done=activated`);
  const deleted = await form(`${base}/${stored.id}/delete`, {});
  assert.equal(deleted.status, 303);
  assert.equal(deleted.headers.get("location"), `${base}?done=deleted`);
  assert.equal((await t.kv.get(["campaigns", stored.id])).versionstamp, null);
  const gone = await form(`${base}/${stored.id}/delete`, {});
  assert.equal(gone.headers.get("location"), `${base}?error=missing`);
});

/** Every key and value in the database as text. */
async function everything(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  const text = (_: string, v: unknown) => typeof v === "bigint" ? String(v) : v;
  for await (const e of kv.list({ prefix: [] })) out.push(JSON.stringify([e.key, e.value], text));
  return out;
}

Deno.test("[admin campaigns] deleting the team leaves none of its campaigns or their responses anywhere in KV", async () => {
  const { t, w, other, global } = await setup();
  await using _ = t;
  const poll = await create(t.app, w.team.id, w.cookies.admin, { ...POLL, title: "Zebracorn poll" });
  const question = await create(t.app, w.team.id, w.cookies.admin, {
    title: "Zebracorn question",
    type: "question",
    questionText: "Qwertyish?",
  });
  for (
    const [cookie, id, body] of [
      [w.cookies.parent, poll.id, { pollResponse: 1 }],
      [w.cookies.player, question.id, { questionResponse: "Uniqueanswerxyz" }],
      [w.cookies.parent, global.id, { isDismissed: true }],
      [w.cookies.otherAdmin, other.id, { pollResponse: 2 }],
    ] as const
  ) {
    const res = await call(t.app, "POST", `/api/campaigns/${id}/respond`, { cookie, body });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  }
  const res = await call(t.app, "DELETE", `/api/admin/${w.team.id}`, {
    cookie: w.cookies.admin,
    body: { confirm: w.team.name },
  });
  assert.equal(res.status, 200);
  await res.body?.cancel();
  const all = await everything(t.kv);
  for (const needle of [poll.id, question.id, "Zebracorn", "Qwertyish", "Uniqueanswerxyz", w.team.id]) {
    // The one `team.deleted` entry names the team by its id (R43), and nothing else of it.
    const left = all.filter((line) => line.includes(needle) && !line.includes('"action":"team.deleted"'));
    assert.deepEqual(left, [], needle);
  }
  // What is not the team's stays: the other team's campaign and answer, the global campaign and its answer.
  assert.ok((await t.kv.get(["campaigns", other.id])).value);
  assert.equal((await kvValues(t.kv, { prefix: ["campaign_responses", other.id] })).length, 1);
  assert.ok((await t.kv.get(["global_campaigns", global.id])).value);
  assert.equal((await kvValues(t.kv, { prefix: ["campaign_responses", global.id] })).length, 1);
});
