/**
 * Issue 22, item 5: the team admins' request digest (lib/claims/admin_digest.ts) also counts the
 * parents' requests to remove a child that wait on the claims page, in one line that names no
 * child; a request decided is no longer counted.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../helpers.ts";
import { adminWorld, call } from "../admin_helpers.ts";
import { queuedMail } from "../auth_helpers.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { getTeam } from "../../lib/db/teams.ts";
import { tellTeamAdmins } from "../../lib/claims/mod.ts";

const MIN = 60 * 1000;
const T0 = Date.parse("2026-09-01T18:00:00Z");

Deno.test("[removal digest] the admins' digest counts waiting removal requests, and no longer once decided", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const [maya, sofia] = w.players;
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const op = stageGuardian(t.kv.atomic(), w.team.id, maya.id, parent.id);
  assert.ok((await stageGuardian(op, w.team.id, sofia.id, parent.id).commit()).ok);
  const team = (await getTeam(t.kv, w.team.id))!;
  // Each digest mail here comes from someone asking for a new invite link, 20 minutes apart (past the window).
  const digestAt = async (minutes: number) => {
    const at = new Date(T0 + minutes * MIN);
    await tellTeamAdmins(
      t.kv,
      team,
      { kind: "link", name: "Sam", email: `sam${minutes}@example.com`, at: +at },
      "http://app",
      at,
    );
    const mails = (await queuedMail(t.kv)).filter((m) => m.mail.kind === "admin-requests");
    assert.equal(mails.length, minutes / 20 + 1, "one more mail");
    const mail = mails.at(-1)!.mail;
    assert.equal(mail.to.address, "admin@example.com");
    return mail.text;
  };
  const ask = async (playerId: string) => {
    const res = await call(t.app, "POST", `/api/players/${playerId}/removal-request`, { cookie: w.cookies.parent });
    assert.equal(res.status, 201);
    return (await res.json()).request.id as string;
  };

  assert.ok(!(await digestAt(0)).includes("removal request"), "none waiting: no line");
  const first = await ask(maya.id);
  assert.match(
    await digestAt(20),
    /1 removal request from parents is also waiting on the claims page \(http:\/\/app\/admin\/[^/]+\/claims\)/,
  );
  await ask(sofia.id);
  const two = await digestAt(40);
  assert.match(two, /2 removal requests from parents are also waiting/);
  assert.ok(!two.includes(maya.firstName) && !two.includes(maya.lastName), "no child named in the mail");
  const denied = await call(t.app, "POST", `/api/admin/${w.team.id}/removal-requests/${first}/deny`, {
    cookie: w.cookies.admin,
    body: { reason: "She is still playing" },
  });
  assert.equal(denied.status, 200, await denied.clone().text());
  await denied.body?.cancel();
  assert.match(await digestAt(60), /1 removal request from parents is also waiting/);
});
