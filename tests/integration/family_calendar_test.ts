/**
 * The family calendar (issue 10): `/account/calendar` (create, reset, turn off: plain forms,
 * post/redirect/get) and the private link `GET /calendar/<token>.ics` — the events of every
 * team the person belongs to at the moment of the fetch, in a window of 30 days back and a
 * year ahead; reset and turn off end the old link at once; a team's shared login, anonymous
 * visitors and a system administrator get no link; KV after every step.
 */
import assert from "node:assert/strict";
import ICAL from "ical.js";
import { createTestApp, get, kvValues, postFormAs, requestJson, seedTeam, type TestContext } from "../helpers.ts";
import { signIn, signInSysadmin } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, setCheapTeamLogin } from "../auth_helpers.ts";
import { setMembership } from "../../lib/db/users.ts";
import { saveEvent } from "../../lib/events/mod.ts";
import { keys } from "../../lib/db/keys.ts";
import { sha256Hex } from "../../lib/hash.ts";
import type { CalendarFeedToken, UserCalendarFeed } from "../../lib/db/calendar_feeds.ts";

type App = TestContext["app"];

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Monday 23 November 2026, 12:00 UTC. */
const START = Date.parse("2026-11-23T12:00:00Z");

/** Every record of the family calendar (both key spaces), and its rate-limit counters. */
async function feedRecords(kv: Deno.Kv) {
  return {
    byUser: await Array.fromAsync(kv.list<UserCalendarFeed>({ prefix: ["calendar_feeds_by_user"] })),
    byHash: await Array.fromAsync(kv.list<CalendarFeedToken>({ prefix: ["calendar_feed_tokens"] })),
    limits: await kvValues(kv, { prefix: keys.rateLimit("calendar-feed", "", 0).slice(0, 2) }),
  };
}

/** The token of the link the page shows (its https form). */
function linkOnPage(html: string): string {
  const match = /value="http:\/\/goalmates\.test\/calendar\/([A-Za-z0-9_-]{43})\.ics"/.exec(html);
  assert.ok(match, "the page shows the calendar link");
  return match[1];
}

const feedPath = (token: string) => `/calendar/${token}.ics`;

/** The VEVENTs of a feed, read by ical.js. */
function eventsOf(body: string) {
  const root = new ICAL.Component(ICAL.parse(body));
  return root.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      status: v.getFirstPropertyValue("status") as string,
      location: e.location,
      description: e.description,
    };
  });
}

async function feedSummaries(app: App, token: string): Promise<string[]> {
  const res = await get(app, feedPath(token));
  assert.equal(res.status, 200);
  return eventsOf(await res.text()).map((e) => e.summary);
}

/**
 * Jordan: a parent on the Rockets and the admin of the Comets; Sam: a parent on the Rockets
 * (another person with a link of their own). Events around `START` on both teams.
 */
async function calendarWorld() {
  let now = START;
  const t = await createTestApp({ now: () => new Date(now) });
  const rockets = (await seedTeam(t.kv, { name: "Rockets" })).team;
  const comets = (await seedTeam(t.kv, { name: "Comets" })).team;
  const jordan = await createAccount(t.kv, {
    email: "jordan@example.com",
    teamId: rockets.id,
    role: "TEAM_STANDARD",
    firstName: "Jordan",
  });
  await setMembership(t.kv, jordan.id, comets.id, "TEAM_ADMIN");
  await createAccount(t.kv, { email: "sam@example.com", teamId: rockets.id, role: "TEAM_STANDARD", firstName: "Sam" });
  const at = (offsetMs: number) => new Date(START + offsetMs).toISOString();
  await saveEvent(t.kv, rockets.id, {
    id: "r-game",
    title: "Game",
    eventType: "game",
    opponent: "Hawks",
    isHome: false,
    location: "Field 3, Riverside Park",
    startTime: at(2 * DAY),
    endTime: at(2 * DAY + 90 * 60 * 1000),
  });
  await saveEvent(t.kv, rockets.id, {
    id: "r-cancelled",
    title: "Game vs Tigers",
    eventType: "game",
    status: "CANCELLED",
    opponent: "Tigers",
    isHome: true,
    startTime: at(5 * DAY),
  });
  await saveEvent(t.kv, rockets.id, {
    id: "r-recent",
    title: "Practice",
    eventType: "practice",
    startTime: at(-20 * DAY),
  });
  await saveEvent(t.kv, rockets.id, { id: "r-too-old", title: "Old practice", startTime: at(-31 * DAY) });
  await saveEvent(t.kv, rockets.id, { id: "r-too-far", title: "Far tournament", startTime: at(366 * DAY) });
  await saveEvent(t.kv, comets.id, {
    id: "c-practice",
    title: "Practice",
    eventType: "practice",
    status: "tentative",
    location: "Gym",
    startTime: at(1 * DAY),
    endTime: at(1 * DAY + HOUR),
  });
  const cookies = { jordan: await signIn(t, "jordan@example.com"), sam: await signIn(t, "sam@example.com") };
  return {
    t,
    rockets,
    comets,
    jordan,
    cookies,
    advance: (ms: number) => now += ms,
  };
}

Deno.test("[family calendar] anonymous visitors and a system administrator are sent to sign in; nothing changes", async () => {
  await using t = await createTestApp();
  const sysadmin = await signInSysadmin(t);
  for (const cookie of ["", sysadmin]) {
    const page = await get(t.app, "/account/calendar", cookie);
    assert.equal(page.status, 303);
    assert.equal(page.headers.get("location"), "/team-login?next=/account/calendar");
    for (const path of ["/account/calendar", "/account/calendar/reset", "/account/calendar/revoke"]) {
      const res = await postFormAs(t.app, path, {}, cookie);
      assert.equal(res.status, 303, path);
      assert.equal(res.headers.get("location"), "/team-login?next=/account/calendar");
    }
  }
  const records = await feedRecords(t.kv);
  assert.deepEqual([records.byUser.length, records.byHash.length], [0, 0]);
});

Deno.test("[family calendar] create: the page shows the link once made; a second click keeps it", async () => {
  const { t, jordan, cookies } = await calendarWorld();
  await using _ = t;

  const before = await get(t.app, "/account/calendar", cookies.jordan);
  assert.equal(before.status, 200);
  assert.equal(before.headers.get("cache-control"), "no-store");
  const empty = await before.text();
  assert.match(empty, /<h1>Your family calendar<\/h1>/);
  assert.match(empty, /<form action="\/account\/calendar" method="post">/);
  assert.match(empty, /Create my calendar link<\/button>/);
  assert.match(empty, /It will include <strong>Rockets and Comets<\/strong>/);
  assert.ok(!empty.includes("/calendar/"), "no link yet");
  assert.ok(!empty.includes("Reset link"));

  const created = await postFormAs(t.app, "/account/calendar", {}, cookies.jordan);
  assert.equal(created.status, 303);
  assert.equal(created.headers.get("location"), "/account/calendar?done=created");

  const { byUser, byHash } = await feedRecords(t.kv);
  assert.equal(byUser.length, 1);
  assert.deepEqual(byUser[0].key, ["calendar_feeds_by_user", jordan.id]);
  const { token, tokenHash, createdAt } = byUser[0].value;
  assert.match(token, /^[A-Za-z0-9][A-Za-z0-9_-]{42}$/, "32 random bytes, base64url");
  assert.equal(tokenHash, await sha256Hex(token));
  assert.equal(createdAt, new Date(START).toISOString());
  assert.equal(byHash.length, 1);
  assert.deepEqual(byHash[0].key, ["calendar_feed_tokens", tokenHash], "the lookup is keyed by the hash");
  assert.deepEqual(byHash[0].value, { userId: jordan.id, createdAt });
  const allKeys = (await Array.fromAsync(t.kv.list({ prefix: [] }))).map((e) => JSON.stringify(e.key));
  assert.ok(!allKeys.some((k) => k.includes(token)), "no key holds the raw token");

  const page = await get(t.app, "/account/calendar?done=created", cookies.jordan);
  const html = await page.text();
  assert.equal(linkOnPage(html), token);
  assert.ok(html.includes("Your calendar link is ready."), "the notice");
  assert.ok(html.includes(`value="webcal://goalmates.test/calendar/${token}.ics"`), "the webcal form");
  assert.ok(
    html.includes(
      `href="https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fgoalmates.test%2Fcalendar%2F${token}.ics"`,
    ),
    "Add to Google Calendar",
  );
  assert.ok(html.includes(`href="webcal://goalmates.test/calendar/${token}.ics"`), "Open in Apple Calendar");
  assert.match(html, /action="\/account\/calendar\/reset"/);
  assert.match(html, /action="\/account\/calendar\/revoke"/);
  assert.match(html, /data-island="ShareLink"/, "the Copy button");
  assert.match(html, /Outlook/);

  const again = await postFormAs(t.app, "/account/calendar", {}, cookies.jordan);
  assert.equal(again.status, 303);
  const after = await feedRecords(t.kv);
  assert.deepEqual(after.byUser.map((e) => e.value), [byUser[0].value], "the same link");
  assert.deepEqual(after.byHash.map((e) => e.key), [byHash[0].key]);
});

Deno.test("[family calendar] ten simultaneous clicks on Create make one link", async () => {
  const { t, jordan, cookies } = await calendarWorld();
  await using _ = t;
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => postFormAs(t.app, "/account/calendar", {}, cookies.jordan)),
  );
  assert.deepEqual(answers.map((r) => r.status), Array(10).fill(303));
  const { byUser, byHash } = await feedRecords(t.kv);
  assert.equal(byUser.length, 1);
  assert.equal(byHash.length, 1, "no orphaned lookup");
  assert.equal(byHash[0].key[1], byUser[0].value.tokenHash);
  assert.equal(byHash[0].value.userId, jordan.id);
});

Deno.test("[family calendar] the link merges the teams' events in the window, as iCalendar", async () => {
  const { t, rockets, comets, cookies } = await calendarWorld();
  await using _ = t;
  await postFormAs(t.app, "/account/calendar", {}, cookies.jordan);
  const token = linkOnPage(await (await get(t.app, "/account/calendar", cookies.jordan)).text());

  // No session needed: the token is the credential (a calendar app has no cookie).
  const res = await get(t.app, feedPath(token));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/calendar; charset=utf-8");
  assert.equal(res.headers.get("cache-control"), "private, max-age=300");
  assert.equal(res.headers.get("content-disposition"), 'inline; filename="goalmates.ics"');
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.match(res.headers.get("content-security-policy")!, /^default-src 'none'; sandbox$/);
  const etag = res.headers.get("etag");
  assert.match(etag!, /^"[0-9a-f]{40}"$/);
  const body = await res.text();
  assert.ok(body.startsWith("BEGIN:VCALENDAR\r\n"));

  const root = new ICAL.Component(ICAL.parse(body));
  assert.equal(root.getFirstPropertyValue("prodid"), "-//GoalMates//Family Calendar//EN");
  assert.equal(root.getFirstPropertyValue("x-wr-calname"), "GoalMates – Jordan's teams");
  assert.equal(String(root.getFirstPropertyValue("refresh-interval")), "PT1H");
  assert.equal(root.getFirstPropertyValue("x-published-ttl"), "PT1H");

  const events = eventsOf(body);
  assert.deepEqual(events.map((e) => e.uid), [
    "r-recent@goalmates",
    "c-practice@goalmates",
    "r-game@goalmates",
    "r-cancelled@goalmates",
  ], "both teams, in start order; nothing older than 30 days or further than a year");
  const byUid = Object.fromEntries(events.map((e) => [e.uid, e]));
  assert.deepEqual(byUid["r-game@goalmates"], {
    uid: "r-game@goalmates",
    summary: "Rockets: Game @ Hawks",
    start: new Date(START + 2 * DAY).toISOString(),
    status: "CONFIRMED",
    location: "Field 3, Riverside Park",
    description: null,
  });
  assert.equal(byUid["r-cancelled@goalmates"].status, "CANCELLED");
  assert.equal(byUid["r-cancelled@goalmates"].summary, "CANCELLED: Rockets: Game vs Tigers");
  assert.equal(byUid["c-practice@goalmates"].summary, "Comets: Practice");
  assert.equal(byUid["c-practice@goalmates"].status, "TENTATIVE");
  assert.equal(byUid["c-practice@goalmates"].description, "Time/location may change");
  const unfolded = body.replace(/\r\n[ \t]/g, "");
  assert.ok(unfolded.includes(`\r\nURL:http://goalmates.test/family-dashboard/${comets.id}#events\r\n`));
  assert.ok(unfolded.includes(`\r\nURL:http://goalmates.test/family-dashboard/${rockets.id}#events\r\n`));

  // The same schedule in the same hour: the same bytes, so If-None-Match gets a 304 without a body.
  const cached = await get(t.app, feedPath(token), { headers: { "if-none-match": etag! } });
  assert.equal(cached.status, 304);
  assert.equal(cached.headers.get("etag"), etag);
  assert.equal(await cached.text(), "");
  const weak = await get(t.app, feedPath(token), { headers: { "if-none-match": `"other", W/${etag}` } });
  assert.equal(weak.status, 304);
  await weak.body?.cancel();
  const stale = await get(t.app, feedPath(token), { headers: { "if-none-match": '"something-else"' } });
  assert.equal(stale.status, 200);
  assert.equal(await stale.text(), body);

  // A changed schedule changes the ETag.
  await saveEvent(t.kv, comets.id, { id: "c-new", title: "Scrimmage", startTime: new Date(START + 3 * DAY) });
  const changed = await get(t.app, feedPath(token), { headers: { "if-none-match": etag! } });
  assert.equal(changed.status, 200);
  assert.notEqual(changed.headers.get("etag"), etag);
  assert.ok((await changed.text()).includes("SUMMARY:Comets: Scrimmage"));
});

Deno.test("[family calendar] reset: the old link is 404 at once, the new one works; another person's is untouched", async () => {
  const { t, jordan, cookies } = await calendarWorld();
  await using _ = t;
  await postFormAs(t.app, "/account/calendar", {}, cookies.jordan);
  await postFormAs(t.app, "/account/calendar", {}, cookies.sam);
  const old = linkOnPage(await (await get(t.app, "/account/calendar", cookies.jordan)).text());
  const sams = linkOnPage(await (await get(t.app, "/account/calendar", cookies.sam)).text());
  assert.notEqual(old, sams);

  const reset = await postFormAs(t.app, "/account/calendar/reset", {}, cookies.jordan);
  assert.equal(reset.status, 303);
  assert.equal(reset.headers.get("location"), "/account/calendar?done=reset");
  const html = await (await get(t.app, "/account/calendar?done=reset", cookies.jordan)).text();
  const fresh = linkOnPage(html);
  assert.notEqual(fresh, old);
  assert.ok(html.includes("Your calendar link was reset. The old link no longer works"));

  const gone = await get(t.app, feedPath(old));
  assert.equal(gone.status, 404);
  assert.equal(gone.headers.get("content-type"), "text/plain; charset=utf-8");
  assert.equal(await gone.text(), "Not found\n", "plain, no detail");
  assert.equal((await get(t.app, feedPath(fresh))).status, 200);
  assert.equal((await get(t.app, feedPath(sams))).status, 200, "Sam's link still works");

  const { byUser, byHash } = await feedRecords(t.kv);
  const jordans = byUser.find((e) => e.key[1] === jordan.id)!.value;
  assert.equal(jordans.token, fresh);
  assert.equal(byHash.length, 2, "Jordan's new lookup and Sam's; the old one is gone");
  assert.ok(byHash.some((e) => e.key[1] === jordans.tokenHash && e.value.userId === jordan.id));
  const oldHash = await sha256Hex(old);
  assert.ok(!byHash.some((e) => e.key[1] === oldHash), "the old lookup is gone");
});

Deno.test("[family calendar] turn off: the link is 404, both records go; Sam's stays; creating again gives a new link", async () => {
  const { t, jordan, cookies } = await calendarWorld();
  await using _ = t;
  await postFormAs(t.app, "/account/calendar", {}, cookies.jordan);
  await postFormAs(t.app, "/account/calendar", {}, cookies.sam);
  const token = linkOnPage(await (await get(t.app, "/account/calendar", cookies.jordan)).text());
  const sams = linkOnPage(await (await get(t.app, "/account/calendar", cookies.sam)).text());

  const revoked = await postFormAs(t.app, "/account/calendar/revoke", {}, cookies.jordan);
  assert.equal(revoked.status, 303);
  assert.equal(revoked.headers.get("location"), "/account/calendar?done=revoked");
  assert.equal((await get(t.app, feedPath(token))).status, 404);
  assert.equal((await get(t.app, feedPath(sams))).status, 200);
  const records = await feedRecords(t.kv);
  assert.ok(!records.byUser.some((e) => e.key[1] === jordan.id));
  assert.equal(records.byHash.length, 1);
  assert.notEqual(records.byHash[0].value.userId, jordan.id);

  const page = await (await get(t.app, "/account/calendar?done=revoked", cookies.jordan)).text();
  assert.ok(page.includes("Your calendar link was turned off."));
  assert.match(page, /Create my calendar link/);
  // Turning off twice, or resetting with no link, changes nothing harmful.
  assert.equal((await postFormAs(t.app, "/account/calendar/revoke", {}, cookies.jordan)).status, 303);
  assert.equal((await feedRecords(t.kv)).byHash.length, 1);

  await postFormAs(t.app, "/account/calendar", {}, cookies.jordan);
  const again = linkOnPage(await (await get(t.app, "/account/calendar", cookies.jordan)).text());
  assert.notEqual(again, token);
  assert.equal((await get(t.app, feedPath(token))).status, 404, "the turned-off link stays dead");
  assert.equal((await get(t.app, feedPath(again))).status, 200);
});

Deno.test("[family calendar] a team left (membership removed) drops out of the feed at the next fetch", async () => {
  const { t, comets, jordan, cookies } = await calendarWorld();
  await using _ = t;
  await postFormAs(t.app, "/account/calendar", {}, cookies.jordan);
  const token = linkOnPage(await (await get(t.app, "/account/calendar", cookies.jordan)).text());
  assert.ok((await feedSummaries(t.app, token)).some((s) => s.startsWith("Comets: ")));

  // What removing a person from a team does: both keys of the membership go in one commit.
  const removed = await t.kv.atomic()
    .delete(keys.membership(jordan.id, comets.id))
    .delete(keys.teamMember(comets.id, jordan.id))
    .commit();
  assert.ok(removed.ok);
  const summaries = await feedSummaries(t.app, token);
  assert.ok(summaries.length > 0);
  assert.ok(!summaries.some((s) => s.includes("Comets")), "no Comets event any more");
  assert.ok(summaries.every((s) => s.includes("Rockets: ")));
});

Deno.test("[family calendar] a person on no team (any more) gets a valid, empty calendar", async () => {
  await using t = await createTestApp({ now: () => new Date(START) });
  const { team } = await seedTeam(t.kv);
  const solo = await createAccount(t.kv, { email: "solo@example.com", teamId: team.id, firstName: "" });
  const cookie = await signIn(t, "solo@example.com");
  await t.kv.atomic().delete(keys.membership(solo.id, team.id)).delete(keys.teamMember(team.id, solo.id)).commit();
  const before = await (await get(t.app, "/account/calendar", cookie)).text();
  assert.ok(before.includes("You are not on a team yet"));
  await postFormAs(t.app, "/account/calendar", {}, cookie);
  const token = linkOnPage(await (await get(t.app, "/account/calendar", cookie)).text());
  const res = await get(t.app, feedPath(token));
  assert.equal(res.status, 200);
  const body = await res.text();
  assert.equal(eventsOf(body).length, 0);
  assert.match(body, /X-WR-CALNAME:GoalMates – My teams/);
});

Deno.test("[family calendar] a team's shared login is told a personal account is needed, and makes no link", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { name: "Rockets" });
  await setCheapTeamLogin(t.kv, team.id, "rockets", "a long team access password");
  const login = await requestJson(t.app, `/api/teams/${team.id}/login`, {
    body: { username: "rockets", password: "a long team access password" },
  });
  assert.equal(login.status, 200);
  const cookie = cookiesFrom(login);

  const page = await get(t.app, "/account/calendar", cookie);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get("cache-control"), "no-store");
  const html = await page.text();
  assert.ok(html.includes("A personal account is needed"));
  assert.ok(html.includes("Sign in with your own email to get a calendar link"));
  assert.ok(!html.includes('action="/account/calendar"'), "no form");
  for (const path of ["/account/calendar", "/account/calendar/reset", "/account/calendar/revoke"]) {
    const res = await postFormAs(t.app, path, {}, cookie);
    assert.equal(res.status, 403, path);
    await res.body?.cancel();
  }
  const records = await feedRecords(t.kv);
  assert.deepEqual([records.byUser.length, records.byHash.length], [0, 0]);
});

Deno.test("[family calendar] malformed and unknown links are the same plain 404, and count nothing", async () => {
  const { t, cookies } = await calendarWorld();
  await using _ = t;
  await postFormAs(t.app, "/account/calendar", {}, cookies.jordan);
  const token = linkOnPage(await (await get(t.app, "/account/calendar", cookies.jordan)).text());
  const unknown = `A${"b".repeat(42)}`;
  for (
    const path of [
      feedPath(unknown),
      `/calendar/${token}`,
      `/calendar/${token}.ICS`,
      `/calendar/${token}.ics.ics`,
      `/calendar/${token.slice(1)}.ics`,
      "/calendar/x.ics",
      `/calendar/${"a".repeat(200)}.ics`,
    ]
  ) {
    const res = await get(t.app, path);
    assert.equal(res.status, 404, path);
    await res.body?.cancel();
  }
  assert.equal((await feedRecords(t.kv)).limits.length, 0, "no rate-limit counter for unknown tokens");
});

Deno.test("[family calendar] a link answers 60 fetches an hour, then 429 with Retry-After; other links are not affected", async () => {
  const { t, cookies, advance } = await calendarWorld();
  await using _ = t;
  await postFormAs(t.app, "/account/calendar", {}, cookies.jordan);
  await postFormAs(t.app, "/account/calendar", {}, cookies.sam);
  const token = linkOnPage(await (await get(t.app, "/account/calendar", cookies.jordan)).text());
  const sams = linkOnPage(await (await get(t.app, "/account/calendar", cookies.sam)).text());
  for (let i = 0; i < 60; i++) {
    const res = await get(t.app, feedPath(token));
    assert.equal(res.status, 200, `fetch ${i + 1}`);
    await res.body?.cancel();
  }
  const limited = await get(t.app, feedPath(token));
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.equal(limited.headers.get("content-type"), "text/plain; charset=utf-8");
  assert.match(await limited.text(), /^This calendar link was fetched too often\. Try again in \d+ minutes?\.\n$/);
  assert.equal((await get(t.app, feedPath(sams))).status, 200, "Sam's link has its own count");

  advance(HOUR);
  assert.equal((await get(t.app, feedPath(token))).status, 200, "the next hour");
});

Deno.test("[family calendar] the dashboard's Upcoming Events links to the page, with events and without", async () => {
  const { t, rockets, jordan, cookies } = await calendarWorld();
  await using _ = t;
  const section = async (teamId: string) => {
    const res = await get(t.app, `/family-dashboard/${teamId}`, cookies.jordan);
    assert.equal(res.status, 200);
    return /<section[^>]*id="events"[\s\S]*?<\/section>/.exec(await res.text())?.[0] ?? "";
  };
  const withEvents = await section(rockets.id);
  assert.match(withEvents, /<ol class="events__list">/);
  assert.match(withEvents, /<a href="\/account\/calendar">Add to my calendar<\/a>/);

  const quiet = (await seedTeam(t.kv, { name: "Quiet FC" })).team;
  await setMembership(t.kv, jordan.id, quiet.id, "TEAM_STANDARD");
  const empty = await section(quiet.id);
  assert.match(empty, /No Events To Display/);
  assert.match(empty, /<a href="\/account\/calendar">Add to my calendar<\/a>/);
});
