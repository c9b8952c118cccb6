/**
 * The overview's rules: the activity record's hourly throttle, the 30-day active rule at its
 * boundary, the search's slug prefix (and its KV range), and the SVG bar chart's markup.
 */
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import {
  ACTIVITY_WRITE_INTERVAL_MS,
  getTeamActivities,
  listTeamActivity,
  recordPostActivity,
  recordSignInActivity,
  recordTeamActivity,
} from "../../lib/db/team_activity.ts";
import { keys, teamScopedKeys } from "../../lib/db/keys.ts";
import { createTeam, listTeamsBySlugPrefix } from "../../lib/db/teams.ts";
import { createUser, setMembership } from "../../lib/db/users.ts";
import { isActiveWithin, loadTeamsOverview, searchPrefix } from "../../lib/sysadmin/mod.ts";
import { BarChart, MAX_DRAWN_LABEL, sharePercent } from "../../components/sysadmin/BarChart.tsx";
import { inEnglish, randomTeamInput } from "../helpers.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-05-01T12:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function withKv(run: (kv: Deno.Kv) => Promise<void>) {
  const kv = await Deno.openKv(":memory:");
  try {
    await run(kv);
  } finally {
    kv.close();
  }
}

const stored = async (
  kv: Deno.Kv,
  teamId: string,
) => (await kv.get<{ teamId: string; lastActiveAt: string }>(keys.teamActivity(teamId)));

Deno.test("[overview] activity: written at most once an hour per team, read once per team", async () => {
  await withKv(async (kv) => {
    const team = await createTeam(kv, randomTeamInput());
    assert.deepEqual(await recordTeamActivity(kv, [team.id, team.id], T0), [team.id], "one write for a repeated id");
    const first = await stored(kv, team.id);
    assert.deepEqual(first.value, { teamId: team.id, lastActiveAt: T0.toISOString() });

    // Less than an hour later (1 ms short): nothing is written, the record keeps its versionstamp.
    assert.deepEqual(await recordTeamActivity(kv, [team.id], at(ACTIVITY_WRITE_INTERVAL_MS - 1)), []);
    assert.equal((await stored(kv, team.id)).versionstamp, first.versionstamp);
    // A clock behind the stored time writes nothing either.
    assert.deepEqual(await recordTeamActivity(kv, [team.id], at(-DAY_MS)), []);

    // An hour or more: the time moves on.
    assert.deepEqual(await recordTeamActivity(kv, [team.id], at(ACTIVITY_WRITE_INTERVAL_MS)), [team.id]);
    assert.equal((await stored(kv, team.id)).value?.lastActiveAt, at(ACTIVITY_WRITE_INTERVAL_MS).toISOString());
  });
});

Deno.test("[overview] activity: no record for a team that does not exist (or was deleted)", async () => {
  await withKv(async (kv) => {
    assert.deepEqual(await recordTeamActivity(kv, ["01HZZZZZZZZZZZZZZZZZZZZZZZ"], T0), []);
    assert.deepEqual(await Array.fromAsync(kv.list({ prefix: ["team_activity"] })), []);
    const team = await createTeam(kv, randomTeamInput());
    await kv.delete(keys.team(team.id));
    assert.deepEqual(await recordTeamActivity(kv, [team.id], T0), []);
    assert.equal((await stored(kv, team.id)).versionstamp, null);
  });
});

Deno.test("[overview] activity: the record is one of the team's keys its deletion sweeps", () => {
  assert.ok(teamScopedKeys("t1").some((k) => JSON.stringify(k) === JSON.stringify(["team_activity", "t1"])));
});

Deno.test("[overview] activity: a person's sign-in marks each of their teams; a team login its team; a post its team", async () => {
  await withKv(async (kv) => {
    const [a, b, c] = [
      await createTeam(kv, randomTeamInput()),
      await createTeam(kv, randomTeamInput()),
      await createTeam(kv, randomTeamInput()),
    ];
    const user = await createUser(kv, { email: "two-teams@example.com", firstName: "Two", lastName: "Teams" });
    await setMembership(kv, user.id, a.id, "TEAM_STANDARD");
    await setMembership(kv, user.id, b.id, "TEAM_ADMIN");
    await recordSignInActivity(kv, { userId: user.id, teamAccess: null }, T0);
    const [ra, rb, rc] = await getTeamActivities(kv, [a.id, b.id, c.id]);
    assert.equal(ra?.lastActiveAt, T0.toISOString());
    assert.equal(rb?.lastActiveAt, T0.toISOString());
    assert.equal(rc, null);

    await recordSignInActivity(kv, { userId: null, teamAccess: { teamId: c.id } }, at(1));
    assert.equal((await stored(kv, c.id)).value?.lastActiveAt, at(1).toISOString());

    await recordPostActivity(kv, a.id, at(2 * ACTIVITY_WRITE_INTERVAL_MS));
    assert.equal((await stored(kv, a.id)).value?.lastActiveAt, at(2 * ACTIVITY_WRITE_INTERVAL_MS).toISOString());

    const page = await listTeamActivity(kv, { limit: 2 });
    assert.equal(page.values.length, 2);
    assert.notEqual(page.cursor, "");
    const rest = await listTeamActivity(kv, { cursor: page.cursor, limit: 2 });
    assert.equal(rest.values.length, 1);
    assert.equal(rest.cursor, "");
  });
});

Deno.test("[overview] activity: recording never fails the sign-in or post it follows", async () => {
  const kv = await Deno.openKv(":memory:");
  kv.close();
  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    await recordSignInActivity(kv, { userId: "u1", teamAccess: null }, T0);
    await recordPostActivity(kv, "t1", T0);
  } finally {
    console.error = original;
  }
  assert.equal(logged.length, 2, "each failure is logged");
  assert.match(String((logged[0] as unknown[])[0]), /team_activity_failed/);
});

Deno.test("[overview] active rule: within 30 days, the boundary included, 1 ms more is inactive", () => {
  const last = T0.toISOString();
  assert.equal(isActiveWithin(last, at(30 * DAY_MS - 1)), true);
  assert.equal(isActiveWithin(last, at(30 * DAY_MS)), true);
  assert.equal(isActiveWithin(last, at(30 * DAY_MS + 1)), false);
  assert.equal(isActiveWithin(last, at(7 * DAY_MS), 7), true);
  assert.equal(isActiveWithin(last, at(7 * DAY_MS + 1), 7), false);
  assert.equal(isActiveWithin(null, T0), false, "never active: inactive");
  assert.equal(isActiveWithin("not a date", T0), false);
  assert.equal(isActiveWithin(at(1000).toISOString(), T0), true, "a time just ahead of the clock counts");
});

Deno.test("[overview] search: the query as a slug prefix", () => {
  assert.equal(searchPrefix(""), "");
  assert.equal(searchPrefix("   "), "");
  assert.equal(searchPrefix("U10 Li"), "u10-li");
  assert.equal(searchPrefix("  Lions!  "), "lions");
  assert.equal(searchPrefix("Équipe Été"), "equipe-ete");
  assert.equal(searchPrefix("!!!"), null, "nothing to search for: no team matches (not slugify's 'team')");
  assert.equal(searchPrefix("x".repeat(500)), "x".repeat(48), "bounded like a slug");
});

Deno.test("[overview] search: a range of the slug index, in slug order, paged", async () => {
  await withKv(async (kv) => {
    for (const name of ["U10 Lions", "U10 Lightning", "U12 Hawks", "Lions FC", "U10", "U1"]) {
      await createTeam(kv, randomTeamInput({ name }));
    }
    const names = async (prefix: string) => (await listTeamsBySlugPrefix(kv, prefix)).values.map((t) => t.name);
    assert.deepEqual(await names("u10-li"), ["U10 Lightning", "U10 Lions"]);
    assert.deepEqual(await names("u10"), ["U10", "U10 Lightning", "U10 Lions"]);
    assert.deepEqual(await names("u1"), ["U1", "U10", "U10 Lightning", "U10 Lions", "U12 Hawks"]);
    assert.deepEqual(await names("lions"), ["Lions FC"]);
    assert.deepEqual(await names("zebra"), []);
    assert.equal((await names("")).length, 6);

    const first = await listTeamsBySlugPrefix(kv, "u1", { limit: 2 });
    assert.deepEqual(first.values.map((t) => t.slug), ["u1", "u10"]);
    const second = await listTeamsBySlugPrefix(kv, "u1", { cursor: first.cursor, limit: 2 });
    assert.deepEqual(second.values.map((t) => t.slug), ["u10-lightning", "u10-lions"]);
    const third = await listTeamsBySlugPrefix(kv, "u1", { cursor: second.cursor, limit: 2 });
    assert.deepEqual(third.values.map((t) => t.slug), ["u12-hawks"]);
    assert.equal(third.cursor, "");

    const overview = await loadTeamsOverview(kv, T0, { query: "U10 li" });
    assert.equal(overview.prefix, "u10-li");
    assert.equal(overview.isFirstPage, true);
    assert.deepEqual(overview.values.map((t) => t.name), ["U10 Lightning", "U10 Lions"]);
    const none = await loadTeamsOverview(kv, T0, { query: "???" });
    assert.deepEqual(none.values, []);
    assert.equal(none.cursor, "");
  });
});

Deno.test("[overview] a page of teams reads only its own teams, never the whole list", async () => {
  await withKv(async (kv) => {
    for (let i = 0; i < 60; i++) await createTeam(kv, randomTeamInput({ name: `Club ${String(i).padStart(2, "0")}` }));
    const lists: { selector: Deno.KvListSelector; options?: Deno.KvListOptions }[] = [];
    let gotKeys = 0;
    const spy = new Proxy(kv, {
      get(target, name) {
        if (name === "list") {
          return (selector: Deno.KvListSelector, options?: Deno.KvListOptions) => {
            lists.push({ selector, options });
            return target.list(selector, options);
          };
        }
        if (name === "getMany") {
          return (keyList: Deno.KvKey[]) => {
            gotKeys += keyList.length;
            return target.getMany(keyList);
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const page = await loadTeamsOverview(spy, T0, {});
    assert.equal(page.values.length, 24);
    assert.notEqual(page.cursor, "");
    const slugReads = lists.filter((l) => "start" in l.selector && l.selector.start[0] === "teams_by_slug");
    assert.equal(slugReads.length, 1, "one read of the slug index");
    assert.equal(slugReads[0].options?.limit, 24);
    assert.ok(
      !lists.some((l) => "prefix" in l.selector && l.selector.prefix.length === 1),
      "no list over a whole collection",
    );
    assert.equal(gotKeys, 72, "the page's 24 teams, their 24 activity records and their 24 revisions");
    assert.ok(
      lists.every((l) => "start" in l.selector || l.selector.prefix.length === 2),
      "per team, counted once: its players, its parents",
    );
  });
});

const chart = (bars: { label: string; value: number }[], title = "Votes for the poll") =>
  renderToString(inEnglish(createElement(BarChart, { id: "c1", title, bars })));

Deno.test("[overview] bar chart: an accessible SVG image with its numbers in a table", () => {
  const html = chart([{ label: "Pizza", value: 3 }, { label: "Tacos", value: 1 }]);
  assert.match(html, /<svg[^>]*role="img"[^>]*aria-labelledby="c1-title"[^>]*aria-describedby="c1-desc"/);
  assert.match(html, /<title id="c1-title">Votes for the poll<\/title>/);
  assert.match(html, /<desc id="c1-desc">Pizza: 3 votes \(75%\)\. Tacos: 1 vote \(25%\)\.<\/desc>/);
  // Bars: a share of the 72% track (75% of 72 = 54, 25% of 72 = 18), each with its value drawn.
  assert.match(html, /class="bar-chart__bar" x="0" y="24" width="54%"/);
  assert.match(html, /class="bar-chart__bar" x="0" y="70" width="18%"/);
  assert.match(html, />3 \(75%\)<\/text>/);
  assert.match(html, />1 \(25%\)<\/text>/);
  assert.match(html, /<svg[^>]*width="100%"[^>]*height="96"/);
  // The same numbers as a table (visually hidden).
  assert.match(html, /<div class="visually-hidden"><table id="c1-table"><caption>Votes for the poll<\/caption>/);
  assert.match(html, /<th scope="row">Pizza<\/th><td>3<\/td><td>75%<\/td>/);
  assert.doesNotMatch(html, /<script/);
});

Deno.test("[overview] bar chart: no votes, long and hostile labels", () => {
  const zero = chart([{ label: "A", value: 0 }, { label: "B", value: 0 }]);
  assert.match(zero, /class="bar-chart__bar" x="0" y="24" width="0%"/);
  assert.match(zero, />0 \(0%\)<\/text>/);

  const long = "L".repeat(MAX_DRAWN_LABEL + 20);
  const html = chart([{ label: long, value: 1 }, { label: "<script>alert(1)</script>", value: 2 }]);
  assert.match(html, new RegExp(`>${"L".repeat(MAX_DRAWN_LABEL - 1)}…</text>`), "cut in the drawing");
  assert.match(html, new RegExp(`<th scope="row">${long}</th>`), "whole in the table");
  assert.doesNotMatch(html, /<script>/);
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(html, /width="48%"/, "2 of 3 is 66.67% of the 72% track");

  assert.equal(sharePercent(1, 3), 33);
  assert.equal(sharePercent(0, 0), 0);
});
