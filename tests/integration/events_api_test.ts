/**
 * Upcoming Events: `GET /api/teams/{teamId}/events?limit=&cursor=` (who may read, what is
 * upcoming, start order, paging, bad paging), the Event repository's upsert and removal with
 * its start-time index, and the widget as the dashboard renders it (CANCELLED:, tentative,
 * New York times with Today/Tomorrow, opponent and place, 5 at most, the empty text).
 */
import assert from "node:assert/strict";
import { adminWorld, call } from "../admin_helpers.ts";
import { assertMembersRead } from "../family_helpers.ts";
import { createTestApp, dumpKv, get, kvValues, type TestContext } from "../helpers.ts";
import { removeEvent, saveEvent, type TeamEvent } from "../../lib/events/mod.ts";

type App = TestContext["app"];

const HOUR = 60 * 60 * 1000;
/** Wednesday 15 July 2026, 12:00 UTC: 8:00 AM in New York (EDT). */
const NOW = new Date("2026-07-15T12:00:00Z");
const iso = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * HOUR).toISOString();

async function eventsWorld() {
  const t = await createTestApp({ now: () => NOW });
  const world = await adminWorld(t);
  return { t, world };
}

const apiPath = (teamId: string) => `/api/teams/${teamId}/events`;

async function listed(app: App, path: string, cookie: string) {
  const res = await call(app, "GET", path, { cookie });
  assert.equal(res.status, 200, path);
  return await res.json() as { values: TeamEvent[]; cursor: string };
}

/** The events section of a dashboard page's HTML. */
async function widget(app: App, teamId: string, cookie: string): Promise<string> {
  const res = await get(app, `/family-dashboard/${teamId}`, cookie);
  assert.equal(res.status, 200);
  const match = /<section[^>]*id="events"[\s\S]*?<\/section>/.exec(await res.text());
  assert.ok(match, "the events section");
  return match[0];
}

Deno.test("[events api] reading: every member and a system administrator; no one else", async () => {
  const { t, world } = await eventsWorld();
  await using _ = t;
  const path = apiPath(world.team.id);
  await assertMembersRead(t.app, world, apiPath);
  // Nothing writes events through the API.
  const post = await call(t.app, "POST", path, { cookie: world.cookies.admin, body: {} });
  assert.equal(post.status, 404);
  await post.body?.cancel();
});

Deno.test("[events api] upcoming only (a running one included), in start order, 5 unless asked, paged", async () => {
  const { t, world } = await eventsWorld();
  await using _ = t;
  const team = world.team.id;
  await saveEvent(t.kv, team, { id: "ended", title: "Ended", startTime: iso(-3), endTime: iso(-1) });
  await saveEvent(t.kv, team, { id: "ends-now", title: "Ends now", startTime: iso(-2), endTime: iso(0) });
  await saveEvent(t.kv, team, { id: "running", title: "Running", startTime: iso(-1), endTime: iso(1) });
  for (let i = 7; i >= 1; i--) {
    await saveEvent(t.kv, team, { id: `e${i}`, title: `Event ${i}`, startTime: iso(i * 24), endTime: iso(i * 24 + 1) });
  }
  await saveEvent(t.kv, world.otherTeam.id, { id: "other", title: "Other team", startTime: iso(2) });

  const widgetPage = await listed(t.app, apiPath(team), world.cookies.parent);
  assert.deepEqual(widgetPage.values.map((e) => e.title), ["Running", "Event 1", "Event 2", "Event 3", "Event 4"]);
  assert.notEqual(widgetPage.cursor, "", "more to come");
  const rest = await listed(t.app, `${apiPath(team)}?cursor=${widgetPage.cursor}`, world.cookies.parent);
  assert.deepEqual(rest.values.map((e) => e.title), ["Event 5", "Event 6", "Event 7"]);
  assert.equal(rest.cursor, "");

  const titles: string[] = [];
  let cursor = "";
  do {
    const page = await listed(t.app, `${apiPath(team)}?limit=3&cursor=${cursor}`, world.cookies.player);
    assert.ok(page.values.length <= 3);
    titles.push(...page.values.map((e) => e.title));
    cursor = page.cursor;
  } while (cursor);
  assert.deepEqual(titles, ["Running", ...Array.from({ length: 7 }, (_, i) => `Event ${i + 1}`)]);
  const all = await listed(t.app, `${apiPath(team)}?limit=100`, world.cookies.sysadmin);
  assert.equal(all.values.length, 8);
  assert.deepEqual(all.values[1], {
    id: "e1",
    title: "Event 1",
    eventType: "other",
    status: "confirmed",
    startTime: iso(24),
    endTime: iso(25),
    opponent: null,
    isHome: null,
    location: null,
    calendarId: null,
    uid: null,
  });
});

Deno.test("[events api] bad paging is a 400 with a message", async () => {
  const { t, world } = await eventsWorld();
  await using _ = t;
  for (const query of ["limit=0", "limit=101", "limit=abc", "limit=2.5", "limit=-1", "cursor=%24%24"]) {
    const res = await call(t.app, "GET", `${apiPath(world.team.id)}?${query}`, { cookie: world.cookies.parent });
    assert.equal(res.status, 400, query);
    assert.equal(typeof (await res.json()).message, "string", query);
  }
  const res = await call(t.app, "GET", `${apiPath(world.team.id)}?limit=101`, { cookie: world.cookies.parent });
  assert.deepEqual(await res.json(), { message: "limit must be a whole number from 1 to 100" });
});

Deno.test("[events] saveEvent upserts and moves the start index in one commit; removeEvent takes both", async () => {
  await using t = await createTestApp();
  const team = "01TEAM0000000000000000000A";
  const first = await saveEvent(t.kv, team, {
    id: "practice-1",
    title: "Practice",
    eventType: "practice",
    startTime: "2026-07-20T22:00:00Z",
    endTime: "2026-07-20T23:30:00Z",
    calendarId: "cal-1",
    uid: "abc@teamsnap",
  });
  assert.deepEqual(await kvValues(t.kv, { prefix: ["events_by_start", team] }), [
    { eventId: "practice-1", endMs: Date.parse("2026-07-20T23:30:00Z") },
  ]);
  // Keys name the team's current set (lib/db/events.ts): the one its pointer names.
  const setId = (await t.kv.get<{ setId: string }>(["event_sets", team])).value!.setId;
  const index = async () => (await Array.fromAsync(t.kv.list({ prefix: ["events_by_start", team] }))).map((e) => e.key);
  assert.deepEqual(await index(), [["events_by_start", team, setId, Date.parse(first.startTime), "practice-1"]]);

  // The start moves: one record, one index entry, at the new start.
  const moved = await saveEvent(t.kv, team, {
    ...first,
    startTime: "2026-07-21T22:00:00Z",
    endTime: "2026-07-21T23:00:00Z",
  });
  assert.deepEqual(await index(), [["events_by_start", team, setId, Date.parse("2026-07-21T22:00:00Z"), "practice-1"]]);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["events", team] }), [moved]);
  assert.equal(moved.calendarId, "cal-1");
  assert.equal(moved.uid, "abc@teamsnap");
  // The same start again (a status change): still one index entry.
  await saveEvent(t.kv, team, { ...moved, status: "CANCELLED" });
  assert.equal((await index()).length, 1);
  assert.equal((await kvValues<TeamEvent>(t.kv, { prefix: ["events", team] }))[0].status, "cancelled");

  assert.equal(await removeEvent(t.kv, team, "practice-1"), true);
  assert.deepEqual(await dumpKv(t.kv, ["events", "events_by_start"]), []);
  assert.equal(await removeEvent(t.kv, team, "practice-1"), false);
  await assert.rejects(() => saveEvent(t.kv, team, { title: "x", startTime: "soon" }), /start time/);
  assert.deepEqual(await dumpKv(t.kv, ["events", "events_by_start"]), []);
});

Deno.test("[events page] the widget: CANCELLED:, tentative, Today/Tomorrow in New York, opponent, place, 5 at most", async () => {
  const { t, world } = await eventsWorld();
  await using _ = t;
  const team = world.team.id;
  // Today 5:30–7:00 PM EDT = 21:30–23:00 UTC.
  await saveEvent(t.kv, team, {
    id: "game",
    title: "League game",
    eventType: "game",
    startTime: "2026-07-15T21:30:00Z",
    endTime: "2026-07-15T23:00:00Z",
    opponent: "Hawks",
    isHome: true,
    location: "Riverside Field 2",
  });
  // Tomorrow 9:00 AM EDT.
  await saveEvent(t.kv, team, {
    id: "away",
    title: "Away game",
    eventType: "game",
    status: "tentative",
    startTime: "2026-07-16T13:00:00Z",
    endTime: "2026-07-16T14:30:00Z",
    opponent: "Eagles <U10>",
    isHome: false,
  });
  // Tomorrow 11:30 PM EDT is 03:30 UTC the day after: still 'Tomorrow'.
  await saveEvent(t.kv, team, {
    id: "late",
    title: "Night practice",
    eventType: "practice",
    status: "cancelled",
    startTime: "2026-07-17T03:30:00Z",
    endTime: "2026-07-17T03:45:00Z",
  });
  for (let i = 1; i <= 4; i++) {
    await saveEvent(t.kv, team, { id: `later-${i}`, title: `Later ${i}`, startTime: `2026-07-2${i}T16:00:00Z` });
  }
  const html = await widget(t.app, team, world.cookies.parent);
  assert.match(html, /<h2 id="events-title">Upcoming Events<\/h2>/);
  // Times keep their 'AM'/'PM' on the same line (a no-break space); read as plain spaces here.
  const items = [...html.matchAll(/<li class="event[^"]*">[\s\S]*?<\/li>/g)].map((m) => m[0].replaceAll("\u00a0", " "));
  assert.ok(html.includes("5:30\u00a0PM"));
  assert.equal(items.length, 5, "the widget shows 5");
  assert.match(items[0], /League game/);
  assert.ok(items[0].includes("Today · 5:30 PM – 7:00 PM"), items[0]);
  assert.ok(items[0].includes(">vs Hawks<"));
  assert.ok(items[0].includes("Riverside Field 2"));
  assert.match(items[0], /<time dateTime="2026-07-15T21:30:00.000Z">|<time datetime="2026-07-15T21:30:00.000Z">/i);
  assert.ok(!items[0].includes("CANCELLED"));
  assert.ok(items[1].includes("Tomorrow · 9:00 AM – 10:30 AM"), items[1]);
  assert.ok(items[1].includes(">@ Eagles &lt;U10&gt;<"), "away, escaped");
  assert.ok(items[1].includes('<p class="event__tentative">Time/location may change</p>'));
  assert.match(items[2], /^<li class="event event--practice event--cancelled">/);
  assert.match(
    items[2],
    /<p class="event__title"><strong class="event__cancelled">CANCELLED:<\/strong> <span class="event__name">Night practice<\/span><\/p>/,
  );
  assert.ok(items[2].includes("Tomorrow · 11:30 PM – 11:45 PM"), items[2]);
  assert.ok(!items[2].includes("Time/location may change"));
  assert.ok(items[3].includes("Later 1") && items[3].includes("Tue, Jul 21 · 12:00 PM"), items[3]);
  assert.ok(!html.includes("Later 3"), "the sixth and seventh are not shown");
  assert.ok(!html.includes("No Events To Display"));
});

Deno.test("[events page] without events: SPEC.md section 8's text", async () => {
  const { t, world } = await eventsWorld();
  await using _ = t;
  await saveEvent(t.kv, world.team.id, { title: "Last week", startTime: iso(-24 * 7), endTime: iso(-24 * 7 + 1) });
  await saveEvent(t.kv, world.otherTeam.id, { title: "Another team's", startTime: iso(5) });
  for (const who of ["parent", "sysadmin"] as const) {
    const html = await widget(t.app, world.team.id, world.cookies[who]);
    assert.match(html, /<h3 class="events__empty-title">No Events To Display<\/h3>/, who);
    assert.ok(
      html.includes("Ask your Team Admin to connect GoalMates to TeamSnap, PlayMetrics or your favorite schedule app."),
      who,
    );
    assert.ok(!html.includes("<li"), who);
    assert.ok(!html.includes("data-island"), `${who}: no island`);
  }
});
