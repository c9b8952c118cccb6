/**
 * Finding everything of one person (issue 22 follow-up): what they made in a team they left, their
 * claims of any status in any team, the audit entries about them (through the log's index, not
 * by reading it all), the device their sessions were opened on, and the edit link from a claim
 * approval, which stops working once they are no longer the child's parent.
 */
import assert from "node:assert/strict";
import { call, createTestApp, type TestContext } from "../helpers.ts";
import { adminWorld, signIn } from "../admin_helpers.ts";
import { cookiesFrom, tokenFromMail } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { stageAuditEntry } from "../../lib/db/audit.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { approveClaim, denyClaim } from "../../lib/claims/decisions.ts";
import { deleteTeam } from "../../lib/teams/deletion.ts";
import { removeTeamMember } from "../../lib/teams/membership_removal.ts";
import { startAccountDeletion } from "../../lib/accounts/deletion.ts";
import { sweepAccount } from "../../lib/db/account_deletions.ts";
import { deviceLabel } from "../../lib/auth/device.ts";

type T = TestContext;

/** Every key and value in KV as text: the scan. */
async function everything(kv: Deno.Kv): Promise<string[]> {
  const rows: string[] = [];
  const text = (_: string, v: unknown) =>
    typeof v === "bigint" ? String(v) : v instanceof Uint8Array ? new TextDecoder("latin1").decode(v) : v;
  for await (const e of kv.list({ prefix: [] })) rows.push(JSON.stringify([e.key, e.value], text));
  return rows;
}

const exportOf = async (t: T, cookie: string) => {
  const res = await call(t.app, "GET", "/api/account/export", { cookie });
  assert.equal(res.status, 200);
  return await res.json();
};

const deleteAccount = async (t: T, cookie: string, email: string) => {
  const res = await call(t.app, "DELETE", "/api/account", { cookie, body: { confirm: email } });
  assert.equal(res.status, 200, await res.text());
};

Deno.test("[person index] a post in a team the parent left is in their export, and gone after they delete the account", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const posted = await call(t.app, "POST", `/api/teams/${w.team.id}/posts`, {
    cookie: w.cookies.parent,
    body: { postType: "news", content: "Zanzibar pancake rota for Saturday" },
  });
  assert.equal(posted.status, 201);
  const left = await call(t.app, "POST", `/api/teams/${w.team.id}/leave`, { cookie: w.cookies.parent });
  assert.equal(left.status, 200, await left.text());

  const file = await exportOf(t, w.cookies.parent);
  assert.deepEqual(file.teams, [], "no current team");
  assert.deepEqual(file.formerTeams.map((f: { id: string }) => f.id), [w.team.id]);
  assert.deepEqual(file.posts.map((p: { content: string }) => p.content), ["Zanzibar pancake rota for Saturday"]);
  assert.equal(file.complete, true);

  const parentId = (await getUserByEmail(t.kv, "parent@example.com"))!.id;
  await deleteAccount(t, w.cookies.parent, "parent@example.com");
  const rows = await everything(t.kv);
  assert.deepEqual(rows.filter((row) => row.includes("Zanzibar")), [], "the post went with the account");
  assert.deepEqual(rows.filter((row) => row.includes(parentId)), [], "so did the record of the team they left");
});

Deno.test("[person index] deleting a team removes its former members' records", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  assert.equal((await call(t.app, "POST", `/api/teams/${w.team.id}/leave`, { cookie: w.cookies.parent })).status, 200);
  const parentId = (await getUserByEmail(t.kv, "parent@example.com"))!.id;
  assert.ok((await t.kv.get(keys.formerMembership(parentId, w.team.id))).value, "written when they left");
  await deleteTeam(t.kv, w.team.id, w.team.name, "admin@example.com", new Date());
  assert.equal((await t.kv.get(keys.formerMembership(parentId, w.team.id))).versionstamp, null);
  assert.deepEqual(await Array.fromAsync(t.kv.list({ prefix: keys.teamFormerMembers(w.team.id) })), []);
});

Deno.test("[person index] a denied claim in another team is in the export and gone after deletion; team deletion drops the index", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const denied = await submitClaim(t.kv, w.otherTeam, {
    mode: "jersey",
    jerseyNumber: w.otherPlayers[0].jerseyNumber,
    email: "parent@example.com",
    note: "Yodel-aunt of the keeper",
  });
  await denyClaim({
    kv: t.kv,
    teamId: w.otherTeam.id,
    claimId: denied.id,
    actor: "other-admin@example.com",
    appUrl: "http://x",
    now: new Date(),
  });
  const file = await exportOf(t, w.cookies.parent);
  assert.deepEqual(
    file.claimsAndJoinRequests.map((c: { id: string; status: string; teamId: string }) => [c.id, c.status, c.teamId]),
    [[denied.id, "denied", w.otherTeam.id]],
  );
  // Another member's export does not hold it.
  assert.deepEqual((await exportOf(t, w.cookies.player)).claimsAndJoinRequests, []);

  await deleteAccount(t, w.cookies.parent, "parent@example.com");
  const rows = await everything(t.kv);
  // The claim, its status and its index entries are gone; the audit log keeps the decision, anonymous.
  const isAudit = (row: string) => /^\[\["(audit|team_audit|audit_by_subject)"/.test(row);
  assert.deepEqual(rows.filter((row) => !isAudit(row) && (row.includes(denied.id) || row.includes("Yodel-aunt"))), []);
  assert.ok(rows.some((row) => isAudit(row) && row.includes("claim.denied") && row.includes("deleted-")));
  assert.deepEqual(rows.filter((row) => row.includes("parent@example.com") && !row.includes("account-deleted")), []);

  // A team's deletion takes its claims' entries in the index by address with them.
  await submitClaim(t.kv, w.otherTeam, {
    mode: "jersey",
    jerseyNumber: w.otherPlayers[0].jerseyNumber,
    email: "someone@example.com",
    note: "",
  });
  assert.equal((await Array.fromAsync(t.kv.list({ prefix: keys.claimsOfEmail("someone@example.com") }))).length, 1);
  await deleteTeam(t.kv, w.otherTeam.id, w.otherTeam.name, "other-admin@example.com", new Date());
  assert.deepEqual(await Array.fromAsync(t.kv.list({ prefix: keys.claimsOfEmail("someone@example.com") })), []);
});

Deno.test("[person index] the erasure finds audit entries about the person through the index and never reads the whole log", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const posted = await call(t.app, "POST", `/api/teams/${w.team.id}/posts`, {
    cookie: w.cookies.parent,
    body: { postType: "news", content: "A post the admin takes down" },
  });
  const post = await posted.json();
  // The admin deletes it: the entry names the parent by name in its detail, not by address.
  await t.kv.set(keys.user((await getUserByEmail(t.kv, "parent@example.com"))!.id), {
    ...(await getUserByEmail(t.kv, "parent@example.com"))!,
    firstName: "Ptolemy",
    lastName: "Quarrington",
  });
  const removed = await call(t.app, "DELETE", `/api/teams/${w.team.id}/posts/${post.id}`, { cookie: w.cookies.admin });
  assert.equal(removed.status, 200, await removed.text());
  // Much activity of other teams, which the erasure must not read.
  const op = t.kv.atomic();
  for (let i = 0; i < 50; i++) {
    stageAuditEntry(op, {
      teamId: w.otherTeam.id,
      action: "settings.updated",
      targetId: w.otherTeam.id,
      actor: "other-admin@example.com",
      detail: "name",
    });
  }
  assert.ok((await op.commit()).ok);

  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const deletion = await startAccountDeletion(t.kv, parent.id, parent.email, new Date());
  const listed: string[] = [];
  const watched = new Proxy(t.kv, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (name !== "list") return typeof value === "function" ? value.bind(target) : value;
      return (selector: { prefix?: Deno.KvKey }, options?: Deno.KvListOptions) => {
        listed.push(JSON.stringify(selector.prefix ?? []));
        return target.list(selector as Deno.KvListSelector, options);
      };
    },
  });
  await sweepAccount(watched, deletion);
  assert.ok(!listed.includes(JSON.stringify(keys.audit())), "the global log is not read");
  assert.ok(!listed.some((prefix) => prefix.startsWith('["team_audit"')), "nor a team's log");
  const rows = (await everything(t.kv)).filter((row) =>
    row.startsWith('[["audit"') || row.includes("audit_by_subject")
  );
  assert.deepEqual(rows.filter((row) => row.includes("Quarrington") || row.includes(parent.id)), []);
  const deletedEntry = rows.find((row) => row.includes("post.deleted"));
  assert.ok(deletedEntry?.includes(deletion.anonymousId), "the entry names the anonymous id instead");
});

Deno.test("[person index] a session records a short device label from the User-Agent, shown in the export", async () => {
  assert.equal(
    deviceLabel(
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
    ),
    "Chrome on Android",
  );
  assert.equal(
    deviceLabel(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    ),
    "Safari on iOS",
  );
  assert.equal(
    deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0"),
    "Firefox on Windows",
  );
  assert.equal(
    deviceLabel(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
    ),
    "Edge on Windows",
  );
  assert.equal(deviceLabel(undefined), "Unknown device");
  assert.equal(deviceLabel("x".repeat(100_000)), "Unknown device");

  await using t = await createTestApp();
  const w = await adminWorld(t);
  const ua =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
  await call(t.app, "POST", "/api/team/magic-link", { body: { email: "parent@example.com" } }).then((r) =>
    r.body?.cancel()
  );
  const token = await tokenFromMail(t.kv, "parent@example.com", "/auth/magic");
  const cookie = cookiesFrom(
    await call(t.app, "POST", "/auth/magic", { form: { token, next: "" }, headers: { "user-agent": ua } }),
  );
  const sessions = (await exportOf(t, cookie)).sessions as { current: boolean; device: string | null }[];
  assert.equal(sessions.find((s) => s.current)?.device, "Chrome on Android");
  const stored = JSON.stringify(await Array.fromAsync(t.kv.list({ prefix: ["sessions"] })));
  assert.ok(!stored.includes("Pixel 8") && !stored.includes("AppleWebKit"), "never the User-Agent itself");
  assert.equal(w.team.id.length > 0, true);
});

Deno.test("[person index] an unused edit link stops working once its parent leaves or is removed", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const email = "ulrike.vantongeren@example.com";
  const claimEditLink = async (index: number) => {
    const claim = await submitClaim(t.kv, w.team, {
      mode: "jersey",
      jerseyNumber: w.players[index].jerseyNumber,
      email,
      note: "",
    });
    await approveClaim({
      kv: t.kv,
      teamId: w.team.id,
      claimId: claim.id,
      actor: "admin@example.com",
      appUrl: "http://x",
      now: new Date(),
    });
    return await tokenFromMail(t.kv, email, "/edit");
  };
  const token = await claimEditLink(1);
  assert.equal((await call(t.app, "HEAD", `/api/edit?token=${token}`)).status, 200, "usable while they are the parent");

  // The admin removes them: the link no longer opens.
  const parent = (await getUserByEmail(t.kv, email))!;
  await removeTeamMember(t.kv, w.team.id, parent.id, { adminUserId: null, actor: "admin@example.com" });
  const refused = await call(t.app, "GET", `/api/edit?token=${token}`);
  assert.equal(refused.status, 410);
  assert.equal((await refused.json()).message, "Invalid or expired token");

  // An edit session opened before they leave ends with it too.
  const again = await claimEditLink(1);
  const opened = await call(t.app, "GET", `/api/edit?token=${again}`);
  assert.equal(opened.status, 200);
  const editCookie = cookiesFrom(opened);
  const cookie = await signIn(t, email);
  assert.equal((await call(t.app, "POST", `/api/teams/${w.team.id}/leave`, { cookie })).status, 200);
  const save = await call(t.app, "PATCH", `/api/players/${w.players[1].id}`, {
    cookie: editCookie,
    body: { firstName: "Changed" },
  });
  assert.ok(save.status === 401 || save.status === 404, `refused: ${save.status}`);
  assert.notEqual(
    (await t.kv.get<{ firstName: string }>(keys.player(w.team.id, w.players[1].id))).value?.firstName,
    "Changed",
  );
});
