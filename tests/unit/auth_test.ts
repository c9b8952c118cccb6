import assert from "node:assert/strict";
import fc from "fast-check";
import { hashPassword, verifyPassword } from "../../lib/auth/passwords.ts";
import { hashToken, issueToken, newToken, peekToken, spendToken } from "../../lib/auth/tokens.ts";

// Light parameters keep the test quick; the format and comparison are what is tested.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

Deno.test("[auth] passwords: scrypt hashes verify, salts differ, wrong or malformed input is false", async () => {
  const a = await hashPassword("correct horse battery", FAST);
  const b = await hashPassword("correct horse battery", FAST);
  assert.notEqual(a, b);
  assert.match(a, /^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
  assert.equal(await verifyPassword("correct horse battery", a), true);
  assert.equal(await verifyPassword("correct horse batterY", a), false);
  const [, , , , salt, hash] = a.split("$");
  for (
    const bad of [
      "",
      "plain",
      "scrypt$x$8$1$aa$bb",
      "bcrypt$1$2$3$4$5",
      a.slice(0, -4),
      `scrypt$1000$8$1$${salt}$${hash}`,
    ]
  ) {
    assert.equal(await verifyPassword("correct horse battery", bad), false, bad);
  }
});

Deno.test("[auth] passwords: the default parameters are R6's N=2^17", async () => {
  assert.match(await hashPassword("x"), /^scrypt\$131072\$8\$1\$/);
});

Deno.test("[auth] tokens: 32 random bytes, only the hash stored", async () => {
  using kv = await Deno.openKv(":memory:");
  const key = "login";
  const token = await issueToken(kv, key, { userId: "u1" }, 60_000, 0);
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(newToken(), newToken());
  const stored = await Array.fromAsync(kv.list({ prefix: ["login_tokens"] }));
  assert.equal(stored.length, 1);
  assert.equal(stored[0].key[1], await hashToken(token));
  assert.ok(!JSON.stringify(stored).includes(token));
});

Deno.test("[auth] tokens: peeking spends nothing; spending works once, even when raced", async () => {
  using kv = await Deno.openKv(":memory:");
  const key = "login";
  const token = await issueToken(kv, key, "payload", 60_000, 0);
  assert.equal(await peekToken(kv, key, token, 1000), "payload");
  assert.equal(await peekToken(kv, key, token, 1000), "payload");
  const results = await Promise.all(Array.from({ length: 20 }, () => spendToken(kv, key, token, 1000)));
  assert.equal(results.filter((r) => r === "payload").length, 1);
  assert.equal(await spendToken(kv, key, token, 1000), null);
  assert.equal(await peekToken(kv, key, token, 1000), null);
});

Deno.test("[auth] tokens: expiry is checked in code; malformed tokens are refused", async () => {
  using kv = await Deno.openKv(":memory:");
  const key = "login";
  const token = await issueToken(kv, key, "p", 60_000, 0);
  assert.equal(await peekToken(kv, key, token, 60_000), null);
  assert.equal(await spendToken(kv, key, token, 60_001), null);
  assert.equal((await Array.fromAsync(kv.list({ prefix: ["login_tokens"] }))).length, 0, "expired token removed");
  for (const bad of ["", "short", `${token}x`, "a".repeat(42) + "="]) {
    assert.equal(await spendToken(kv, key, bad), null);
  }
});

Deno.test("[auth] password policy: 12 to 128 characters, any Unicode, breached passwords refused", async () => {
  const { passwordProblem } = await import("../../lib/auth/password_policy.ts");
  for (const common of ["qwerty123456", "1qaz2wsx3edc", "Password1234", "QAZWSXEDCRFV"]) {
    assert.equal(passwordProblem(common), "This password is too common. Please choose another.", common);
  }
  assert.equal(passwordProblem("elevenchars"), "Password must be at least 12 characters.");
  assert.equal(passwordProblem("x".repeat(129)), "Password must be at most 128 characters.");
  assert.equal(passwordProblem("ü".repeat(12)), null, "counted in characters, not bytes");
  assert.equal(passwordProblem("a quiet field at dawn"), null);
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", minLength: 12, maxLength: 40 }), (candidate) => {
      const length = [...candidate].length;
      const problem = passwordProblem(candidate);
      return length < 12 || length > 128 ? problem !== null : problem === null ||
        problem === "This password is too common. Please choose another.";
    }),
  );
});
