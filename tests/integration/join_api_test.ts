import assert from "node:assert/strict";
import { signIn } from "../admin_helpers.ts";
import { createTestApp, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookiesFrom, createAccount } from "../auth_helpers.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { newJoinCode } from "../../lib/join/links.ts";

type App = Parameters<typeof requestJson>[0];

Deno.test("[join] codes are 16 characters of A–Z0–9", () => {
  const codes = new Set(Array.from({ length: 2000 }, newJoinCode));
  assert.equal(codes.size, 2000);
  for (const code of codes) assert.match(code, /^[A-Z0-9]{16}$/);
});

Deno.test("[join] the admin's invite link: created once, opened and counted, replaced by Generate New", async () => {
  let now = Date.parse("2026-11-22T10:00:00Z");
  await using t = await createTestApp({ now: () => new Date(now) });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  let cookie = await signIn(t, "coach@example.com");
  const get = (path: string) => requestJson(t.app, path, { headers: { cookie } });

  const first = await (await get(`/api/teams/${team.id}/join-link`)).json();
  assert.match(first.code, /^[A-Z0-9]{16}$/);
  assert.equal(first.joinUrl, `${TEST_ORIGIN}/join/${first.code}`);
  assert.equal(first.timeToExpiry, "7 days");
  assert.equal(first.usageCount, 0);
  assert.deepEqual(await (await get(`/api/v2/teams/${team.slug}/join-link`)).json(), first, "same link by slug");

  const opened = await requestJson(t.app, `/api/teams/by-join-code/${first.code}`);
  assert.equal(opened.status, 200);
  assert.deepEqual(
    Object.keys(await opened.json()).sort(),
    ["ageGroup", "id", "name", "orgName", "season", "slug"],
  );
  assert.equal((await (await get(`/api/teams/${team.id}/join-link`)).json()).usageCount, 1);

  now += 7 * 24 * 60 * 60 * 1000 - 1000;
  assert.equal((await requestJson(t.app, `/api/teams/by-join-code/${first.code}`)).status, 200, "7 days minus 1 s");
  now += 2000;
  const expired = await requestJson(t.app, `/api/teams/by-join-code/${first.code}`);
  assert.equal(expired.status, 404, "7 days plus 1 s");
  assert.equal((await expired.json()).message, "Team not found");
  cookie = await signIn(t, "coach@example.com"); // An admin session lasts 12 hours.
  assert.equal((await (await get(`/api/teams/${team.id}/join-link`)).json()).timeToExpiry, "Expired");

  const renewed = await requestJson(t.app, `/api/teams/${team.id}/join-link`, { method: "POST", headers: { cookie } });
  assert.equal(renewed.status, 201);
  const second = await renewed.json();
  assert.notEqual(second.code, first.code);
  assert.equal(second.usageCount, 0);
  assert.equal((await requestJson(t.app, `/api/teams/by-join-code/${second.code}`)).status, 200);
  assert.equal(
    (await requestJson(t.app, `/api/teams/by-join-code/${first.code}`)).status,
    404,
    "the old code is revoked",
  );
  const actions = (await listAudit(t.kv, { teamId: team.id })).values.map((e) => e.action);
  assert.deepEqual(actions, ["join-link.generated", "join-link.generated"]);

  for (const bad of [first.code.toLowerCase(), "SHORT", `${second.code}X`]) {
    assert.equal((await requestJson(t.app, `/api/teams/by-join-code/${bad}`)).status, 404);
  }
});

Deno.test("[join] only the team's admins (and the system administrator) see or replace the link", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id });
  await createAccount(t.kv, { email: "player@example.com", teamId: team.id, role: "PLAYER" });
  await createAccount(t.kv, { email: "other@example.com", teamId: other.team.id, role: "TEAM_ADMIN" });
  const cases: [string, string, number][] = [
    ["anonymous", "", 401],
    ["parent", await signIn(t, "parent@example.com"), 403],
    ["player", await signIn(t, "player@example.com"), 403],
    ["admin of another team", await signIn(t, "other@example.com"), 403],
  ];
  for (const [who, cookie, status] of cases) {
    for (const method of ["GET", "POST"]) {
      const res = await requestJson(t.app, `/api/teams/${team.id}/join-link`, {
        method,
        headers: cookie ? { cookie } : {},
      });
      assert.equal(res.status, status, `${who} ${method}`);
    }
  }
});

const JOIN = {
  userType: "parent",
  jerseyNumber: "4",
  playerLastName: "okafor",
  firstName: "Ngozi",
  lastName: "Okafor",
  email: "ngozi@example.com",
  confirmEmail: "Ngozi@example.com",
};

Deno.test("[join] verify-player: the spec's messages, and a found player named by first name and initial", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const cases: [Record<string, unknown>, string][] = [
    [{ jerseyNumber: 4, lastName: "Okafor" }, "Please select if you are a player or parent"],
    [{ userType: "parent", jerseyNumber: "", lastName: "Okafor" }, "Jersey number is required"],
    [{ userType: "parent", jerseyNumber: 4, lastName: " " }, "Last name is required"],
  ];
  for (const [body, message] of cases) {
    const res = await requestJson(t.app, `/api/teams/${team.slug}/verify-player`, { body });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).message, message);
  }
  const found = await requestJson(t.app, `/api/teams/${team.id}/verify-player`, {
    body: { userType: "player", jerseyNumber: "4", lastName: "OKAFOR" },
  });
  assert.deepEqual(await found.json(), { found: true, playerName: "Sofia O." });
  const missing = await requestJson(t.app, `/api/teams/${team.slug}/verify-player`, {
    body: { userType: "parent", jerseyNumber: 4, lastName: "Smith" },
  });
  assert.deepEqual(await missing.json(), {
    found: false,
    message: "We couldn't find a player with that jersey number and last name.",
  });
});

Deno.test("[join] join requests: rules, the review queue, and approval by kind", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv, { settings: { allowedEmailDomains: [] } });
  const send = (body: unknown) => requestJson(t.app, `/api/teams/${team.slug}/join-requests`, { body });
  const cases: [Record<string, unknown>, string][] = [
    [{ ...JOIN, firstName: "" }, "First name is required"],
    [{ ...JOIN, lastName: "" }, "Last name is required"],
    [{ ...JOIN, email: "nope" }, "Please enter a valid email"],
    [{ ...JOIN, confirmEmail: "other@example.com" }, "Emails don't match"],
    [{ ...JOIN, userType: "coach" }, "Please select if you are a player or parent"],
  ];
  for (const [body, message] of cases) {
    const res = await send(body);
    assert.equal(res.status, 400);
    assert.equal((await res.json()).message, message);
  }
  const unknown = await send({ ...JOIN, playerLastName: "Smith" });
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).message, "We couldn't find a player with that jersey number and last name.");

  const created = await send(JOIN);
  assert.equal(created.status, 201);
  const { requestId } = await created.json();
  assert.equal((await send(JOIN)).status, 409, "one pending request per person and player");
  const asPlayer = await send({
    ...JOIN,
    userType: "player",
    jerseyNumber: 7,
    playerLastName: "Rodriguez",
    email: "maya@example.com",
    confirmEmail: "maya@example.com",
  });
  assert.equal(asPlayer.status, 201);

  const { approveClaim } = await import("../../lib/claims/decisions.ts");
  const { getUserByEmail, getMembership } = await import("../../lib/db/users.ts");
  const { queuedMail } = await import("../auth_helpers.ts");
  const { keys } = await import("../../lib/db/keys.ts");
  const base = { kv: t.kv, teamId: team.id, actor: "coach@example.com", appUrl: TEST_ORIGIN, now: new Date() };
  await approveClaim({ ...base, claimId: requestId });
  const parent = (await getUserByEmail(t.kv, "ngozi@example.com"))!;
  assert.equal(parent.firstName, "Ngozi");
  assert.equal((await getMembership(t.kv, parent.id, team.id))!.role, "TEAM_STANDARD");
  assert.ok((await t.kv.get(keys.playerGuardian(team.id, players[1].id, parent.id))).value);

  await approveClaim({ ...base, claimId: (await asPlayer.json()).requestId });
  const player = (await getUserByEmail(t.kv, "maya@example.com"))!;
  const membership = (await getMembership(t.kv, player.id, team.id))!;
  assert.deepEqual([membership.role, membership.playerId], ["PLAYER", players[0].id]);
  const mails = await queuedMail(t.kv);
  assert.deepEqual(mails.map((m) => m.mail.kind), ["join-approved", "join-approved"]);
  assert.match(mails[1].mail.text, /\/auth\/magic\?token=[A-Za-z0-9_-]{43}/);
  const actions = (await listAudit(t.kv, { teamId: team.id })).values.map((e) => e.action);
  assert.deepEqual(actions, ["join-request.approved", "join-request.approved"]);

  // The mailed link signs the player in to the team.
  const token = /token=([A-Za-z0-9_-]{43})/.exec(mails[1].mail.text)![1];
  const signedIn = await t.app.request(`${TEST_ORIGIN}/auth/magic`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
  });
  assert.equal(signedIn.status, 303);
  const session =
    await (await requestJson(t.app, "/api/v2/auth/session", { headers: { cookie: cookiesFrom(signedIn) } })).json();
  assert.equal(session.user.role, "PLAYER");
  assert.equal(session.user.playerId, players[0].id);
});

Deno.test("[join] a team's allowed e-mail domains apply to join requests", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { settings: { allowedEmailDomains: ["club.example"] } });
  const res = await requestJson(t.app, `/api/teams/${team.slug}/join-requests`, { body: JOIN });
  assert.equal(res.status, 403);
  assert.equal((await res.json()).message, "Please use an email address at club.example to join this team.");
});

Deno.test("[join] Generate New is limited to 50 a day per team (429 with Retry-After)", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const cookie = await signIn(t, "coach@example.com");
  for (let i = 0; i < 50; i++) {
    const res = await requestJson(t.app, `/api/teams/${team.id}/join-link`, { method: "POST", headers: { cookie } });
    assert.equal(res.status, 201);
  }
  const limited = await requestJson(t.app, `/api/teams/${team.id}/join-link`, { method: "POST", headers: { cookie } });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.match((await limited.json()).message, /^Too many new invite links today/);
});
