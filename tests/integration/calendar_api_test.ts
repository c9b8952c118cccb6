/**
 * The team calendar calls (list, connect, remove, Sync now) and the Team Calendar card's forms
 * without JavaScript, against a real feed served on loopback (tests/calendar_feed_server.ts;
 * the app runs with CALENDAR_ALLOW_PRIVATE_HOSTS=1): every call's status, body and what it
 * stored; who may call them; bad input changes nothing; a link whose feed fails is refused with
 * the reason before anything is stored; the feed URL never leaves unmasked; a sync's events
 * reach the family's `GET /api/teams/:teamId/events`, and a failed sync is said on the family
 * dashboard above the last good events.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, kvValues, postForm, postFormAs, TEST_ORIGIN } from "../helpers.ts";
import { adminWorld, call, type Identity } from "../admin_helpers.ts";
import { startFeedServer } from "../calendar_feed_server.ts";
import { readableText } from "../i18n_helpers.ts";
import { type Calendar, CALENDAR_MESSAGES, CALENDAR_TEXTS, type CalendarView } from "../../lib/calendar/mod.ts";
import { acquireSyncLease } from "../../lib/db/calendars.ts";
import type { TeamEvent } from "../../lib/events/mod.ts";
import type { AuditEntry } from "../../lib/db/audit.ts";

const HOUR = 60 * 60 * 1000;
const PREFIXES = [
  "calendars",
  "events",
  "events_by_start",
  "event_sets",
  "calendar_sync_leases",
  "audit",
  "team_audit",
];
const PRIVATE_HOSTS = { CALENDAR_ALLOW_PRIVATE_HOSTS: "1" };

/** An iCalendar text with one VEVENT per entry (UTC times). */
function icsOf(events: { uid: string; title: string; start: Date; status?: string }[]): string {
  const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//GoalMates tests//EN", "X-WR-CALNAME:U10 Rockets"];
  for (const e of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp(e.start)}`,
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(new Date(e.start.getTime() + HOUR))}`,
      `SUMMARY:${e.title}`,
      ...(e.status ? [`STATUS:${e.status}`] : []),
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n") + "\r\n";
}

/** `titles` as events one day apart, starting tomorrow (relative to `now`). */
const feedOf = (now: Date, titles: string[]) =>
  icsOf(
    titles.map((title, i) => ({ uid: `${title}@test`, title, start: new Date(now.getTime() + (24 + 24 * i) * HOUR) })),
  );

/** A test app on a frozen clock (rate-limit windows and event times stay put), a world and a feed server. */
async function setup(routes: Parameters<typeof startFeedServer>[0] = {}, env: Record<string, string> = PRIVATE_HOSTS) {
  const now = new Date();
  const t = await createTestApp({ now: () => now, env });
  const w = await adminWorld(t);
  const feed = startFeedServer(routes);
  return {
    t,
    w,
    feed,
    now,
    async [Symbol.asyncDispose]() {
      await feed.close();
      t.kv.close();
    },
  };
}

type World = Awaited<ReturnType<typeof adminWorld>>;

const api = (teamId: string) => `/api/teams/${teamId}`;

async function addCalendar(app: Parameters<typeof call>[0], w: World, url: string) {
  const res = await call(app, "POST", `${api(w.team.id)}/calendar`, {
    cookie: w.cookies.admin,
    body: { calendarUrl: url },
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body as { message: string; calendar: CalendarView };
}

async function upcomingTitles(app: Parameters<typeof call>[0], w: World, who: Identity = "parent") {
  const res = await call(app, "GET", `${api(w.team.id)}/events?limit=100`, { cookie: w.cookies[who] });
  assert.equal(res.status, 200);
  return ((await res.json()).values as TeamEvent[]).map((e) => e.title);
}

const storedCalendar = async (kv: Deno.Kv, teamId: string) => (await kv.get<Calendar>(["calendars", teamId])).value;

Deno.test("[calendar api] connect: the link is read once, then 201 with the masked URL, Active, the events stored", async () => {
  await using s = await setup();
  const { t, w, feed, now } = s;
  feed.set("/teamsnap/rockets.ics", { body: feedOf(now, ["Game vs. Hawks", "Practice", "@ Tigers"]) });
  const url = feed.url("/teamsnap/rockets.ics");

  const listed0 = await call(t.app, "GET", `${api(w.team.id)}/calendars`, { cookie: w.cookies.admin });
  assert.equal(listed0.status, 200);
  assert.equal(listed0.headers.get("cache-control"), "no-store");
  assert.deepEqual(await listed0.json(), []);

  const added = await addCalendar(t.app, w, `  ${url}  `);
  assert.equal(added.message, "Calendar added");
  assert.equal(added.calendar.calendarType, "teamsnap");
  // The check's fetch is the first sync: Active at once, and the feed was asked once.
  assert.equal(added.calendar.lastSyncStatus, "success");
  assert.equal(added.calendar.lastSync, now.toISOString());
  assert.equal(added.calendar.eventCount, 3);
  assert.equal(feed.requests["/teamsnap/rockets.ics"], 1);
  assert.equal(
    added.calendar.calendarUrl,
    `http://127.0.0.1:${new URL(url).port}/….ics`,
    "masked: the last 4 characters only",
  );
  assert.ok(!JSON.stringify(added).includes("rockets"), "the secret path never leaves");

  const stored = await storedCalendar(t.kv, w.team.id);
  assert.equal(stored?.id, added.calendar.id);
  assert.equal(stored?.calendarUrl, url, "stored trimmed and in full");
  const audit = await kvValues<AuditEntry>(t.kv, { prefix: ["team_audit", w.team.id] });
  assert.ok(audit.some((a) => a.action === "calendar.added" && a.actor === "admin@example.com"));

  const listed = await call(t.app, "GET", `${api(w.team.id)}/calendars`, { cookie: w.cookies.admin });
  const [view] = await listed.json() as CalendarView[];
  assert.equal(view.id, added.calendar.id);
  assert.equal(view.lastSyncStatus, "success");
  assert.equal(view.lastSync, now.toISOString());
  assert.equal(view.eventCount, 3);
  assert.equal(view.calendarUrl, added.calendar.calendarUrl);
  assert.deepEqual(await upcomingTitles(t.app, w), ["Game vs. Hawks", "Practice", "@ Tigers"]);
  assert.deepEqual(await upcomingTitles(t.app, w, "player"), ["Game vs. Hawks", "Practice", "@ Tigers"]);
});

Deno.test("[calendar api] bad input: the spec's messages, and nothing changes", async () => {
  await using s = await setup();
  const { t, w, feed, now } = s;
  const cases: [unknown, number, string][] = [
    [{ calendarUrl: "" }, 400, "Calendar URL is required"],
    [{ calendarUrl: "   " }, 400, "Calendar URL is required"],
    [{}, 400, "Calendar URL is required"],
    [{ calendarUrl: 42 }, 400, "Calendar URL is required"],
    [{ calendarUrl: "ftp://example.com/x.ics" }, 400, "Enter a calendar link that starts with https:// or webcal://"],
    [
      { calendarUrl: "https://user:pw@example.com/x.ics" },
      400,
      "Calendar links cannot contain a user name or password",
    ],
    [{ calendarUrl: `https://example.com/${"a".repeat(2100)}` }, 400, "Calendar URL is too long"],
    [{ calendarUrl: "https://example.com/x.ics", extra: 1 }, 400, "Unknown field: extra"],
  ];
  const before = await dumpKv(t.kv, PREFIXES);
  for (const [body, status, message] of cases) {
    const res = await call(t.app, "POST", `${api(w.team.id)}/calendar`, { cookie: w.cookies.admin, body });
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal((await res.json()).message, message, JSON.stringify(body));
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  // One calendar per team: the second is refused, the first stays as it was.
  feed.set("/feed.ics", { body: feedOf(now, ["Game vs. Hawks"]) });
  const first = await addCalendar(t.app, w, feed.url("/feed.ics"));
  const kept = await dumpKv(t.kv, PREFIXES);
  const second = await call(t.app, "POST", `${api(w.team.id)}/calendar`, {
    cookie: w.cookies.admin,
    body: { calendarUrl: "https://calendar.example.org/other.ics" },
  });
  assert.equal(second.status, 409);
  assert.deepEqual(await second.json(), { message: "This team already has a calendar. Remove it to connect another." });
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), kept);
  assert.equal((await storedCalendar(t.kv, w.team.id))?.id, first.calendar.id);
});

Deno.test("[calendar api] without the test-only switch, loopback and private addresses are refused", async () => {
  await using s = await setup({}, {});
  const { t, w } = s;
  const before = await dumpKv(t.kv, PREFIXES);
  const cases: [string, string][] = [
    ["http://127.0.0.1/", "Enter a calendar link that starts with https:// or webcal://"],
    ["https://127.0.0.1/cal.ics", "Calendar links must name a host, not an IP address"],
    ["https://2130706433/cal.ics", "Calendar links must name a host, not an IP address"],
    ["https://[::1]/cal.ics", "Calendar links must name a host, not an IP address"],
    ["https://localhost/cal.ics", "Calendar links cannot point to a private or local address"],
    ["https://calendar.example.org:8443/cal.ics", "Calendar links must use the standard https port"],
  ];
  for (const [calendarUrl, message] of cases) {
    const res = await call(t.app, "POST", `${api(w.team.id)}/calendar`, {
      cookie: w.cookies.admin,
      body: { calendarUrl },
    });
    assert.equal(res.status, 400, calendarUrl);
    assert.equal((await res.json()).message, message, calendarUrl);
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[calendar api] connect reads the link first: a feed that fails is refused with the reason, nothing stored", async () => {
  await using s = await setup({
    "/page.html": { body: "<html>Sign in to TeamSnap</html>", contentType: "text/html" },
    "/not-ics.ics": { body: "Sorry, this schedule is private." },
    "/down.ics": { body: "down for maintenance", status: 503 },
  });
  const { t, w, feed } = s;
  const before = await dumpKv(t.kv, PREFIXES);
  const cases: [string, string][] = [
    [feed.url("/gone.ics"), "The calendar server answered 404"],
    [feed.url("/down.ics"), "The calendar server answered 503"],
    [feed.url("/page.html"), "This link did not return a calendar (.ics) file"],
    [feed.url("/not-ics.ics"), "This link did not return a calendar (.ics) file"],
    ["http://127.0.0.1:1/cal.ics", "The calendar server could not be reached"],
  ];
  for (const [calendarUrl, message] of cases) {
    const res = await call(t.app, "POST", `${api(w.team.id)}/calendar`, {
      cookie: w.cookies.admin,
      body: { calendarUrl },
    });
    assert.equal(res.status, 400, calendarUrl);
    assert.deepEqual(await res.json(), { message }, calendarUrl);
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "no calendar, no events, no audit entry");
  assert.equal(feed.requests["/down.ics"], 1, "each link was read once");
  const listed = await call(t.app, "GET", `${api(w.team.id)}/calendars`, { cookie: w.cookies.admin });
  assert.deepEqual(await listed.json(), []);
});

Deno.test("[calendar api] connect: a host that cannot be found is refused with the reason (production rules)", async () => {
  await using s = await setup({}, {});
  const { t, w } = s;
  // The dashboard's first view makes the invite link (and its audit entry): done before the snapshot.
  assert.equal((await call(t.app, "GET", `/teams/${w.team.id}`, { cookie: w.cookies.admin })).status, 200);
  const before = await dumpKv(t.kv, PREFIXES);
  const res = await call(t.app, "POST", `${api(w.team.id)}/calendar`, {
    cookie: w.cookies.admin,
    body: { calendarUrl: "webcal://no-such-host.invalid/team/rockets.ics" },
  });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), { message: "The calendar host could not be found" });
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  // The card's form without JavaScript: the dashboard again, the reason at the field, nothing stored.
  const form = await postFormAs(t.app, `/teams/${w.team.id}/calendar`, {
    calendarUrl: "https://no-such-host.invalid/team/rockets.ics",
  }, w.cookies.admin);
  assert.equal(form.status, 400);
  const html = await form.text();
  assert.match(html, /id="calendar-url-error"[^>]*>The calendar host could not be found</);
  assert.match(html, /value="https:\/\/no-such-host.invalid\/team\/rockets.ics"/);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[calendar api] connect: a team's tries are limited (each costs a fetch); cheap refusals are not counted", async () => {
  await using s = await setup();
  const { t, w, feed } = s;
  const add = (calendarUrl: string) =>
    call(t.app, "POST", `${api(w.team.id)}/calendar`, { cookie: w.cookies.admin, body: { calendarUrl } });
  for (let i = 0; i < 6; i++) assert.equal((await add(feed.url("/gone.ics"))).status, 400, `try ${i}`);
  assert.equal((await add("ftp://example.com/x.ics")).status, 400, "the link's rule still answers");
  const limited = await add(feed.url("/gone.ics"));
  assert.equal(limited.status, 429);
  assert.match(
    (await limited.json()).message,
    /^Too many calendar links tried for this team\. Please try again in \d+ minutes?\.$/,
  );
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.equal(feed.requests["/gone.ics"], 6, "the refused try fetched nothing");
  // The card's form without JavaScript: the dashboard again, the wait said at the field.
  const form = await postFormAs(
    t.app,
    `/teams/${w.team.id}/calendar`,
    { calendarUrl: feed.url("/gone.ics") },
    w.cookies.admin,
  );
  assert.equal(form.status, 429);
  assert.ok(Number(form.headers.get("retry-after")) > 0);
  assert.match(await form.text(), /id="calendar-url-error"[^>]*>Too many calendar links tried for this team\./);
  assert.equal(await storedCalendar(t.kv, w.team.id), null);
});

Deno.test("[calendar api] who may call: the team's admins and a system administrator; nobody else changes anything", async () => {
  await using s = await setup();
  const { t, w, feed, now } = s;
  feed.set("/feed.ics", { body: feedOf(now, ["Game vs. Hawks"]) });
  const { calendar } = await addCalendar(t.app, w, feed.url("/feed.ics"));
  const id = calendar.id;
  const calls: [string, string, unknown?][] = [
    ["GET", `${api(w.team.id)}/calendars`],
    ["POST", `${api(w.team.id)}/calendar`, { calendarUrl: "https://calendar.example.org/x.ics" }],
    ["POST", `${api(w.team.id)}/calendars/${id}/sync`],
    ["DELETE", `${api(w.team.id)}/calendars/${id}`],
  ];
  const expected: Record<string, number> = { anonymous: 401, parent: 403, player: 403, otherAdmin: 403 };
  const before = await dumpKv(t.kv, PREFIXES);
  for (const who of ["anonymous", "parent", "player", "otherAdmin"] as const) {
    for (const [method, path, body] of calls) {
      const res = await call(t.app, method, path, { cookie: w.cookies[who], body });
      assert.equal(res.status, expected[who], `${who} ${method} ${path}`);
      assert.equal(typeof (await res.json()).message, "string");
    }
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "a refused call changed nothing");
  assert.equal(feed.requests["/feed.ics"], 1, "no refused call reached the feed");

  // The other team's admin cannot reach this team's calendar through their own team either.
  const viaOther = await call(t.app, "DELETE", `${api(w.otherTeam.id)}/calendars/${id}`, {
    cookie: w.cookies.otherAdmin,
  });
  assert.equal(viaOther.status, 404);
  assert.deepEqual(await viaOther.json(), { message: CALENDAR_MESSAGES.notFound });
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  // A system administrator reads and syncs (the "admin" policy).
  const listed = await call(t.app, "GET", `${api(w.team.id)}/calendars`, { cookie: w.cookies.sysadmin });
  assert.equal(listed.status, 200);
  assert.equal((await listed.json())[0].id, id);
  const synced = await call(t.app, "POST", `${api(w.team.id)}/calendars/${id}/sync`, { cookie: w.cookies.sysadmin });
  assert.equal(synced.status, 200);
  assert.equal(feed.requests["/feed.ics"], 2);
});

Deno.test("[calendar api] Sync now: waits for the sync, answers the calendar; a failing feed keeps the events", async () => {
  await using s = await setup();
  const { t, w, feed, now } = s;
  feed.set("/feed.ics", { body: feedOf(now, ["Game vs. Hawks", "Practice"]) });
  const { calendar } = await addCalendar(t.app, w, feed.url("/feed.ics"));
  const sync = () =>
    call(t.app, "POST", `${api(w.team.id)}/calendars/${calendar.id}/sync`, { cookie: w.cookies.admin });

  // The feed changed: the sync replaces the events.
  feed.set("/feed.ics", { body: feedOf(now, ["Scrimmage vs Lions", "Practice", "Tournament"]) });
  const res = await sync();
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const body = await res.json();
  assert.equal(body.message, "Calendar synced");
  assert.equal(body.calendar.lastSyncStatus, "success");
  assert.equal(body.calendar.eventCount, 3);
  assert.equal(body.calendar.lastSyncError, null);
  assert.deepEqual(await upcomingTitles(t.app, w), ["Scrimmage vs Lions", "Practice", "Tournament"]);
  assert.equal((await storedCalendar(t.kv, w.team.id))?.lastSyncStatus, "success");

  // The feed fails: 200 with the error on the calendar; the last good events stay.
  feed.set("/feed.ics", { body: "oops", status: 500 });
  const failed = await sync();
  assert.equal(failed.status, 200);
  const failure = await failed.json();
  assert.equal(failure.calendar.lastSyncStatus, "error");
  assert.match(failure.calendar.lastSyncError, /500/);
  assert.equal(failure.message, failure.calendar.lastSyncError);
  assert.equal(failure.calendar.lastSuccessAt, now.toISOString());
  assert.deepEqual(await upcomingTitles(t.app, w), ["Scrimmage vs Lions", "Practice", "Tournament"]);
  const stored = await storedCalendar(t.kv, w.team.id);
  assert.equal(stored?.lastSyncStatus, "error");
  assert.equal(stored?.failures, 1);

  // Not a calendar at all.
  feed.set("/feed.ics", { body: "<html>Sign in</html>", contentType: "text/plain" });
  const notIcs = await (await sync()).json();
  assert.equal(notIcs.calendar.lastSyncStatus, "error");
  assert.equal(notIcs.message, "This link did not return a calendar (.ics) file");
});

/** The family dashboard's Upcoming Events section, as `who` gets it. */
async function eventsSection(app: Parameters<typeof call>[0], w: World, who: Identity) {
  const res = await call(app, "GET", `/family-dashboard/${w.team.id}`, { cookie: w.cookies[who] });
  assert.equal(res.status, 200, who);
  const html = await res.text();
  const section = /<section[^>]*id="events"[\s\S]*?<\/section>/.exec(html)?.[0];
  assert.ok(section, "the page has Upcoming Events");
  return section;
}

const ASK_ADMIN = "Ask your Team Admin to connect GoalMates";

Deno.test("[calendar pages] a failed sync: a red card with the reason and Try again; families see the last good events", async () => {
  await using s = await setup();
  const { t, w, feed, now } = s;
  feed.set("/feed.ics", { body: feedOf(now, ["Game vs. Hawks", "Practice"]) });
  const { calendar } = await addCalendar(t.app, w, feed.url("/feed.ics"));
  const healthy = await eventsSection(t.app, w, "parent");
  assert.ok(!healthy.includes("could not be updated"), "no warning while the calendar works");

  // The host is gone: the sync records why, the card JSON carries it.
  feed.set("/feed.ics", { body: "gone", status: 410 });
  await call(t.app, "POST", `${api(w.team.id)}/calendars/${calendar.id}/sync`, { cookie: w.cookies.admin });
  const [view] = await (await call(t.app, "GET", `${api(w.team.id)}/calendars`, { cookie: w.cookies.admin }))
    .json() as CalendarView[];
  assert.equal(view.lastSyncStatus, "error");
  assert.equal(view.lastSyncError, "The calendar server answered 410");

  // The admin's card: red, the word Error, the reason, Try again; no greyed 'Calendar Connected'.
  const card = await (await call(t.app, "GET", `/teams/${w.team.id}`, { cookie: w.cookies.admin })).text();
  assert.match(card, /class="card admin-card calendar-card calendar-card--error"/);
  assert.match(card, /calendar-badge--error[^>]*>Error</);
  assert.match(card, /The calendar could not be updated/);
  assert.match(card, /Sync error:<\/strong> (<!-- -->)?The calendar server answered 410/);
  assert.match(
    card,
    new RegExp(`action="/teams/${w.team.id}/calendar/${calendar.id}/sync"[^>]*>[\\s\\S]*?>Try again</button>`),
  );
  assert.ok(!readableText(card).includes("Calendar Connected"), "no greyed Calendar Connected beside Error");
  assert.ok(!card.includes(">Sync now<"), "Try again replaces Sync now");

  // Families: the failure said politely above the last good events, never 'Ask your Team Admin'.
  for (const who of ["parent", "player", "admin"] as const) {
    const section = await eventsSection(t.app, w, who);
    assert.match(
      section,
      /<h2[^>]*>Upcoming Events<\/h2><p class="events__status" role="status"><strong>The schedule could not be updated\.<\/strong>/,
      who,
    );
    const titles = [...section.matchAll(/class="event__name">([^<]*)</g)].map((m) => m[1]);
    assert.deepEqual(titles, ["Game vs. Hawks", "Practice"], who);
    assert.ok(!section.includes(ASK_ADMIN), who);
  }

  // Try again with the feed back: Active, and the warning is gone.
  feed.set("/feed.ics", { body: feedOf(now, ["Game vs. Hawks", "Practice"]) });
  const retried = await postFormAs(t.app, `/teams/${w.team.id}/calendar/${calendar.id}/sync`, {}, w.cookies.admin);
  assert.equal(retried.headers.get("location"), `/teams/${w.team.id}?done=calendar-synced`);
  assert.ok(!(await eventsSection(t.app, w, "parent")).includes("could not be updated"));
});

Deno.test("[calendar pages] the empty Upcoming Events: an admin is offered to connect a calendar, families keep the spec's text", async () => {
  await using s = await setup();
  const { t, w, feed } = s;
  // No calendar: the admin gets the way to the card; a parent and a player the spec's text.
  const admin = await eventsSection(t.app, w, "admin");
  assert.match(
    admin,
    new RegExp(
      `<a class="button button--primary events__connect" href="/teams/${w.team.id}#team-calendar">Connect your calendar</a>`,
    ),
  );
  assert.ok(!admin.includes(ASK_ADMIN), "the admin is not told to ask themselves");
  for (const who of ["parent", "player"] as const) {
    const section = await eventsSection(t.app, w, who);
    assert.ok(section.includes("No Events To Display"), who);
    assert.ok(section.includes(`${ASK_ADMIN} to TeamSnap, PlayMetrics or your favorite schedule app.`), who);
    assert.ok(!section.includes("Connect your calendar"), who);
  }

  // Connected, nothing upcoming: nobody is asked to connect what is connected.
  feed.set("/empty.ics", { body: icsOf([]) });
  await addCalendar(t.app, w, feed.url("/empty.ics"));
  for (const who of ["parent", "admin"] as const) {
    const section = await eventsSection(t.app, w, who);
    assert.ok(section.includes("No Events To Display"), who);
    assert.ok(section.includes("calendar has no upcoming events."), who);
    assert.ok(!section.includes(ASK_ADMIN) && !section.includes("Connect your calendar"), who);
  }
});

Deno.test("[calendar api] Sync now: 404 for another id, 409 while another sync runs, 429 past 6 in 10 minutes", async () => {
  await using s = await setup();
  const { t, w, feed, now } = s;
  feed.set("/feed.ics", { body: feedOf(now, ["Game vs. Hawks"]) });
  const { calendar } = await addCalendar(t.app, w, feed.url("/feed.ics"));
  const path = (id: string) => `${api(w.team.id)}/calendars/${id}/sync`;

  const missing = await call(t.app, "POST", path("01ARZ3NDEKTSV4RRFFQ69G5FAV"), { cookie: w.cookies.admin });
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { message: "Calendar not found" });

  // Another instance holds the team's lease.
  assert.ok(await acquireSyncLease(t.kv, w.team.id, "another-instance", now.getTime(), 60_000));
  const before = await dumpKv(t.kv, ["calendars", "events", "event_sets"]);
  const busy = await call(t.app, "POST", path(calendar.id), { cookie: w.cookies.admin });
  assert.equal(busy.status, 409);
  assert.deepEqual(await busy.json(), { message: CALENDAR_MESSAGES.syncing });
  assert.deepEqual(await dumpKv(t.kv, ["calendars", "events", "event_sets"]), before);
  await t.kv.delete(["calendar_sync_leases", w.team.id]);

  // 2 counted above (404 is not: it is checked first); 4 more pass, the next is refused.
  const requestsBefore = feed.requests["/feed.ics"];
  for (let i = 0; i < 5; i++) {
    assert.equal((await call(t.app, "POST", path(calendar.id), { cookie: w.cookies.admin })).status, 200, `sync ${i}`);
  }
  const limited = await call(t.app, "POST", path(calendar.id), { cookie: w.cookies.admin });
  assert.equal(limited.status, 429);
  assert.match(
    (await limited.json()).message,
    /^Too many syncs of this calendar\. Please try again in \d+ minutes?\.$/,
  );
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.equal(feed.requests["/feed.ics"], requestsBefore + 5, "the refused sync fetched nothing");
});

Deno.test("[calendar api] remove: 200, the record and its events go; again is 404", async () => {
  await using s = await setup();
  const { t, w, feed, now } = s;
  feed.set("/feed.ics", { body: feedOf(now, ["Game vs. Hawks", "Practice"]) });
  const { calendar } = await addCalendar(t.app, w, feed.url("/feed.ics"));
  assert.equal((await upcomingTitles(t.app, w)).length, 2);
  assert.ok((await kvValues(t.kv, { prefix: ["events", w.team.id] })).length > 0);

  const res = await call(t.app, "DELETE", `${api(w.team.id)}/calendars/${calendar.id}`, { cookie: w.cookies.admin });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { message: "Calendar removed" });
  assert.equal(await storedCalendar(t.kv, w.team.id), null);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["events", w.team.id] }), []);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["events_by_start", w.team.id] }), []);
  assert.deepEqual(await upcomingTitles(t.app, w), []);
  const audit = await kvValues<AuditEntry>(t.kv, { prefix: ["team_audit", w.team.id] });
  assert.ok(audit.some((a) => a.action === "calendar.removed" && a.targetId === calendar.id));
  const listed = await call(t.app, "GET", `${api(w.team.id)}/calendars`, { cookie: w.cookies.admin });
  assert.deepEqual(await listed.json(), []);

  const again = await call(t.app, "DELETE", `${api(w.team.id)}/calendars/${calendar.id}`, { cookie: w.cookies.admin });
  assert.equal(again.status, 404);
  assert.deepEqual(await again.json(), { message: "Calendar not found" });

  // A new calendar can be connected once the old one is gone.
  const next = await addCalendar(t.app, w, feed.url("/feed.ics"));
  assert.notEqual(next.calendar.id, calendar.id);
});

Deno.test("[calendar pages] the dashboard's card, and its forms without JavaScript under both prefixes", async () => {
  await using s = await setup();
  const { t, w, feed, now } = s;
  feed.set("/playmetrics/u10.ics", { body: feedOf(now, ["U10 Girls Practice", "Game vs Hawks"]) });
  const url = feed.url("/playmetrics/u10.ics");

  for (const prefix of ["admin", "teams"] as const) {
    const dashboard = `/${prefix}/${w.team.id}`;
    const page = async (query = "") => {
      const res = await call(t.app, "GET", `${dashboard}${query}`, { cookie: w.cookies.admin });
      assert.equal(res.status, 200);
      return await res.text();
    };
    const empty = await page();
    assert.match(empty, /<h2 id="calendar-heading">Team Calendar<\/h2>/);
    assert.match(empty, new RegExp(`<form [^>]*action="${dashboard}/calendar" method="post"`));
    assert.match(empty, /name="calendarUrl"/);
    assert.match(empty, />Add Calendar<\/button>/);
    assert.match(empty, /Syncs every 30 minutes\./);

    // A refused URL: the dashboard again, with the text and the error next to the field.
    const before = await dumpKv(t.kv, PREFIXES);
    const refused = await postFormAs(
      t.app,
      `${dashboard}/calendar`,
      { calendarUrl: "ftp://nope.example/x.ics" },
      w.cookies.admin,
    );
    assert.equal(refused.status, 400);
    const refusedHtml = await refused.text();
    assert.match(refusedHtml, /value="ftp:\/\/nope.example\/x.ics"/);
    assert.match(refusedHtml, /aria-invalid="true"/);
    assert.match(
      refusedHtml,
      /id="calendar-url-error"[^>]*>Enter a calendar link that starts with https:\/\/ or webcal:\/\//,
    );
    assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

    // Add → back with a notice; the card shows the calendar.
    const added = await postFormAs(t.app, `${dashboard}/calendar`, { calendarUrl: url }, w.cookies.admin);
    assert.equal(added.status, 303);
    assert.equal(added.headers.get("location"), `${dashboard}?done=calendar-added`);
    const calendar = (await storedCalendar(t.kv, w.team.id))!;
    assert.equal(calendar.calendarType, "playmetrics");
    const connected = await page("?done=calendar-added");
    assert.match(connected, new RegExp(CALENDAR_TEXTS.addedNotice.replace(/[.:]/g, "\\$&")));
    assert.match(connected, />Calendar Connected<\/button>/);
    assert.match(connected, /PlayMetrics/);
    assert.match(connected, /calendar-badge--active[^>]*>Active</);
    assert.match(connected, /Just now/);
    assert.ok(!connected.includes(url) && !connected.includes("u10.ics"), "the full feed URL is never in the page");
    assert.ok(connected.includes(`http://127.0.0.1:${new URL(url).port}/….ics`), "the masked URL is");

    // A second one through the form: 409, the page again with the message.
    const second = await postFormAs(t.app, `${dashboard}/calendar`, { calendarUrl: url }, w.cookies.admin);
    assert.equal(second.status, 409);
    assert.match(await second.text(), /This team already has a calendar\. Remove it to connect another\./);

    // Sync now → back with a notice; a failing feed → back with the error notice.
    const synced = await postFormAs(t.app, `${dashboard}/calendar/${calendar.id}/sync`, {}, w.cookies.admin);
    assert.equal(synced.status, 303);
    assert.equal(synced.headers.get("location"), `${dashboard}?done=calendar-synced`);
    assert.match(await page("?done=calendar-synced"), /role="status">Calendar synced</);
    feed.set("/playmetrics/u10.ics", { body: "down", status: 503 });
    const failed = await postFormAs(t.app, `${dashboard}/calendar/${calendar.id}/sync`, {}, w.cookies.admin);
    assert.equal(failed.headers.get("location"), `${dashboard}?error=calendar-sync-failed`);
    const failedHtml = await page("?error=calendar-sync-failed");
    assert.match(failedHtml, /role="alert">The calendar could not be synced: the card shows why\.</);
    assert.match(failedHtml, /calendar-badge--error[^>]*>Error</);
    assert.match(failedHtml, /Sync error:/);
    assert.match(failedHtml, /Showing the schedule from /);
    feed.set("/playmetrics/u10.ics", { body: feedOf(now, ["U10 Girls Practice", "Game vs Hawks"]) });
    const wrong = await postFormAs(t.app, `${dashboard}/calendar/01ARZ3NDEKTSV4RRFFQ69G5FAV/sync`, {}, w.cookies.admin);
    assert.equal(wrong.headers.get("location"), `${dashboard}?error=calendar-missing`);

    // Remove → back with a notice; the card is empty again.
    const removed = await postFormAs(t.app, `${dashboard}/calendar/${calendar.id}/remove`, {}, w.cookies.admin);
    assert.equal(removed.status, 303);
    assert.equal(removed.headers.get("location"), `${dashboard}?done=calendar-removed`);
    assert.equal(await storedCalendar(t.kv, w.team.id), null);
    const after = await page("?done=calendar-removed");
    assert.match(after, /role="status">Calendar removed</);
    assert.match(after, />Add Calendar<\/button>/);
    const gone = await postFormAs(t.app, `${dashboard}/calendar/${calendar.id}/remove`, {}, w.cookies.admin);
    assert.equal(gone.headers.get("location"), `${dashboard}?error=calendar-missing`);
  }
});

Deno.test("[calendar pages] the forms refuse a parent, another team's admin and a visitor, and change nothing", async () => {
  await using s = await setup();
  const { t, w } = s;
  const before = await dumpKv(t.kv, PREFIXES);
  for (const path of [`/admin/${w.team.id}/calendar`, `/teams/${w.team.id}/calendar`]) {
    const anonymous = await postForm(t.app, path, { calendarUrl: "https://calendar.example.org/x.ics" });
    assert.equal(anonymous.status, 303);
    assert.match(anonymous.headers.get("location")!, /^\/team-login\?next=/);
    for (const who of ["parent", "player", "otherAdmin"] as const) {
      const res = await t.app.request(`${TEST_ORIGIN}${path}`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie: w.cookies[who], "content-type": "application/x-www-form-urlencoded" },
        body: "calendarUrl=https%3A%2F%2Fcalendar.example.org%2Fx.ics",
      });
      assert.equal(res.status, 403, `${who} ${path}`);
      await res.body?.cancel();
    }
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});
