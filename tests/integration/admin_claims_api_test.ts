import assert from "node:assert/strict";
import { signIn } from "../admin_helpers.ts";
import { createTestApp, requestJson, seedTeam } from "../helpers.ts";
import { cookiesFrom, createAccount, queuedMail } from "../auth_helpers.ts";
import { ensureSysadmin } from "../../lib/auth/login.ts";
import { listAudit } from "../../lib/db/audit.ts";

type App = Parameters<typeof requestJson>[0];

async function setup() {
  const t = await createTestApp();
  const { team, players } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const cookie = await signIn(t, "coach@example.com");
  const claim = async (body: Record<string, unknown>) =>
    (await (await requestJson(t.app, `/api/teams/${team.slug}/claims`, { body })).json()).claimId as string;
  return { t, team, players, cookie, claim };
}

Deno.test("[admin claims] the queue with counts; approve and deny under both paths; a decided claim stays decided", async () => {
  const { t, team, cookie, claim } = await setup();
  await using _ = t;
  const first = await claim({ mode: "jersey", jerseyNumber: 4, email: "ana@example.com" });
  const second = await claim({ mode: "jersey", jerseyNumber: 7, email: "bo@example.com" });
  const third = await claim({ mode: "surname", childSurname: "Nobody", email: "cy@example.com" });
  const get = (path: string) => requestJson(t.app, path, { headers: { cookie } });

  const list = await (await get(`/api/admin/${team.id}/claims`)).json();
  assert.deepEqual(list.counts, { pending: 3, approved: 0, denied: 0 });
  assert.deepEqual(list.values.map((c: { id: string }) => c.id), [third, second, first], "newest first");
  assert.equal(list.cursor, "", "one page holds them all");
  assert.ok(!("subject" in list.values[0]));
  assert.deepEqual(await (await get(`/api/v2/teams/${team.slug}/claims`)).json(), list);

  // Paged: two, then the last one; the cursor of a full page leads to the next.
  const first2 = await (await get(`/api/admin/${team.id}/claims?limit=2`)).json();
  assert.deepEqual(first2.values.map((c: { id: string }) => c.id), [third, second]);
  assert.ok(first2.cursor);
  const rest = await (await get(`/api/admin/${team.id}/claims?limit=2&cursor=${first2.cursor}`)).json();
  assert.deepEqual(rest.values.map((c: { id: string }) => c.id), [first]);
  assert.equal(rest.cursor, "");
  // Malformed paging is a 400 with a message, never a 500.
  for (const query of ["limit=0", "limit=501", "limit=x", "cursor=%21%21", "cursor=garbage", "status=nope"]) {
    const res = await get(`/api/admin/${team.id}/claims?${query}`);
    assert.equal(res.status, 400, query);
    assert.equal(typeof (await res.json()).message, "string");
  }

  const post = (path: string, body?: unknown) =>
    requestJson(t.app, path, { method: "POST", body, headers: { cookie } });
  const approved = await post(`/api/admin/${team.id}/claims/${first}/approve`);
  assert.equal(approved.status, 200);
  assert.equal((await approved.json()).claim.status, "approved");
  const denied = await post(`/api/teams/${team.id}/claims/${second}/deny`);
  assert.equal((await denied.json()).claim.status, "denied");
  const again = await post(`/api/teams/${team.id}/claims/${first}/deny`);
  assert.equal(again.status, 409);
  assert.equal((await again.json()).message, "This claim has already been decided.");

  const unmatched = await post(`/api/admin/${team.id}/claims/${third}/approve`);
  assert.equal(unmatched.status, 400);
  assert.equal((await unmatched.json()).message, "Choose which player this claim is for.");
  assert.equal((await post(`/api/admin/${team.id}/claims/nope/approve`)).status, 404);

  assert.deepEqual((await (await get(`/api/admin/${team.id}/claims`)).json()).counts, {
    pending: 1,
    approved: 1,
    denied: 1,
  });
  const ids = async (status: string) =>
    (await (await get(`/api/admin/${team.id}/claims?status=${status}`)).json()).values.map((c: { id: string }) => c.id);
  assert.deepEqual(await ids("pending"), [third]);
  assert.deepEqual(await ids("approved"), [first]);
  assert.deepEqual(await ids("decided"), [second, first]);
  const decidedPage = await (await get(`/api/admin/${team.id}/claims?status=decided&limit=1`)).json();
  assert.deepEqual(decidedPage.values.map((c: { id: string }) => c.id), [second], "a full page, pending ones skipped");
  const decidedRest =
    await (await get(`/api/admin/${team.id}/claims?status=decided&limit=1&cursor=${decidedPage.cursor}`))
      .json();
  assert.deepEqual(decidedRest.values.map((c: { id: string }) => c.id), [first]);
  const csv = await get(`/api/admin/${team.id}/claims/export`);
  assert.equal(csv.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.match(csv.headers.get("content-disposition")!, /^attachment; filename="claims-/);
  const lines = (await csv.text()).trim().split("\r\n");
  assert.equal(lines.length, 4);
  assert.match(lines[0], /^type,status,createdAt/);
  assert.match(lines[1], /^claim,approved,.*ana@example\.com/);
});

Deno.test("[admin claims] 50 simultaneous approve/deny requests: one 200, 49 409, one mail, one audit entry", async () => {
  const { t, team, cookie, claim } = await setup();
  await using _ = t;
  const id = await claim({ mode: "jersey", jerseyNumber: 4, email: "ana@example.com" });
  const before = (await queuedMail(t.kv)).length;
  const results = await Promise.all(
    Array.from(
      { length: 50 },
      (_, i) =>
        requestJson(t.app, `/api/admin/${team.id}/claims/${id}/${i % 2 ? "approve" : "deny"}`, {
          method: "POST",
          headers: { cookie },
        }),
    ),
  );
  assert.equal(results.filter((r) => r.status === 200).length, 1);
  assert.equal(results.filter((r) => r.status === 409).length, 49);
  const winner = await results.find((r) => r.status === 200)!.json();
  const mails = (await queuedMail(t.kv)).length - before;
  assert.equal(mails, winner.claim.status === "approved" ? 1 : 0);
  assert.equal((await listAudit(t.kv, { teamId: team.id })).values.length, 1);
});

Deno.test("[admin claims] authorisation matrix over every claims route", async () => {
  const { t, team, claim } = await setup();
  await using _ = t;
  const other = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id });
  await createAccount(t.kv, { email: "player@example.com", teamId: team.id, role: "PLAYER" });
  await createAccount(t.kv, { email: "other@example.com", teamId: other.team.id, role: "TEAM_ADMIN" });
  await ensureSysadmin(t.kv, "root@example.com", "a very long sysadmin password");
  const sysadmin = cookiesFrom(
    await requestJson(t.app, "/api/sysadmin/login", {
      body: { email: "root@example.com", password: "a very long sysadmin password" },
    }),
  );
  const identities: [string, string, number][] = [
    ["anonymous", "", 401],
    ["parent", await signIn(t, "parent@example.com"), 403],
    ["player", await signIn(t, "player@example.com"), 403],
    ["admin of another team", await signIn(t, "other@example.com"), 403],
    ["system administrator", sysadmin, 200],
  ];
  for (const [who, cookie, status] of identities) {
    const id = await claim({ mode: "jersey", jerseyNumber: 9, email: `${who.replaceAll(" ", "")}@example.com` });
    const routes: [string, string][] = [
      ["GET", `/api/admin/${team.id}/claims`],
      ["GET", `/api/v2/teams/${team.id}/claims`],
      ["GET", `/api/admin/${team.id}/claims/export`],
      ["GET", `/api/v2/teams/${team.id}`],
      ["POST", `/api/admin/${team.id}/claims/${id}/deny`],
      ["POST", `/api/teams/${team.id}/claims/${id}/approve`],
    ];
    for (const [method, path] of routes) {
      const res = await requestJson(t.app, path, { method, headers: cookie ? { cookie } : {} });
      // The system administrator's second decision on the same claim is a 409: the first one won.
      const expected = status === 200 && path.endsWith("/approve") ? 409 : status;
      assert.equal(res.status, expected, `${who} ${method} ${path}`);
    }
  }
});

Deno.test("[admin claims] a malformed or 3,000-character claim id is 404; an unknown decision field is 400", async () => {
  const { t, team, cookie, claim } = await setup();
  await using _ = t;
  const id = await claim({ mode: "surname", childSurname: "Nobody", email: "cy@example.com" });
  const post = (path: string, body?: unknown) =>
    requestJson(t.app, path, { method: "POST", body, headers: { cookie } });
  for (const bad of ["x".repeat(3000), encodeURIComponent("a b"), "%ED%A0%80", encodeURIComponent("\uFDFA")]) {
    for (const path of [`/api/admin/${team.id}/claims/${bad}/approve`, `/api/teams/${bad}/claims/${id}/deny`]) {
      const res = await post(path);
      assert.equal(res.status, 404, path.slice(0, 60));
      assert.deepEqual(await res.json(), { message: "Not found" });
    }
  }
  const unknown = await post(`/api/admin/${team.id}/claims/${id}/approve`, { playerId: "x", status: "approved" });
  assert.equal(unknown.status, 400);
  assert.deepEqual(await unknown.json(), { message: "Unknown field: status" });
});

Deno.test("[admin claims] a join request made by slug that matched nobody is approved with the player the admin picks", async () => {
  const { t, team, players, cookie } = await setup();
  await using _ = t;
  const res = await requestJson(t.app, `/api/teams/${team.slug}/join-requests`, {
    body: {
      userType: "parent",
      jerseyNumber: 4,
      playerLastName: "Okafr",
      firstName: "Ana",
      lastName: "Okafor",
      email: "ana@example.com",
    },
  });
  assert.equal(res.status, 201);
  const { requestId } = await res.json();
  const post = (body?: unknown) =>
    requestJson(t.app, `/api/admin/${team.id}/claims/${requestId}/approve`, {
      method: "POST",
      body,
      headers: { cookie },
    });
  assert.equal((await post()).status, 400, "no player matched: the admin must choose");
  const approved = await post({ playerId: players[1].id });
  assert.equal(approved.status, 200);
  const { claim } = await approved.json();
  assert.deepEqual([claim.kind, claim.status, claim.playerName], ["join", "approved", "Sofia Okafor"]);
});

Deno.test("[admin claims] a chosen player id that cannot be one is refused, from the API and the form", async () => {
  const { t, team, cookie, claim } = await setup();
  await using _t = t;
  const claimId = await claim({ mode: "surname", childSurname: "Rodriguez", email: "r@example.com" });
  for (const playerId of ["x".repeat(3000), "../../etc", "01ARZ3NDEKTSV4RRFFQ69G5FA"]) {
    const api = await requestJson(t.app, `/api/admin/${team.id}/claims/${claimId}/approve`, {
      body: { playerId },
      headers: { cookie },
    });
    assert.ok(api.status === 400 || api.status === 404, `API ${api.status}`);
    const form = await t.app.request(`http://goalmates.test/admin/${team.id}/claims/${claimId}/approve`, {
      method: "POST",
      headers: { origin: "http://goalmates.test", cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ playerId }).toString(),
    });
    assert.equal(form.status, 303, "back to the page with a notice, not a 500");
  }
  const pending =
    await (await requestJson(t.app, `/api/admin/${team.id}/claims?status=pending`, { headers: { cookie } }))
      .json();
  assert.ok(pending.values.some((c: { id: string }) => c.id === claimId), "still pending");
});
