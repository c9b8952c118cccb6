/**
 * Analytics on an injected clock: teams active in the last 7 and 30 days, every campaign
 * (global and teams') newest first with its responses, status and poll tally, paged 20 at a
 * time; and the tab as the console renders it (numbers, the SVG chart, no JavaScript of its own).
 */
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { signInSysadmin } from "../admin_helpers.ts";
import { createTestApp, get, inEnglish, seedTeam } from "../helpers.ts";
import { recordTeamActivity } from "../../lib/db/team_activity.ts";
import { createCampaign, respondToCampaign, snoozeCampaign } from "../../lib/campaigns/mod.ts";
import { type Analytics, countActiveTeams, loadAnalytics } from "../../lib/sysadmin/mod.ts";
import { AnalyticsTab, NO_CAMPAIGNS_TEXT } from "../../components/sysadmin/AnalyticsTab.tsx";

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-05-01T12:00:00.000Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY_MS);

/** Four teams (active 3, 10 and 31 days before T0, and never) and four campaigns with answers. */
async function analyticsWorld(kv: Deno.Kv) {
  const a = (await seedTeam(kv, { name: "Alpha Lions" })).team;
  const b = (await seedTeam(kv, { name: "Bravo Hawks" })).team;
  const c = (await seedTeam(kv, { name: "Charlie Owls" })).team;
  const d = (await seedTeam(kv, { name: "Delta Foxes" })).team;
  await recordTeamActivity(kv, [a.id], at(-3));
  await recordTeamActivity(kv, [b.id], at(-10));
  await recordTeamActivity(kv, [c.id], at(-31));

  const snacks = await createCampaign(
    kv,
    {
      teamId: null,
      title: "Snack vote",
      type: "poll",
      pollQuestion: "Best post-game snack?",
      pollOption1: "Pizza",
      pollOption2: "Tacos",
      expiresAt: at(10).toISOString(),
    },
    at(-5),
    "sysadmin:root@example.com",
  );
  const question = await createCampaign(
    kv,
    {
      teamId: a.id,
      title: "Carpool",
      type: "question",
      questionText: "Who can drive on Saturday?",
    },
    at(-4),
    "admin@example.com",
  );
  const news = await createCampaign(
    kv,
    {
      teamId: null,
      title: "New season",
      type: "newsflash",
      newsText: "Registration opens soon.",
      isActive: false,
    },
    at(-3),
    "sysadmin:root@example.com",
  );
  const later = await createCampaign(
    kv,
    {
      teamId: b.id,
      title: "Kit colour",
      type: "poll",
      pollQuestion: "Home kit?",
      pollOption1: "Red",
      pollOption2: "Blue",
      publishAt: at(1).toISOString(),
    },
    at(-2),
    "admin@example.com",
  );

  const inA = (userId: string) => ({ userId, teamIds: [a.id] });
  for (const [user, vote] of [["u1", 1], ["u2", 1], ["u3", 2]] as const) {
    await respondToCampaign(kv, inA(user), snacks.id, { pollResponse: vote }, at(-1));
  }
  await respondToCampaign(kv, inA("u4"), snacks.id, { isDismissed: true }, at(-1));
  await snoozeCampaign(kv, inA("u5"), snacks.id, { snoozeDays: 3 }, at(-1)); // until T0 + 2 days
  await respondToCampaign(kv, inA("u1"), question.id, { questionResponse: "I can, after 9." }, at(-1));
  return { a, b, c, d, snacks, question, news, later };
}

Deno.test("[analytics] numbers at an injected clock: active teams, responses, tallies, status", async () => {
  await using t = await createTestApp({ now: () => T0 });
  const w = await analyticsWorld(t.kv);
  const analytics = await loadAnalytics(t.kv, T0);
  assert.deepEqual(
    analytics,
    {
      generatedAt: T0.toISOString(),
      totalTeams: 4,
      activeLast7Days: 1,
      activeLast30Days: 2,
      campaigns: {
        values: [
          {
            id: w.later.id,
            title: "Kit colour",
            type: "poll",
            teamId: w.b.id,
            scope: "Bravo Hawks",
            status: "Scheduled",
            createdAt: at(-2).toISOString(),
            answered: 0,
            dismissed: 0,
            snoozed: 0,
            poll: { question: "Home kit?", options: [{ label: "Red", votes: 0 }, { label: "Blue", votes: 0 }] },
          },
          {
            id: w.news.id,
            title: "New season",
            type: "newsflash",
            teamId: null,
            scope: "Global",
            status: "Inactive",
            createdAt: at(-3).toISOString(),
            answered: 0,
            dismissed: 0,
            snoozed: 0,
            poll: null,
          },
          {
            id: w.question.id,
            title: "Carpool",
            type: "question",
            teamId: w.a.id,
            scope: "Alpha Lions",
            status: "Live",
            createdAt: at(-4).toISOString(),
            answered: 1,
            dismissed: 0,
            snoozed: 0,
            poll: null,
          },
          {
            id: w.snacks.id,
            title: "Snack vote",
            type: "poll",
            teamId: null,
            scope: "Global",
            status: "Live",
            createdAt: at(-5).toISOString(),
            answered: 3,
            dismissed: 1,
            snoozed: 1,
            poll: {
              question: "Best post-game snack?",
              options: [{ label: "Pizza", votes: 2 }, { label: "Tacos", votes: 1 }],
            },
          },
        ],
        cursor: "",
        isFirstPage: true,
      },
    } satisfies Analytics,
  );

  // The clock moves: the snooze ends, the scheduled poll goes live, the snack poll expires, teams age.
  const week = await loadAnalytics(t.kv, at(5));
  assert.equal(week.activeLast7Days, 0, "Alpha's activity is 8 days old");
  assert.equal(week.activeLast30Days, 2);
  const byTitle = new Map(week.campaigns.values.map((v) => [v.title, v]));
  assert.equal(byTitle.get("Kit colour")?.status, "Live");
  assert.equal(byTitle.get("Snack vote")?.snoozed, 0);
  assert.equal(byTitle.get("Snack vote")?.status, "Live");
  const month = await loadAnalytics(t.kv, at(21));
  assert.equal(month.activeLast30Days, 1, "Bravo's activity is 31 days old");
  assert.equal(month.campaigns.values.find((v) => v.title === "Snack vote")?.status, "Expired");

  // The 7- and 30-day boundaries, to the millisecond.
  assert.deepEqual(await countActiveTeams(t.kv, new Date(at(4).getTime())), { last7Days: 1, last30Days: 2 });
  assert.deepEqual(await countActiveTeams(t.kv, new Date(at(4).getTime() + 1)), { last7Days: 0, last30Days: 2 });
  assert.deepEqual(await countActiveTeams(t.kv, new Date(at(20).getTime())), { last7Days: 0, last30Days: 2 });
  assert.deepEqual(await countActiveTeams(t.kv, new Date(at(20).getTime() + 1)), { last7Days: 0, last30Days: 1 });
});

Deno.test("[analytics] campaigns are paged 20 at a time, newest first, global and teams' together", async () => {
  await using t = await createTestApp({ now: () => T0 });
  const { team } = await seedTeam(t.kv, { name: "Paging Team" });
  const ids: string[] = [];
  for (let i = 0; i < 23; i++) {
    const campaign = await createCampaign(t.kv, {
      teamId: i % 2 === 0 ? null : team.id,
      title: `Fact ${i}`,
      type: i % 2 === 0 ? "fun_fact" : "question",
      factText: i % 2 === 0 ? "Water is wet." : undefined,
      questionText: i % 2 === 0 ? undefined : "Why?",
    }, new Date(T0.getTime() - (23 - i) * 60_000));
    ids.push(campaign.id);
  }
  const newestFirst = [...ids].reverse();
  const first = await loadAnalytics(t.kv, T0);
  assert.deepEqual(first.campaigns.values.map((v) => v.id), newestFirst.slice(0, 20));
  assert.equal(first.campaigns.isFirstPage, true);
  assert.notEqual(first.campaigns.cursor, "");
  const second = await loadAnalytics(t.kv, T0, { cursor: first.campaigns.cursor });
  assert.deepEqual(second.campaigns.values.map((v) => v.id), newestFirst.slice(20));
  assert.equal(second.campaigns.isFirstPage, false);
  assert.equal(second.campaigns.cursor, "");
  assert.deepEqual(new Set(first.campaigns.values.map((v) => v.scope)), new Set(["Global", "Paging Team"]));
});

Deno.test("[analytics] the tab renders the numbers and a server-drawn SVG chart; empty states", () => {
  const analytics: Analytics = {
    generatedAt: T0.toISOString(),
    totalTeams: 4,
    activeLast7Days: 1,
    activeLast30Days: 2,
    campaigns: {
      values: [{
        id: "01J0000000000000000000000A",
        title: "Snack vote",
        type: "poll",
        teamId: null,
        scope: "Global",
        status: "Live",
        createdAt: T0.toISOString(),
        answered: 3,
        dismissed: 1,
        snoozed: 1,
        poll: { question: "Best snack?", options: [{ label: "Pizza", votes: 2 }, { label: "Tacos", votes: 1 }] },
      }, {
        id: "01J0000000000000000000000B",
        title: "Kit colour",
        type: "poll",
        teamId: "t1",
        scope: "Bravo Hawks",
        status: "Scheduled",
        createdAt: T0.toISOString(),
        answered: 0,
        dismissed: 0,
        snoozed: 0,
        poll: { question: "Home kit?", options: [{ label: "Red", votes: 0 }, { label: "Blue", votes: 0 }] },
      }],
      cursor: "abc",
      isFirstPage: false,
    },
  };
  const html = renderToString(inEnglish(createElement(AnalyticsTab, { analytics })));
  assert.match(html, /<dt>Active in the last 7 days<\/dt><dd>1 <span[^>]*>\(25% of 4\)<\/span><\/dd>/);
  assert.match(html, /<dt>Active in the last 30 days<\/dt><dd>2 <span[^>]*>\(50% of 4\)<\/span><\/dd>/);
  assert.match(html, /<dt>Total teams<\/dt><dd>4<\/dd>/);
  assert.match(html, /<dt>Voted<\/dt><dd>3<\/dd>.*<dt>Dismissed<\/dt><dd>1<\/dd>.*<dt>Snoozed<\/dt><dd>1<\/dd>/);
  assert.match(html, /<svg[^>]*role="img"/);
  assert.match(
    html,
    /<title id="chart-01J0000000000000000000000A-title">Votes for &quot;Best snack\?&quot; \(3 in all\)/,
  );
  assert.match(html, />2 \(67%\)<\/text>/);
  assert.match(html, /No votes yet\./, "a poll without votes draws no chart");
  assert.equal((html.match(/<svg/g) ?? []).length, 1);
  assert.match(html, /campaign-status--scheduled">Scheduled</);
  assert.match(html, /Bravo Hawks · created/);
  assert.match(html, /href="\/sysadmin\?tab=analytics"[^>]*>Newest campaigns</);
  assert.match(html, /href="\/sysadmin\?tab=analytics&amp;cursor=abc"[^>]*>Older campaigns</);
  assert.doesNotMatch(html, /<script|onclick|onClick/);

  const empty = renderToString(inEnglish(createElement(AnalyticsTab, {
    analytics: { ...analytics, campaigns: { values: [], cursor: "", isFirstPage: true } },
  })));
  assert.match(empty, new RegExp(NO_CAMPAIGNS_TEXT.replace(/\./g, "\\.")));
  assert.doesNotMatch(empty, /Older campaigns|Newest campaigns/);
});

Deno.test("[analytics] the console's Analytics tab shows the numbers to a system administrator only", async () => {
  await using t = await createTestApp({ now: () => T0 });
  await analyticsWorld(t.kv);
  const page = (cookie: string) => get(t.app, "/sysadmin?tab=analytics", cookie);
  const anonymous = await page("");
  const anonymousHtml = await anonymous.text();
  assert.equal(anonymous.status, 401);
  assert.doesNotMatch(anonymousHtml, /Snack vote|Campaign responses/);

  const res = await page(await signInSysadmin(t));
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /<dt>Active in the last 7 days<\/dt><dd>1 /);
  assert.match(html, /<dt>Active in the last 30 days<\/dt><dd>2 /);
  assert.match(html, /Snack vote/);
  assert.match(html, /<svg[^>]*role="img"/);
  assert.match(html, />Pizza<\/text>/);
  assert.match(html, />2 \(67%\)<\/text>/);
  assert.match(html, />1 \(33%\)<\/text>/);
});
