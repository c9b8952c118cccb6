import assert from "node:assert/strict";
import { signIn } from "../admin_helpers.ts";
import { createTestApp, dumpKv, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookiesFrom, createAccount } from "../auth_helpers.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { currentJoinLink, newJoinCode, regenerateJoinLink } from "../../lib/join/links.ts";
import { JOIN_MESSAGES } from "../../lib/join/rules.ts";
import { claimsOverview } from "../../lib/claims/review.ts";

type App = Parameters<typeof requestJson>[0];

Deno.test("[join] codes are 16 characters of A–Z0–9", () => {
  const codes = new Set(Array.from({ length: 2000 }, newJoinCode));
  assert.equal(codes.size, 2000);
  for (const code of codes) assert.match(code, /^[A-Z0-9]{16}$/);
});

Deno.test("[join] the admin's invite link: created once, opened (not counted), replaced by Generate New", async () => {
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
  assert.equal((await (await get(`/api/teams/${team.id}/join-link`)).json()).usageCount, 0, "an open is not a use");

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

Deno.test("[join] 'Used N times' counts join requests sent through the code, not opens or requests by slug", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { settings: { allowedEmailDomains: [] } });
  const { code } = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN);
  const uses = async () => (await currentJoinLink(t.kv, team.id, "x", TEST_ORIGIN)).usageCount;
  const send = (key: string, body: unknown) => requestJson(t.app, `/api/teams/${key}/join-requests`, { body });

  assert.equal((await requestJson(t.app, `/api/teams/by-join-code/${code}`)).status, 200);
  assert.equal((await requestJson(t.app, `/join/${code}`)).status, 200);
  assert.equal(await uses(), 0, "opening the link is not a use");
  assert.equal((await send(code, { ...JOIN, playerLastName: "Smith" })).status, 404);
  assert.equal(await uses(), 0, "a refused request is not a use");

  assert.equal((await send(code, JOIN)).status, 201);
  assert.equal(await uses(), 1, "a join request sent through the code is");
  assert.equal((await send(code, JOIN)).status, 409);
  const other = { ...JOIN, email: "other.parent@example.com", confirmEmail: "other.parent@example.com" };
  assert.equal((await send(team.slug, other)).status, 201);
  assert.equal(await uses(), 1, "a duplicate, and a request by the team's slug, are not uses of the link");
});

Deno.test("[join] verify-player: the spec's messages; by invite code a found player is named by first name and initial", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const { code } = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN);
  const cases: [Record<string, unknown>, string][] = [
    [{ jerseyNumber: 4, lastName: "Okafor" }, "Please select if you are a player or parent"],
    [{ userType: "parent", jerseyNumber: "", lastName: "Okafor" }, "Jersey number is required"],
    [{ userType: "parent", jerseyNumber: 4, lastName: " " }, "Last name is required"],
    [{ userType: "parent", jerseyNumber: 4, lastName: "Okafor", email: "x@example.com" }, "Unknown field: email"],
  ];
  for (const key of [code, team.slug]) {
    for (const [body, message] of cases) {
      const res = await requestJson(t.app, `/api/teams/${key}/verify-player`, { body });
      assert.equal(res.status, 400);
      assert.equal((await res.json()).message, message);
    }
  }
  const found = await requestJson(t.app, `/api/teams/${code}/verify-player`, {
    body: { userType: "player", jerseyNumber: "4", lastName: "OKAFOR" },
  });
  assert.deepEqual(await found.json(), { found: true, playerName: "Sofia O." });
  const missing = await requestJson(t.app, `/api/teams/${code}/verify-player`, {
    body: { userType: "parent", jerseyNumber: 4, lastName: "Smith" },
  });
  assert.deepEqual(await missing.json(), {
    found: false,
    message: "We couldn't find a player with that jersey number and last name.",
  });
  const expired = await requestJson(t.app, `/api/teams/AAAAAAAAAAAAAAAA/verify-player`, {
    body: { userType: "parent", jerseyNumber: 4, lastName: "Okafor" },
  });
  assert.equal(expired.status, 404, "an unknown or replaced code names no team");
});

Deno.test("[join] verify-player without the invite code (slug or id) answers alike for a hit and a miss", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const before = await dumpKv(t.kv, ["claims", "pending_claims_by_subject", "rate_limits"]);
  const answers: { status: number; text: string }[] = [];
  for (const key of [team.slug, team.id]) {
    for (const lastName of ["Okafor", "Smith"]) {
      const res = await requestJson(t.app, `/api/teams/${key}/verify-player`, {
        body: { userType: "parent", jerseyNumber: 4, lastName },
      });
      answers.push({ status: res.status, text: await res.text() });
    }
  }
  assert.deepEqual(new Set(answers.map((a) => JSON.stringify(a))).size, 1, "one answer for every case");
  assert.equal(answers[0].status, 200);
  assert.deepEqual(JSON.parse(answers[0].text), {
    found: null,
    playerName: null,
    message: JOIN_MESSAGES.adminWillCheck,
  });
  assert.deepEqual(await dumpKv(t.kv, ["claims", "pending_claims_by_subject", "rate_limits"]), before, "nothing spent");
});

Deno.test("[join] a join request without the invite code: 201 alike for a hit and a miss, kept with its matches", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv, { settings: { allowedEmailDomains: [] } });
  const send = (body: unknown) => requestJson(t.app, `/api/teams/${team.slug}/join-requests`, { body });
  const hit = await send(JOIN);
  const miss = await send({ ...JOIN, playerLastName: "Smith", email: "x@example.com", confirmEmail: "x@example.com" });
  assert.equal(hit.status, 201);
  assert.equal(miss.status, 201);
  const [a, b] = [await hit.json(), await miss.json()];
  assert.deepEqual(Object.keys(a).sort(), Object.keys(b).sort());
  assert.deepEqual(
    { ...a, requestId: "", message: "" },
    { ...b, requestId: "", message: "" },
    "the same body but for the request's id and the address it names",
  );
  assert.equal(a.message, "We'll e-mail you at ngozi@example.com when the team admin approves your request.");
  assert.equal(b.message, JOIN_MESSAGES.submitted("x@example.com"));
  // A repeat is refused the same way for both (its guard is keyed on what was typed).
  assert.equal((await send(JOIN)).status, 409);
  assert.equal(
    (await send({ ...JOIN, playerLastName: "Smith", email: "x@example.com", confirmEmail: "x@example.com" })).status,
    409,
  );
  const { values } = await claimsOverview(t.kv, team.id);
  const byEmail = Object.fromEntries(values.map((c) => [c.email, c]));
  assert.deepEqual(byEmail["ngozi@example.com"].playerIds, [players[1].id]);
  assert.equal(byEmail["ngozi@example.com"].playerName, "Sofia Okafor");
  assert.deepEqual(byEmail["x@example.com"].playerIds, []);
  assert.equal(byEmail["x@example.com"].childSurname, "Smith", "what was typed is kept for the admin");
});

Deno.test("[join] join requests: unknown fields, odd jerseys and over-long names are refused (400)", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const send = (body: unknown) => requestJson(t.app, `/api/teams/${team.slug}/join-requests`, { body });
  const before = await dumpKv(t.kv, ["claims", "rate_limits"]);
  const unknown = await send({ ...JOIN, role: "TEAM_ADMIN" });
  assert.equal(unknown.status, 400);
  assert.deepEqual(await unknown.json(), { message: "Unknown field: role" });
  for (const jerseyNumber of [null, [7], true, "7abc"]) {
    const res = await send({ ...JOIN, jerseyNumber });
    assert.equal(res.status, 400, JSON.stringify(jerseyNumber));
  }
  const long = await send({ ...JOIN, playerLastName: "\uFDFA".repeat(50) });
  assert.equal(long.status, 400);
  assert.equal((await long.json()).message, "Last name must be at most 50 characters");
  assert.deepEqual(await dumpKv(t.kv, ["claims", "rate_limits"]), before, "no request, no counter spent");
});

Deno.test("[join] at most 5 pending requests and claims per e-mail per team (429 with Retry-After)", async () => {
  await using t = await createTestApp();
  const players = Array.from(
    { length: 6 },
    (_, i) => ({ firstName: `P${i}`, lastName: "Okafor", jerseyNumber: i + 1 }),
  );
  const { team } = await seedTeam(t.kv, {}, players);
  const send = (jerseyNumber: number) =>
    requestJson(t.app, `/api/teams/${team.slug}/join-requests`, { body: { ...JOIN, jerseyNumber } });
  for (let i = 1; i <= 5; i++) assert.equal((await send(i)).status, 201);
  const before = await dumpKv(t.kv, ["claims", "rate_limits"]);
  const refused = await send(6);
  assert.equal(refused.status, 429);
  assert.ok(Number(refused.headers.get("retry-after")) > 0);
  assert.match((await refused.json()).message, /^You already have 5 requests waiting/);
  assert.deepEqual(await dumpKv(t.kv, ["claims", "rate_limits"]), before);
});

Deno.test("[join] join requests by invite code: rules, the review queue, and approval by kind", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv, { settings: { allowedEmailDomains: [] } });
  const { code } = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN);
  const send = (body: unknown) => requestJson(t.app, `/api/teams/${code}/join-requests`, { body });
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
  assert.deepEqual(actions.filter((a) => a !== "join-link.generated"), [
    "join-request.approved",
    "join-request.approved",
  ]);

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
