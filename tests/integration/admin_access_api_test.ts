import assert from "node:assert/strict";
import { createTestApp } from "../helpers.ts";
import { queuedMail } from "../auth_helpers.ts";
import { adminWorld, call, EXPECTED_STATUS, IDENTITIES, statusMatches } from "../admin_helpers.ts";
import { getMembership, getUserByEmail } from "../../lib/db/users.ts";
import { listAudit } from "../../lib/db/audit.ts";

Deno.test("[access] team username and password: rules, then the team login works with them", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const { team, cookies } = world;
  const put = (body: unknown) => call(t.app, "PUT", `/api/admin/${team.id}/access`, { cookie: cookies.admin, body });
  for (
    const [body, message] of [
      [{ username: "a", password: "a long team password" }, /^Username must be 3 to 40/],
      [{ username: "rockets", password: "short" }, /^Password must be at least 12 characters/],
      [{ username: "rockets" }, /^Please enter a new password/],
    ] as const
  ) {
    const res = await put(body);
    assert.equal(res.status, 400);
    assert.match((await res.json()).message, message);
  }
  const saved = await put({ username: "Rockets", password: "a long team password" });
  assert.equal(saved.status, 200);
  assert.equal((await saved.json()).username, "rockets");
  const overview = await (await call(t.app, "GET", `/api/admin/${team.id}/access`, { cookie: cookies.admin })).json();
  assert.equal(overview.username, "rockets");
  assert.deepEqual(overview.admins.map((a: { email: string; isYou: boolean }) => [a.email, a.isYou]), [
    ["admin@example.com", true],
  ]);
  const login = await call(t.app, "POST", `/api/teams/${team.id}/login`, {
    body: { username: "rockets", password: "a long team password" },
  });
  assert.equal(login.status, 200);
  assert.ok((await listAudit(t.kv, { teamId: team.id })).values.some((e) => e.action === "access.updated"));
});

Deno.test("[access] co-admins: invited by e-mail with a sign-in link; removed; never the last admin", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await adminWorld(t);
  const invite = (email: string) =>
    call(t.app, "POST", `/api/admin/${team.id}/admins`, { cookie: cookies.admin, body: { email } });
  assert.equal((await invite("not-an-email")).status, 400);
  const invited = await invite("Coach2@Example.com");
  assert.equal(invited.status, 201);
  assert.match((await invited.json()).message, /^coach2@example\.com is now an admin/);
  const user = (await getUserByEmail(t.kv, "coach2@example.com"))!;
  assert.equal((await getMembership(t.kv, user.id, team.id))!.role, "TEAM_ADMIN");
  const mail = (await queuedMail(t.kv)).find((m) => m.mail.to.address === "coach2@example.com")!;
  assert.equal(mail.mail.kind, "co-admin-invite");
  assert.match(mail.mail.text, /\/auth\/magic\?token=[A-Za-z0-9_-]{43}/);
  assert.equal((await invite("coach2@example.com")).status, 409);
  // An existing parent of the team can be made an admin too.
  assert.equal((await invite("parent@example.com")).status, 201);

  const remove = (userId: string, cookie = cookies.admin) =>
    call(t.app, "DELETE", `/api/admin/${team.id}/admins/${userId}`, { cookie });
  assert.equal((await remove(user.id)).status, 200);
  assert.equal((await getMembership(t.kv, user.id, team.id))!.role, "TEAM_STANDARD");
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  assert.equal((await remove(parent.id)).status, 200);
  const self = (await getUserByEmail(t.kv, "admin@example.com"))!;
  const last = await remove(self.id);
  assert.equal(last.status, 409);
  assert.equal((await last.json()).message, "A team needs at least one admin.");
  assert.equal((await remove(parent.id)).status, 404, "no longer an admin");
});

Deno.test("[access] authorisation matrix over the access routes", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await adminWorld(t);
  for (const who of IDENTITIES) {
    const routes: [string, string, unknown][] = [
      ["GET", `/api/admin/${team.id}/access`, undefined],
      ["PUT", `/api/admin/${team.id}/access`, { username: `team-${who}`, password: "a long team password" }],
      ["POST", `/api/admin/${team.id}/admins`, { email: `${who}-invitee@example.com` }],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(t.app, method, path, { cookie: cookies[who], body });
      assert.ok(statusMatches(EXPECTED_STATUS[who], res.status), `${who} ${method} ${path}: ${res.status}`);
    }
  }
});
