/**
 * The one-click unsubscribe token (issue 23 item 5): it round-trips, names only the person and
 * the kind, never expires, and any change (a flipped bit, another kind, cut short, another key)
 * verifies as nothing; the RFC 8058 headers; where its key comes from (lib/config.ts).
 */
import assert from "node:assert/strict";
import {
  listUnsubscribeHeaders,
  unsubscribeUrl,
  useUnsubscribeKey,
  verifyUnsubscribeToken,
} from "../../lib/notifications/unsubscribe.ts";
import { DEVELOPMENT_UNSUBSCRIBE_KEY, loadConfig, unsubscribeKeyOf } from "../../lib/config.ts";

const USER = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const KEY = new Uint8Array(32).fill(3);
const APP = "https://goalmates.example";

const tokenOf = (url: string) => url.slice(`${APP}/unsubscribe/`.length);

Deno.test("[unsubscribe token] round trip: the URL's token names the person and the kind, and nothing else", () => {
  const restore = useUnsubscribeKey(KEY);
  try {
    for (const kind of ["teamNews", "scheduleChanges", "weeklyDigest"] as const) {
      const url = unsubscribeUrl(APP, USER, kind);
      assert.ok(url.startsWith(`${APP}/unsubscribe/`), url);
      const token = tokenOf(url);
      assert.match(token, /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, "a path segment the router accepts");
      assert.deepEqual(verifyUnsubscribeToken(token), { userId: USER, kind });
    }
    // A trailing slash on APP_URL makes no double slash.
    assert.equal(unsubscribeUrl(`${APP}/`, USER, "teamNews"), unsubscribeUrl(APP, USER, "teamNews"));
  } finally {
    restore();
  }
});

Deno.test("[unsubscribe token] never expires: the same token verifies years later, and it carries no time", () => {
  const restore = useUnsubscribeKey(KEY);
  try {
    const token = tokenOf(unsubscribeUrl(APP, USER, "weeklyDigest"));
    const later = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
    const realNow = Date.now;
    Date.now = () => later.getTime();
    try {
      assert.deepEqual(verifyUnsubscribeToken(token), { userId: USER, kind: "weeklyDigest" });
    } finally {
      Date.now = realNow;
    }
    // Deterministic: the same person and kind give the same token (nothing random or dated in it).
    assert.equal(tokenOf(unsubscribeUrl(APP, USER, "weeklyDigest")), token);
    assert.equal(token.split(".").length, 3);
  } finally {
    restore();
  }
});

Deno.test("[unsubscribe token] a flipped bit, another kind, another person, cut short or another key: null", () => {
  const restore = useUnsubscribeKey(KEY);
  try {
    const token = tokenOf(unsubscribeUrl(APP, USER, "teamNews"));
    const [userId, kind, mac] = token.split(".");
    const bits = Uint8Array.from(atob(mac.replaceAll("-", "+").replaceAll("_", "/") + "="), (c) => c.charCodeAt(0));
    for (let bit = 0; bit < bits.length * 8; bit += 37) {
      const flipped = Uint8Array.from(bits);
      flipped[bit >> 3] ^= 1 << (bit & 7);
      const flippedMac = btoa(String.fromCharCode(...flipped)).replaceAll("+", "-").replaceAll("/", "_").replace(
        /=$/,
        "",
      );
      assert.equal(verifyUnsubscribeToken(`${userId}.${kind}.${flippedMac}`), null, `bit ${bit}`);
    }
    // The last character's low bits are padding: a base64url text the encoder never writes is refused too.
    const lastChar = mac.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sibling = alphabet[alphabet.indexOf(lastChar) ^ 1];
    assert.equal(verifyUnsubscribeToken(`${userId}.${kind}.${mac.slice(0, -1)}${sibling}`), null);
    assert.equal(verifyUnsubscribeToken(`${userId}.scheduleChanges.${mac}`), null, "another kind");
    assert.equal(verifyUnsubscribeToken(`01ARZ3NDEKTSV4RRFFQ69G5FAW.${kind}.${mac}`), null, "another person");
    assert.equal(verifyUnsubscribeToken(`${userId}.marketing.${mac}`), null, "not a kind");
    for (let cut = 1; cut < token.length; cut += 7) {
      assert.equal(verifyUnsubscribeToken(token.slice(0, cut)), null, `cut at ${cut}`);
    }
    assert.equal(verifyUnsubscribeToken(token.slice(0, -1)), null);
    assert.equal(verifyUnsubscribeToken(`${token}.x`), null);
    assert.equal(verifyUnsubscribeToken(`${token}A`), null);
    assert.equal(verifyUnsubscribeToken(""), null);
    assert.equal(verifyUnsubscribeToken("..."), null);
    // Signed with another key (another deployment's, or the public development key): null.
    useUnsubscribeKey(DEVELOPMENT_UNSUBSCRIBE_KEY);
    assert.equal(verifyUnsubscribeToken(token), null);
  } finally {
    restore();
  }
});

Deno.test("[unsubscribe token] List-Unsubscribe and List-Unsubscribe-Post as RFC 8058 wants them", () => {
  const restore = useUnsubscribeKey(KEY);
  try {
    const headers = listUnsubscribeHeaders(APP, USER, "scheduleChanges");
    assert.deepEqual(Object.keys(headers).sort(), ["List-Unsubscribe", "List-Unsubscribe-Post"]);
    assert.equal(headers["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    const match = headers["List-Unsubscribe"].match(/^<(https:\/\/[^>]+)>$/);
    assert.ok(match, headers["List-Unsubscribe"]);
    assert.equal(match[1], unsubscribeUrl(APP, USER, "scheduleChanges"));
    assert.deepEqual(verifyUnsubscribeToken(tokenOf(match[1])), { userId: USER, kind: "scheduleChanges" });
  } finally {
    restore();
  }
});

Deno.test("[unsubscribe token] the key: UNSUBSCRIBE_KEY, else derived from MAIL_QUEUE_KEY, else fixed only in development", () => {
  const seven = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=";
  const nine = "CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk=";
  assert.deepEqual(loadConfig({ UNSUBSCRIBE_KEY: nine }).unsubscribeKey, new Uint8Array(32).fill(9));
  assert.deepEqual(
    loadConfig({ UNSUBSCRIBE_KEY: nine, MAIL_QUEUE_KEY: seven }).unsubscribeKey,
    new Uint8Array(32).fill(9),
  );
  assert.throws(() => loadConfig({ UNSUBSCRIBE_KEY: "short" }), /UNSUBSCRIBE_KEY must be 32 random bytes in base64/);
  // Derived: stable across restarts and instances, 32 bytes, and neither the queue key nor the development key.
  const derived = loadConfig({ MAIL_QUEUE_KEY: seven, SMTP_URL: "smtp://127.0.0.1:2525" }).unsubscribeKey!;
  assert.equal(derived.length, 32);
  assert.deepEqual(loadConfig({ MAIL_QUEUE_KEY: seven }).unsubscribeKey, derived);
  assert.notDeepEqual(derived, new Uint8Array(32).fill(7));
  assert.notDeepEqual(loadConfig({ MAIL_QUEUE_KEY: nine }).unsubscribeKey, derived);
  // Development without keys: the fixed key, so links in the outbox survive a restart.
  assert.deepEqual(loadConfig({ GOALMATES_ENV: "development" }).unsubscribeKey, DEVELOPMENT_UNSUBSCRIBE_KEY);
  assert.equal(DEVELOPMENT_UNSUBSCRIBE_KEY.length, 32);
  // Production without any key (no SMTP, so no mail carries a link): never the public development key.
  assert.equal(loadConfig({}).unsubscribeKey, undefined);
  assert.equal(unsubscribeKeyOf({}, "production"), undefined);
  assert.throws(() => useUnsubscribeKey(new Uint8Array(16)), /32 bytes/);
});
