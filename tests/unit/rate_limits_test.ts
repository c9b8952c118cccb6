import assert from "node:assert/strict";
import { consumeRateLimits } from "../../lib/db/rate_limits.ts";
import { RateLimitError } from "../../lib/errors.ts";

const msg = (m: number) => `wait ${m}`;
const subjects = async (kv: Deno.Kv) =>
  (await Array.fromAsync(kv.list({ prefix: ["rate_limits"] }))).map((e) => e.key[2] as string);

Deno.test("[db] rate limits: a subject of any length is counted, under its digest when long (never a key error)", async () => {
  using kv = await Deno.openKv(":memory:");
  const long = `${"\uFDFA".repeat(3000)}@example.com`;
  const rule = { bucket: "b", subject: long, limit: 2, windowMs: 60_000 };
  await consumeRateLimits(kv, [rule], msg, 0);
  await consumeRateLimits(kv, [rule], msg, 0);
  await assert.rejects(consumeRateLimits(kv, [rule], msg, 0), RateLimitError);
  const [subject] = await subjects(kv);
  assert.match(subject, /^sha256:[0-9a-f]{64}$/);
  // A different long subject is a different counter.
  await consumeRateLimits(kv, [{ ...rule, subject: `${long}x` }], msg, 0);
  assert.equal((await subjects(kv)).length, 2);
});

Deno.test("[db] rate limits: subjects that differ only in a lone surrogate are one counter, as their keys would be", async () => {
  using kv = await Deno.openKv(":memory:");
  const rule = (subject: string) => ({ bucket: "b", subject, limit: 1, windowMs: 60_000 });
  await consumeRateLimits(kv, [rule("a\uD800@example.com")], msg, 0);
  await assert.rejects(consumeRateLimits(kv, [rule("a\uDBFF@example.com")], msg, 0), RateLimitError);
  assert.deepEqual(await subjects(kv), ["a\uFFFD@example.com"]);
});
