/**
 * The data migration runner (lib/db/migrations.ts) main.ts starts with: each migration runs
 * once per database, in order, and is recorded only after it succeeded; a failing one stops the
 * start; two instances starting at once both get through. And the app's own list keeps the ids
 * earlier versions recorded, so no database runs a migration twice.
 */
import assert from "node:assert/strict";
import { type DataMigration, isMigrationRecorded, MigrationError, runMigrations } from "../../lib/db/migrations.ts";
import { DATA_MIGRATIONS } from "../../lib/migrations.ts";

const NOW = new Date("2026-05-01T08:00:00Z");

/** A migration that counts its runs (and changes `changed` records each time). */
function counting(id: string, order: string[], changed = 1) {
  const migration = {
    id,
    runs: 0,
    run: () => {
      migration.runs++;
      order.push(id);
      return Promise.resolve(changed);
    },
    describe: (n: number) => `${id} changed ${n}`,
  };
  return migration;
}

Deno.test("[migrations] each runs once, in order, and is recorded; the next start skips them", async () => {
  using kv = await Deno.openKv(":memory:");
  const order: string[] = [];
  const migrations = [counting("first", order, 3), counting("second", order, 0), counting("third", order)];
  const logged: string[] = [];

  const ran = await runMigrations(kv, migrations, { now: NOW, log: (line) => logged.push(line) });
  assert.deepEqual(order, ["first", "second", "third"]);
  assert.deepEqual([...ran], [["first", 3], ["second", 0], ["third", 1]]);
  assert.deepEqual(logged, ["first changed 3", "third changed 1"], "a migration that changed nothing is quiet");
  for (const { id } of migrations) assert.ok(await isMigrationRecorded(kv, id), `${id} is recorded`);
  assert.equal((await kv.get(["migrations", "first"])).value, NOW.toISOString());

  const again = await runMigrations(kv, migrations, { now: NOW });
  assert.equal(again.size, 0, "the second start runs nothing");
  assert.deepEqual(migrations.map((m) => m.runs), [1, 1, 1]);

  // A migration added later runs alone at the next start.
  const added = counting("fourth", order);
  assert.deepEqual([...await runMigrations(kv, [...migrations, added], { now: NOW })], [["fourth", 1]]);
});

Deno.test("[migrations] a failing migration is not recorded, stops the ones after it, and names itself", async () => {
  using kv = await Deno.openKv(":memory:");
  const order: string[] = [];
  const failing: DataMigration = { id: "broken", run: () => Promise.reject(new Error("disk said no")) };
  const migrations = [counting("before", order), failing, counting("after", order)];

  const error = await runMigrations(kv, migrations, { now: NOW }).then(
    () => assert.fail("the start must stop"),
    (error: unknown) => error,
  );
  assert.ok(error instanceof MigrationError);
  assert.match(error.message, /^The data migration "broken" failed \(disk said no\); it is not recorded/);
  assert.equal((error.cause as Error).message, "disk said no");
  assert.deepEqual(order, ["before"], "nothing after the failure ran");
  assert.ok(await isMigrationRecorded(kv, "before"));
  assert.equal(await isMigrationRecorded(kv, "broken"), false);
  assert.equal(await isMigrationRecorded(kv, "after"), false);

  // Fixed, the next start runs it and the rest, and not the one already recorded.
  const fixed = counting("broken", order);
  const ran = await runMigrations(kv, [migrations[0], fixed, migrations[2]], { now: NOW });
  assert.deepEqual([...ran.keys()], ["broken", "after"]);
});

Deno.test("[migrations] two instances starting at once both finish, and each migration is recorded", async () => {
  using kv = await Deno.openKv(":memory:");
  const order: string[] = [];
  const migrations = [counting("a", order), counting("b", order)];
  const [one, two] = await Promise.all([
    runMigrations(kv, migrations, { now: NOW }),
    runMigrations(kv, migrations, { now: new Date(NOW.getTime() + 1) }),
  ]);
  assert.ok(one.size + two.size >= 2, "every migration ran at least once (they are idempotent)");
  const times = [NOW.toISOString(), new Date(NOW.getTime() + 1).toISOString()];
  for (const { id } of migrations) {
    // The instance that recorded first keeps its record; the other's write is refused, not an error.
    assert.ok(times.includes((await kv.get<string>(["migrations", id])).value!), `${id} recorded`);
  }
  assert.deepEqual(await Array.fromAsync(kv.list({ prefix: ["migrations"] }), (e) => e.key[1]), ["a", "b"]);
  const third = await runMigrations(kv, migrations, { now: NOW });
  assert.equal(third.size, 0);
});

Deno.test("[migrations] the app's list keeps the ids earlier versions recorded, in their order", () => {
  // Renaming one would run it again on every existing database.
  assert.deepEqual(DATA_MIGRATIONS.map((m) => m.id), [
    "events-in-sets",
    "author-name-copies-removed",
    "families-from-guardian-links",
    "pending-claims-by-email",
    "kept-team-counts",
    "claims-by-email",
    "audit-by-subject",
  ]);
});

Deno.test("[migrations] the app's migrations run on an empty database, are recorded, and change nothing", async () => {
  using kv = await Deno.openKv(":memory:");
  const ran = await runMigrations(kv, DATA_MIGRATIONS, { now: NOW });
  assert.deepEqual([...ran.values()], [0, 0, 0, 0, 0, 0, 0]);
  for (const { id } of DATA_MIGRATIONS) assert.ok(await isMigrationRecorded(kv, id));
  assert.equal((await runMigrations(kv, DATA_MIGRATIONS, { now: NOW })).size, 0);
});

Deno.test("[migrations] claims and audit entries from before their indexes are indexed by address and subject", async () => {
  using kv = await Deno.openKv(":memory:");
  const claim = {
    id: "c1",
    teamId: "t1",
    email: "old@example.com",
    status: "denied",
    subject: "jersey:7",
  };
  await kv.set(["claims", "t1", "c1"], claim);
  const entry = {
    id: "a1",
    teamId: "t1",
    action: "claim.denied",
    targetId: "c1",
    actor: "sysadmin:Root@Example.com",
    detail: "old@example.com for Leo",
    createdAt: NOW.toISOString(),
  };
  await kv.set(["audit", "a1"], entry);
  const ran = await runMigrations(kv, DATA_MIGRATIONS, { now: NOW });
  assert.equal(ran.get("claims-by-email"), 1);
  assert.equal(ran.get("audit-by-subject"), 1);
  const indexKeys = await Array.fromAsync(
    kv.list({ prefix: ["claims_by_email"] }),
    (e) => e.key.join("/"),
  );
  assert.deepEqual(indexKeys, ["claims_by_email/old@example.com/t1/c1"]);
  const subjects = await Array.fromAsync(kv.list({ prefix: ["audit_by_subject"] }), (e) => e.key[1]);
  assert.deepEqual(subjects.sort(), ["c1", "old@example.com", "root@example.com"]);
});
