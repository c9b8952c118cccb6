/**
 * The rule for mailing team news (issue 23, item 6): the first post after a quiet hour at once,
 * then at most one mail an hour per person, with everything that came in since, across teams.
 */
import assert from "node:assert/strict";
import {
  addNews,
  MAX_NEWS_ITEMS,
  NEWS_SEEN_MS,
  NEWS_WINDOW_MS,
  newsDue,
  type NewsStep,
} from "../../lib/notifications/news_rule.ts";
import type { NewsItem } from "../../lib/db/news_batches.ts";
import { newsPostTime, newsSubject } from "../../lib/notifications/news.ts";
import { namesList } from "../../lib/notifications/texts.ts";

const MIN = 60 * 1000;
const T0 = Date.parse("2026-05-01T18:00:00Z");
const post = (postId: string, teamId = "lions"): NewsItem => ({ teamId, postId });
const allLive = () => true;

function step(result: NewsStep | null): NewsStep {
  assert.ok(result !== null, "a step, not a duplicate");
  return result;
}

Deno.test("[news rule] the first post mails at once; posts within the hour wait for one job due when it ends", () => {
  const first = step(addNews(null, post("a"), T0, allLive));
  assert.deepEqual(first.mail, { items: [post("a")], more: 0 });
  assert.equal(first.scheduleAt, null);
  assert.equal(first.next.lastMailAt, T0);
  assert.deepEqual(first.next.items, []);

  const second = step(addNews(first.next, post("b"), T0 + 5 * MIN, allLive));
  assert.equal(second.mail, null, "no second mail within the hour");
  assert.equal(second.scheduleAt, T0 + NEWS_WINDOW_MS, "one job, due when the hour ends");

  // Another team's post joins the same batch: one mail per person across their teams.
  const third = step(addNews(second.next, post("c", "tigers"), T0 + 50 * MIN, allLive));
  assert.equal(third.mail, null);
  assert.equal(third.scheduleAt, null, "the job already enqueued will carry it");
  assert.deepEqual(third.next.items, [post("b"), post("c", "tigers")]);

  assert.equal(newsDue(third.next, T0 + NEWS_WINDOW_MS, T0 + 59 * MIN, allLive), "early");
  const due = newsDue(third.next, T0 + NEWS_WINDOW_MS, T0 + NEWS_WINDOW_MS, allLive);
  assert.ok(typeof due === "object");
  assert.deepEqual(due.mail, { items: [post("b"), post("c", "tigers")], more: 0 }, "one mail with both");
  assert.equal(due.next.lastMailAt, T0 + NEWS_WINDOW_MS, "the next hour starts at that mail");
  assert.equal(due.next.jobDueAt, null);
  assert.equal(newsDue(due.next, T0 + NEWS_WINDOW_MS, T0 + 61 * MIN, allLive), "stale", "a job delivered twice");

  const later = step(addNews(due.next, post("d"), T0 + 2 * NEWS_WINDOW_MS + MIN, allLive));
  assert.deepEqual(later.mail, { items: [post("d")], more: 0 }, "after a quiet hour, at once again");
});

Deno.test("[news rule] a post handed over twice (a fan-out run again) is added once; remembered for a day", () => {
  const first = step(addNews(null, post("a"), T0, allLive));
  assert.equal(addNews(first.next, post("a"), T0 + MIN, allLive), null, "mailed already: nothing");
  const waiting = step(addNews(first.next, post("b"), T0 + 2 * MIN, allLive));
  assert.equal(addNews(waiting.next, post("b"), T0 + 3 * MIN, allLive), null, "waiting already: nothing");
  assert.deepEqual(waiting.next.items, [post("b")]);
  // The same post id in another team is another post.
  assert.ok(addNews(waiting.next, post("b", "tigers"), T0 + 3 * MIN, allLive) !== null);
  // A day on, what was seen is forgotten (the record stays small).
  const dayLater = step(addNews(waiting.next, post("z"), T0 + NEWS_SEEN_MS + 5 * MIN, allLive));
  assert.deepEqual(dayLater.next.seen.map((s) => s.postId), ["z"]);
});

Deno.test("[news rule] posts deleted (or of a team left) before the batch goes are left out; none left, no mail", () => {
  const first = step(addNews(null, post("a"), T0, allLive));
  const b = step(addNews(first.next, post("b"), T0 + MIN, allLive));
  const c = step(addNews(b.next, post("c"), T0 + 2 * MIN, allLive));
  const due = newsDue(c.next, T0 + NEWS_WINDOW_MS, T0 + NEWS_WINDOW_MS, (item) => item.postId !== "b");
  assert.ok(typeof due === "object");
  assert.deepEqual(due.mail?.items, [post("c")]);

  const none = newsDue(c.next, T0 + NEWS_WINDOW_MS, T0 + NEWS_WINDOW_MS, () => false);
  assert.ok(typeof none === "object");
  assert.equal(none.mail, null, "a batch left with nothing sends nothing");
  assert.equal(none.next.lastMailAt, T0, "and the hour stays that of the last mail");
  assert.deepEqual(none.next.items, []);
  assert.equal(none.next.jobDueAt, null);
});

Deno.test("[news rule] past the cap, posts are counted, not listed", () => {
  let batch = step(addNews(null, post("first"), T0, allLive)).next;
  for (let i = 0; i < MAX_NEWS_ITEMS + 3; i++) batch = step(addNews(batch, post(`p${i}`), T0 + MIN, allLive)).next;
  assert.equal(batch.items.length, MAX_NEWS_ITEMS);
  assert.equal(batch.more, 3);
  const due = newsDue(batch, T0 + NEWS_WINDOW_MS, T0 + NEWS_WINDOW_MS, allLive);
  assert.ok(typeof due === "object");
  assert.equal(due.mail?.more, 3);
});

Deno.test("[news rule] subjects and times: the team named, a burst counted, several teams listed", () => {
  assert.equal(newsSubject(["Lions U10"], 1), "News from Lions U10");
  assert.equal(newsSubject(["Lions U10"], 3), "3 news posts from Lions U10");
  assert.equal(newsSubject(["Lions U10", "Tigers U12"], 2), "News from Lions U10 and Tigers U12");
  assert.equal(namesList(["A", "B", "C"]), "A, B and C");
  assert.equal(newsPostTime("2026-05-01T21:30:00Z", "America/Los_Angeles"), "Fri, May 1 · 2:30 PM PT");
  assert.equal(newsPostTime("2026-05-01T21:30:00Z", "America/New_York"), "Fri, May 1 · 5:30 PM ET");
});
