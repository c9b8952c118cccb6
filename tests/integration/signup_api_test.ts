import assert from "node:assert/strict";
import { createTestApp, dumpKv, kvValues, requestJson, seedTeam, SIGNUP_BODY } from "../helpers.ts";
import { cookiesFrom, createAccount, queuedMail, tokenFromMail } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { getTeamBySlug } from "../../lib/db/teams.ts";
import { listPlayers } from "../../lib/db/players.ts";
import { getUserByEmail, listMemberships } from "../../lib/db/users.ts";

const SIGNUP = SIGNUP_BODY;

const SIGNUP_PREFIXES = ["pending_signups", "signup_tokens", "mail_pending", "teams", "users", "rate_limits"];

type App = Parameters<typeof requestJson>[0];
const start = (app: App, body: unknown = SIGNUP, ip?: string) =>
  requestJson(app, "/api/signup/create-pending-intent", { body, ip });
const verify = (app: App, token: unknown) => requestJson(app, "/api/signup/verify-token", { body: { token } });

Deno.test("[signup] each step's rule answers 400 with the spec's text, stores nothing and spends no counter", async () => {
  await using t = await createTestApp();
  const cases: [Record<string, unknown>, string][] = [
    [{ firstName: "" }, "All fields are required including the 18+ confirmation."],
    [{ ageConfirmation: false }, "All fields are required including the 18+ confirmation."],
    [{ email: "not-an-email" }, "Please enter a valid email address."],
    [{ teamName: "  " }, "Team name, age group, and team type are all required."],
    [{ ageGroup: "U4" }, "Team name, age group, and team type are all required."],
    [{ teamType: "mixed" }, "Team name, age group, and team type are all required."],
    [{ playerLastName: "" }, "Player first name, last name, and jersey number are all required."],
    [{ playerJerseyNumber: 0 }, "Jersey number must be between 1 and 99."],
    [{ playerJerseyNumber: 100 }, "Jersey number must be between 1 and 99."],
    [{ playerJerseyNumber: 7.5 }, "Jersey number must be between 1 and 99."],
    [{ playerJerseyNumber: null }, "Player first name, last name, and jersey number are all required."],
    [{ playerJerseyNumber: [7] }, "Jersey number must be between 1 and 99."],
    [{ playerJerseyNumber: true }, "Jersey number must be between 1 and 99."],
    [{ playerJerseyNumber: "7abc" }, "Jersey number must be between 1 and 99."],
    [{ playerJerseyNumber: "0x10" }, "Jersey number must be between 1 and 99."],
    [{ teamName: "x".repeat(81) }, "Team name must be at most 80 characters."],
    [{ role: "sysadmin" }, "Unknown field: role"],
    [{ email: `${"a".repeat(3000)}@example.com` }, "email is too long."],
    [{ playerLastName: "\uFDFA".repeat(5000) }, "Player last name must be at most 50 characters."],
  ];
  const before = await dumpKv(t.kv, SIGNUP_PREFIXES);
  for (const [change, message] of cases) {
    const res = await start(t.app, { ...SIGNUP, ...change });
    assert.equal(res.status, 400, JSON.stringify(change));
    assert.equal((await res.json()).message, message);
  }
  for (const raw of ["[]", "null", '"x"', "{"]) {
    const res = await requestJson(t.app, "/api/signup/create-pending-intent", { raw });
    assert.equal(res.status, 400);
  }
  const extra: [string, Record<string, unknown>][] = [
    ["resend-verification", { email: "a@example.com", x: 1 }],
    ["verify-token", { token: "t", x: 1 }],
  ];
  for (const [path, body] of extra) {
    const res = await requestJson(t.app, `/api/signup/${path}`, { body });
    assert.equal(res.status, 400, path);
    assert.deepEqual(await res.json(), { message: "Unknown field: x" });
  }
  assert.deepEqual(await dumpKv(t.kv, SIGNUP_PREFIXES), before);
});

Deno.test("[signup] start mails a link; verifying creates team, player and admin in one go and signs in", async () => {
  await using t = await createTestApp();
  const res = await start(t.app);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    success: true,
    message: "We sent a verification link to jordan@example.com.",
    email: "jordan@example.com",
  });
  assert.equal(await getTeamBySlug(t.kv, "harbor-hawks"), null, "nothing is created before verification");
  const [mail] = await queuedMail(t.kv);
  assert.equal(mail.mail.kind, "verification");
  assert.match(mail.mail.subject, /Harbor Hawks/);
  const token = await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify");

  const verified = await verify(t.app, token);
  assert.equal(verified.status, 200);
  const body = await verified.json();
  assert.equal(body.message, "Email verified!");
  assert.equal(body.email, "jordan@example.com");
  assert.equal(body.teamName, "Harbor Hawks");
  assert.equal(body.slug, "harbor-hawks");

  const team = (await getTeamBySlug(t.kv, "harbor-hawks"))!;
  assert.equal(team.id, body.teamId);
  assert.equal(team.ageGroup, "U11");
  assert.equal(team.teamType, "girls");
  const [player] = await listPlayers(t.kv, team.id);
  assert.deepEqual([player.firstName, player.lastName, player.jerseyNumber], ["Riley", "Lee", 8]);
  const user = (await getUserByEmail(t.kv, "jordan@example.com"))!;
  assert.deepEqual((await listMemberships(t.kv, user.id)).map((m) => [m.teamId, m.role]), [[team.id, "TEAM_ADMIN"]]);
  assert.ok(
    (await t.kv.get(keys.playerGuardian(team.id, player.id, user.id))).value,
    "the admin is the player's parent",
  );
  assert.deepEqual(await kvValues(t.kv, { prefix: ["pending_signups"] }), []);

  const session = await requestJson(t.app, "/api/v2/auth/session", { headers: { cookie: cookiesFrom(verified) } });
  const sessionUser = (await session.json()).user;
  assert.equal(sessionUser.selectedTeamId, team.id);
  assert.equal(sessionUser.role, "TEAM_ADMIN");

  const again = await verify(t.app, token);
  // A used link says the address is verified (and offers sign-in), not "sign up again".
  assert.equal(again.status, 409);
  assert.equal(
    (await again.json()).message,
    "This email address is already verified and your team is ready. Please sign in.",
  );
});

Deno.test("[signup] 20 simultaneous verifications of one link create one team", async () => {
  await using t = await createTestApp();
  await start(t.app);
  const token = await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify");
  const results = await Promise.all(Array.from({ length: 20 }, () => verify(t.app, token)));
  assert.equal(results.filter((r) => r.status === 200).length, 1);
  assert.equal(results.filter((r) => r.status === 409).length, 19);
  assert.equal((await kvValues(t.kv, { prefix: keys.allTeams() })).length, 1);
});

Deno.test("[signup] a link expires after 24 hours; malformed tokens are refused", async () => {
  let now = Date.parse("2026-11-22T10:00:00Z");
  await using t = await createTestApp({ now: () => new Date(now) });
  await start(t.app);
  const token = await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify");
  now += 24 * 60 * 60 * 1000 + 1000;
  assert.equal((await verify(t.app, token)).status, 400);
  for (const bad of ["", "short", 42, null, "A".repeat(43)]) assert.equal((await verify(t.app, bad)).status, 400);
  assert.equal((await kvValues(t.kv, { prefix: keys.allTeams() })).length, 0);
});

Deno.test("[signup] resend replaces the link (the old one stops working); unknown addresses get the same answer", async () => {
  await using t = await createTestApp();
  await start(t.app);
  const first = await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify");
  const resent = await requestJson(t.app, "/api/signup/resend-verification", { body: { email: "jordan@example.com" } });
  const unknown = await requestJson(t.app, "/api/signup/resend-verification", {
    body: { email: "nobody@example.com" },
  });
  assert.equal(resent.status, 200);
  assert.equal(await resent.text(), await unknown.text());
  assert.equal((await queuedMail(t.kv)).length, 2);
  const second = await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify");
  assert.notEqual(first, second);
  assert.equal((await verify(t.app, first)).status, 400);
  assert.equal((await verify(t.app, second)).status, 200);

  const invalid = await requestJson(t.app, "/api/signup/resend-verification", { body: { email: "nope" } });
  assert.equal(invalid.status, 400);
  assert.equal((await invalid.json()).message, "Please enter a valid email address.");
});

Deno.test("[signup] a taken slug gets a suffix; an existing account gains the new team", async () => {
  await using t = await createTestApp();
  const { team: existing } = await seedTeam(t.kv, { name: "Harbor Hawks" });
  assert.equal(existing.slug, "harbor-hawks");
  const user = await createAccount(t.kv, { email: "jordan@example.com", teamId: existing.id, role: "TEAM_STANDARD" });
  await start(t.app);
  const res = await verify(t.app, await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify"));
  const body = await res.json();
  assert.equal(body.slug, "harbor-hawks-2");
  const roles = Object.fromEntries((await listMemberships(t.kv, user.id)).map((m) => [m.teamId, m.role]));
  assert.deepEqual(roles, { [existing.id]: "TEAM_STANDARD", [body.teamId]: "TEAM_ADMIN" });
});

Deno.test("[signup] mails are throttled: 5 per hour per address, 20 per IP", async () => {
  await using t = await createTestApp();
  for (let i = 0; i < 5; i++) assert.equal((await start(t.app)).status, 200);
  const limited = await start(t.app);
  assert.equal(limited.status, 429);
  assert.match((await limited.json()).message, /^Too many signup e-mails requested/);
  assert.equal((await queuedMail(t.kv)).length, 5);
});

Deno.test("[signup] a second signup with the same address adds a team and takes the names typed", async () => {
  await using t = await createTestApp();
  await start(t.app);
  const first = await verify(t.app, await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify"));
  assert.equal(first.status, 200);
  await start(t.app, { ...SIGNUP, firstName: "Jo", lastName: "Rivera", teamName: "Harbor Hawks" });
  const second = await verify(t.app, await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify"));
  assert.equal(second.status, 200);
  assert.equal((await second.json()).slug, "harbor-hawks-2");

  const user = (await getUserByEmail(t.kv, "jordan@example.com"))!;
  assert.deepEqual([user.firstName, user.lastName], ["Jo", "Rivera"]);
  const session = await requestJson(t.app, "/api/v2/auth/session", { headers: { cookie: cookiesFrom(second) } });
  const teams = (await session.json()).user.teams as { id: string; slug: string }[];
  assert.deepEqual(teams.map((team) => team.slug).toSorted(), ["harbor-hawks", "harbor-hawks-2"]);
  assert.equal(new Set(teams.map((team) => team.id)).size, 2, "each team listed once");
});

Deno.test("[signup] a renamed existing account refreshes its other teams' cached public pages", async () => {
  await using t = await createTestApp();
  const { team: existing } = await seedTeam(t.kv, { name: "Harbor Hawks", settings: { showParentNames: true } });
  const user = await createAccount(t.kv, {
    email: "jordan@example.com",
    teamId: existing.id,
    firstName: "Jordan",
    lastName: "Lee",
  });
  const { linkParentToPlayer } = await import("../../lib/families/mod.ts");
  const [player] = await listPlayers(t.kv, existing.id);
  await linkParentToPlayer(t.kv, existing.id, player.id, user.id);
  const roster = async () => await (await requestJson(t.app, `/api/teams/${existing.slug}/roster`)).text();
  assert.ok((await roster()).includes('"parentNames":["Jordan"]'), "cached with the old name");
  await start(t.app, { ...SIGNUP, firstName: "Jo", lastName: "Rivera", teamName: "Bay Otters" });
  assert.equal((await verify(t.app, await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify"))).status, 200);
  assert.ok((await roster()).includes('"parentNames":["Jo"]'), "the other team's roster shows the new name at once");
});

Deno.test("[signup] a coach with no child on the team needs no player fields and gets no player", async () => {
  await using t = await createTestApp();
  const { playerFirstName: _f, playerLastName: _l, playerJerseyNumber: _j, ...coach } = SIGNUP;
  // Without the flag the player is still required (the spec's payload is unchanged).
  const refused = await start(t.app, coach);
  assert.equal(refused.status, 400);
  assert.equal((await refused.json()).message, "Player first name, last name, and jersey number are all required.");
  for (const odd of ["no", 0, null, [false]]) {
    const res = await start(t.app, { ...coach, hasChildOnTeam: odd });
    assert.equal(res.status, 400, JSON.stringify(odd));
    assert.equal((await res.json()).message, "Please say whether you have a child on this team.");
  }
  assert.deepEqual(await queuedMail(t.kv), [], "nothing mailed for a refused signup");

  // Player fields sent along with `false` are ignored, not half-used.
  assert.equal((await start(t.app, { ...coach, hasChildOnTeam: false, playerFirstName: "Riley" })).status, 200);
  const pending = await t.kv.get<{ payload: Record<string, unknown> }>(keys.pendingSignup("jordan@example.com"));
  assert.equal(pending.value?.payload.hasChildOnTeam, false);
  assert.equal(pending.value?.payload.playerFirstName, "");
  assert.equal(pending.value?.payload.playerJerseyNumber, null);

  const res = await verify(t.app, await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify"));
  assert.equal(res.status, 200);
  const team = (await getTeamBySlug(t.kv, "harbor-hawks"))!;
  assert.deepEqual(await listPlayers(t.kv, team.id), [], "no player invented");
  const user = (await getUserByEmail(t.kv, "jordan@example.com"))!;
  assert.deepEqual((await listMemberships(t.kv, user.id)).map((m) => [m.teamId, m.role]), [[team.id, "TEAM_ADMIN"]]);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["player_guardians", team.id] }), []);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["families", team.id] }), []);
});

Deno.test("[signup] hasChildOnTeam: true is the spec's signup, player and all", async () => {
  await using t = await createTestApp();
  assert.equal((await start(t.app, { ...SIGNUP, hasChildOnTeam: true, playerLastName: "" })).status, 400);
  assert.equal((await start(t.app, { ...SIGNUP, hasChildOnTeam: true })).status, 200);
  const res = await verify(t.app, await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify"));
  const team = (await getTeamBySlug(t.kv, (await res.json()).slug))!;
  assert.deepEqual((await listPlayers(t.kv, team.id)).map((p) => p.firstName), ["Riley"]);
});
