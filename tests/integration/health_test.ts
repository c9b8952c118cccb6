/**
 * `GET /healthz` (issue 21): 200 `{"status":"ok"}` while the database answers, 503
 * `{"status":"unavailable"}` when it is closed or too slow; no session, no cookie, no rate limit,
 * never cached.
 */
import assert from "node:assert/strict";
import { createTestApp, get, TEST_ASSETS, TEST_ORIGIN } from "../helpers.ts";
import { createApp } from "../../routes/mod.tsx";
import { loadConfig } from "../../lib/config.ts";
import { HEALTH_KV_DEADLINE_MS } from "../../routes/health.ts";

type App = ReturnType<typeof createApp>;

const healthz = (app: App, headers: Record<string, string> = {}) => app.request(`${TEST_ORIGIN}/healthz`, { headers });

/** The app on a database whose reads never answer, or fail: every other call goes to a real one. */
function appOnKv(kv: Deno.Kv, get: () => Promise<never>): App {
  const broken = new Proxy(kv, {
    get(target, name) {
      if (name === "get") return get;
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: ":memory:" });
  return createApp({ kv: broken, config, assets: TEST_ASSETS, requestLog: false });
}

async function assertUnavailable(res: Response) {
  assert.equal(res.status, 503);
  assert.deepEqual(await res.json(), { status: "unavailable" });
  assert.equal(res.headers.get("cache-control"), "no-store");
}

Deno.test("[health] 200 {status: ok} while the database answers: never cached, no cookie set, fast", async () => {
  await using t = await createTestApp();
  await (await healthz(t.app)).body?.cancel(); // the router builds its tables on the first request
  const started = performance.now();
  const res = await healthz(t.app);
  const ms = performance.now() - started;
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: "ok" });
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(res.headers.get("set-cookie"), null);
  assert.ok(ms < 50, `answered in ${ms.toFixed(1)} ms`);

  // A session cookie, valid or not, is not even read: the answer is the same and sets nothing.
  const withCookie = await healthz(t.app, { cookie: "gm_session=not-a-session; gm_sysadmin=nope" });
  assert.equal(withCookie.status, 200);
  assert.equal(withCookie.headers.get("set-cookie"), null);
  await withCookie.body?.cancel();

  const head = await t.app.request(`${TEST_ORIGIN}/healthz`, { method: "HEAD" });
  assert.equal(head.status, 200);
});

Deno.test("[health] 503 {status: unavailable} once the database is closed", async () => {
  const t = await createTestApp(); // closed by the test itself
  assert.equal((await healthz(t.app)).status, 200);
  t.kv.close();
  await assertUnavailable(await healthz(t.app));
});

Deno.test("[health] 503 when a read never answers (within the deadline) or throws", async () => {
  await using kv = await Deno.openKv(":memory:");
  const stalled = appOnKv(kv, () => new Promise<never>(() => {}));
  const started = performance.now();
  await assertUnavailable(await healthz(stalled));
  const ms = performance.now() - started;
  assert.ok(ms >= HEALTH_KV_DEADLINE_MS - 5 && ms < 1000, `gave up after ${ms.toFixed(1)} ms`);

  const failing = appOnKv(kv, () => Promise.reject(new Error("database is locked")));
  await assertUnavailable(await healthz(failing));
});

Deno.test("[health] no rate limit: 1,000 checks in a row from one address all answer 200", async () => {
  await using t = await createTestApp();
  const statuses = new Map<number, number>();
  for (let i = 0; i < 1000; i++) {
    const res = await get(t.app, "/healthz", { ip: "203.0.113.9" });
    await res.body?.cancel();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  assert.deepEqual([...statuses], [[200, 1000]]);
});
