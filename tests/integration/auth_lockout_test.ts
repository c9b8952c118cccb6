// Throttles that a stranger cannot turn against the owner (R8): password attempts and sign-in
// links are limited per account *and* address, under a looser per-account ceiling and the
// per-address limit; inputs no account can have never key a counter.
import assert from "node:assert/strict";
import { createTestApp, postForm, requestJson, seedTeam } from "../helpers.ts";
import { createAccount, FAST_HASH, queuedMail } from "../auth_helpers.ts";
import { manualClock } from "./auth_fixtures.ts";
import { hashPassword } from "../../lib/auth/passwords.ts";
import { saveSysadmin } from "../../lib/db/sysadmins.ts";
import { setTeamAccessCredentials } from "../../lib/teams/access.ts";
import { stageTeamAccess } from "../../lib/db/team_access.ts";

const STRANGER = "198.51.100.66";
const OWNER = "203.0.113.10";
const MINUTE = 60_000;

type App = Parameters<typeof requestJson>[0];
const adminLogin = (app: App, password: string, ip: string) =>
  requestJson(app, "/api/team-admin/login", { body: { email: "coach@example.com", password }, ip });

async function coach(t: { kv: Deno.Kv }) {
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, {
    email: "coach@example.com",
    teamId: team.id,
    role: "TEAM_ADMIN",
    password: "the right one!",
  });
  return team;
}

/** The rate-limit counters in KV as [bucket, subject]. */
async function counters(kv: Deno.Kv): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for await (const e of kv.list({ prefix: ["rate_limits"] })) out.push([String(e.key[1]), String(e.key[2])]);
  return out;
}

Deno.test("[lockout] a stranger's wrong passwords from one address never lock the owner out from another", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const team = await coach(t);
  for (let i = 0; i < 10; i++) assert.equal((await adminLogin(t.app, `wrong ${i}`, STRANGER)).status, 401);
  const blocked = await adminLogin(t.app, "the right one!", STRANGER);
  assert.equal(blocked.status, 429, "the stranger's address is stopped at the 11th attempt");
  assert.ok(Number(blocked.headers.get("retry-after")) > 0);
  assert.equal((await adminLogin(t.app, "the right one!", OWNER)).status, 200, "the owner signs in elsewhere");

  // The team's shared login, the same way (stored with the tests' cheap hash).
  const access = { username: "rockets", passwordHash: await hashPassword("the team password", FAST_HASH) };
  await stageTeamAccess(t.kv.atomic(), team.id, { ...access, updatedAt: "", version: "v1" }).commit();
  const teamLogin = (password: string, ip: string) =>
    requestJson(t.app, `/api/teams/${team.id}/login`, { body: { username: "rockets", password }, ip });
  for (let i = 0; i < 10; i++) assert.equal((await teamLogin(`wrong ${i}`, STRANGER)).status, 401);
  assert.equal((await teamLogin("the team password", STRANGER)).status, 429);
  assert.equal((await teamLogin("the team password", OWNER)).status, 200);

  // The system administrator's stricter bucket: 5 per address pair.
  await saveSysadmin(t.kv, {
    email: "root@example.com",
    passwordHash: await hashPassword("the root password", FAST_HASH),
    createdAt: "",
    updatedAt: "",
  });
  const sysadmin = (password: string, ip: string) =>
    requestJson(t.app, "/api/sysadmin/login", { body: { email: "root@example.com", password }, ip });
  for (let i = 0; i < 5; i++) assert.equal((await sysadmin(`wrong ${i}`, STRANGER)).status, 401);
  assert.equal((await sysadmin("the root password", STRANGER)).status, 429);
  assert.equal((await sysadmin("the root password", OWNER)).status, 200);
});

Deno.test("[lockout] the per-account ceiling still holds across addresses: 100 password attempts an hour", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  await coach(t);
  // Ten addresses, ten guesses each: every pair and every address stays under its limit.
  for (let ip = 0; ip < 10; ip++) {
    for (let i = 0; i < 10; i++) {
      assert.equal((await adminLogin(t.app, `wrong ${ip}.${i}`, `198.51.100.${ip}`)).status, 401);
    }
  }
  const ceiling = await adminLogin(t.app, "the right one!", OWNER);
  assert.equal(ceiling.status, 429, "the 101st attempt in an hour is refused from anywhere");
  assert.ok(Number(ceiling.headers.get("retry-after")) > 0);
  clock.advance(60 * MINUTE);
  assert.equal((await adminLogin(t.app, "the right one!", OWNER)).status, 200, "after the hour it works");
});

Deno.test("[lockout] the sysadmin's ceiling is 20 attempts an hour, from anywhere", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  await saveSysadmin(t.kv, {
    email: "root@example.com",
    passwordHash: await hashPassword("the root password", FAST_HASH),
    createdAt: "",
    updatedAt: "",
  });
  const sysadmin = (password: string, ip: string) =>
    requestJson(t.app, "/api/sysadmin/login", { body: { email: "root@example.com", password }, ip });
  for (let ip = 0; ip < 4; ip++) {
    for (let i = 0; i < 5; i++) assert.equal((await sysadmin(`wrong ${i}`, `198.51.100.${ip}`)).status, 401);
  }
  assert.equal((await sysadmin("the root password", OWNER)).status, 429);
});

Deno.test("[lockout] sign-in links: a stranger cannot use up the owner's; 20 an hour per address still holds", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id });
  const ask = (ip: string) => requestJson(t.app, "/api/team/magic-link", { body: { email: "parent@example.com" }, ip });
  for (let i = 0; i < 5; i++) assert.equal((await ask(STRANGER)).status, 200);
  const limited = await ask(STRANGER);
  assert.equal(limited.status, 429);
  assert.match((await limited.json()).message, /^Too many sign-in links requested/);
  const mailsBefore = (await queuedMail(t.kv)).length;
  assert.equal((await ask(OWNER)).status, 200, "the parent still gets a link");
  assert.equal((await queuedMail(t.kv)).length, mailsBefore + 1);

  // 5 + 1 so far (the refused one does not count); 14 more from three addresses reach the ceiling of 20.
  for (const [ip, times] of [["198.51.100.1", 5], ["198.51.100.2", 5], ["198.51.100.3", 4]] as const) {
    for (let i = 0; i < times; i++) assert.equal((await ask(ip)).status, 200, ip);
  }
  assert.equal((await ask(OWNER)).status, 429, "the 21st link in an hour is refused from anywhere");
  clock.advance(60 * MINUTE);
  assert.equal((await ask(OWNER)).status, 200);
});

Deno.test("[lockout] over-long sign-in input: the usual answer, never a 500, and no counter keyed on it", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await setTeamAccessCredentials(t.kv, team.id, "rockets", "the team password", "test");
  // 300 characters passes the body reader's bound on key fields (routes/http.ts, 400 over 320)
  // and reaches the sign-in rules; 3,000 is refused before them. Either way: no 500.
  for (const length of [300, 3000]) {
    const email = `${"a".repeat(length - 12)}@example.com`;
    const cases: [string, Record<string, unknown>, string][] = [
      ["/api/team-admin/login", { email, password: "anything at all" }, "Invalid email or password."],
      ["/api/sysadmin/login", { email, password: "anything at all" }, "Invalid credentials"],
      [`/api/teams/${team.id}/login`, { username: "r".repeat(length), password: "anything" }, "Invalid username"],
      ["/api/team/magic-link", { email }, "Please check your email address"],
      ["/api/team-admin/magic-link", { email }, "Please check your email address"],
    ];
    for (const [path, body, message] of cases) {
      const res = await requestJson(t.app, path, { body });
      const text = (await res.json()).message;
      assert.ok(res.status === 400 || res.status === 401, `${length} ${path}: ${res.status}`);
      if (length === 300) assert.ok(text.startsWith(message), `${path}: ${text}`);
    }
    const form = await postForm(t.app, "/team-login", { action: "password", email, password: "anything" });
    assert.equal(form.status, 401);
    assert.match(await form.text(), /Invalid email or password/);
  }

  for (const [bucket, subject] of await counters(t.kv)) {
    assert.ok(bucket.endsWith("-ip"), `only per-address counters, not ${bucket}`);
    assert.ok(subject.length < 64, `${bucket} keyed on ${subject.slice(0, 40)}…`);
  }
  assert.ok((await counters(t.kv)).length > 0, "the attempts still count against the address");
});
