/**
 * A team's time zone end to end through `app.request`: the admin sets it in team settings
 * (`PATCH /api/admin/{teamId}/settings` and the page's plain form), a team nobody chose a zone
 * for takes its calendar's at the first sync that names one, and the family dashboard shows
 * events and posts in it, the zone labelled for readers elsewhere.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, get, postForm, TEST_ORIGIN, type TestContext } from "../helpers.ts";
import { ADMIN_PREFIXES, adminWorld, call, EXPECTED_STATUS, IDENTITIES, statusMatches } from "../admin_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { getTeam } from "../../lib/db/teams.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { addCalendar, type SyncDeps, syncTeamCalendar } from "../../lib/calendar/mod.ts";
import { parseCalendarText } from "../../lib/calendar/parse_text.ts";
import { listUpcomingEvents, saveEvent } from "../../lib/events/mod.ts";
import { updateTeamSettings } from "../../lib/teams/mod.ts";
import { createPost } from "../../lib/feed/mod.ts";

type App = TestContext["app"];

/** Wed Mar 11 2026, 11:00 AM in Los Angeles (PDT since Mar 8). */
const NOW = new Date("2026-03-11T18:00:00Z");
const LA = "America/Los_Angeles";

const settingsPath = (teamId: string) => `/api/admin/${teamId}/settings`;
const revisionOf = async (kv: Deno.Kv, teamId: string) => (await kv.get(keys.teamRevision(teamId))).versionstamp;

/** The events section of the family dashboard's HTML. */
async function eventsWidget(app: App, teamId: string, cookie: string): Promise<string> {
  const res = await get(app, `/family-dashboard/${teamId}`, cookie);
  assert.equal(res.status, 200);
  const match = /<section[^>]*id="events"[\s\S]*?<\/section>/.exec(await res.text());
  assert.ok(match, "the events section");
  return match[0].replaceAll("\u00a0", " ");
}

Deno.test("[time zone] PATCH settings: an IANA zone is the admin's choice, in one commit with the revision", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const before = await revisionOf(t.kv, w.team.id);
  const res = await call(t.app, "PATCH", settingsPath(w.team.id), {
    cookie: w.cookies.admin,
    body: { timeZone: "america/los_angeles" },
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.settings.timeZone, LA, "stored in the runtime's spelling");
  assert.equal(body.settings.timeZoneSource, "admin");
  const stored = (await getTeam(t.kv, w.team.id))!;
  assert.deepEqual([stored.settings.timeZone, stored.settings.timeZoneSource], [LA, "admin"]);
  assert.notEqual(await revisionOf(t.kv, w.team.id), before, "the team's revision moved with it");
  const [audit] = (await listAudit(t.kv, { teamId: w.team.id })).values;
  assert.deepEqual([audit.action, audit.detail], ["settings.updated", "timeZone"]);
  const read = await (await call(t.app, "GET", settingsPath(w.team.id), { cookie: w.cookies.admin })).json();
  assert.deepEqual([read.settings.timeZone, read.settings.timeZoneSource], [LA, "admin"]);
});

Deno.test("[time zone] PATCH settings: the zone already in effect is no choice (the form sends it with every save)", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  const res = await call(t.app, "PATCH", settingsPath(w.team.id), {
    cookie: w.cookies.admin,
    body: { timeZone: "America/New_York" },
  });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).settings.timeZoneSource, "default");
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before, "nothing written");
});

Deno.test("[time zone] PATCH settings: an unknown zone is a 400 with a message and changes nothing", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const message = "Time zone must be an IANA time zone, such as America/Los_Angeles";
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  for (
    const timeZone of ["Mars/Olympus_Mons", "", "Etc/GMT+5", "Pacific Time", `America/${"X".repeat(70)}`, 5, null, [LA]]
  ) {
    const res = await call(t.app, "PATCH", settingsPath(w.team.id), {
      cookie: w.cookies.admin,
      body: { season: "Spring 2027", timeZone },
    });
    assert.equal(res.status, 400, JSON.stringify(timeZone));
    assert.deepEqual(await res.json(), { message }, JSON.stringify(timeZone));
  }
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before, "not even the season");
});

Deno.test("[time zone] PATCH settings: only the team's admins (and a system administrator) set the zone", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  for (const who of IDENTITIES) {
    const before = await dumpKv(t.kv, ADMIN_PREFIXES);
    // Each allowed one picks a zone the team is not in yet, so each would be a change.
    const timeZone = who === "admin" ? LA : "America/Denver";
    const res = await call(t.app, "PATCH", settingsPath(w.team.id), { cookie: w.cookies[who], body: { timeZone } });
    await res.body?.cancel();
    assert.ok(statusMatches(EXPECTED_STATUS[who], res.status), `${who}: ${res.status}`);
    if (EXPECTED_STATUS[who] !== "2xx") assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before, who);
  }
  assert.equal((await getTeam(t.kv, w.team.id))!.settings.timeZone, "America/Denver", "the system administrator's");
  assert.equal((await getTeam(t.kv, w.otherTeam.id))!.settings.timeZone, "America/New_York", "the other team's own");
});

Deno.test("[time zone] the settings page: a 'Time zone' select with the team's zone, saved by the plain form", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const page = async () => {
    const res = await get(t.app, `/admin/${w.team.id}/settings`, w.cookies.admin);
    return { status: res.status, html: await res.text() };
  };
  const { html } = await page();
  assert.match(html, /<label for="settings-timeZone">Time zone<\/label>/);
  assert.match(html, /<select id="settings-timeZone" name="timeZone"/);
  assert.match(html, /<optgroup label="United States">/);
  assert.match(html, /<option value="America\/New_York" selected="">Eastern Time \(New York\)<\/option>/);
  assert.ok(html.includes("your team calendar&#x27;s zone is used when it first syncs"));

  const form = { name: w.team.name, season: "Fall 2026", orgName: "Test Club", openClaims: "on", timeZone: LA };
  const cookie = { cookie: w.cookies.admin };
  const posted = await t.app.request(`${TEST_ORIGIN}/admin/${w.team.id}/settings`, {
    method: "POST",
    headers: { ...cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  assert.equal(posted.status, 303);
  const saved = (await getTeam(t.kv, w.team.id))!;
  assert.deepEqual([saved.settings.timeZone, saved.settings.timeZoneSource], [LA, "admin"]);
  assert.match((await page()).html, /<option value="America\/Los_Angeles" selected="">Pacific Time \(Los Angeles\)/);

  // A refused zone comes back as the field's error; nothing is saved.
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  const refused = await t.app.request(`${TEST_ORIGIN}/admin/${w.team.id}/settings`, {
    method: "POST",
    headers: { ...cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...form, timeZone: "Mars/Olympus_Mons" }).toString(),
  });
  assert.equal(refused.status, 400);
  const refusedHtml = await refused.text();
  assert.match(refusedHtml, /id="settings-timeZone-error">Time zone must be an IANA time zone/);
  assert.match(refusedHtml, /<select[^>]*aria-invalid="true"/);
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
  // Signed out, the same post goes to the sign-in page and changes nothing.
  const anonymous = await postForm(t.app, `/admin/${w.team.id}/settings`, { ...form, timeZone: "UTC" });
  await anonymous.body?.cancel();
  assert.match(anonymous.headers.get("location") ?? "", /login/);
  assert.equal((await getTeam(t.kv, w.team.id))!.settings.timeZone, LA);
});

Deno.test("[time zone] the family dashboard shows a Los Angeles team's events in its zone, labelled PT", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  // Sat Mar 14, 9:00–10:30 AM in Los Angeles (the feed said TZID=America/Los_Angeles).
  await saveEvent(t.kv, w.team.id, {
    id: "game",
    title: "League game",
    eventType: "game",
    startTime: "2026-03-14T16:00:00Z",
    endTime: "2026-03-14T17:30:00Z",
  });
  // 11:30 PM tonight in Los Angeles is already tomorrow in New York.
  await saveEvent(t.kv, w.team.id, { id: "late", title: "Late one", startTime: "2026-03-12T06:30:00Z" });

  const newYork = await eventsWidget(t.app, w.team.id, w.cookies.parent);
  assert.ok(newYork.includes("Sat, Mar 14 · 12:00 PM – 1:30 PM"), "before: New York's clock");
  assert.ok(newYork.includes("Tomorrow · 2:30 AM"));

  await updateTeamSettings(t.kv, w.team.id, { timeZone: LA }, "admin@example.com", NOW);
  const html = await eventsWidget(t.app, w.team.id, w.cookies.parent);
  assert.ok(html.includes("Today · 11:30 PM"), html);
  assert.ok(html.includes("Sat, Mar 14 · 9:00 AM – 10:30 AM"), html);
  assert.ok(!html.includes("12:00 PM"));
  // The label follows each time, hidden until the boot module finds the reader elsewhere.
  const labels = [...html.matchAll(/<span class="zone-label"[^>]*>[^<]*<\/span>/g)].map((m) => m[0]);
  assert.equal(labels.length, 2);
  for (const label of labels) {
    assert.equal(
      label,
      '<span class="zone-label" data-time-zone="America/Los_Angeles" title="Pacific Time" hidden=""> PT</span>',
    );
  }
  assert.match(html, /10:30 AM<\/time><span class="zone-label"/);
});

Deno.test("[time zone] a post older than a week shows its date on the team's calendar", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  // 06:00 UTC on Mar 3 is Mar 2, 10 PM in Los Angeles and Mar 3, 1 AM in New York.
  await createPost(
    t.kv,
    w.team.id,
    { userId: null },
    { postType: "news", content: "Old news" },
    new Date("2026-03-03T06:00:00Z"),
  );
  const feed = async () => {
    const res = await get(t.app, `/family-dashboard/${w.team.id}`, w.cookies.parent);
    const html = await res.text();
    return /<time class="feed-post__time"[^>]*>[^<]*<\/time>/.exec(html)?.[0] ?? html.slice(0, 200);
  };
  assert.match(await feed(), /title="Mar 3, 2026, 1:00 AM ET">Mar 3, 2026</);
  await updateTeamSettings(t.kv, w.team.id, { timeZone: LA }, "admin@example.com", NOW);
  assert.match(await feed(), /title="Mar 2, 2026, 10:00 PM PT">Mar 2, 2026</);
});

// ---------------------------------------------------------------------------------------------
// The first sync

const FEED_URL = "https://calendar.example.org/team.ics";

/** A calendar around one game (Sat Mar 14, 9:00 AM wherever `dtstart` says) and an all-day tournament. */
function feed(calendarLines: string[], dtstart = "DTSTART;TZID=America/Los_Angeles:20260314T090000"): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    ...calendarLines,
    "BEGIN:VEVENT",
    "UID:game@example.org",
    dtstart,
    "SUMMARY:Game vs Hawks",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:tournament@example.org",
    "DTSTART;VALUE=DATE:20260321",
    "DTEND;VALUE=DATE:20260322",
    "SUMMARY:Spring tournament",
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");
}

/** A sync whose fetch answers `body` and whose parse runs here (the worker's is tested elsewhere). */
function syncDeps(state: { body: string }): SyncDeps {
  return {
    now: () => NOW,
    allowPrivateHosts: false,
    fetchFeed: () =>
      Promise.resolve({ kind: "fetched", body: state.body, validators: { etag: null, lastModified: null } }),
    parseFeed: (text, options) => Promise.resolve(parseCalendarText(text, options)),
  };
}

async function syncWorld() {
  const t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  await addCalendar(t.kv, w.team.id, FEED_URL, { id: null, label: "admin@example.com" }, NOW, {
    allowPrivateHosts: false,
  });
  const state = { body: "" };
  const sync = async (body: string) => {
    state.body = body;
    assert.equal((await syncTeamCalendar(t.kv, w.team.id, syncDeps(state))).kind, "synced");
  };
  const zone = async () => {
    const { settings } = (await getTeam(t.kv, w.team.id))!;
    return [settings.timeZone, settings.timeZoneSource];
  };
  return { t, w, sync, zone };
}

Deno.test("[time zone] the first sync gives the team its calendar's X-WR-TIMEZONE, with the revision", async () => {
  const { t, w, sync, zone } = await syncWorld();
  await using _ = t;
  const before = await revisionOf(t.kv, w.team.id);
  await sync(feed(["X-WR-TIMEZONE:America/Los_Angeles"], "DTSTART;TZID=America/Chicago:20260314T090000"));
  assert.deepEqual(await zone(), [LA, "calendar"]);
  assert.notEqual(await revisionOf(t.kv, w.team.id), before);
  const audit = (await listAudit(t.kv, { teamId: w.team.id })).values.find((e) => e.detail === "timeZone");
  assert.deepEqual([audit?.action, audit?.actor], ["settings.updated", "Team calendar"]);
  // The all-day tournament starts at midnight in Los Angeles, not New York.
  const events = (await listUpcomingEvents(t.kv, w.team.id, NOW)).values;
  assert.equal(events.find((e) => e.title === "Spring tournament")?.startTime, "2026-03-21T07:00:00.000Z");
  const html = await eventsWidget(t.app, w.team.id, w.cookies.parent);
  assert.ok(html.includes("Sat, Mar 14 · 7:00 AM"), "9 AM Chicago is 7 AM in the team's zone");
  assert.ok(html.includes("Sat, Mar 21 · 12:00 AM"), html);
});

Deno.test("[time zone] without X-WR-TIMEZONE the zone the events name most; none when they name none", async () => {
  const { t, w, sync, zone } = await syncWorld();
  await using _ = t;
  // Floating times and an unknown X-WR-TIMEZONE name no zone: the team stays as it was.
  await sync(feed(["X-WR-TIMEZONE:Mars/Olympus_Mons"], "DTSTART:20260314T090000"));
  assert.deepEqual(await zone(), ["America/New_York", "default"]);
  // The next sync that finds one sets it: the game's TZID (the tournament names none).
  await sync(feed([], "DTSTART;TZID=America/Los_Angeles:20260314T090000"));
  assert.deepEqual(await zone(), [LA, "calendar"]);
  const html = await eventsWidget(t.app, w.team.id, w.cookies.parent);
  assert.ok(html.includes("Sat, Mar 14 · 9:00 AM"), html);
  // Set from a calendar once: a later feed in another zone does not move it.
  await sync(feed(["X-WR-TIMEZONE:America/Denver"]));
  assert.deepEqual(await zone(), [LA, "calendar"]);
});

Deno.test("[time zone] a zone the admin chose is never overwritten by a sync", async () => {
  const { t, w, sync, zone } = await syncWorld();
  await using _ = t;
  await updateTeamSettings(t.kv, w.team.id, { timeZone: "America/Chicago" }, "admin@example.com", NOW);
  const before = (await t.kv.get(keys.team(w.team.id))).versionstamp;
  await sync(feed(["X-WR-TIMEZONE:America/Los_Angeles"]));
  assert.deepEqual(await zone(), ["America/Chicago", "admin"]);
  // (Its revision moves: the sync swapped the events, which the dashboard shows.)
  assert.equal((await t.kv.get(keys.team(w.team.id))).versionstamp, before, "the team record was not written");
  // Its all-day dates are the admin's zone's.
  const events = (await listUpcomingEvents(t.kv, w.team.id, NOW)).values;
  assert.equal(events.find((e) => e.title === "Spring tournament")?.startTime, "2026-03-21T05:00:00.000Z");
});
