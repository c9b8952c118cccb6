/**
 * The audit log for the system administrator: `GET /api/admin/audit` (a system administrator's
 * session only; newest first, paged, filtered by team and action), what it records (every
 * team-admin decision, with who and when), and that no call can edit or delete an entry.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { createTestApp, dumpKv, kvValues, requestJson, TEST_ORIGIN, type TestContext } from "../helpers.ts";
import { type AdminWorld, adminWorld, call, signIn, signInSysadmin } from "../admin_helpers.ts";
import { cookiesFrom } from "../auth_helpers.ts";
import { setTeamAccessCredentials } from "../../lib/teams/access.ts";
import { type AuditEntry, listAuditWithAction, stageAuditEntry } from "../../lib/db/audit.ts";
import { INVALID_CURSOR_MESSAGE } from "../../lib/db/kv.ts";
import { newPhotoId, type PhotoRecord, stagePhoto } from "../../lib/db/gallery.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { ACTIVITY_MESSAGES, AUDIT_ACTIONS } from "../../lib/sysadmin/admin_home_types.ts";
import { PROJECT_ROOT } from "../../routes/mod.tsx";
// The routes the app registers, as the route table (routes/policy.ts) lists them.
import { registeredRoutes } from "../../routes/policy.ts";

type App = TestContext["app"];
type Page = { values: AuditEntry[]; cursor: string };

const SYSADMIN_ACTOR = "sysadmin:root@example.com";
const AUDIT_PREFIXES = ["audit", "team_audit"];

async function teamLogin(t: { app: App; kv: Deno.Kv }, teamId: string): Promise<string> {
  await setTeamAccessCredentials(t.kv, teamId, "rockets", "the shared team password", "test");
  const login = await call(t.app, "POST", `/api/teams/${teamId}/login`, {
    body: { username: "rockets", password: "the shared team password" },
  });
  assert.equal(login.status, 200);
  return cookiesFrom(login);
}

const audit = (app: App, query: string, cookie: string) => call(app, "GET", `/api/admin/audit${query}`, { cookie });

/** Seeds `n` entries a minute apart (oldest first), in three scopes: global, `team`, `other`. */
async function seedEntries(kv: Deno.Kv, w: AdminWorld, n: number): Promise<AuditEntry[]> {
  const op = kv.atomic();
  const entries: AuditEntry[] = [];
  for (let i = 0; i < n; i++) {
    entries.push(stageAuditEntry(op, {
      teamId: i % 3 === 0 ? null : i % 3 === 1 ? w.team.id : w.otherTeam.id,
      action: i % 2 ? "player.updated" : "claim.approved",
      targetId: `target-${i}`,
      actor: "admin@example.com",
      detail: `entry ${i}`,
    }, new Date(Date.UTC(2026, 2, 1, 12, i))));
  }
  assert.ok((await op.commit()).ok);
  return entries;
}

const details = (page: Page) => page.values.map((e) => e.detail);

Deno.test("[audit] GET /api/admin/audit: a system administrator's session only; 401 for everyone else, nothing changes", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  await seedEntries(t.kv, w, 3);
  const cookies = { ...w.cookies, teamLogin: await teamLogin(t, w.team.id) };
  const before = await dumpKv(t.kv, [...AUDIT_PREFIXES, "sessions", "sysadmin_sessions", "rate_limits"]);
  for (const who of ["anonymous", "parent", "player", "admin", "otherAdmin", "teamLogin"] as const) {
    for (const query of ["", `?teamId=${w.team.id}`, "?action=claim.approved"]) {
      const res = await audit(t.app, query, cookies[who]);
      assert.equal(res.status, 401, `${who} ${query}`);
      assert.equal(typeof (await res.json()).message, "string");
    }
  }
  assert.deepEqual(
    await dumpKv(t.kv, [...AUDIT_PREFIXES, "sessions", "sysadmin_sessions", "rate_limits"]),
    before,
    "refused calls changed nothing",
  );
  const res = await audit(t.app, "", cookies.sysadmin);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const body = await res.json();
  assert.deepEqual(Object.keys(body).sort(), ["cursor", "values"]);
  // The teamLogin credentials and the seeded entries: (3 seeded + access.updated), the copies of team entries once.
  assert.equal(body.values.length, 4);
  assert.deepEqual(Object.keys(body.values[0]).sort(), [
    "action",
    "actor",
    "createdAt",
    "detail",
    "id",
    "targetId",
    "teamId",
  ]);
});

Deno.test("[audit] newest first, paged by cursor; filtered by team (id or slug) and by action", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const seeded = await seedEntries(t.kv, w, 30);
  const cookie = w.cookies.sysadmin;

  // Every entry once, newest first, 25 a page by default.
  const first: Page = await (await audit(t.app, "", cookie)).json();
  assert.equal(first.values.length, 25);
  assert.deepEqual(details(first), seeded.slice(5).reverse().map((e) => e.detail));
  const rest: Page = await (await audit(t.app, `?cursor=${first.cursor}`, cookie)).json();
  assert.deepEqual(details(rest), ["entry 4", "entry 3", "entry 2", "entry 1", "entry 0"]);
  assert.equal(rest.cursor, "");
  // Smaller pages walk the same order, without overlap.
  const walked: string[] = [];
  let cursor = "";
  do {
    const page: Page = await (await audit(t.app, `?limit=7&cursor=${cursor}`, cookie)).json();
    assert.ok(page.values.length <= 7);
    walked.push(...details(page));
    cursor = page.cursor;
  } while (cursor);
  assert.deepEqual(walked, seeded.map((e) => e.detail).reverse());

  // One team's entries, by id or slug; with an action too.
  const teamDetails = seeded.filter((e) => e.teamId === w.team.id).map((e) => e.detail).reverse();
  for (const key of [w.team.id, w.team.slug]) {
    const page: Page = await (await audit(t.app, `?teamId=${key}&limit=100`, cookie)).json();
    assert.deepEqual(details(page), teamDetails, key);
    assert.ok(page.values.every((e) => e.teamId === w.team.id));
  }
  const byAction: Page = await (await audit(t.app, "?action=claim.approved&limit=100", cookie)).json();
  assert.deepEqual(details(byAction), seeded.filter((_, i) => i % 2 === 0).map((e) => e.detail).reverse());
  const both: Page = await (await audit(t.app, `?teamId=${w.team.slug}&action=player.updated`, cookie)).json();
  assert.deepEqual(details(both), ["entry 25", "entry 19", "entry 13", "entry 7", "entry 1"]);
  // An action filter pages too.
  const paged: Page = await (await audit(t.app, "?action=claim.approved&limit=4", cookie)).json();
  assert.deepEqual(details(paged), ["entry 28", "entry 26", "entry 24", "entry 22"]);
  const next: Page = await (await audit(t.app, `?action=claim.approved&limit=4&cursor=${paged.cursor}`, cookie))
    .json();
  assert.deepEqual(details(next), ["entry 20", "entry 18", "entry 16", "entry 14"]);
  const none: Page = await (await audit(t.app, "?action=team.deleted", cookie)).json();
  assert.deepEqual(none, { values: [], cursor: "" });

  // Bad input: a clear 4xx, nothing read.
  const refusals: [string, number, string][] = [
    ["?teamId=01ARZ3NDEKTSV4RRFFQ69G5FAV", 404, ACTIVITY_MESSAGES.teamNotFound],
    ["?teamId=no-such-team", 404, ACTIVITY_MESSAGES.teamNotFound],
    [`?teamId=${"x".repeat(300)}`, 404, ACTIVITY_MESSAGES.teamNotFound],
    ["?action=DROP%20TABLE", 400, ACTIVITY_MESSAGES.badAction],
    [`?action=${"a".repeat(65)}`, 400, ACTIVITY_MESSAGES.badAction],
    ["?limit=0", 400, "limit must be a whole number from 1 to 500"],
    ["?limit=501", 400, "limit must be a whole number from 1 to 500"],
    ["?cursor=%3Cscript%3E", 400, INVALID_CURSOR_MESSAGE],
    ["?action=claim.approved&cursor=%3Cscript%3E", 400, INVALID_CURSOR_MESSAGE],
  ];
  for (const [query, status, message] of refusals) {
    const res = await audit(t.app, query, cookie);
    assert.equal(res.status, status, query.slice(0, 60));
    assert.equal((await res.json()).message, message, query.slice(0, 60));
  }
});

Deno.test("[audit] an action filter reads a bounded number of entries per page, and its cursor reads on", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const op = t.kv.atomic();
  for (let i = 0; i < 40; i++) {
    const action = i === 0 || i === 35 ? "team.deleted" : "player.updated";
    stageAuditEntry(
      op,
      { teamId: null, action, targetId: `t${i}`, actor: "x", detail: `entry ${i}` },
      new Date(i * 1000),
    );
  }
  assert.ok((await op.commit()).ok);
  const pages: Page[] = [];
  let cursor = "";
  do {
    const page = await listAuditWithAction(t.kv, { action: "team.deleted", cursor, limit: 5, scanLimit: 10 });
    pages.push(page);
    cursor = page.cursor;
  } while (cursor && pages.length < 20);
  // 40 entries, 10 read a page: the newest match on the first page, the oldest on the fourth (whose
  // cursor still reads on: it cannot know the log ends there).
  assert.deepEqual(pages.map(details), [["entry 35"], [], [], ["entry 0"], []]);
  assert.equal(pages.at(-1)!.cursor, "");
  // A full page stops at its limit, whatever the scan limit.
  const full = await listAuditWithAction(t.kv, { action: "player.updated", limit: 3 });
  assert.deepEqual(details(full), ["entry 39", "entry 38", "entry 37"]);
  assert.notEqual(full.cursor, "");
  void w;
});

Deno.test("[audit] every team-admin decision is recorded with who, what and when", async () => {
  const clock = { now: new Date("2026-04-02T10:00:00Z") };
  await using t = await createTestApp({ now: () => clock.now });
  const w = await adminWorld(t);
  const { team } = w;
  const admin = w.cookies.admin;
  const as = async (method: string, path: string, body?: unknown, cookie = admin, expect = [200, 201]) => {
    const res = await call(t.app, method, path, { cookie, body });
    const text = await res.text();
    assert.ok(expect.includes(res.status), `${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  };
  const claim = async (jerseyNumber: number, email: string) => {
    const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
      body: { mode: "jersey", jerseyNumber, email },
    });
    assert.ok(res.ok);
    const all = await kvValues<{ id: string; email: string }>(t.kv, { prefix: ["claims", team.id] });
    return all.find((c) => c.email === email)!.id;
  };
  const join = async (jerseyNumber: string, playerLastName: string, email: string) => {
    const res = await requestJson(t.app, `/api/teams/${team.slug}/join-requests`, {
      body: {
        userType: "parent",
        jerseyNumber,
        playerLastName,
        firstName: "Jo",
        lastName: "Joiner",
        email,
        confirmEmail: email,
      },
    });
    assert.equal(res.status, 201, await res.clone().text());
    return (await res.json()).requestId as string;
  };

  await as("POST", `/api/admin/${team.id}/claims/${await claim(7, "mum@example.com")}/approve`, {});
  await as("POST", `/api/admin/${team.id}/claims/${await claim(4, "nope@example.com")}/deny`, {});
  await as("POST", `/api/admin/${team.id}/claims/${await join("12", "anderson", "jo@example.com")}/approve`, {});
  await as("POST", `/api/admin/${team.id}/claims/${await join("9", "rodriguez", "jay@example.com")}/deny`, {});
  const added = await as("POST", `/api/admin/${team.id}/players`, {
    firstName: "Zed",
    lastName: "Zulu",
    jerseyNumber: 30,
    position: "Forward",
  });
  await as("PATCH", `/api/admin/${team.id}/players/${added.player.id}`, { position: "Defender" });
  await as("DELETE", `/api/admin/${team.id}/players/${added.player.id}`);
  const imported = await call(t.app, "POST", `/api/admin/${team.id}/players/import`, {
    cookie: admin,
    csv: "firstName,lastName,jerseyNumber,position,parentEmails\nNew,Kid,31,,\n",
  });
  assert.equal(imported.status, 201, await imported.clone().text());
  await as("PATCH", `/api/admin/${team.id}/settings`, { season: "Spring 2027" });
  await as("PUT", `/api/admin/${team.id}/access`, { username: "rockets", password: "the shared team password" });
  await as("POST", `/api/admin/${team.id}/admins`, { email: "co@example.com" });
  const co = await getUserByEmail(t.kv, "co@example.com");
  await as("DELETE", `/api/admin/${team.id}/admins/${co!.id}`);
  await as("POST", `/api/teams/${team.id}/join-link`, {});
  const campaign = await as("POST", `/api/admin/${team.id}/campaigns`, {
    title: "Snack vote",
    pollQuestion: "Oranges or apples?",
    pollOption1: "Oranges",
    pollOption2: "Apples",
  });
  await as("PATCH", `/api/admin/${team.id}/campaigns/${campaign.campaign.id}`, { isActive: false });
  await as("DELETE", `/api/admin/${team.id}/campaigns/${campaign.campaign.id}`);

  // Moderation: the admin removes a parent's post and photo (a parent removing their own is no decision).
  const parentPost = await as(
    "POST",
    `/api/teams/${team.id}/posts`,
    { postType: "news", content: "Bake sale!" },
    w
      .cookies.parent,
  );
  const ownPost = await as(
    "POST",
    `/api/teams/${team.id}/posts`,
    { postType: "advice", content: "Hydrate" },
    w
      .cookies.parent,
  );
  await as("DELETE", `/api/teams/${team.id}/posts/${parentPost.id}`);
  await as("DELETE", `/api/teams/${team.id}/posts/${ownPost.id}`, undefined, w.cookies.parent);
  const parent = await getUserByEmail(t.kv, "parent@example.com");
  const photo = (caption: string): PhotoRecord => {
    const id = newPhotoId(clock.now.getTime());
    const path = `/objects/${team.id}/${id}`;
    return {
      id,
      objectPath: path,
      thumbnailPath: path,
      mediumPath: path,
      urls: { thumbnail: path, medium: path, full: path },
      caption,
      uploaderType: "parent",
      uploaderId: parent!.id,
      createdAt: clock.now.toISOString(),
    };
  };
  const [theirs, own] = [photo("Match day"), photo("Mine")];
  await stagePhoto(t.kv.atomic(), team.id, theirs).commit();
  await stagePhoto(t.kv.atomic(), team.id, own).commit();
  await as("DELETE", `/api/teams/${team.id}/photos/${theirs.id}`);
  await as("DELETE", `/api/teams/${team.id}/photos/${own.id}`, undefined, w.cookies.parent);
  // Without JavaScript too: the admin's form deletes another post, audited the same way.
  const formPost = await as(
    "POST",
    `/api/teams/${team.id}/posts`,
    { postType: "kudos", content: "Great game" },
    w
      .cookies.parent,
  );
  const form = await t.app.request(`${TEST_ORIGIN}/family-dashboard/${team.id}/posts/${formPost.id}/delete`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: admin },
  });
  assert.equal(form.status, 303);

  const log: Page = await (await audit(t.app, `?teamId=${team.id}&limit=100`, w.cookies.sysadmin)).json();
  const actions = log.values.map((e) => e.action).reverse();
  assert.deepEqual(actions, [
    "claim.approved",
    "claim.denied",
    "join-request.approved",
    "join-request.denied",
    "player.created",
    "player.updated",
    "player.deleted",
    "players.imported",
    "settings.updated",
    "access.updated",
    "admin.added",
    "admin.removed",
    "join-link.generated",
    "campaign.created",
    "campaign.updated",
    "campaign.deleted",
    "post.deleted",
    "photo.deleted",
    "post.deleted",
  ]);
  for (const entry of log.values) {
    assert.equal(entry.actor, "admin@example.com", entry.action);
    assert.equal(entry.teamId, team.id);
    assert.equal(entry.createdAt, clock.now.toISOString(), "when: the injected clock");
    assert.ok(AUDIT_ACTIONS.includes(entry.action), `${entry.action} is offered by the Activity filter`);
  }
  const moderation = log.values.filter((e) => e.action === "post.deleted" || e.action === "photo.deleted");
  assert.deepEqual(moderation.map((e) => [e.action, e.targetId, e.detail]).reverse(), [
    ["post.deleted", parentPost.id, "news by Test Person"],
    ["photo.deleted", theirs.id, "photo by Test Person"],
    ["post.deleted", formPost.id, "kudos by Test Person"],
  ]);

  // Deleting the team: its own trail goes with it (R43); one global line, with its id and counts only.
  await as("DELETE", `/api/admin/${team.id}`, { confirm: team.name });
  const after: Page = await (await audit(t.app, "?action=team.deleted", w.cookies.sysadmin)).json();
  assert.equal(after.values.length, 1);
  assert.equal(after.values[0].teamId, null);
  assert.equal(after.values[0].targetId, team.id);
  assert.equal(after.values[0].actor, "admin@example.com");
  assert.ok(!after.values[0].detail.includes(team.name));
  assert.equal((await audit(t.app, `?teamId=${team.id}`, w.cookies.sysadmin)).status, 404);
});

Deno.test("[audit] no route edits the log: one route mentions it (a GET), and every other call only adds entries", async () => {
  await using t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const w = await adminWorld(t);
  const routes = registeredRoutes(t.app);
  assert.deepEqual(routes.filter((r) => /audit/i.test(r)), ["GET /api/admin/audit"]);

  // Entries of every scope exist before the calls.
  await seedEntries(t.kv, w, 6);
  const cookies: Record<string, string> = {
    sysadmin: w.cookies.sysadmin,
    admin: w.cookies.admin,
    parent: w.cookies.parent,
    teamLogin: await teamLogin(t, w.team.id),
  };
  const snapshot = async () =>
    new Map((await dumpKv(t.kv, AUDIT_PREFIXES)).map(([key, value, stamp]) => [key, { value, stamp }]));
  const before = await snapshot();
  assert.ok(before.size >= 10);

  const fill = (path: string) =>
    path.replace(":teamId", w.team.id).replace(":playerId", w.players[0].id).replace(
      /:[A-Za-z]+/g,
      "01ARZ3NDEKTSV4RRFFQ69G5FAV",
    );
  // Calls that end the caller's session go last, so the others run signed in.
  const writes = routes.filter((r) => !r.startsWith("GET ")).sort((a, b) =>
    Number(/logout|sign-out/.test(a)) - Number(/logout|sign-out/.test(b))
  );
  assert.ok(writes.length > 50);
  let calls = 0;
  for (const who of Object.keys(cookies)) {
    for (const route of writes) {
      const [method, pattern] = route.split(" ");
      const path = fill(pattern);
      const isApi = path.startsWith("/api/");
      const res = await call(t.app, method, path, {
        cookie: cookies[who],
        body: isApi ? {} : undefined,
        headers: isApi ? undefined : { "content-type": "application/x-www-form-urlencoded" },
      });
      await res.body?.cancel();
      assert.ok(res.status < 500, `${who} ${route} → ${res.status}`);
      calls++;
    }
  }
  assert.equal(calls, writes.length * 4);

  // The system administrator's own writes, with real bodies: each adds entries, none changes one.
  const sysadmin = await signInSysadmin(t);
  const created = await call(t.app, "POST", "/api/admin/campaigns", {
    cookie: sysadmin,
    body: { title: "Hello all", type: "fun_fact", factText: "Soccer balls have 32 panels." },
  });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = await created.json();
  for (const [method, body] of [["PATCH", { isActive: false }], ["DELETE", undefined]] as const) {
    const res = await call(t.app, method, `/api/admin/campaigns/${id}`, { cookie: sysadmin, body });
    assert.equal(res.status, 200, method);
  }
  const regenerated = await t.app.request(`${TEST_ORIGIN}/sysadmin/invite-links/${w.team.id}`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: sysadmin },
  });
  assert.equal(regenerated.status, 303);

  const after = await snapshot();
  for (const [key, entry] of before) assert.deepEqual(after.get(key), entry, `${key} is unchanged`);
  const added = [...after.keys()].filter((key) => !before.has(key));
  const addedEntries = added.map((key) => after.get(key)!.value as AuditEntry);
  const bySysadmin = addedEntries.filter((e) => e.actor === SYSADMIN_ACTOR).map((e) => e.action);
  for (const action of ["campaign.created", "campaign.updated", "campaign.deleted", "join-link.generated"]) {
    assert.ok(bySysadmin.includes(action), `${action} by the system administrator`);
  }
  const globalCampaign = addedEntries.filter((e) => e.action.startsWith("campaign.") && e.targetId === id);
  assert.ok(globalCampaign.length >= 3 && globalCampaign.every((e) => e.teamId === null), "global: teamId null");
});

Deno.test("[audit] only lib/db/audit.ts writes the log's keys; only a team's deletion removes its entries", async () => {
  const files: string[] = ["main.ts"];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(join(PROJECT_ROOT, dir))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (/\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of ["lib", "routes", "components", "islands"]) await walk(dir);
  const naming: string[] = [];
  for (const file of files) {
    const source = await Deno.readTextFile(join(PROJECT_ROOT, file));
    if (/keys\.(auditEntry|audit|teamAuditEntry|teamAudit)\(|\[\s*"(team_)?audit"/.test(source)) naming.push(file);
  }
  assert.deepEqual(naming.sort(), ["lib/db/audit.ts", "lib/db/keys.ts", "lib/db/team_deletions.ts"]);
  const auditSource = await Deno.readTextFile(join(PROJECT_ROOT, "lib/db/audit.ts"));
  // It deletes in one place only: the retention sweep's removal of entries past their period (R44).
  assert.deepEqual(
    [...auditSource.matchAll(/export function (\w+)[^]*?\n}/g)].filter((m) => /\.delete\(/.test(m[0])).map((m) => m[1]),
    ["stageAuditRemoval"],
  );
  // Each entry gets a fresh id when it is staged: adding never overwrites.
  assert.match(auditSource, /id: nextAuditId\(now\.getTime\(\)\)/);
  const deletions = await Deno.readTextFile(join(PROJECT_ROOT, "lib/db/team_deletions.ts"));
  assert.match(deletions, /if \(prefix === "team_audit"\) return \[keys\.auditEntry\(key\[2\] as string\)\];/);
});

Deno.test("[audit] a signed-in system administrator also holding a person's session is still named as the actor", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const parent = await signIn(t, "parent@example.com");
  const res = await t.app.request(`${TEST_ORIGIN}/sysadmin/invite-links/${w.team.id}`, {
    method: "POST",
    headers: {
      origin: TEST_ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
      cookie: `${w.cookies.sysadmin}; ${parent}`,
    },
  });
  assert.equal(res.status, 303);
  const [entry] = (await kvValues<AuditEntry>(t.kv, { prefix: ["team_audit", w.team.id] })).reverse();
  assert.equal(entry.action, "join-link.generated");
  assert.equal(entry.actor, SYSADMIN_ACTOR);
});

Deno.test("[audit] a cursor KV cannot read is a 400 on a filtered page too", async () => {
  await using t = await createTestApp();
  await assert.rejects(
    () => listAuditWithAction(t.kv, { action: "claim.approved", cursor: "not a cursor" }),
    (error: Error) => error.message === INVALID_CURSOR_MESSAGE,
  );
});
