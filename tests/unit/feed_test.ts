/** The team feed's rules (SPEC.md section 5) and relative times (section 2), as pure functions. */
import assert from "node:assert/strict";
import {
  checkPost,
  cleanPostText,
  isPostType,
  kudosPlayerName,
  mayDeletePost,
  POST_MAX_LENGTH,
  POST_MESSAGES,
  postLength,
} from "../../lib/feed/rules.ts";
import { relativeTime, type RelativeTimeWords } from "../../lib/feed/relative_time.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

const NY = "America/New_York";
const EN: RelativeTimeWords = { lang: "en", justNow: messagesFor("en").feed.justNow };
const ES: RelativeTimeWords = { lang: "es", justNow: messagesFor("es").feed.justNow };

Deno.test("[feed rules] a type, a non-blank text of at most 280 characters", () => {
  assert.deepEqual(checkPost({ postType: "news", content: "  Practice moved to 6pm  " }), {
    ok: true,
    value: { postType: "news", content: "Practice moved to 6pm", playerId: null },
  });
  for (const postType of ["kudos", "news", "advice"]) assert.ok(isPostType(postType));
  for (const postType of [undefined, "", "Kudos", "poll", 1, null]) {
    const checked = checkPost({ postType, content: "hi" });
    assert.equal(checked.ok, false, String(postType));
    assert.deepEqual(!checked.ok && checked.fields, { postType: POST_MESSAGES.type });
    assert.equal(!checked.ok && checked.message, "Please choose a post type");
  }
  for (const content of [undefined, "", "   ", "\n\t ", 42, null]) {
    const checked = checkPost({ postType: "news", content });
    assert.deepEqual(checked, {
      ok: false,
      message: "Please write something to post",
      fields: { content: "Please write something to post" },
    });
  }
  const both = checkPost({ content: " " });
  assert.deepEqual(!both.ok && both.fields, { postType: POST_MESSAGES.type, content: POST_MESSAGES.content });
});

Deno.test("[feed rules] 280 characters as a person counts them (an emoji is one), after trimming", () => {
  assert.equal(POST_MAX_LENGTH, 280);
  assert.equal(postLength("⚽🏆👍🏽"), 4, "code points: the skin tone is its own");
  assert.equal("⚽".repeat(280).length, 280);
  assert.ok(checkPost({ postType: "news", content: "a".repeat(280) }).ok);
  assert.ok(checkPost({ postType: "news", content: "🏆".repeat(280) }).ok, "560 UTF-16 units, 280 characters");
  assert.ok(checkPost({ postType: "news", content: `   ${"a".repeat(280)}   ` }).ok, "spaces around do not count");
  const long = checkPost({ postType: "news", content: "a".repeat(281) });
  assert.deepEqual(long, {
    ok: false,
    message: "Posts can be at most 280 characters",
    fields: { content: "Posts can be at most 280 characters" },
  });
  assert.equal(checkPost({ postType: "news", content: "🏆".repeat(281) }).ok, false);
});

Deno.test("[feed rules] text is stored clean: NFC, line breaks kept as \\n, other controls as spaces", () => {
  assert.equal(cleanPostText("Line one\r\nLine two\rthree"), "Line one\nLine two\nthree");
  assert.equal(cleanPostText("tab\there\u0000x"), "tab here x");
  assert.equal(cleanPostText("Cafe\u0301"), "Café");
  assert.equal(cleanPostText("lone \ud800 surrogate"), "lone \ufffd surrogate");
});

Deno.test("[feed rules] a kudos may name a player; other types leave the picker out", () => {
  assert.deepEqual(checkPost({ postType: "kudos", content: "Great save!", playerId: " p1 " }), {
    ok: true,
    value: { postType: "kudos", content: "Great save!", playerId: "p1" },
  });
  assert.deepEqual(checkPost({ postType: "kudos", content: "Great game!", playerId: "" }), {
    ok: true,
    value: { postType: "kudos", content: "Great game!", playerId: null },
  });
  assert.deepEqual(checkPost({ postType: "news", content: "Snacks", playerId: "p1" }), {
    ok: true,
    value: { postType: "news", content: "Snacks", playerId: null },
  });
  const bad = checkPost({ postType: "kudos", content: "x", playerId: 7 });
  assert.deepEqual(!bad.ok && bad.fields, { playerId: "Please choose a player of this team" });
  assert.equal(kudosPlayerName({ firstName: "Maya", lastName: "Rodriguez" }), "Maya R.");
  assert.equal(kudosPlayerName({ firstName: "Zoë", lastName: "Øst" }), "Zoë Ø.");
  assert.equal(kudosPlayerName({ firstName: "Ana", lastName: "" }), "Ana");
});

Deno.test("[feed rules] the author deletes their own post, a team admin any, a reader none", () => {
  const post = { authorId: "u1" };
  assert.ok(mayDeletePost({ userId: "u1", isAdmin: false, canWrite: true }, post));
  assert.ok(!mayDeletePost({ userId: "u2", isAdmin: false, canWrite: true }, post));
  assert.ok(mayDeletePost({ userId: "u2", isAdmin: true, canWrite: true }, post));
  assert.ok(!mayDeletePost({ userId: null, isAdmin: true, canWrite: false }, post), "a system administrator reads");
  assert.ok(!mayDeletePost({ userId: null, isAdmin: false, canWrite: true }, { authorId: null }), "null is no one");
});

Deno.test("[feed relative time] just now, minutes, hours, days within a week, then the date", () => {
  const now = new Date("2026-11-10T17:00:00Z");
  const before = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;
  const cases: [number, string][] = [
    [0, "just now"],
    [59_999, "just now"],
    [MIN, "1 minute ago"],
    [2 * MIN + 30_000, "2 minutes ago"],
    [59 * MIN, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [23 * HOUR + 59 * MIN, "23 hours ago"],
    [DAY, "1 day ago"],
    [6 * DAY + 23 * HOUR, "6 days ago"],
    [7 * DAY, "Nov 3, 2026"],
    [400 * DAY, "Oct 6, 2025"],
  ];
  for (const [ms, text] of cases) assert.equal(relativeTime(before(ms), now, NY, EN), text, `${ms} ms ago`);
  assert.equal(relativeTime(new Date(now.getTime() + 30_000), now, NY, EN), "just now", "a clock a little ahead");
  assert.equal(relativeTime(before(MIN).toISOString(), now.toISOString(), NY, EN), "1 minute ago", "ISO strings");
  // The date is the team's: 02:00 UTC on Nov 3 is still Nov 2 in New York; 06:00 UTC is Nov 3
  // there but still Nov 2 in Los Angeles.
  assert.equal(relativeTime("2026-11-03T02:00:00Z", now, NY, EN), "Nov 2, 2026");
  assert.equal(relativeTime("2026-11-03T06:00:00Z", now, NY, EN), "Nov 3, 2026");
  assert.equal(relativeTime("2026-11-03T06:00:00Z", now, "America/Los_Angeles", EN), "Nov 2, 2026");
  assert.equal(relativeTime("not a date", now, NY, EN), "");
});

Deno.test("[feed] relative times in Spanish: 'hace un momento', Intl's 'hace N minutos', the date in Spanish", () => {
  const now = new Date("2026-11-10T15:00:00Z");
  const before = (ms: number) => new Date(now.getTime() - ms);
  assert.equal(relativeTime(before(10_000), now, NY, ES), "hace un momento");
  assert.equal(relativeTime(before(60_000), now, NY, ES), "hace 1 minuto");
  assert.equal(relativeTime(before(3 * 3_600_000), now, NY, ES), "hace 3 horas");
  assert.equal(relativeTime(before(2 * 86_400_000), now, NY, ES), "hace 2 días");
  assert.equal(relativeTime("2026-11-03T06:00:00Z", now, NY, ES), "3 nov 2026");
});
