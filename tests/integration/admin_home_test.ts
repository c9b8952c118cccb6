/**
 * The older system admin dashboard `/admin` (system administrators only; 'Authentication
 * Required' and the sign-in after 1 s for anyone else), its forms, `/admin-desktop`, the
 * console's Dev Tools forms and the hub's SYSADMIN panels.
 */
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import {
  createTestApp,
  dumpKv,
  get,
  inEnglish,
  kvValues,
  postFormAs,
  requestJson,
  seedTeam,
  TEST_ORIGIN,
  type TestContext,
} from "../helpers.ts";
import { ADMIN_PREFIXES, type AdminWorld, adminWorld, call, signIn } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, setCheapTeamLogin } from "../auth_helpers.ts";
import { getUserByEmail, setMembership } from "../../lib/db/users.ts";
import { regenerateJoinLink } from "../../lib/join/mod.ts";
import { stageAuditEntry } from "../../lib/db/audit.ts";
import { devToolsResult, DevToolsTab } from "../../components/sysadmin/DevToolsTab.tsx";
import { DEMO_ACCOUNTS } from "../../lib/demo/accounts.ts";
import { SYNC_INTERVAL_MS } from "../../lib/calendar/mod.ts";
import { CALENDAR_SYNC_TEXT } from "../../lib/sysadmin/admin_home.ts";

type App = TestContext["app"];
type Cookies = AdminWorld["cookies"] & { teamLogin: string };

const SYSADMIN_ACTOR = "sysadmin:root@example.com";
/** Every prefix these pages could write (nothing, on a GET). */
const PREFIXES = [...ADMIN_PREFIXES, "join_links", "join_codes", "join_link_uses", "sessions", "sysadmin_sessions"];

/** The admin world plus the team's shared login (team username and password). */
async function world(t: { app: App; kv: Deno.Kv }): Promise<AdminWorld & { cookies: Cookies }> {
  const w = await adminWorld(t);
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "the shared team password");
  const login = await call(t.app, "POST", `/api/teams/${w.team.id}/login`, {
    body: { username: "rockets", password: "the shared team password" },
  });
  assert.equal(login.status, 200);
  return { ...w, cookies: { ...w.cookies, teamLogin: cookiesFrom(login) } };
}

const REFUSED = ["anonymous", "parent", "player", "admin", "otherAdmin", "teamLogin"] as const;

const text = (html: string) => html.replace(/<!-- -->/g, "");

Deno.test("[admin home] /admin: 'Authentication Required' (401) for everyone but a system administrator, then the sign-in after 1 s", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  const before = await dumpKv(t.kv, PREFIXES);
  for (const who of REFUSED) {
    for (const [path, next] of [["/admin", "/admin"], ["/admin?tab=activity", "/admin%3Ftab%3Dactivity"]]) {
      const res = await get(t.app, path, w.cookies[who]);
      assert.equal(res.status, 401, `${who} ${path}`);
      const login = `/sysadmin/login?next=${next}`;
      assert.equal(res.headers.get("refresh"), `1; url=${login}`);
      assert.equal(res.headers.get("cache-control"), "no-store");
      const html = await res.text();
      assert.match(html, /<h1>Authentication Required<\/h1>/);
      assert.ok(!html.includes("<script"), "the Refresh header moves on without JavaScript");
      assert.ok(html.includes(`href="${login}"`), "and a link for who does not wait");
      assert.ok(!html.includes("System Admin Dashboard"));
    }
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "a refused visit changed nothing");

  // The sign-in it leads to comes back to /admin.
  const signedIn = await call(t.app, "POST", "/sysadmin/login", {
    form: {
      email: "root@example.com",
      password: "a very long sysadmin password",
      next: "/admin",
    },
  });
  assert.equal(signedIn.status, 303);
  assert.equal(signedIn.headers.get("location"), "/admin");
  const page = await get(t.app, "/admin", cookiesFrom(signedIn));
  assert.equal(page.status, 200);
  assert.equal(page.headers.get("cache-control"), "no-store");
  assert.match(await page.text(), /<h1>System Admin Dashboard<\/h1>/);
});

Deno.test("[admin home] stat cards: teams, players and pending claims of every team, and the mail queue", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  await seedTeam(t.kv); // a third team, 4 more players
  for (const [team, jersey] of [[w.team, 7], [w.team, 4], [w.otherTeam, 9]] as const) {
    const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
      body: { mode: "jersey", jerseyNumber: jersey, email: `fan${jersey}@example.com` },
    });
    assert.ok(res.ok, `claim: ${res.status}`);
  }
  const stat = (html: string, id: string) =>
    new RegExp(`data-stat="${id}"><p class="admin-tile__label">[^<]+</p><p class="admin-tile__value">([^<]+)</p>`)
      .exec(html)?.[1];
  let html = text(await (await get(t.app, "/admin", w.cookies.sysadmin)).text());
  assert.equal(stat(html, "teams"), "3");
  assert.equal(stat(html, "players"), "12");
  assert.equal(stat(html, "claims"), "3");
  assert.equal(stat(html, "status"), "Operational");
  const queued = (await kvValues(t.kv, { prefix: ["mail_pending"] })).length;
  assert.ok(html.includes(`${queued} ${queued === 1 ? "mail" : "mails"} queued · 0 failed`));

  // A decided claim no longer waits; a mail that failed for good needs attention.
  const [claim] = await kvValues<{ id: string; teamId: string }>(t.kv, { prefix: ["claims", w.otherTeam.id] });
  const denied = await call(t.app, "POST", `/api/admin/${w.otherTeam.id}/claims/${claim.id}/deny`, {
    cookie: w.cookies.sysadmin,
    body: {},
  });
  assert.equal(denied.status, 200);
  await t.kv.set(["mail_failed", "01JFAILEDMAIL0000000000000"], { id: "01JFAILEDMAIL0000000000000" });
  html = text(await (await get(t.app, "/admin", w.cookies.sysadmin)).text());
  assert.equal(stat(html, "claims"), "2");
  assert.equal(stat(html, "status"), "Needs attention");
  assert.ok(html.includes("· 1 failed"));
  assert.ok(html.includes("admin-home__stat--alert"));
});

Deno.test("[admin home] Teams tab: cards newest first with counts, Manage Team and the recruiting link, 12 a page", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  for (let i = 0; i < 11; i++) await seedTeam(t.kv, { name: `Extra Team ${i}` }, []);
  const link = await regenerateJoinLink(t.kv, w.team.id, "test", TEST_ORIGIN);
  const before = await dumpKv(t.kv, PREFIXES);

  const first = text(await (await get(t.app, "/admin", w.cookies.sysadmin)).text());
  const cards = [...first.matchAll(/<li id="team-([^"]+)" class="card admin-home-team">/g)].map((m) => m[1]);
  assert.equal(cards.length, 12);
  assert.match(first, /<h3 class="admin-home-team__name">Extra Team 10<\/h3>/, "the newest team first");
  assert.ok(!cards.includes(w.team.id), "the oldest team is on the next page");
  const next = /<a class="button button--secondary" href="(\/admin\?cursor=[^"]+)">Next page<\/a>/.exec(first)?.[1];
  assert.ok(next, "a next page");
  assert.ok(!first.includes(">First page</a>"));

  const second = text(await (await get(t.app, next.replaceAll("&amp;", "&"), w.cookies.sysadmin)).text());
  const secondCards = [...second.matchAll(/<li id="team-([^"]+)" class="card admin-home-team">/g)].map((m) => m[1]);
  assert.deepEqual(secondCards, [w.team.id]);
  assert.ok(second.includes('href="/admin">First page</a>'));
  assert.ok(!second.includes(">Next page</a>"));
  // Its card: counts, Manage Team, the public roster, the invite link with Generate New.
  assert.ok(second.includes(`<h3 class="admin-home-team__name">${w.team.name}</h3>`));
  assert.match(second, /<dt>Players<\/dt><dd>4<\/dd>/);
  assert.match(second, /<dt>Pending claims<\/dt><dd>0<\/dd>/);
  assert.ok(second.includes(`href="/admin/${w.team.id}">Manage Team`));
  assert.ok(second.includes(`href="/t/${w.team.slug}/roster">Public Roster`));
  assert.ok(second.includes(`value="${link.joinUrl}"`));
  assert.match(second, /Expires in \d+ days?(, \d+ hours?)? · Used 0 times/);
  assert.ok(second.includes(`action="/sysadmin/invite-links/${w.team.id}"`));
  assert.match(second, /Generate New<span class="visually-hidden">invite link for /);
  // A team that never had a link shows none: reading the page generated nothing.
  assert.match(first, /No invite link yet\.[\s\S]*?Generate Link/);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "the dashboard only reads");
});

Deno.test("[admin home] Generate New replaces a team's invite link, audited as the system administrator; refused for anyone else", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  const old = await regenerateJoinLink(t.kv, w.team.id, "test", TEST_ORIGIN);
  const path = `/sysadmin/invite-links/${w.team.id}`;
  const before = await dumpKv(t.kv, PREFIXES);
  for (const who of REFUSED) {
    const res = await postFormAs(t.app, path, { cursor: "" }, w.cookies[who]);
    assert.equal(res.status, 303, who);
    assert.match(res.headers.get("location")!, /^\/sysadmin\/login\?next=/, who);
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "refused: nothing changed");

  // The system administrator's browser also holds a team admin's session: the sysadmin acts.
  const both = `${w.cookies.sysadmin}; ${w.cookies.admin}`;
  const res = await postFormAs(t.app, path, { cursor: "AbC_12-=" }, both);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), `/admin?cursor=AbC_12-%3D&done=invite-link#team-${w.team.id}`);
  const stored = await t.kv.get<{ code: string }>(["join_links", w.team.id]);
  assert.notEqual(stored.value?.code, old.code);
  const [entry] = await kvValues<{ action: string; actor: string; teamId: string }>(t.kv, {
    prefix: ["team_audit", w.team.id],
  }).then((all) => all.reverse());
  assert.equal(entry.action, "join-link.generated");
  assert.equal(entry.actor, SYSADMIN_ACTOR);
  const page = text(await (await get(t.app, "/admin?done=invite-link", w.cookies.sysadmin)).text());
  assert.ok(page.includes("New invite link generated. The old link no longer works."));

  // A malformed cursor is dropped; a team that does not exist gets no link.
  const missing = await postFormAs(t.app, "/sysadmin/invite-links/01ARZ3NDEKTSV4RRFFQ69G5FAV", {
    cursor: "<script>",
  }, w.cookies.sysadmin);
  assert.equal(missing.status, 303);
  assert.equal(missing.headers.get("location"), "/admin?error=team-missing");
  assert.equal((await t.kv.get(["join_links", "01ARZ3NDEKTSV4RRFFQ69G5FAV"])).versionstamp, null);
  const refused = text(await (await get(t.app, "/admin?error=team-missing", w.cookies.sysadmin)).text());
  assert.ok(refused.includes('role="alert">That team no longer exists.</p>'));
  // Only the notices' own codes: an inherited name is no notice at all.
  const inherited = await get(t.app, "/admin?done=constructor", w.cookies.sysadmin);
  assert.equal(inherited.status, 200);
  assert.ok(!(await inherited.text()).includes('class="notice'));
});

Deno.test("[admin home] Activity tab: the audit log newest first, filtered by team and action through a GET form, paged", async () => {
  const clock = { now: new Date("2026-03-01T15:00:00Z") };
  await using t = await createTestApp({ now: () => clock.now });
  const w = await world(t);
  const op = t.kv.atomic();
  for (let i = 0; i < 30; i++) {
    const at = new Date(Date.UTC(2026, 2, 1, 12, i));
    const teamId = i % 3 === 0 ? null : i % 3 === 1 ? w.team.id : w.otherTeam.id;
    stageAuditEntry(op, {
      teamId,
      action: i % 2 ? "player.updated" : "claim.approved",
      targetId: `target-${i}`,
      actor: i % 3 === 0 ? SYSADMIN_ACTOR : "admin@example.com",
      detail: `entry ${i}`,
    }, at);
  }
  assert.ok((await op.commit()).ok);
  const before = await dumpKv(t.kv, PREFIXES);
  // Entry i was written at 12:i: a row is known by its time.
  const rows = (html: string) =>
    [...html.matchAll(/<time dateTime="2026-03-01T12:(\d\d):00.000Z"/g)].map((m) => Number(m[1]));

  const page = text(await (await get(t.app, "/admin?tab=activity", w.cookies.sysadmin)).text());
  assert.ok(page.includes('<a href="/admin?tab=activity" aria-current="page">Activity</a>'));
  assert.deepEqual(rows(page), Array.from({ length: 25 }, (_, i) => 29 - i), "newest first, 25 a page");
  assert.ok(
    page.includes(
      '<time dateTime="2026-03-01T12:29:00.000Z" class="admin-home-entry__when">Mar 1, 2026, 7:29 AM ET</time>',
    ),
  );
  assert.ok(page.includes(`<span class="admin-home-entry__team">${w.team.name}</span>`));
  assert.ok(page.includes('<span class="admin-home-entry__team">Every team</span>'));
  // Sentences, not codes and ids: who by name or role, what in words.
  assert.ok(page.includes("System administrator root@example.com changed a removed player&#x27;s details."));
  assert.ok(!page.includes(SYSADMIN_ACTOR) && !page.includes("target-"), "no actor codes, no record ids");
  // The filter is a plain GET form.
  assert.match(
    page,
    /<form class="card admin-home-filter" role="search" aria-label="Filter activity" action="\/admin" method="get">/,
  );
  assert.ok(page.includes('<input type="hidden" name="tab" value="activity"/>'));
  assert.ok(page.includes('<option value="claim.approved">Claim approved</option>'));
  const next = /href="(\/admin\?tab=activity&amp;cursor=[^"]+)">Next page/.exec(page)?.[1];
  assert.ok(next);
  const rest = text(await (await get(t.app, next.replaceAll("&amp;", "&"), w.cookies.sysadmin)).text());
  assert.deepEqual(rows(rest), [4, 3, 2, 1, 0]);
  assert.ok(rest.includes('href="/admin?tab=activity">First page</a>'));

  // By team (its name, slug or id) and by action; both together.
  for (const team of [w.team.name, w.team.slug, w.team.id]) {
    const q = new URLSearchParams({ tab: "activity", team, action: "" });
    const html = text(await (await get(t.app, `/admin?${q}`, w.cookies.sysadmin)).text());
    assert.deepEqual(rows(html), [28, 25, 22, 19, 16, 13, 10, 7, 4, 1], team);
    assert.ok(html.includes("Clear filters"));
  }
  const both = new URLSearchParams({ tab: "activity", team: w.team.slug, action: "claim.approved" });
  const filtered = text(await (await get(t.app, `/admin?${both}`, w.cookies.sysadmin)).text());
  assert.deepEqual(rows(filtered), [28, 22, 16, 10, 4]);
  assert.ok(filtered.includes('<option value="claim.approved" selected="">Claim approved</option>'));
  assert.ok(filtered.includes(`value="${w.team.slug}"`), "the filter is kept in the form");

  // Filters that name nothing say so, and read nothing else.
  const unknown = text(await (await get(t.app, "/admin?tab=activity&team=Nobody%20FC", w.cookies.sysadmin)).text());
  assert.ok(unknown.includes('role="alert">No team matches &quot;Nobody FC&quot;.</p>'));
  assert.deepEqual(rows(unknown), []);
  const bad = text(await (await get(t.app, "/admin?tab=activity&action=DROP%20TABLE", w.cookies.sysadmin)).text());
  assert.ok(bad.includes("action must be an audit action name"));
  const none = text(await (await get(t.app, "/admin?tab=activity&action=team.deleted", w.cookies.sysadmin)).text());
  assert.ok(none.includes("No entries match these filters."));
  // A malformed cursor is a 400, not a crash.
  assert.equal((await get(t.app, "/admin?tab=activity&cursor=%3Cx%3E", w.cookies.sysadmin)).status, 400);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "the Activity tab only reads");
});

Deno.test("[admin home] Settings tab: the installation's facts, never a secret", async () => {
  await using t = await createTestApp({
    env: {
      SMTP_URL: "smtp://mailer:very-secret@mail.example.com:2525",
      MAIL_FROM: "Team <team@example.com>",
      MAIL_QUEUE_KEY: "c2VjcmV0LXF1ZXVlLWtleS1mb3ItdGVzdHMtMDEyMzQ=",
    },
  });
  const w = await world(t);
  const html = text(await (await get(t.app, "/admin?tab=settings", w.cookies.sysadmin)).text());
  const fact = (label: string) => new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`).exec(html)?.[1];
  assert.equal(fact("Environment"), "Production");
  assert.equal(fact("Database"), "In memory (nothing is kept after a restart)");
  assert.equal(fact("Mail transport"), "SMTP via mail.example.com:2525");
  assert.equal(fact("Mail sender"), "Team &lt;team@example.com&gt;");
  assert.equal(fact("Calendar sync"), CALENDAR_SYNC_TEXT.replaceAll("'", "&#x27;"));
  assert.equal(SYNC_INTERVAL_MS, 30 * 60 * 1000);
  assert.ok(CALENDAR_SYNC_TEXT.startsWith("Every 30 minutes"));
  assert.equal(fact("Public address"), TEST_ORIGIN);
  assert.equal(fact("Version"), `GoalMates build test on Deno ${Deno.version.deno}`);
  assert.ok(!html.includes("very-secret") && !html.includes("mailer:"), "no SMTP credentials");
  assert.ok(!html.includes("c2VjcmV0LXF1ZXVlLWtleS1mb3ItdGVzdHMtMDEyMzQ"), "no mail queue key");

  await using dev = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const devWorld = await adminWorld(dev);
  const devHtml = text(await (await get(dev.app, "/admin?tab=settings", devWorld.cookies.sysadmin)).text());
  assert.ok(devHtml.includes("<dt>Environment</dt><dd>Development</dd>"));
  assert.ok(devHtml.includes("<dt>Mail transport</dt><dd>Development outbox (no SMTP_URL set; nothing is sent)</dd>"));
});

Deno.test("[admin home] Sign out ends the system administrator's session only, and every link of the page leads somewhere", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  const both = `${w.cookies.sysadmin}; ${w.cookies.admin}`;
  for (const tab of ["teams", "activity", "settings"]) {
    const html = await (await get(t.app, `/admin?tab=${tab}`, both)).text();
    assert.ok(html.includes('<form action="/admin/sign-out" method="post">'));
    for (const [, href] of html.matchAll(/<a\b[^>]*\shref="(\/[^"]*)"/g)) {
      const target = await get(t.app, href.replaceAll("&amp;", "&"), both);
      await target.body?.cancel();
      assert.ok(target.status !== 404 && target.status < 500, `${tab}: ${href} → ${target.status}`);
    }
  }
  const out = await postFormAs(t.app, "/admin/sign-out", {}, both);
  assert.equal(out.status, 303);
  assert.equal(out.headers.get("location"), "/sysadmin/login");
  assert.match(out.headers.get("set-cookie")!, /gm_sysadmin=;/);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["sysadmin_sessions"] }), [], "its record is deleted");
  assert.equal((await get(t.app, "/admin", w.cookies.sysadmin)).status, 401);
  assert.equal((await get(t.app, "/home", w.cookies.admin)).status, 200, "the person's session stays");
  // Anyone may post it: without a session it only leads to the sign-in.
  const anonymous = await call(t.app, "POST", "/admin/sign-out", { form: {} });
  assert.equal(anonymous.status, 303);
});

Deno.test("[admin desktop] a public page: where the desktop admin went, for team admins and system administrators", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  const anonymous = await get(t.app, "/admin-desktop");
  assert.equal(anonymous.status, 200);
  let html = text(await anonymous.text());
  assert.match(html, /<h1>The desktop admin has moved<\/h1>/);
  assert.ok(html.includes('href="/home">Go to Your Hub</a>'));
  assert.ok(html.includes('href="/sysadmin">Open System Console</a>'));
  html = text(await (await get(t.app, "/admin-desktop", w.cookies.admin)).text());
  assert.ok(html.includes(`href="/admin/${w.team.id}">Open ${w.team.name} admin</a>`), "straight to their team");
  html = text(await (await get(t.app, "/admin-desktop", w.cookies.parent)).text());
  assert.ok(!html.includes('href="/admin/'), "a parent administers no team");
  for (const href of ["/home", "/sysadmin", `/admin/${w.team.id}`]) {
    const res = await get(t.app, href, w.cookies.admin);
    await res.body?.cancel();
    assert.notEqual(res.status, 404, href);
  }
});

Deno.test("[dev tools] one-click sign-ins and the calendar sync: 404 outside development, a system administrator's only, audited", async () => {
  // Production: the routes do not exist, even for a system administrator.
  await using prod = await createTestApp();
  const prodWorld = await adminWorld(prod);
  for (const path of ["/sysadmin/dev/login", "/sysadmin/dev/calendars/sync"]) {
    const res = await postFormAs(prod.app, path, { email: "admin@example.com" }, prodWorld.cookies.sysadmin);
    assert.equal(res.status, 404, path);
  }

  await using t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const w = await world(t);
  const demo = await seedTeam(t.kv, { name: "Demo Rockets", slug: "demo" });
  await createAccount(t.kv, { email: "coach@example.com", teamId: demo.team.id, role: "TEAM_ADMIN" });
  const parent = await getUserByEmail(t.kv, "parent@example.com");
  await setMembership(t.kv, parent!.id, demo.team.id, "TEAM_STANDARD");
  const before = await dumpKv(t.kv, PREFIXES);
  for (const who of ["anonymous", "parent", "admin", "teamLogin"] as const) {
    for (const path of ["/sysadmin/dev/login", "/sysadmin/dev/calendars/sync"]) {
      const res = await postFormAs(t.app, path, { email: "coach@example.com" }, w.cookies[who]);
      assert.equal(res.status, 303, `${who} ${path}`);
      assert.match(res.headers.get("location")!, /^\/sysadmin\/login\?next=/);
      assert.equal(res.headers.get("set-cookie"), null);
    }
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "refused: nothing changed");

  const signIn = async (email: string) => {
    const res = await postFormAs(t.app, "/sysadmin/dev/login", { email }, w.cookies.sysadmin);
    assert.equal(res.status, 303, email);
    return res;
  };
  const asCoach = await signIn("coach@example.com");
  assert.equal(asCoach.headers.get("location"), `/admin/${demo.team.id}`);
  const coachCookie = cookiesFrom(asCoach);
  const session = await (await get(t.app, "/api/v2/auth/session", coachCookie)).json();
  assert.equal(session.user.email, "coach@example.com");
  assert.equal(session.user.selectedTeamId, demo.team.id);
  assert.equal((await signIn("parent@example.com")).headers.get("location"), `/family-dashboard/${demo.team.id}`);
  assert.equal((await signIn("admin@example.com")).headers.get("location"), "/home", "not in the demo team");
  const unknown = await signIn("nobody@example.com");
  assert.equal(unknown.headers.get("location"), "/sysadmin?tab=dev&devError=no-account");
  assert.equal(unknown.headers.get("set-cookie"), null);

  const synced = await postFormAs(t.app, "/sysadmin/dev/calendars/sync", {}, w.cookies.sysadmin);
  assert.equal(synced.status, 303);
  assert.equal(synced.headers.get("location"), "/sysadmin?tab=dev&synced=0&failed=0&skipped=0");

  const log = await kvValues<{ action: string; actor: string; teamId: string | null; detail: string }>(t.kv, {
    prefix: ["audit"],
  });
  assert.deepEqual(
    log.filter((e) => e.teamId === null).map((e) => [e.action, e.actor, e.teamId, e.detail]),
    [
      ["dev.signed-in-as", SYSADMIN_ACTOR, null, "TEAM_ADMIN"],
      ["dev.signed-in-as", SYSADMIN_ACTOR, null, "TEAM_STANDARD"],
      ["dev.signed-in-as", SYSADMIN_ACTOR, null, "no demo team role"],
      ["calendars.synced", SYSADMIN_ACTOR, null, "0 synced, 0 failed, 0 skipped"],
    ],
    "global entries hold ids and counts, never an e-mail",
  );
});

Deno.test("[dev tools] the tab: a form per demo account and the calendar sync, working without JavaScript", () => {
  const html = renderToString(inEnglish(createElement(DevToolsTab, {})));
  for (const account of DEMO_ACCOUNTS) {
    assert.ok(html.includes(`<input type="hidden" name="email" value="${account.email}"/>`), account.email);
  }
  assert.equal(
    [...html.matchAll(/<form action="\/sysadmin\/dev\/login" method="post">/g)].length,
    DEMO_ACCOUNTS.length,
  );
  for (const label of ["Sign in as Team Admin", "Sign in as Parent", "Sign in as Player", "Sync all calendars now"]) {
    assert.ok(text(html).includes(label), label);
  }
  assert.ok(html.includes('action="/sysadmin/dev/calendars/sync"'));
  const query = (values: Record<string, string>) => (name: string) => values[name];
  const result = devToolsResult(query({ synced: "2", failed: "1", skipped: "0" }));
  assert.deepEqual(result, { kind: "synced", synced: 2, failed: 1, skipped: 0 });
  assert.ok(
    text(renderToString(inEnglish(createElement(DevToolsTab, { result })))).includes(
      "2 calendars synced, 1 failed, 0 skipped.",
    ),
  );
  assert.equal(devToolsResult(query({ synced: "-1", failed: "0", skipped: "0" })), null);
  assert.equal(devToolsResult(query({})), null);
  const error = devToolsResult(query({ devError: "no-account" }));
  assert.equal(error?.kind, "error");
  assert.ok(renderToString(inEnglish(createElement(DevToolsTab, { result: error }))).includes('role="alert"'));
});

Deno.test("[hub] a system administrator's hub: Global Campaign Management, Teams Overview and System Logs, each leading somewhere", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  const html = text(await (await get(t.app, "/home", w.cookies.sysadmin)).text());
  assert.match(html, /Global Campaign Management<\/h2>[\s\S]*?href="\/sysadmin">Manage Campaigns<\/a>/);
  assert.match(
    html,
    /Teams Overview<\/h2>[\s\S]*?<p class="hub-stat__value">2<\/p>[\s\S]*?href="\/sysadmin\?tab=teams">View Teams<\/a>/,
  );
  assert.match(html, /System Logs<\/h2>[\s\S]*?href="\/admin\?tab=activity">View Logs<\/a>/);
  assert.ok(!html.includes("coming soon"));
  for (const href of ["/sysadmin", "/sysadmin?tab=teams", "/admin?tab=activity", "/email-test"]) {
    const res = await get(t.app, href, w.cookies.sysadmin);
    await res.body?.cancel();
    assert.equal(res.status, 200, href);
  }
  // A team admin's hub shows none of them.
  const admin = await (await get(t.app, "/home", await signIn(t, "admin@example.com"))).text();
  assert.ok(!admin.includes("Global Campaign Management") && !admin.includes('href="/admin?tab=activity"'));
});
