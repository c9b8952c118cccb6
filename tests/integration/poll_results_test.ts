/**
 * A poll's results for those who voted in it (issue "What families and admins hit", item 8): the
 * vote call's answer carries them, and a vote posted without JavaScript comes back to the
 * dashboard (`?voted=`) with 'Thanks for your vote!' and the results. Counts only, never who
 * voted what; nothing before the person's own vote, nothing for a poll that is not theirs.
 */
import assert from "node:assert/strict";
import { createTestApp, postFormAs } from "../helpers.ts";
import { adminWorld, call } from "../admin_helpers.ts";
import { CAMPAIGN_TEXTS, createCampaign } from "../../lib/campaigns/mod.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { pollPercents } from "../../lib/campaigns/poll_results.ts";
import { readableText } from "../i18n_helpers.ts";

async function world() {
  const t = await createTestApp();
  const w = await adminWorld(t);
  const now = new Date();
  const poll = await createCampaign(t.kv, {
    teamId: w.team.id,
    title: "Snack vote",
    pollQuestion: "Oranges or apples?",
    pollOption1: "Oranges",
    pollOption2: "Apples",
  }, now);
  const question = await createCampaign(t.kv, {
    teamId: w.team.id,
    title: "Ask",
    type: "question",
    questionText: "What should we bring?",
  }, now);
  const otherPoll = await createCampaign(t.kv, {
    teamId: w.otherTeam.id,
    title: "Other team's poll",
    pollQuestion: "Q?",
    pollOption1: "A",
    pollOption2: "B",
  }, now);
  const ids = Object.fromEntries(
    await Promise.all(
      ["parent", "player", "admin"].map(async (who) => [who, (await getUserByEmail(t.kv, `${who}@example.com`))!.id]),
    ),
  ) as Record<"parent" | "player" | "admin", string>;
  return { t, w, poll, question, otherPoll, ids };
}

const vote = (t: { app: Parameters<typeof call>[0] }, pollId: string, cookie: string, pollResponse: 1 | 2) =>
  call(t.app, "POST", `/api/campaigns/${pollId}/respond`, { cookie, body: { pollResponse } });

/** The dashboard's form post, as a browser without JavaScript sends it. */
const formVote = (t: { app: Parameters<typeof call>[0] }, path: string, cookie: string, option: string) =>
  postFormAs(t.app, path, { pollResponse: option }, cookie);

/** The results panel of a dashboard page, or null when it has none. */
const resultsPanel = (html: string) => /<section class="poll-results".*?<\/section>/s.exec(html)?.[0] ?? null;

Deno.test("[poll results] a vote's answer carries the poll's counts and the voter's own choice, never who voted", async () => {
  const { t, w, poll, question, ids } = await world();
  await using _ = t;
  assert.equal((await vote(t, poll.id, w.cookies.player, 1)).status, 200);
  assert.equal((await vote(t, poll.id, w.cookies.admin, 2)).status, 200);
  const res = await vote(t, poll.id, w.cookies.parent, 2);
  assert.equal(res.status, 200);
  const text = await res.text();
  const { response, results } = JSON.parse(text);
  assert.equal(response.pollResponse, 2);
  assert.deepEqual(results, {
    campaignId: poll.id,
    title: "Snack vote",
    question: "Oranges or apples?",
    options: [{ label: "Oranges", votes: 1 }, { label: "Apples", votes: 2 }],
    total: 3,
    choice: 2,
  });
  for (const secret of [ids.player, ids.admin, "player@example.com", "admin@example.com"]) {
    assert.ok(!text.includes(secret), `the answer names no other voter (${secret})`);
  }

  // A question's answer has no results to show.
  const answered = await call(t.app, "POST", `/api/campaigns/${question.id}/respond`, {
    cookie: w.cookies.parent,
    body: { questionResponse: "Water" },
  });
  assert.equal(answered.status, 200);
  assert.equal((await answered.json()).results, null);
});

Deno.test("[poll results] without JavaScript: the vote's 303 leads to 'Thanks for your vote!' and the results", async () => {
  const { t, w, poll, ids } = await world();
  await using _ = t;
  const dashboard = `/family-dashboard/${w.team.id}`;
  const page = async (query: string, cookie = w.cookies.parent) => {
    const res = await call(t.app, "GET", `${dashboard}${query}`, { cookie });
    assert.equal(res.status, 200, query);
    return await res.text();
  };

  // Before voting the poll is a card to answer, and `?voted=` shows nothing of its results.
  const before = await page(`?voted=${poll.id}`);
  assert.equal(resultsPanel(before), null, "no results before the person's own vote");
  // Outside the island's props, which carry the card's words (the thanks among them) for later.
  assert.ok(!readableText(before).includes(CAMPAIGN_TEXTS.thanks));
  assert.ok(before.includes(`action="${dashboard}/campaigns/${poll.id}/respond"`), "the poll is there to answer");

  assert.equal((await vote(t, poll.id, w.cookies.player, 1)).status, 200);
  const posted = await formVote(t, `${dashboard}/campaigns/${poll.id}/respond`, w.cookies.parent, "2");
  assert.equal(posted.status, 303);
  const location = posted.headers.get("location")!;
  assert.equal(location, `${dashboard}?voted=${poll.id}#campaigns`);

  const after = await page(location.replace(dashboard, "").replace("#campaigns", ""));
  const panel = resultsPanel(after);
  assert.ok(panel, "the results show");
  assert.ok(panel.includes(CAMPAIGN_TEXTS.thanks), "'Thanks for your vote!'");
  assert.ok(panel.includes("Results: Snack vote") && panel.includes("Oranges or apples?"));
  assert.match(panel, /<dt>Oranges<\/dt><dd>[^]*?1 vote \(50%\)<\/dd>/);
  assert.match(
    panel,
    /<dt>Apples<span class="badge poll-results__mine">Your vote<\/span><\/dt><dd>[^]*?1 vote \(50%\)/,
  );
  assert.ok(panel.includes("2 votes so far"));
  for (const secret of [ids.player, "player@example.com"]) {
    assert.ok(!panel.includes(secret), `the results name no voter (${secret})`);
  }
  assert.ok(
    !after.includes(`action="${dashboard}/campaigns/${poll.id}/respond"`),
    "the poll itself is answered: no card",
  );

  // A second post (another tab) comes back to the results all the same.
  const again = await formVote(t, `${dashboard}/campaigns/${poll.id}/respond`, w.cookies.parent, "1");
  assert.equal(again.status, 303);
  assert.equal(again.headers.get("location"), `${dashboard}?voted=${poll.id}#campaigns`);
});

Deno.test("[poll results] ?voted= shows nothing to someone who did not vote, for another team's poll or nonsense", async () => {
  const { t, w, poll, question, otherPoll } = await world();
  await using _ = t;
  const dashboard = `/family-dashboard/${w.team.id}`;
  assert.equal((await vote(t, poll.id, w.cookies.parent, 1)).status, 200);
  const answered = await call(t.app, "POST", `/api/campaigns/${question.id}/respond`, {
    cookie: w.cookies.parent,
    body: { questionResponse: "Water" },
  });
  assert.equal(answered.status, 200);
  const cases: [string, string][] = [
    [`?voted=${poll.id}`, w.cookies.player],
    [`?voted=${poll.id}`, w.cookies.sysadmin],
    [`?voted=${question.id}`, w.cookies.parent],
    [`?voted=${otherPoll.id}`, w.cookies.parent],
    ["?voted=nonsense", w.cookies.parent],
    [`?voted=${"Z".repeat(5000)}`, w.cookies.parent],
  ];
  for (const [query, cookie] of cases) {
    const res = await call(t.app, "GET", `${dashboard}${query}`, { cookie });
    assert.equal(res.status, 200, query);
    assert.equal(resultsPanel(await res.text()), null, query);
  }
  // The voter sees them.
  const own = await call(t.app, "GET", `${dashboard}?voted=${poll.id}`, { cookie: w.cookies.parent });
  assert.ok(resultsPanel(await own.text()));
});

Deno.test("[poll results] the shares are whole percents that add up to 100", () => {
  const of = (a: number, b: number) =>
    pollPercents({ options: [{ label: "", votes: a }, { label: "", votes: b }], total: a + b });
  assert.deepEqual(of(0, 0), [0, 0]);
  assert.deepEqual(of(1, 0), [100, 0]);
  assert.deepEqual(of(1, 7), [13, 87], "12.5 % and 87.5 % would round to 101");
  assert.deepEqual(of(1, 2), [33, 67]);
});
