/**
 * The System Console `/sysadmin` (SPEC.md 'Sysadmin pages'): the sign-in in place for anyone
 * but a system administrator; the header with the active team count and Sign out; the stat cards'
 * real counts; the tabs (Dev Tools only in development mode); the Campaigns tab's tables with
 * display statuses from the injected clock and 'Deploy New Global Campaign'; and its forms
 * without JavaScript (create, refuse, activate/deactivate, delete with the confirmation),
 * each audited, each leaving the page on the new state, and refused without a session.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, kvValues, postForm, postFormAs, requestJson, TEST_ORIGIN } from "../helpers.ts";
import { ADMIN_PREFIXES, adminWorld, call, signInSysadmin } from "../admin_helpers.ts";
import { cookiesFrom, setCheapTeamLogin } from "../auth_helpers.ts";
import { type Campaign, CAMPAIGN_MESSAGES as M, createCampaign, respondToCampaign } from "../../lib/campaigns/mod.ts";
import { recordTeamActivity } from "../../lib/db/team_activity.ts";
import { countActiveTeams } from "../../lib/sysadmin/mod.ts";
import type { AuditEntry } from "../../lib/db/audit.ts";

const PREFIXES = [...ADMIN_PREFIXES, "campaigns", "team_campaigns", "global_campaigns", "campaign_responses"];
const POLL = { title: "Snack vote", pollQuestion: "Oranges or apples?", pollOption1: "Oranges", pollOption2: "Apples" };
const DAY = 86_400_000;
const ACTOR = "sysadmin:root@example.com";

async function setup(env: Record<string, string> = {}) {
  const clock = { now: new Date("2030-03-02T15:00:00.000Z") };
  const t = await createTestApp({ now: () => clock.now, env });
  const w = await adminWorld(t);
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "a long team password");
  const login = await requestJson(t.app, `/api/teams/${w.team.id}/login`, {
    body: { username: "rockets", password: "a long team password" },
  });
  const teamLogin = cookiesFrom(login);
  return { t, w, clock, teamLogin };
}

async function page(app: Parameters<typeof call>[0], path: string, cookie = "") {
  const res = await call(app, "GET", path, { cookie });
  return { res, html: await res.text() };
}

/** Whether the page has a `<tag>` with every one of these attributes (in any order). */
function hasTag(html: string, tag: string, attrs: Record<string, string>): boolean {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))].some(([open]) =>
    Object.entries(attrs).every(([name, value]) => open.includes(` ${name}="${value}"`))
  );
}
const assertTag = (html: string, tag: string, attrs: Record<string, string>, what = "") =>
  assert.ok(hasTag(html, tag, attrs), `${what} <${tag} ${JSON.stringify(attrs)}>`);

const stat = (html: string, label: string) => {
  const match = new RegExp(`console-stat__label">${label}</span><span class="console-stat__value">(\\d+)<`).exec(html);
  assert.ok(match, `stat ${label}`);
  return Number(match[1]);
};
/** The part of the page from a table's heading to the end of its section. */
const section = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  assert.ok(start >= 0, `no #${id}`);
  return html.slice(start, html.indexOf("</section>", start));
};

Deno.test("[console] /sysadmin: the sign-in in place (401) for anyone but a system administrator, nothing changes", async () => {
  const { t, w, teamLogin } = await setup();
  await using _ = t;
  const before = await dumpKv(t.kv, PREFIXES);
  const callers: Record<string, string> = { ...w.cookies, teamLogin };
  for (const [who, cookie] of Object.entries(callers)) {
    if (who === "sysadmin") continue;
    const { res, html } = await page(t.app, "/sysadmin?tab=teams", cookie);
    assert.equal(res.status, 401, who);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.match(html, /<h1 class="login-card__title">System Admin Login<\/h1>/, who);
    assertTag(html, "form", { method: "post", action: "/sysadmin/login" }, who);
    assert.match(html, /name="next" value="\/sysadmin\?tab=teams"/, `${who}: comes back to the console`);
    assert.doesNotMatch(html, /System Console/, who);
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
  // The forms send anyone else to the sign-in, and change nothing.
  const global = await createCampaign(t.kv, { teamId: null, ...POLL }, new Date());
  const beforeForms = await dumpKv(t.kv, PREFIXES);
  for (const [who, cookie] of Object.entries(callers)) {
    if (who === "sysadmin") continue;
    for (
      const [path, fields] of [
        ["/sysadmin/campaigns", { title: "x", type: "fun_fact", factText: "y" }],
        [`/sysadmin/campaigns/${global.id}/status`, { isActive: "false" }],
        [`/sysadmin/campaigns/${global.id}/delete`, { confirm: "yes" }],
      ] as const
    ) {
      const res = await postFormAs(t.app, path, fields, cookie);
      assert.equal(res.status, 303, `${who} ${path}`);
      assert.equal(res.headers.get("location"), "/sysadmin/login?next=%2Fsysadmin", `${who} ${path}`);
    }
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), beforeForms);
});

Deno.test("[console] header, real stat counts, tabs (Dev Tools only in development) and the campaign tables", async () => {
  const { t, w, clock } = await setup();
  await using _ = t;
  const at = clock.now;
  const live = await createCampaign(t.kv, { teamId: null, ...POLL, title: "Live poll" }, new Date(at.getTime() - 3000));
  await createCampaign(t.kv, {
    teamId: null,
    title: "Scheduled news",
    type: "newsflash",
    newsText: "Season opener on Saturday",
    publishAt: new Date(at.getTime() + DAY).toISOString(),
  }, new Date(at.getTime() - 2000));
  await createCampaign(t.kv, {
    teamId: null,
    title: "Old fact",
    type: "fun_fact",
    factText: "Fact text",
    expiresAt: new Date(at.getTime() - 1).toISOString(),
  }, new Date(at.getTime() - 1000));
  await createCampaign(t.kv, {
    teamId: null,
    title: "Paused question",
    type: "question",
    questionText: "Why?",
    isActive: false,
  }, at);
  await createCampaign(t.kv, { teamId: w.team.id, ...POLL, title: "Team only" }, at);

  const { res, html } = await page(t.app, "/sysadmin", w.cookies.sysadmin);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.match(html, /<meta name="robots" content="noindex"/);
  assert.match(html, /<h1>System Console<\/h1>/);
  const active = (await countActiveTeams(t.kv, at)).last30Days;
  assert.match(html, new RegExp(`console-header__teams">${active} active teams?<`));
  assertTag(html, "form", { method: "post", action: "/sysadmin/logout" });
  assert.match(html, /action="\/sysadmin\/logout"[^>]*><button type="submit"[^>]*>Sign out<\/button>/);
  assert.match(html, /Signed in as<\/span>.*root@example\.com/s);
  assert.deepEqual(
    ["Active Campaigns", "Total Teams", "Pending Campaigns", "Total Campaigns"].map((l) => stat(html, l)),
    [3, 2, 1, 4],
    "global campaigns only: 3 switched on, 1 off; 2 teams",
  );
  assert.match(html, /data-live-count="activeCampaigns"/);

  // Tabs: links, the current one marked; no Dev Tools outside development mode.
  assert.match(html, /<a href="\/sysadmin" aria-current="page">Campaigns<\/a>/);
  assert.match(html, /<a href="\/sysadmin\?tab=teams">Teams<\/a>/);
  assert.match(html, /<a href="\/sysadmin\?tab=analytics">Analytics<\/a>/);
  assert.doesNotMatch(html, /Dev Tools/);
  const dev = await page(t.app, "/sysadmin?tab=dev", w.cookies.sysadmin);
  assert.match(dev.html, /<a href="\/sysadmin" aria-current="page">Campaigns<\/a>/, "?tab=dev shows Campaigns");
  assert.match(dev.html, /id="campaigns-tab-heading"/);

  // The tables: active ones with their status from the injected clock, the inactive one apart.
  const activeTable = section(html, "console-active-heading");
  const rows = [...activeTable.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th>.*?campaign-status--(\w+)">(\w+)</gs)]
    .map((m) => [m[1], m[3]]);
  assert.deepEqual(rows, [["Old fact", "Expired"], ["Scheduled news", "Scheduled"], ["Live poll", "Live"]]);
  assert.match(activeTable, /<td data-label="Poll Question \/ Text"[^>]*>Oranges or apples\?<\/td>/);
  assert.match(activeTable, /<td data-label="Type">Newsflash<\/td>/);
  assert.match(activeTable, /<td data-label="Scope">Global<\/td>/);
  assert.match(activeTable, /<td data-label="Published">Mar 2, 2030, 9:59\sAM EST<\/td>/);
  assert.match(activeTable, /<td data-label="Expires">Never<\/td>/);
  assert.doesNotMatch(activeTable, /Created/);
  const inactiveTable = section(html, "console-inactive-heading");
  assert.match(inactiveTable, /<th scope="row"[^>]*>Paused question<\/th>/);
  assert.match(inactiveTable, /<td data-label="Created">Mar 2, 2030, 10:00\sAM EST<\/td>/);
  assert.match(inactiveTable, />Activate<span class="visually-hidden"> Paused question<\/span>/);
  assert.doesNotMatch(html, /Team only/, "never a team's campaign");
  assert.match(activeTable, new RegExp(`action="/sysadmin/campaigns/${live.id}/status"`));
  assert.match(activeTable, new RegExp(`<input type="hidden" name="isActive" value="false"/>`));
  assert.match(activeTable, new RegExp(`action="/sysadmin/campaigns/${live.id}/delete"`));

  // 'Create Campaign' and the dialog's form, which posts without JavaScript.
  assert.match(html, /<a class="button button--primary" href="#deploy-campaign">Create Campaign<\/a>/);
  assert.match(html, /<dialog id="deploy-campaign" class="dialog console-dialog" aria-labelledby="deploy-title">/);
  assert.match(html, /<h2 id="deploy-title" class="dialog__title">Deploy New Global Campaign<\/h2>/);
  assertTag(html, "form", { method: "post", action: "/sysadmin/campaigns" });
  for (const name of ["title", "pollQuestion", "pollOption1", "pollOption2", "questionText", "factText", "newsText"]) {
    assert.match(html, new RegExp(`name="${name}"`), name);
  }
  assert.match(
    html,
    /<option value="poll" selected="">Poll<\/option><option value="question">Question<\/option><option value="fun_fact">Fun Fact<\/option><option value="newsflash">Newsflash<\/option>/,
  );
  assertTag(html, "input", { name: "publishAt", type: "datetime-local" });
  assertTag(html, "input", { name: "expiresAt", type: "datetime-local" });
  assertTag(html, "input", { name: "isActive", type: "checkbox", value: "on", checked: "" });
  assertTag(html, "input", { name: "isSnoozable", type: "checkbox", value: "on", checked: "" });
  assert.match(
    html,
    /<option value="1">1<\/option><option value="3" selected="">3<\/option><option value="7">7<\/option><option value="14">14<\/option>/,
  );
  assert.match(html, /data-island="GlobalCampaignForm"[^>]*data-hydrate="interaction"/);
});

Deno.test("[console] the other tabs: Teams (with its search), Analytics, and Dev Tools in development mode", async () => {
  const { t, w } = await setup({ GOALMATES_ENV: "development" });
  await using _ = t;
  const teams = await page(t.app, `/sysadmin?tab=teams&q=${encodeURIComponent(w.team.name)}`, w.cookies.sysadmin);
  assert.equal(teams.res.status, 200);
  assert.match(teams.html, /<a href="\/sysadmin\?tab=teams" aria-current="page">Teams<\/a>/);
  assert.match(teams.html, /id="teams-tab-heading"/);
  assert.ok(teams.html.includes(`href="/admin/${w.team.id}"`), "the searched team's card");
  const analytics = await page(t.app, "/sysadmin?tab=analytics", w.cookies.sysadmin);
  assert.match(analytics.html, /<a href="\/sysadmin\?tab=analytics" aria-current="page">Analytics<\/a>/);
  assert.doesNotMatch(analytics.html, /Coming Soon/i);
  const dev = await page(t.app, "/sysadmin?tab=dev", w.cookies.sysadmin);
  assert.match(dev.html, /<a href="\/sysadmin\?tab=dev" aria-current="page">Dev Tools<\/a>/);
  assert.match(dev.html, /action="\/sysadmin\/dev\/login"/);
  const bad = await page(t.app, "/sysadmin?cursor=%25%25", w.cookies.sysadmin);
  assert.equal(bad.res.status, 400);
});

Deno.test("[console] the header counts the teams active in the last 30 days by the injected clock", async () => {
  const { t, w, clock } = await setup();
  await using _ = t;
  clock.now = new Date(clock.now.getTime() + 31 * DAY);
  const cookie = await signInSysadmin(t);
  const count = async () => /console-header__teams">([^<]+)</.exec((await page(t.app, "/sysadmin", cookie)).html)![1];
  assert.equal(await count(), "0 active teams");
  await recordTeamActivity(t.kv, [w.team.id], clock.now);
  assert.equal(await count(), "1 active team");
});

Deno.test("[console] create without JavaScript: 303 to the console with a notice; a refusal comes back filled in", async () => {
  const { t, w, clock } = await setup();
  await using _ = t;
  const cookie = w.cookies.sysadmin;
  const form = {
    title: "Fun fact friday",
    type: "fun_fact",
    pollQuestion: "typed, then the type changed",
    pollOption1: "",
    pollOption2: "",
    questionText: "",
    factText: "Messi scored 91 goals in 2012.",
    newsText: "",
    publishAt: "2030-03-06T09:30",
    expiresAt: "",
    isSnoozable: "on",
    snoozeDays: "7",
  };
  const created = await postFormAs(t.app, "/sysadmin/campaigns", form, cookie);
  assert.equal(created.status, 303);
  assert.equal(created.headers.get("location"), "/sysadmin?done=created");
  const [stored] = await kvValues<Campaign>(t.kv, { prefix: ["global_campaigns"] });
  assert.deepEqual({ ...stored, id: "" }, {
    id: "",
    title: "Fun fact friday",
    type: "fun_fact",
    isActive: false,
    isSnoozable: true,
    snoozeDays: 7,
    teamId: null,
    publishAt: "2030-03-06T14:30:00.000Z",
    expiresAt: null,
    createdAt: clock.now.toISOString(),
    pollQuestion: null,
    pollOption1: null,
    pollOption2: null,
    questionText: null,
    factText: "Messi scored 91 goals in 2012.",
    newsText: null,
  }, "an unchecked Active box is off; another type's text is dropped; the date is New York time");
  const audit = (await kvValues<AuditEntry>(t.kv, { prefix: ["audit"] })).filter((e) => e.targetId === stored.id);
  assert.deepEqual(audit.map((e) => [e.action, e.actor, e.teamId]), [["campaign.created", ACTOR, null]]);

  const after = await page(t.app, "/sysadmin?done=created", cookie);
  assert.match(after.html, /role="status">Campaign deployed\./);
  assert.match(section(after.html, "console-inactive-heading"), /Fun fact friday/);
  assert.equal(stat(after.html, "Pending Campaigns"), 1);

  const before = await dumpKv(t.kv, PREFIXES);
  const refused = await postFormAs(t.app, "/sysadmin/campaigns", {
    ...form,
    title: "",
    type: "poll",
    pollOption1: "Yes",
    isActive: "on",
  }, cookie);
  assert.equal(refused.status, 400);
  const html = await refused.text();
  assert.match(
    html,
    /<dialog id="deploy-campaign" class="dialog console-dialog" aria-labelledby="deploy-title" open="">/,
  );
  assert.match(html, /role="alert">Failed to create campaign\. Please try again\. Title is required</);
  assert.match(html, /<p class="field__error" id="gc-title-error">Title is required<\/p>/);
  assertTag(html, "input", { name: "title", "aria-invalid": "true", "aria-describedby": "gc-title-error" });
  assert.match(html, /value="typed, then the type changed"/, "what was typed comes back");
  assert.match(html, /<option value="poll" selected="">/);
  assert.match(html, /<option value="7" selected="">/);
  assert.doesNotMatch(html, /role="status">Campaign deployed/);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  const badDate = await postFormAs(t.app, "/sysadmin/campaigns", { ...form, expiresAt: "2030-03-01T10:00" }, cookie);
  assert.equal(badDate.status, 400);
  assert.match(await badDate.text(), /id="gc-expiresAt-error">Expiry date must be after the publish date</);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[console] activate/deactivate and delete without JavaScript: 303 back with the new state, audited", async () => {
  const { t, w, clock } = await setup();
  await using _ = t;
  const cookie = w.cookies.sysadmin;
  const global = await createCampaign(t.kv, { teamId: null, ...POLL }, clock.now);
  const team = await createCampaign(t.kv, { teamId: w.team.id, ...POLL, title: "Team's" }, clock.now);
  await respondToCampaign(t.kv, { userId: "u1", teamIds: [w.team.id] }, global.id, { pollResponse: 2 }, clock.now);

  const off = await postFormAs(t.app, `/sysadmin/campaigns/${global.id}/status`, { isActive: "false" }, cookie);
  assert.equal(off.headers.get("location"), "/sysadmin?done=deactivated");
  assert.equal((await t.kv.get<Campaign>(["global_campaigns", global.id])).value!.isActive, false);
  const offPage = await page(t.app, "/sysadmin?done=deactivated", cookie);
  assert.match(offPage.html, /role="status">Campaign deactivated\. Families no longer see it\.</);
  assert.match(section(offPage.html, "console-inactive-heading"), /Snack vote/);
  assert.deepEqual([stat(offPage.html, "Active Campaigns"), stat(offPage.html, "Pending Campaigns")], [0, 1]);
  const on = await postFormAs(t.app, `/sysadmin/campaigns/${global.id}/status`, { isActive: "true" }, cookie);
  assert.equal(on.headers.get("location"), "/sysadmin?done=activated");
  assert.equal((await t.kv.get<Campaign>(["campaigns", global.id])).value!.isActive, true);

  // A team's campaign, or none: "no longer exists", nothing changes.
  const before = await dumpKv(t.kv, PREFIXES);
  for (const id of [team.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV"]) {
    for (const [action, fields] of [["status", { isActive: "false" }], ["delete", { confirm: "yes" }]] as const) {
      const res = await postFormAs(t.app, `/sysadmin/campaigns/${id}/${action}`, fields, cookie);
      assert.equal(res.headers.get("location"), "/sysadmin?error=missing", `${action} ${id}`);
    }
  }
  const missing = await postFormAs(t.app, `/sysadmin/campaigns/${team.id}/delete`, {}, cookie);
  assert.equal(missing.headers.get("location"), "/sysadmin?error=missing");
  assert.match(
    (await page(t.app, "/sysadmin?error=missing", cookie)).html,
    /role="alert">That campaign no longer exists\./,
  );

  // Delete: the first post asks (SPEC.md's words), the confirmed one deletes.
  const ask = await postFormAs(t.app, `/sysadmin/campaigns/${global.id}/delete`, {}, cookie);
  assert.equal(ask.status, 200);
  const askHtml = await ask.text();
  assert.match(askHtml, /<h2 id="console-confirm-heading">Delete “Snack vote”\?<\/h2>/);
  assert.ok(askHtml.includes(`<p role="alert">${M.deleteConfirm}</p>`));
  assert.match(askHtml, /<input type="hidden" name="confirm" value="yes"\/>/);
  assert.match(askHtml, /<a class="button button--secondary" href="\/sysadmin">Cancel<\/a>/);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "asking deletes nothing");

  const deleted = await postFormAs(t.app, `/sysadmin/campaigns/${global.id}/delete`, { confirm: "yes" }, cookie);
  assert.equal(deleted.headers.get("location"), "/sysadmin?done=deleted");
  assert.equal((await t.kv.get(["campaigns", global.id])).value, null);
  assert.equal((await t.kv.get(["global_campaigns", global.id])).value, null);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["campaign_responses", global.id] }), []);
  const deletedPage = await page(t.app, "/sysadmin?done=deleted", cookie);
  assert.match(deletedPage.html, /role="status">Campaign deleted, with its responses\.</);
  assert.equal(stat(deletedPage.html, "Total Campaigns"), 0);
  assert.doesNotMatch(deletedPage.html, /Snack vote/);

  const audit = (await kvValues<AuditEntry>(t.kv, { prefix: ["audit"] })).filter((e) => e.targetId === global.id);
  assert.deepEqual(audit.map((e) => [e.action, e.actor, e.teamId, e.detail]), [
    ["campaign.created", "system", null, "poll created"],
    ["campaign.updated", ACTOR, null, "poll deactivated"],
    ["campaign.updated", ACTOR, null, "poll activated"],
    ["campaign.deleted", ACTOR, null, "poll deleted"],
  ]);
});

Deno.test("[console] pages of 25 campaigns: 'Older campaigns' and 'Newest campaigns'", async () => {
  const { t, w, clock } = await setup();
  await using _ = t;
  for (let i = 0; i < 27; i++) {
    await createCampaign(t.kv, { teamId: null, ...POLL, title: `Poll ${i}` }, new Date(clock.now.getTime() + i));
  }
  const first = await page(t.app, "/sysadmin", w.cookies.sysadmin);
  assert.match(first.html, /Poll 26</);
  assert.doesNotMatch(first.html, /Poll 1</);
  const older = /href="(\/sysadmin\?tab=campaigns&amp;cursor=[^"]+)">Older campaigns/.exec(first.html);
  assert.ok(older);
  assert.doesNotMatch(first.html, /Newest campaigns/);
  const second = await page(t.app, older[1].replaceAll("&amp;", "&"), w.cookies.sysadmin);
  assert.match(second.html, /Poll 1</);
  assert.match(second.html, /Poll 0</);
  assert.doesNotMatch(second.html, /Poll 26</);
  assert.match(second.html, /<a class="button button--ghost" href="\/sysadmin">Newest campaigns<\/a>/);
  assert.doesNotMatch(second.html, /Older campaigns/);
  assert.equal(stat(second.html, "Total Campaigns"), 27, "the cards count every campaign, not the page");
});

Deno.test("[console] signing in lands on /sysadmin; Sign out ends the session and goes to the sign-in", async () => {
  const { t } = await setup();
  await using _ = t;
  const cookie = await signInSysadmin(t);
  const landed = await postForm(t.app, "/sysadmin/login", {
    email: "root@example.com",
    password: "a very long sysadmin password",
  });
  assert.equal(landed.status, 303);
  assert.equal(landed.headers.get("location"), "/sysadmin");

  const out = await postFormAs(t.app, "/sysadmin/logout", {}, cookie);
  assert.equal(out.status, 303);
  assert.equal(out.headers.get("location"), "/sysadmin/login");
  assert.match(out.headers.get("set-cookie") ?? "", /gm_sysadmin=;/);
  assert.equal((await page(t.app, "/sysadmin", cookie)).res.status, 401, "the old cookie no longer opens the console");
  // Signed out already: it still just goes to the sign-in.
  const again = await postFormAs(t.app, "/sysadmin/logout", {}, "");
  assert.equal(again.headers.get("location"), "/sysadmin/login");
  const foreign = await t.app.request(`${TEST_ORIGIN}/sysadmin/logout`, {
    method: "POST",
    headers: { origin: "https://evil.example", cookie, "content-type": "application/x-www-form-urlencoded" },
  });
  assert.equal(foreign.status, 403, "another site cannot sign the administrator out");
});
