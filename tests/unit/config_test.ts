/** The WORKERS rule of lib/config.ts: isolates serving the one port, by default one per core. */
import assert from "node:assert/strict";
import { ConfigError, loadConfig, MAX_WORKERS } from "../../lib/config.ts";

const FILE_KV = { GOALMATES_KV: "/tmp/goalmates-config-test.kv" };

Deno.test("[config] WORKERS defaults to the number of cores, 1 on Deno Deploy and on :memory:", () => {
  assert.equal(loadConfig(FILE_KV, 4).workers, 4);
  assert.equal(loadConfig(FILE_KV, 1).workers, 1);
  assert.equal(loadConfig(FILE_KV, 512).workers, MAX_WORKERS, "capped");
  assert.equal(loadConfig({}, 8).workers, 8, "the default database file");
  assert.equal(loadConfig({ ...FILE_KV, DENO_DEPLOYMENT_ID: "abc123" }, 8).workers, 1);
  assert.equal(loadConfig({ DENO_DEPLOYMENT_ID: "abc123" }, 8).workers, 1, "the platform's own KV");
  assert.equal(loadConfig({ GOALMATES_KV: ":memory:" }, 8).workers, 1);
});

Deno.test("[config] WORKERS set by hand wins, 1 is always allowed", () => {
  assert.equal(loadConfig({ ...FILE_KV, WORKERS: "3" }, 2).workers, 3);
  assert.equal(loadConfig({ ...FILE_KV, WORKERS: " 2 " }, 8).workers, 2);
  assert.equal(loadConfig({ GOALMATES_KV: ":memory:", WORKERS: "1" }, 8).workers, 1);
  assert.equal(loadConfig({ DENO_DEPLOYMENT_ID: "abc123", WORKERS: "1" }, 8).workers, 1);
  assert.equal(loadConfig({ ...FILE_KV, WORKERS: "" }, 2).workers, 2, "blank is unset");
});

Deno.test("[config] a bad WORKERS is a ConfigError naming the variable and its rule on one line", () => {
  for (const value of ["0", "-1", "1.5", "two", "2x", `${MAX_WORKERS + 1}`, "1e3"]) {
    assert.throws(
      () => loadConfig({ ...FILE_KV, WORKERS: value }, 2),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError, value);
        const problems = error.message.split("\n").slice(1);
        assert.deepEqual(problems, [
          `  WORKERS: WORKERS must be a whole number from 1 to ${MAX_WORKERS} (isolates serving the port)`,
        ], value);
        return true;
      },
    );
  }
});

Deno.test("[config] WORKERS above 1 is refused where isolates cannot share the database or the platform scales", () => {
  assert.throws(
    () => loadConfig({ GOALMATES_KV: ":memory:", WORKERS: "2" }, 2),
    new ConfigError(
      "Invalid configuration:\n  WORKERS: WORKERS must be 1 with GOALMATES_KV=:memory:, a database each isolate would hold alone",
    ),
  );
  assert.throws(
    () => loadConfig({ DENO_DEPLOYMENT_ID: "abc123", WORKERS: "4" }, 2),
    new ConfigError("Invalid configuration:\n  WORKERS: WORKERS must be 1 on Deno Deploy, which runs isolates itself"),
  );
});
