/** Databases from before families: their parent links get families once, at start. */
import assert from "node:assert/strict";
import { createTestApp, kvValues, seedTeam } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { runMigrations } from "../../lib/db/migrations.ts";
import { DATA_MIGRATIONS } from "../../lib/migrations.ts";

/** A start of the app, as far as this migration goes: how many records it changed (0 when it had run). */
const start = async (kv: Deno.Kv) => {
  const migration = DATA_MIGRATIONS.filter((m) => m.id === "families-from-guardian-links");
  assert.equal(migration.length, 1);
  return (await runMigrations(kv, migration)).get(migration[0].id) ?? 0;
};

Deno.test("[families] parent links made before families get one family per household, once", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv);
  const mum = await createAccount(t.kv, { email: "mum@example.com", teamId: team.id });
  const dad = await createAccount(t.kv, { email: "dad@example.com", teamId: team.id });
  const op = t.kv.atomic();
  stageGuardian(op, team.id, players[0].id, mum.id);
  stageGuardian(op, team.id, players[0].id, dad.id);
  stageGuardian(op, team.id, players[1].id, mum.id);
  assert.ok((await op.commit()).ok);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["families", team.id] }), []);

  assert.ok(await start(t.kv) > 0);
  const families = await kvValues(t.kv, { prefix: ["families", team.id] });
  assert.equal(families.length, 1, "both children and both parents are one household");
  const members = await kvValues<{ memberId: string }>(t.kv, { prefix: ["family_members", team.id] });
  assert.deepEqual(members.map((m) => m.memberId).sort(), [players[0].id, players[1].id, mum.id, dad.id].sort());

  // Kept counts are KvU64s, whose bigint JSON cannot write as it is.
  const everything = async () =>
    JSON.stringify(await kvValues(t.kv, { prefix: [] }), (_, v) => typeof v === "bigint" ? `${v}n` : v);
  const after = await everything();
  assert.equal(await start(t.kv), 0, "the second start does nothing");
  assert.equal(await everything(), after);
});
