import assert from "node:assert/strict";
import { seedTeam } from "../helpers.ts";
import { queuedMail } from "../auth_helpers.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { approveClaim, denyClaim } from "../../lib/claims/decisions.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { keys } from "../../lib/db/keys.ts";
import { getMembership, getUserByEmail } from "../../lib/db/users.ts";
import type { Claim } from "../../lib/db/claims.ts";
import { ConflictError } from "../../lib/errors.ts";

const decision = (kv: Deno.Kv, teamId: string, claimId: string) => ({
  kv,
  teamId,
  claimId,
  actor: "coach@example.com",
  appUrl: "http://goalmates.test",
  now: new Date(),
});

Deno.test("[decisions] approval makes the claimant a parent, mails one edit link, records one audit entry", async () => {
  using kv = await Deno.openKv(":memory:");
  const { team, players } = await seedTeam(kv);
  const claim = await submitClaim(kv, team, { mode: "jersey", jerseyNumber: 4, email: "ana@example.com", note: "" });
  const decided = await approveClaim(decision(kv, team.id, claim.id));
  assert.equal(decided.status, "approved");
  const user = (await getUserByEmail(kv, "ana@example.com"))!;
  assert.equal((await getMembership(kv, user.id, team.id))!.role, "TEAM_STANDARD");
  assert.ok((await kv.get(keys.playerGuardian(team.id, players[1].id, user.id))).value);
  const mails = await queuedMail(kv);
  assert.equal(mails.length, 1);
  assert.match(mails[0].mail.text, /\/edit\?token=[A-Za-z0-9_-]{43}/);
  assert.equal((await listAudit(kv, { teamId: team.id })).values.length, 1);
  assert.equal((await kv.get(keys.pendingClaimBySubject(team.id, claim.subject, claim.email))).value, null);
  await assert.rejects(() => denyClaim(decision(kv, team.id, claim.id)), /already been decided/);
});

Deno.test("[decisions] 50 simultaneous approve/deny clicks: one decision, at most one e-mail, one audit entry", async () => {
  using kv = await Deno.openKv(":memory:");
  const { team } = await seedTeam(kv);
  const claim = await submitClaim(kv, team, { mode: "jersey", jerseyNumber: 7, email: "ana@example.com", note: "" });
  const results = await Promise.allSettled(
    Array.from(
      { length: 50 },
      (_, i) => i % 2 ? approveClaim(decision(kv, team.id, claim.id)) : denyClaim(decision(kv, team.id, claim.id)),
    ),
  );
  const winners = results.filter((r): r is PromiseFulfilledResult<Claim> => r.status === "fulfilled");
  assert.equal(winners.length, 1);
  assert.ok(results.every((r) => r.status === "fulfilled" || r.reason instanceof ConflictError));
  const stored = (await kv.get<Claim>(keys.claim(team.id, claim.id))).value!;
  assert.equal(stored.status, winners[0].value.status);
  assert.equal((await queuedMail(kv)).length, stored.status === "approved" ? 1 : 0);
  assert.equal((await listAudit(kv, { teamId: team.id })).values.length, 1);
});

Deno.test("[decisions] a surname claim matching several players needs the admin to pick one", async () => {
  using kv = await Deno.openKv(":memory:");
  const { team, players } = await seedTeam(kv);
  const claim = await submitClaim(kv, team, {
    mode: "surname",
    childSurname: "Rodriguez",
    email: "r@example.com",
    note: "",
  });
  await assert.rejects(() => approveClaim(decision(kv, team.id, claim.id)), /Choose which player/);
  const decided = await approveClaim({ ...decision(kv, team.id, claim.id), playerId: players[2].id });
  assert.equal(decided.playerName, "Diego Rodriguez");
});
