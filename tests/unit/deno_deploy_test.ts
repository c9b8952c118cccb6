// Deno Deploy (README "Deno Deploy"): the platform sets DENO_DEPLOYMENT_ID, and an app there opens
// the database assigned to it with `Deno.openKv()` without a path. GOALMATES_KV still wins.
import assert from "node:assert/strict";
import { ConfigError, DEFAULT_KV_PATH, loadConfig, onDenoDeploy } from "../../lib/config.ts";
import { KvOpenError, openKv } from "../../lib/db/kv.ts";
import { kvKind } from "../../lib/sysadmin/mod.ts";

const ON_DEPLOY = { DENO_DEPLOYMENT_ID: "r7ab3kq9x2" };

Deno.test("[deploy] GOALMATES_KV unset or blank on Deno Deploy is the platform's database; elsewhere the default file", () => {
  assert.equal(onDenoDeploy(ON_DEPLOY), true);
  assert.equal(onDenoDeploy({}), false);
  assert.equal(onDenoDeploy({ DENO_DEPLOYMENT_ID: "  " }), false);

  assert.equal(loadConfig(ON_DEPLOY).kvPath, null);
  assert.equal(loadConfig({ ...ON_DEPLOY, GOALMATES_KV: "  " }).kvPath, null);
  assert.equal(loadConfig({ ...ON_DEPLOY, GOALMATES_KV: ":memory:" }).kvPath, ":memory:");
  const remote = "https://api.deno.com/databases/00000000-0000-0000-0000-000000000000/connect";
  assert.equal(loadConfig({ ...ON_DEPLOY, GOALMATES_KV: ` ${remote} ` }).kvPath, remote);

  assert.equal(loadConfig({}).kvPath, DEFAULT_KV_PATH);
  assert.equal(loadConfig({ GOALMATES_KV: " ./data/x.kv " }).kvPath, "./data/x.kv");
  assert.throws(() => loadConfig({ GOALMATES_KV: "   " }), (error: Error) => {
    assert.ok(error instanceof ConfigError);
    assert.match(error.message, /^Invalid configuration:\n {2}GOALMATES_KV: GOALMATES_KV is blank/);
    return true;
  });
  assert.equal(kvKind(null), "Deno Deploy KV (the database assigned to the app)");
});

Deno.test("[deploy] the platform's database is opened with no path, and a failure names it", async () => {
  const calls: unknown[][] = [];
  const memory = await Deno.openKv(":memory:");
  try {
    const opened = await openKv(null, (...args: unknown[]) => {
      calls.push(args);
      return Promise.resolve(memory);
    });
    assert.equal(opened, memory);
    assert.deepEqual(calls, [[]], "Deno.openKv() without a path (any path would be a file the platform does not keep)");
  } finally {
    memory.close();
  }
  await assert.rejects(
    () => openKv(null, () => Promise.reject(new Error("no database is assigned"))),
    (error: Error) => {
      assert.ok(error instanceof KvOpenError);
      assert.equal(
        error.message,
        "Cannot open the platform's database (is a Deno KV database assigned to the app?): no database is assigned.",
      );
      return true;
    },
  );
});
