/** The rule for mailing team admins about new requests: at once, then at most once every 15 minutes. */
import assert from "node:assert/strict";
import {
  addToDigest,
  DIGEST_WINDOW_MS,
  digestDue,
  EMPTY_DIGEST,
  MAX_DIGEST_ITEMS,
} from "../../lib/claims/digest_rule.ts";
import type { DigestItem } from "../../lib/db/request_digests.ts";

const MIN = 60 * 1000;
const T0 = Date.parse("2026-05-01T18:00:00Z");
const request = (id: string): DigestItem => ({ kind: "request", id });
const allOpen = () => true;

Deno.test("[digest] the first request mails at once; one within 15 minutes waits for a job due when they end", () => {
  const first = addToDigest(null, request("a"), T0, allOpen);
  assert.deepEqual(first.mail, { items: [request("a")], more: 0 });
  assert.equal(first.scheduleAt, null);
  assert.deepEqual(first.next, { lastMailAt: T0, items: [], more: 0, jobDueAt: null });

  const second = addToDigest(first.next, request("b"), T0 + 5 * MIN, allOpen);
  assert.equal(second.mail, null, "no second mail within the window");
  assert.equal(second.scheduleAt, T0 + DIGEST_WINDOW_MS, "one job, due when the window ends");
  assert.deepEqual(second.next.items, [request("b")]);

  const third = addToDigest(second.next, request("c"), T0 + 14 * MIN, allOpen);
  assert.equal(third.mail, null);
  assert.equal(third.scheduleAt, null, "the job already enqueued will list it");
  assert.deepEqual(third.next.items, [request("b"), request("c")]);

  assert.equal(digestDue(third.next, T0 + DIGEST_WINDOW_MS, T0 + 14 * MIN, allOpen), "early");
  const due = digestDue(third.next, T0 + DIGEST_WINDOW_MS, T0 + DIGEST_WINDOW_MS, allOpen);
  assert.ok(typeof due === "object");
  assert.deepEqual(due.mail, { items: [request("b"), request("c")], more: 0 }, "every request since the last mail");
  assert.deepEqual(due.next, { lastMailAt: T0 + DIGEST_WINDOW_MS, items: [], more: 0, jobDueAt: null });
  assert.equal(digestDue(due.next, T0 + DIGEST_WINDOW_MS, T0 + 16 * MIN, allOpen), "stale", "a job delivered twice");

  // The window starts again at that mail.
  const later = addToDigest(due.next, request("d"), T0 + 20 * MIN, allOpen);
  assert.equal(later.mail, null);
  assert.equal(later.scheduleAt, T0 + 30 * MIN);
  const afterWindow = addToDigest(EMPTY_DIGEST, request("e"), T0, allOpen);
  assert.ok(afterWindow.mail, "an empty record mails at once");
});

Deno.test("[digest] a request after the window mails at once with what waited; the job then finds nothing to do", () => {
  const first = addToDigest(null, request("a"), T0, allOpen).next;
  const waiting = addToDigest(first, request("b"), T0 + 5 * MIN, allOpen).next;
  // The job was late (or lost); a new request after the window takes everything with it.
  const next = addToDigest(waiting, request("c"), T0 + 20 * MIN, allOpen);
  assert.deepEqual(next.mail?.items, [request("b"), request("c")]);
  assert.equal(next.next.jobDueAt, null);
  assert.equal(digestDue(next.next, T0 + DIGEST_WINDOW_MS, T0 + 21 * MIN, allOpen), "stale");
});

Deno.test("[digest] requests decided before the job are left out; when none is left, no mail and the window stays", () => {
  const first = addToDigest(null, request("a"), T0, allOpen).next;
  const waiting = addToDigest(first, request("b"), T0 + 1 * MIN, allOpen).next;
  const decided = (item: DigestItem) => !(item.kind === "request" && item.id === "b");
  const due = digestDue(waiting, T0 + DIGEST_WINDOW_MS, T0 + DIGEST_WINDOW_MS, decided);
  assert.ok(typeof due === "object");
  assert.equal(due.mail, null);
  assert.equal(due.next.lastMailAt, T0, "no mail went, so the next request mails at once");
  assert.equal(due.next.jobDueAt, null);
  assert.ok(addToDigest(due.next, request("c"), T0 + 16 * MIN, allOpen).mail);
});

Deno.test("[digest] the record stays small: duplicates once, beyond the cap only counted", () => {
  let digest = addToDigest(null, request("first"), T0, allOpen).next;
  for (let i = 0; i < MAX_DIGEST_ITEMS + 7; i++) digest = addToDigest(digest, request(`r${i}`), T0 + MIN, allOpen).next;
  digest = addToDigest(digest, request("r0"), T0 + MIN, allOpen).next;
  assert.equal(digest.items.length, MAX_DIGEST_ITEMS);
  assert.equal(digest.more, 7);
  const ask = (email: string): DigestItem => ({ kind: "link", name: "Sam", email, at: T0 });
  const asks = addToDigest(
    addToDigest(first(), ask("sam@example.com"), T0 + MIN, allOpen).next,
    ask("sam@example.com"),
    T0 + 2 * MIN,
    allOpen,
  );
  assert.equal(asks.next.items.length, 1, "one person asking twice for a new link is listed once");
  const due = digestDue(digest, digest.jobDueAt!, T0 + DIGEST_WINDOW_MS, allOpen);
  assert.ok(typeof due === "object");
  assert.equal(due.mail?.more, 7);

  function first() {
    return addToDigest(null, request("x"), T0, allOpen).next;
  }
});
