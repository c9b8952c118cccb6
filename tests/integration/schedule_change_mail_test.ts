/**
 * Issue 23, item 3: a calendar sync that finds an event of the next 14 days cancelled, moved or
 * removed mails every member with "Schedule changes" on, once per sync, listing every change.
 * The feed reader is replaced as in calendar_sync_test.ts. The first sync is silent, a second
 * sync of the same feed mails nothing, a job run twice (or on two instances) mails each person
 * once, a crash between the swap and the job loses nothing, and removing the calendar or
 * deleting the team leaves no notice behind.
 */
import assert from "node:assert/strict";
import { createTestApp, seedTeam } from "../helpers.ts";
import { createAccount, queuedMail } from "../auth_helpers.ts";
import {
  addCalendar,
  type FeedEvent,
  removeCalendar,
  type SyncDeps,
  syncTeamCalendar,
} from "../../lib/calendar/mod.ts";
import type { FeedFetchResult } from "../../lib/calendar/types.ts";
import {
  dueScheduleNoticeJobs,
  isScheduleNoticeJob,
  runScheduleNoticeJob,
  scheduleNoticeSweepJob,
  updateNotificationPreferences,
} from "../../lib/notifications/mod.ts";
import { getMembershipEntry, type Membership, stageMembershipRemoval } from "../../lib/db/users.ts";
import { beginEventSet } from "../../lib/db/events.ts";
import { deleteTeam } from "../../lib/teams/mod.ts";
import { startQueueWorker } from "../../lib/mail/mod.ts";
import type { OutgoingMail } from "../../lib/mail/types.ts";
import { SCHEDULE_NOTICE_PAGE } from "../../lib/notifications/schedule_changes.ts";

const NOW = new Date("2026-11-30T12:00:00Z"); // a Monday; the team is in New York (EST)
const APP_URL = "http://goalmates.test";
const FEED_URL = "https://calendar.example.org/lions.ics";

const feedEvent = (uid: string, title: string, startTime: string, more: Partial<FeedEvent> = {}): FeedEvent => ({
  uid,
  title,
  eventType: "game",
  status: "confirmed",
  startTime,
  endTime: new Date(Date.parse(startTime) + 90 * 60 * 1000).toISOString(),
  allDay: false,
  opponent: null,
  isHome: null,
  location: null,
  ...more,
});

const GAME = feedEvent("game@x", "Game vs Eagles", "2026-12-05T15:00:00Z", { location: "Field 1" });
const PRACTICE = feedEvent("practice@x", "Practice", "2026-12-01T22:30:00Z", { location: "Field 2" });
const PHOTO = feedEvent("photo@x", "Team photo", "2026-12-04T21:00:00Z");
const LATER = feedEvent("later@x", "Tournament", "2027-01-20T15:00:00Z");
const SCHEDULE = [GAME, PRACTICE, PHOTO, LATER];
/** The same schedule after the admin's changes: the game off, practice moved, the photo gone, a new event. */
const CHANGED = [
  { ...GAME, status: "cancelled" as const },
  { ...PRACTICE, startTime: "2026-12-02T23:00:00.000Z", endTime: "2026-12-03T00:30:00.000Z", location: "Field 3" },
  { ...LATER, startTime: "2027-01-21T15:00:00.000Z" },
  feedEvent("new@x", "Extra practice", "2026-12-03T22:00:00Z"),
];

function fakeFeed() {
  let events: FeedEvent[] = [];
  let answer: FeedFetchResult = { kind: "not-modified" };
  const deps: SyncDeps = {
    now: () => NOW,
    allowPrivateHosts: false,
    fetchFeed: () => Promise.resolve(answer),
    parseFeed: () => Promise.resolve({ events, truncated: false }),
  };
  let version = 0;
  return {
    deps,
    serve(next: FeedEvent[]) {
      events = next;
      answer = { kind: "fetched", body: "BEGIN:VCALENDAR", validators: { etag: `"${++version}"`, lastModified: null } };
    },
    notModified() {
      answer = { kind: "not-modified" };
    },
  };
}

async function world() {
  const t = await createTestApp({ now: () => NOW });
  const { team } = await seedTeam(t.kv, { name: "Lions U10" });
  const coach = await createAccount(t.kv, {
    email: "coach@example.com",
    firstName: "Cora",
    teamId: team.id,
    role: "TEAM_ADMIN",
  });
  const maria = await createAccount(t.kv, { email: "maria@example.com", firstName: "Maria", teamId: team.id });
  const omar = await createAccount(t.kv, { email: "omar@example.com", firstName: "Omar", teamId: team.id });
  const player = await createAccount(t.kv, {
    email: "leo@example.com",
    firstName: "Leo",
    teamId: team.id,
    role: "PLAYER",
  });
  // Someone of another team hears nothing of this one.
  const { team: other } = await seedTeam(t.kv, { name: "Hawks U12" });
  await createAccount(t.kv, { email: "stranger@example.com", teamId: other.id });
  await updateNotificationPreferences(t.kv, omar.id, { scheduleChanges: false });
  await addCalendar(t.kv, team.id, FEED_URL, { id: coach.id, label: "coach@example.com" }, NOW, {
    allowPrivateHosts: false,
  });
  const feed = fakeFeed();
  return { t, team, coach, maria, omar, player, feed };
}

const scheduleMails = async (kv: Deno.Kv) =>
  (await queuedMail(kv)).map((m) => m.mail).filter((m) => m.kind === "notification-scheduleChanges");

const notices = async (kv: Deno.Kv) => await Array.fromAsync(kv.list({ prefix: ["schedule_notices"] }));

/** What the poll (or a queue delivery) would run now: every notice's job. */
async function runDueJobs(kv: Deno.Kv) {
  const { values } = await dueScheduleNoticeJobs(kv, NOW.getTime(), { cursor: "", limit: 100 });
  for (const job of values) await runScheduleNoticeJob(kv, job, APP_URL, NOW);
  return values.length;
}

Deno.test("[schedule mail] first sync silent; a cancelled, a moved and a removed event mailed once to those who want it", async () => {
  const { t, team, feed } = await world();
  await using _ = t;
  feed.serve(SCHEDULE);
  assert.equal((await syncTeamCalendar(t.kv, team.id, feed.deps)).kind, "synced");
  assert.equal(await runDueJobs(t.kv), 0, "the first sync of a calendar stores no notice");
  assert.deepEqual(await scheduleMails(t.kv), []);

  feed.serve(SCHEDULE);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  feed.notModified();
  assert.equal((await syncTeamCalendar(t.kv, team.id, feed.deps)).kind, "not-modified");
  assert.equal(await runDueJobs(t.kv), 0, "nothing changed, or nothing fetched: no notice");

  feed.serve(CHANGED);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  assert.equal((await notices(t.kv)).length, 1, "the notice is stored with the swap");
  assert.equal(await runDueJobs(t.kv), 1);
  const mails = await scheduleMails(t.kv);
  assert.deepEqual(
    mails.map((m) => m.to).sort((a, b) => a.address.localeCompare(b.address)),
    [
      { name: "Cora", address: "coach@example.com" },
      { name: "Leo", address: "leo@example.com" },
      { name: "Maria", address: "maria@example.com" },
    ],
    "every member with the kind on (admin, parent, player account), one mail each; Omar turned it off",
  );
  const mail = mails.find((m) => m.to.address === "maria@example.com")!;
  assert.equal(mail.subject, "3 schedule changes for Lions U10");
  assert.match(mail.text, /^Hi Maria,/);
  const lines = mail.text.replaceAll("\u00a0", " ").split("\n").filter((line) => line.startsWith("- "));
  assert.deepEqual(lines, [
    "- Moved: Practice, from Tue, Dec 1 · 5:30 PM ET at Field 2 to Wed, Dec 2 · 6:00 PM ET at Field 3",
    "- Removed: Team photo, Fri, Dec 4 · 4:00 PM ET",
    "- Cancelled: Game vs Eagles, Sat, Dec 5 · 10:00 AM ET at Field 1",
  ], "the new event and the change beyond 14 days are not mentioned");
  assert.ok(mail.text.includes(`See the schedule: ${APP_URL}/family-dashboard/${team.id}#events`));
  assert.ok(mail.text.includes("You get this because you are a member of Lions U10"));
  assert.ok(
    mail.html.includes("Moved: Practice, from Tue, Dec 1 · 5:30\u00a0PM\u00a0ET at Field 2"),
    "the HTML part lists them too",
  );
  assert.match(
    mail.headers?.["List-Unsubscribe"] ?? "",
    /^<http:\/\/goalmates\.test\/unsubscribe\/[^>]+scheduleChanges/,
  );
  assert.equal(mail.headers?.["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
  assert.deepEqual(await notices(t.kv), [], "the last page deleted the notice");

  // The same feed again: the changes are the old set's now, so nothing new is mailed.
  feed.serve(CHANGED);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  assert.equal(await runDueJobs(t.kv), 0);
  assert.equal((await scheduleMails(t.kv)).length, 3);

  // One change alone: the subject says so.
  feed.serve(CHANGED.filter((e) => e.uid !== "new@x"));
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  await runDueJobs(t.kv);
  const last = (await scheduleMails(t.kv)).filter((m) => m.to.address === "maria@example.com").at(-1)!;
  assert.equal(last.subject, "Schedule change for Lions U10");
  assert.ok(last.text.includes("- Removed: Extra practice, Thu, Dec 3 · 5:00\u00a0PM\u00a0ET"));
});

Deno.test("[schedule mail] the job run twice, or on two instances at once, sends each mail once", async () => {
  const { t, team, feed } = await world();
  await using _ = t;
  // More members than a page, so the runs race across several commits.
  for (let i = 0; i < SCHEDULE_NOTICE_PAGE + 3; i++) {
    await createAccount(t.kv, { email: `parent${i}@example.com`, firstName: `P${i}`, teamId: team.id });
  }
  feed.serve(SCHEDULE);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  feed.serve(CHANGED);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  const { values: [job] } = await dueScheduleNoticeJobs(t.kv, NOW.getTime(), { cursor: "", limit: 10 });
  assert.ok(isScheduleNoticeJob(job));
  const runs = await Promise.all([
    runScheduleNoticeJob(t.kv, job, APP_URL, NOW),
    runScheduleNoticeJob(t.kv, job, APP_URL, NOW),
  ]);
  const again = await runScheduleNoticeJob(t.kv, job, APP_URL, NOW);
  const expected = 3 + SCHEDULE_NOTICE_PAGE + 3;
  assert.equal(runs[0].mailed + runs[1].mailed, expected, "the two runs shared the pages");
  assert.equal(again.mailed, 0, "a run after the last page finds nothing");
  const addresses = (await scheduleMails(t.kv)).map((m) => m.to.address);
  assert.equal(addresses.length, expected);
  assert.equal(new Set(addresses).size, expected, "no one twice");
});

Deno.test("[schedule mail] a crash before the swap's commit loses no change; one after it, the sweep mails once", async () => {
  const { t, team, feed } = await world();
  await using _ = t;
  feed.serve(SCHEDULE);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  // A sync that died after writing its new set, before the commit that swaps it in: no notice,
  // and the pointer still names the old set for the next sync to compare with.
  await beginEventSet(t.kv, team.id, NOW);
  assert.deepEqual(await notices(t.kv), []);
  feed.serve(CHANGED);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  assert.equal((await notices(t.kv)).length, 1, "the next sync finds the same changes");

  // The process died right after that commit: the notice is stored, its queue job never ran.
  await scheduleNoticeSweepJob(t.kv, APP_URL, NOW);
  assert.equal((await scheduleMails(t.kv)).length, 0, "the sweep leaves a young notice to its queue job");
  await scheduleNoticeSweepJob(t.kv, APP_URL, new Date(NOW.getTime() + 11 * 60 * 1000));
  assert.equal((await scheduleMails(t.kv)).length, 3);
  // The queue's job (or the poll) comes after all: nothing more.
  assert.equal(await runDueJobs(t.kv), 0);
  assert.equal((await scheduleMails(t.kv)).length, 3);
});

Deno.test("[schedule mail] with a KV queue, the job enqueued by the swap is delivered through the worker", async () => {
  const { t, team, feed } = await world();
  const sent: OutgoingMail[] = [];
  const mailer = { name: "recording", send: (mail: OutgoingMail) => Promise.resolve(void sent.push(mail)) };
  const worker = startQueueWorker(t.kv, mailer, {
    sweepEveryMs: null,
    otherJobs: async (message) => {
      // On the real clock: the queue delivers mail once it is due by that one.
      if (isScheduleNoticeJob(message)) await runScheduleNoticeJob(t.kv, message, APP_URL);
    },
  });
  try {
    feed.serve(SCHEDULE);
    await syncTeamCalendar(t.kv, team.id, feed.deps);
    feed.serve(CHANGED);
    await syncTeamCalendar(t.kv, team.id, feed.deps);
    for (let i = 0; i < 300 && sent.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(sent.map((m) => m.to.address).sort(), [
      "coach@example.com",
      "leo@example.com",
      "maria@example.com",
    ]);
    const mail = sent.find((m) => m.to.address === "maria@example.com")!;
    assert.ok(mail.text.includes("Cancelled: Game vs Eagles") && mail.html.includes("Cancelled: Game vs Eagles"));
    assert.equal(mail.headers?.["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click", "headers reach the mailer");
    assert.deepEqual(await notices(t.kv), []);
  } finally {
    t.kv.close();
    await worker;
  }
});

Deno.test("[schedule mail] a member removed before the job gets none; calendar removal and team deletion leave no notice", async () => {
  const { t, team, maria, feed } = await world();
  await using _ = t;
  feed.serve(SCHEDULE);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  feed.serve(CHANGED);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  const membership = await getMembershipEntry(t.kv, maria.id, team.id);
  assert.ok((await stageMembershipRemoval(t.kv.atomic(), membership as Deno.KvEntry<Membership>).commit()).ok);
  await runDueJobs(t.kv);
  assert.ok(!(await scheduleMails(t.kv)).some((m) => m.to.address === "maria@example.com"));

  // Changes waiting when the admin removes the calendar are not mailed.
  feed.serve(SCHEDULE);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  assert.equal((await notices(t.kv)).length, 1);
  const calendarId = (await t.kv.get<{ id: string }>(["calendars", team.id])).value!.id;
  await removeCalendar(t.kv, team.id, calendarId, "coach@example.com", NOW);
  assert.deepEqual(await notices(t.kv), []);

  // A new calendar's first sync is silent again, even though the team had events before.
  await addCalendar(t.kv, team.id, FEED_URL, { id: null, label: "coach@example.com" }, NOW, {
    allowPrivateHosts: false,
  });
  feed.serve(CHANGED);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  feed.serve(SCHEDULE);
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  assert.equal((await notices(t.kv)).length, 1, "the second sync of the new calendar has changes");
  await deleteTeam(t.kv, team.id, "Lions U10", "sysadmin", NOW);
  assert.deepEqual(await notices(t.kv), [], "team deletion sweeps the notice");
});
