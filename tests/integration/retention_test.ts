/**
 * Retention (issue 22, R44): every period in lib/retention.ts is kept. What the daily sweep deletes
 * is seeded just inside and just outside its period under an injected clock; what KV's expiry
 * deletes is written through the app on a database file, whose rows show when each record expires.
 * And /privacy states every period.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { createApp } from "../../routes/mod.tsx";
import { loadConfig } from "../../lib/config.ts";
import { createTestApp, get, requestJson, SIGNUP_BODY, TEST_ASSETS, TEST_ORIGIN } from "../helpers.ts";
import { createAccount, tokenFromMail } from "../auth_helpers.ts";
import { magicSignIn } from "./auth_fixtures.ts";
import { keys } from "../../lib/db/keys.ts";
import { moveToFailedMail } from "../../lib/db/mail.ts";
import { stageAuditEntry } from "../../lib/db/audit.ts";
import { type Claim, insertPendingClaim } from "../../lib/db/claims.ts";
import { fileEntries, openKvFile } from "../../lib/db/kv_file.ts";
import { createOutboxMailer } from "../../lib/mail/mailers.ts";
import type { FailedMail } from "../../lib/mail/queue.ts";
import { retentionSweepJob, sweepRetention } from "../../lib/retention_sweep.ts";
import { RETENTION_PERIODS, type RetentionKind, retentionPeriod } from "../../lib/retention.ts";
import { setLogSink } from "../../lib/log.ts";

const NOW = new Date("2026-12-01T03:23:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Just inside and just outside a period that counts back from NOW. */
const inside = (kind: RetentionKind) => new Date(NOW.getTime() - retentionPeriod(kind).periodMs + MINUTE);
const outside = (kind: RetentionKind) => new Date(NOW.getTime() - retentionPeriod(kind).periodMs - MINUTE);

const ids = async (kv: Deno.Kv, prefix: Deno.KvKey) =>
  (await Array.fromAsync(kv.list({ prefix }))).map((entry) => entry.key.slice(prefix.length).join("/"));

function failedMail(id: string, failedAt: Date): FailedMail {
  return {
    id,
    mail: { to: { address: `${id}@example.com` }, kind: "verification", subject: "s", text: "t", html: "h" },
    attempts: 12,
    lastError: "550",
    createdAt: new Date(failedAt.getTime() - 8 * HOUR).toISOString(),
    failedAt: failedAt.toISOString(),
  } as FailedMail;
}

function pendingClaim(id: string, teamId: string, createdAt: Date, kind?: string): Claim {
  return {
    id,
    teamId,
    kind: kind as Claim["kind"],
    mode: "jersey",
    jerseyNumber: 7,
    childSurname: null,
    email: `${id}@example.com`,
    note: "",
    status: "pending",
    playerIds: [],
    playerName: null,
    parentName: "Sam Parent",
    subject: `jersey:${id}`,
    createdAt: createdAt.toISOString(),
    decidedAt: null,
  };
}

Deno.test("[retention] failed mail goes 30 days after it failed; younger failed mail stays", async () => {
  await using t = await createTestApp({ now: () => NOW });
  for (const [id, at] of [["old", outside("failed-mail")], ["young", inside("failed-mail")]] as const) {
    assert.ok(await moveToFailedMail(t.kv, { key: keys.pendingMail(id), versionstamp: null }, failedMail(id, at)));
  }
  assert.deepEqual(await sweepRetention(t.kv, NOW), { failedMail: 1, auditEntries: 0, undecidedRequests: 0 });
  assert.deepEqual(await ids(t.kv, keys.failedMails()), ["young"]);
});

Deno.test("[retention] audit entries go after 90 days with their team's copy; younger ones stay", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const op = t.kv.atomic();
  stageAuditEntry(op, entry("team-a", "old"), outside("security-event"));
  stageAuditEntry(op, entry(null, "system"), outside("security-event"));
  const young = stageAuditEntry(op, entry("team-a", "young"), inside("security-event"));
  assert.ok((await op.commit()).ok);

  assert.deepEqual(await sweepRetention(t.kv, NOW), { failedMail: 0, auditEntries: 2, undecidedRequests: 0 });
  assert.deepEqual(await ids(t.kv, keys.audit()), [young.id]);
  assert.deepEqual(await ids(t.kv, keys.teamAudit("team-a")), [young.id]);
  // Their index entries by subject go with them: only the young entry's remain.
  assert.deepEqual(await ids(t.kv, ["audit_by_subject"]), [`coach@example.com/${young.id}`, `young/${young.id}`]);
});

function entry(teamId: string | null, targetId: string) {
  return { teamId, action: "settings.updated", targetId, actor: "coach@example.com", detail: "" };
}

Deno.test("[retention] claims and join requests unanswered after 30 days go with their indexes; the rest stay", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const claims = [
    pendingClaim("old-claim", "team-a", outside("undecided-request")),
    pendingClaim("old-join", "team-b", outside("undecided-request"), "join"),
    pendingClaim("young-claim", "team-a", inside("undecided-request")),
    // A kind the sweep does not know (a parent asking for their child's removal) is never dropped unanswered.
    pendingClaim("old-removal", "team-a", outside("undecided-request"), "removal"),
  ];
  for (const claim of claims) assert.equal(await insertPendingClaim(t.kv, claim), "inserted");
  const decided = {
    ...pendingClaim("old-decided", "team-a", outside("undecided-request")),
    status: "approved",
  } as Claim;
  await t.kv.set(keys.claim("team-a", decided.id), decided);
  const revisionBefore = (await t.kv.get(keys.teamRevision("team-a"))).versionstamp;

  assert.deepEqual(await sweepRetention(t.kv, NOW, { batch: 2 }), {
    failedMail: 0,
    auditEntries: 0,
    undecidedRequests: 2,
  });
  assert.deepEqual(await ids(t.kv, keys.teamClaims("team-a")), ["old-decided", "old-removal", "young-claim"]);
  assert.deepEqual(await ids(t.kv, keys.teamClaims("team-b")), []);
  assert.deepEqual(await ids(t.kv, keys.teamClaimStatusIndex("team-b")), []);
  assert.deepEqual(await ids(t.kv, keys.pendingClaimsOfEmail("old-claim@example.com")), []);
  // The index by address of every status goes with the claim too.
  assert.deepEqual(await ids(t.kv, keys.claimsOfEmail("old-claim@example.com")), []);
  assert.deepEqual(await ids(t.kv, keys.claimsOfEmail("young-claim@example.com")), ["team-a/young-claim"]);
  const guards = (await ids(t.kv, keys.allPendingClaimGuards())).filter((id) => !id.includes("pending-count"));
  assert.deepEqual(guards, [
    "team-a/jersey:old-removal/old-removal@example.com",
    "team-a/jersey:young-claim/young-claim@example.com",
  ]);
  assert.notEqual((await t.kv.get(keys.teamRevision("team-a"))).versionstamp, revisionBefore, "cached pages drop");
});

Deno.test("[retention] two sweeps at once delete each record once; a second run finds nothing", async () => {
  await using t = await createTestApp({ now: () => NOW });
  for (let i = 0; i < 30; i++) {
    const id = `old-${String(i).padStart(2, "0")}`;
    assert.ok(
      await moveToFailedMail(
        t.kv,
        { key: keys.pendingMail(id), versionstamp: null },
        failedMail(id, outside("failed-mail")),
      ),
    );
  }
  const [a, b] = await Promise.all([sweepRetention(t.kv, NOW, { batch: 7 }), sweepRetention(t.kv, NOW, { batch: 5 })]);
  assert.equal(a.failedMail + b.failedMail, 30);
  assert.deepEqual(await ids(t.kv, keys.failedMails()), []);
  assert.deepEqual(await sweepRetention(t.kv, NOW), { failedMail: 0, auditEntries: 0, undecidedRequests: 0 });
});

Deno.test("[retention] the job logs one line with what went, and a failure is logged, not thrown", async () => {
  const kv = await Deno.openKv(":memory:");
  assert.ok(
    await moveToFailedMail(
      kv,
      { key: keys.pendingMail("x"), versionstamp: null },
      failedMail("x", outside("failed-mail")),
    ),
  );
  const lines: Record<string, unknown>[] = [];
  const restore = setLogSink((line) => lines.push(JSON.parse(line)));
  try {
    await retentionSweepJob(kv, NOW);
    kv.close();
    await retentionSweepJob(kv, NOW);
  } finally {
    restore();
  }
  assert.deepEqual(
    lines.map(({ job, outcome, failedMail, auditEntries, undecidedRequests }) => ({
      job,
      outcome,
      failedMail,
      auditEntries,
      undecidedRequests,
    })),
    [
      { job: "retention.sweep", outcome: "ok", failedMail: 1, auditEntries: 0, undecidedRequests: 0 },
      {
        job: "retention.sweep",
        outcome: "failed",
        failedMail: undefined,
        auditEntries: undefined,
        undecidedRequests: undefined,
      },
    ],
  );
});

/**
 * What KV's expiry removes is not swept again: each such record is written with an expiry that
 * keeps its period. Written through the app on a database file (expiry counts on the real clock).
 */
Deno.test("[retention] signups, links, rate-limit counts, sessions and the outbox carry their expiry", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "kv.sqlite");
  const kv = await Deno.openKv(path);
  try {
    const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: path });
    const t = { app: createApp({ kv, config, assets: TEST_ASSETS, requestLog: false }), kv };
    const started = Date.now();
    assert.equal((await requestJson(t.app, "/api/signup/create-pending-intent", { body: SIGNUP_BODY })).status, 200);
    await createAccount(kv, { email: "parent@example.com" });
    const signedIn = await magicSignIn(t, "parent@example.com");
    assert.ok(signedIn.cookie);
    // A second link, left unused (the first was spent signing in).
    assert.equal(
      (await requestJson(t.app, "/api/team/magic-link", { body: { email: "parent@example.com" } })).status,
      200,
    );
    await createOutboxMailer(kv, { withBodies: true, log: () => {} }).send(
      {
        to: { address: "parent@example.com" },
        kind: "verification",
        subject: "Hello",
        text: "Hi",
        html: "<p>Hi</p>",
      } as Parameters<ReturnType<typeof createOutboxMailer>["send"]>[0],
    );
    await tokenFromMail(kv, "jordan@example.com", "/signup/verify");

    const db = openKvFile(path, { readOnly: true });
    const expiries = new Map<string, (number | null)[]>();
    for (const row of fileEntries(db)) {
      const prefix = String(row.key[0]);
      expiries.set(prefix, [...(expiries.get(prefix) ?? []), row.expiresAt === null ? null : row.expiresAt - started]);
    }
    db.close();
    /** Every record under `prefix` expires within [min, max] ms of the test's start. */
    const expect = (prefix: string, min: number, max: number) => {
      const found = expiries.get(prefix) ?? [];
      assert.ok(found.length > 0, `${prefix}: none written`);
      for (const left of found) {
        assert.ok(left !== null && left >= min - 5_000 && left <= max + 60_000, `${prefix}: expires in ${left} ms`);
      }
    };
    const day = 24 * HOUR;
    expect(
      "pending_signups",
      retentionPeriod("unverified-signup").periodMs,
      retentionPeriod("unverified-signup").periodMs,
    );
    expect("signup_tokens", day, day);
    expect("login_tokens", 15 * MINUTE, 15 * MINUTE);
    expect("login_link_renewals", 15 * MINUTE + 7 * day, 15 * MINUTE + retentionPeriod("link-renewal").periodMs);
    expect("rate_limits", 30 * MINUTE, 48 * HOUR);
    expect("sessions", 1, 30 * day);
    expect("user_sessions", 1, 30 * day);
    expect("outbox", retentionPeriod("dev-outbox").periodMs, retentionPeriod("dev-outbox").periodMs);
  } finally {
    kv.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("[retention] /privacy states every period in plain words", async () => {
  await using t = await createTestApp();
  const res = await get(t.app, "/privacy");
  assert.equal(res.status, 200);
  const html = (await res.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  assert.match(html, /How long we keep things/);
  for (const period of RETENTION_PERIODS) {
    assert.ok(html.includes(period.text), `${period.kind}: ${period.text}`);
    assert.ok(html.includes(period.what), `${period.kind}: ${period.what}`);
  }
});
