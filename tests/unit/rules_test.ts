import assert from "node:assert/strict";
import fc from "fast-check";
import { cleanText, foldName, isValidEmail, normalizeEmail, parseJersey, wellFormed } from "../../lib/text.ts";
import { checkIdentity } from "../../lib/join/rules.ts";
import { checkNewPlayer } from "../../lib/roster/manage.ts";
import { checkClaim, parseClaimJersey } from "../../lib/claims/rules.ts";
import { serializeForScript } from "../../lib/render/serialize.ts";
import { loadConfig, unsubscribeKeyOf } from "../../lib/config.ts";

Deno.test("[rules] one jersey parser for every form: whole numbers only, '12abc' is not 12", () => {
  assert.equal(parseJersey(7), 7);
  assert.equal(parseJersey(" 12 "), 12);
  assert.equal(parseJersey("09"), 9);
  for (const bad of [7.9, "12abc", "abc", "", "7.5", "-3", -3, null, undefined, Number.NaN, Infinity, "1e2"]) {
    assert.equal(parseJersey(bad), null, String(bad));
  }
  // The join and player checks refuse what the parser refuses, with their own texts.
  assert.equal(checkIdentity({ userType: "parent", jerseyNumber: "12abc", lastName: "Lee" }).ok, false);
  assert.equal(checkNewPlayer({ firstName: "A", lastName: "B", jerseyNumber: "12abc" }).ok, false);
});

Deno.test("[rules] a claim's jersey is read like every other jersey: whole numbers or digits, else refused", () => {
  assert.equal(parseClaimJersey(7), 7);
  assert.equal(parseClaimJersey(" 12 "), 12);
  assert.equal(parseClaimJersey("09"), 9);
  for (const bad of [7.9, "12abc", "7abc", "abc", "", null, true, [7], Number.NaN, Infinity, "-3", -3, "0x10"]) {
    assert.equal(parseClaimJersey(bad), null, JSON.stringify(bad));
    const check = checkClaim({ mode: "jersey", jerseyNumber: bad, email: "p@example.com" });
    assert.deepEqual(check, {
      ok: false,
      message: "Jersey number must be between 0 and 99",
      fields: { jerseyNumber: "Jersey number must be between 0 and 99" },
    });
  }
});

Deno.test("[rules] e-mail: a simple pattern, length capped, no quoting or header tricks", () => {
  for (const ok of ["a@b.co", "first.last+tag@sub.example.org", "  padded@example.com  "]) {
    assert.ok(isValidEmail(ok), ok);
  }
  for (
    const bad of [
      "",
      "a",
      "a@b",
      "a@b.c",
      "a b@c.de",
      '"a"@b.co',
      "a,b@c.de",
      "a@b.co\r\nBcc: x@y.z",
      "<a@b.co>",
      42,
      null,
      `${"a".repeat(250)}@b.co`,
      "a\uD800@b.co",
      `${"a".repeat(3000)}@b.co`,
      // 252 characters that lowercase to 253 + "@b.co": checked in the form that is stored.
      `${"\u0130".repeat(126)}@b.co`.padStart(254, "x"),
    ]
  ) assert.ok(!isValidEmail(bad), String(bad).slice(0, 40));
  assert.equal(normalizeEmail(" A\uD800@B.co "), "a\uFFFD@b.co", "well-formed, as a KV key stores it");
});

Deno.test("[rules] text is NFC, control characters become spaces, trimmed; names fold accents", () => {
  assert.equal(cleanText("  Ze\u0301\u0000ro\n "), "Zé ro");
  assert.equal(foldName(" García "), "garcia");
  assert.equal(foldName("MÜLLER"), foldName("muller"));
  assert.equal(cleanText("a\uD800b"), "a\uFFFDb", "a lone surrogate becomes U+FFFD");
});

Deno.test("[rules] well-formed text, also where String.prototype.toWellFormed is missing (older browsers)", () => {
  const cases = ["a\uD800b", "\uDC00\uDC00", "ok \u{1F600}", "\uD83D", "x\uDBFF\uDFFFy"];
  const native = cases.map((c) => c.toWellFormed());
  const descriptor = Object.getOwnPropertyDescriptor(String.prototype, "toWellFormed")!;
  // deno-lint-ignore no-explicit-any
  delete (String.prototype as any).toWellFormed;
  try {
    assert.deepEqual(cases.map(wellFormed), native);
  } finally {
    Object.defineProperty(String.prototype, "toWellFormed", descriptor);
  }
});

Deno.test("[rules] claim check: unknown fields are refused; a surname is bounded in the form it is matched", () => {
  assert.deepEqual(checkClaim({ mode: "jersey", jerseyNumber: 7, email: "p@example.com", admin: true }), {
    ok: false,
    message: "Unknown field: admin",
    fields: {},
  });
  const long = checkClaim({ mode: "surname", childSurname: "\uFDFA".repeat(60), email: "p@example.com" });
  assert.equal(long.ok, false);
  assert.equal(!long.ok && long.fields.childSurname, "Child's surname must be at most 60 characters");
});

Deno.test("[rules] join checks bound names in their folded form too", () => {
  const identity = checkIdentity({ userType: "parent", jerseyNumber: 4, lastName: "\uFDFA".repeat(50) });
  assert.equal(!identity.ok && identity.fields.lastName, "Last name must be at most 50 characters");
  for (const jerseyNumber of [null, [7], true, "7abc"]) {
    assert.equal(checkIdentity({ userType: "parent", jerseyNumber, lastName: "Lee" }).ok, false);
  }
});

Deno.test("[rules] claim check: spec messages, one per field, first as the summary", () => {
  assert.deepEqual(checkClaim({ mode: "jersey", jerseyNumber: "100", email: "x" }), {
    ok: false,
    message: "Jersey number must be between 0 and 99",
    fields: { jerseyNumber: "Jersey number must be between 0 and 99", email: "Please enter a valid email address" },
  });
  assert.deepEqual(checkClaim({ mode: "surname", childSurname: "", email: "p@example.com" }), {
    ok: false,
    message: "Child's surname is required",
    fields: { childSurname: "Child's surname is required" },
  });
  assert.deepEqual(checkClaim({ mode: "jersey", jerseyNumber: "09", email: " P@Example.com ", note: " hi\n" }), {
    ok: true,
    value: { mode: "jersey", jerseyNumber: 9, email: "p@example.com", note: "hi" },
  });
});

Deno.test("[rules] claim check never throws, whatever it is given", () => {
  fc.assert(fc.property(fc.anything(), (input) => {
    const result = checkClaim(input);
    assert.equal(typeof result.ok, "boolean");
  }));
});

Deno.test("[render] script-safe JSON parses back to the same value and cannot close the element", () => {
  fc.assert(fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), (value, text) => {
    for (const v of [value, text, { text }]) {
      const out = serializeForScript(v);
      assert.ok(!/[<>&\u2028\u2029]/.test(out));
      assert.deepEqual(JSON.parse(out), JSON.parse(JSON.stringify(v)));
    }
  }));
  assert.equal(serializeForScript("</script><!--"), '"\\u003c/script\\u003e\\u003c!--"');
});

Deno.test("[config] defaults, every variable honoured, one readable error", () => {
  const defaults = loadConfig({});
  assert.equal(defaults.port, 8000);
  assert.equal(defaults.hostname, "0.0.0.0");
  assert.equal(defaults.env, "production");
  assert.equal(defaults.kvPath, "./data/goalmates.kv");
  assert.equal(defaults.appUrl, "http://localhost:8000");
  assert.equal(defaults.smtpUrl, undefined);
  assert.equal(defaults.calendarAllowPrivateHosts, false);
  const all = loadConfig({
    PORT: "9000",
    HOSTNAME: "127.0.0.1",
    GOALMATES_ENV: "development",
    GOALMATES_KV: ":memory:",
    APP_URL: "https://goalmates.example/",
    SMTP_URL: "smtp://127.0.0.1:2525",
    MAIL_FROM: "Team <team@goalmates.example>",
    MAIL_QUEUE_KEY: "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=",
    SYSADMIN_EMAIL: "root@goalmates.example",
    SYSADMIN_PASSWORD: "correct horse battery",
    CALENDAR_ALLOW_PRIVATE_HOSTS: "1",
    TRUSTED_PROXY: "127.0.0.1",
  });
  assert.deepEqual({ ...all }, {
    port: 9000,
    hostname: "127.0.0.1",
    env: "development",
    kvPath: ":memory:",
    appUrl: "https://goalmates.example",
    appOrigin: "https://goalmates.example",
    smtpUrl: "smtp://127.0.0.1:2525",
    mailFrom: "Team <team@goalmates.example>",
    mailQueueKey: new Uint8Array(32).fill(7),
    // No UNSUBSCRIBE_KEY: derived from MAIL_QUEUE_KEY (tests/unit/unsubscribe_token_test.ts).
    unsubscribeKey: unsubscribeKeyOf({ mailQueueKey: new Uint8Array(32).fill(7) }, "development"),
    sysadminEmail: "root@goalmates.example",
    sysadminPassword: "correct horse battery",
    calendarAllowPrivateHosts: true,
    trustedProxies: new Set(["127.0.0.1"]),
    workers: 1, // One isolate on `:memory:`: each would have its own database.
  });
  assert.equal(loadConfig({ PORT: "9100" }).appUrl, "http://localhost:9100");
  assert.throws(() => loadConfig({ PORT: "eighty", GOALMATES_ENV: "staging" }), (e: Error) => {
    assert.match(e.message, /^Invalid configuration:/);
    assert.match(e.message, /PORT/);
    assert.match(e.message, /GOALMATES_ENV must be 'production' or 'development'/);
    return true;
  });
  assert.throws(() => loadConfig({ APP_URL: "not a url" }), /APP_URL must be an absolute URL/);
  // The key that seals queued mail: 32 bytes in base64, and required where mail leaves in production.
  assert.equal(loadConfig({}).mailQueueKey, undefined);
  assert.deepEqual(
    loadConfig({ MAIL_QUEUE_KEY: "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc" }).mailQueueKey,
    new Uint8Array(32).fill(7),
  );
  for (
    const bad of [
      "short",
      "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBw==",
      "Bw!HBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=",
    ]
  ) {
    assert.throws(
      () => loadConfig({ MAIL_QUEUE_KEY: bad }),
      /Invalid configuration:\n {2}MAIL_QUEUE_KEY: MAIL_QUEUE_KEY must be 32 random bytes in base64/,
    );
  }
  assert.throws(
    () => loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }),
    /MAIL_QUEUE_KEY is required when SMTP_URL is set in production/,
  );
  assert.equal(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525", GOALMATES_ENV: "development" }).mailQueueKey, undefined);
});
