/**
 * Team news by e-mail (issue 23, items 2 and 6), posting through the real route: a team admin's
 * news reaches every other member who wants it, through the mail queue, at most once an hour per
 * person (a burst gathered into one mail); kudos, advice and a parent's news mail no one; a fan-out
 * run twice (or by two instances at once) mails each person once; a post deleted, or a team left,
 * before the batch goes is left out; deleting the account erases the person's batch record.
 */
import assert from "node:assert/strict";
import { call, createTestApp, seedTeam } from "../helpers.ts";
import { openKv } from "../../lib/db/kv.ts";
import { setLogSink } from "../../lib/log.ts";
import { startQueueWorker } from "../../lib/mail/queue_worker.ts";
import type { Mailer, OutgoingMail } from "../../lib/mail/types.ts";
import { postAsViewer } from "../../lib/feed/mod.ts";
import { type AdminWorld, adminWorld } from "../admin_helpers.ts";
import { createAccount, queuedMail } from "../auth_helpers.ts";
import { signIn } from "../admin_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { stageNewsFanout } from "../../lib/db/news_fanouts.ts";
import { getUserByEmail, setMembership } from "../../lib/db/users.ts";
import { getTeamEntry, stageTeamUpdate } from "../../lib/db/teams.ts";
import {
  dueNewsJobs,
  isNewsJob,
  missingAltText,
  runNewsBatchJob,
  runNewsFanoutJob,
  runNewsJob,
} from "../../lib/notifications/mod.ts";
import type { NewsBatchJob, NewsFanoutJob } from "../../lib/notifications/news.ts";

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const APP = "http://goalmates.test";

type T = Awaited<ReturnType<typeof createTestApp>>;

/** Names the team as a mail shows it and sets its zone (the seeded teams are "Test Team N" in New York). */
async function nameTeam(kv: Deno.Kv, teamId: string, name: string, timeZone: string) {
  const entry = await getTeamEntry(kv, teamId);
  const team = entry.value!;
  const op = stageTeamUpdate(kv.atomic(), entry as Deno.KvEntry<typeof team>, {
    ...team,
    name,
    settings: { ...team.settings, timeZone, timeZoneSource: "admin" },
  });
  assert.ok((await op.commit()).ok);
}

/** The app on a clock the test moves; the jobs get the same clock. */
async function newsWorld() {
  let clock = Date.now();
  const t = await createTestApp({ now: () => new Date(clock) });
  const w = await adminWorld(t);
  await nameTeam(t.kv, w.team.id, "Lions U10", "America/Los_Angeles");
  // A second parent who turned Team news off, and the team's second admin (an admin is a member too).
  await createAccount(t.kv, { email: "quiet@example.com", teamId: w.team.id, firstName: "Quinn" });
  const quiet = await signIn(t, "quiet@example.com");
  const off = await call(t.app, "PUT", "/api/account/notifications", { cookie: quiet, body: { teamNews: false } });
  assert.equal(off.status, 200);
  await off.body?.cancel();
  await createAccount(t.kv, { email: "coadmin@example.com", teamId: w.team.id, role: "TEAM_ADMIN", firstName: "Cole" });
  return {
    t,
    w,
    cookies: { ...w.cookies, quiet },
    at: () => clock,
    advance: (ms: number) => void (clock += ms),
  };
}

async function post(t: T, w: AdminWorld, cookie: string, postType: string, content: string): Promise<string> {
  const res = await call(t.app, "POST", `/api/teams/${w.team.id}/posts`, { cookie, body: { postType, content } });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).id;
}

/** The fan-outs waiting, as the poll finds them (and as their queue jobs name them). */
async function fanouts(t: T): Promise<NewsFanoutJob[]> {
  return (await dueNewsJobs(t.kv)[0](Date.now(), { cursor: "", limit: 500 })).values as NewsFanoutJob[];
}

async function runFanouts(t: T, now: number) {
  for (const job of await fanouts(t)) assert.equal(await runNewsFanoutJob(t.kv, job, APP, new Date(now)), "done");
}

async function newsMails(t: T) {
  return (await queuedMail(t.kv)).filter((m) => m.mail.kind === "notification-teamNews").map((m) => m.mail);
}

const to = async (t: T, address: string) => (await newsMails(t)).filter((m) => m.to.address === address);

Deno.test("[news mail] an admin's news mails every other member who wants it, once, with the headers and parts", async () => {
  const { t, w, at } = await newsWorld();
  await using _ = t;
  await post(t, w, w.cookies.admin, "news", "Practice moves to Field 3 on Saturday.");
  assert.equal((await newsMails(t)).length, 0, "the request only stages the fan-out");
  assert.equal((await fanouts(t)).length, 1);
  await runFanouts(t, at());
  assert.equal((await fanouts(t)).length, 0, "the fan-out is done and gone");

  const mails = await newsMails(t);
  assert.deepEqual(
    mails.map((m) => m.to.address).sort(),
    ["coadmin@example.com", "parent@example.com", "player@example.com"],
    "not the author, not the parent who turned it off, not another team's admin",
  );
  const mail = (await to(t, "parent@example.com"))[0];
  assert.equal(mail.subject, "News from Lions U10");
  assert.match(mail.text, /Practice moves to Field 3 on Saturday\./);
  assert.match(mail.text, /Ada · \w{3}, \w{3} \d+ · \d+:\d\d [AP]M PT\n/, "the author's first name, the team's time");
  assert.match(mail.text, /You get this because you are a member of Lions U10/);
  assert.ok(mail.text.includes(`${APP}/family-dashboard/${w.team.id}`), "a button to the team's dashboard");
  assert.match(
    mail.html,
    /<a href="http:\/\/goalmates\.test\/family-dashboard\/[^"]+"[^>]*>Open the Lions U10 dashboard/,
  );
  assert.ok(mail.html.includes("Practice moves to Field 3 on Saturday."));
  assert.deepEqual(missingAltText(mail.html), []);
  assert.match(
    mail.headers?.["List-Unsubscribe"] ?? "",
    /^<http:\/\/goalmates\.test\/unsubscribe\/[^>]+\.teamNews\.[^>]+>$/,
  );
  assert.equal(mail.headers?.["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
  assert.equal(mail.to.name, "Test");
});

Deno.test("[news mail] kudos, advice and news by someone who is not a team admin mail no one", async () => {
  const { t, w, at } = await newsWorld();
  await using _ = t;
  await post(t, w, w.cookies.admin, "kudos", "Great passing today!");
  await post(t, w, w.cookies.admin, "advice", "Bring water bottles.");
  await post(t, w, w.cookies.parent, "news", "Carpool from the school at 8.");
  await post(t, w, w.cookies.player, "news", "We won!");
  assert.equal((await fanouts(t)).length, 0);
  await runFanouts(t, at());
  assert.equal((await newsMails(t)).length, 0);
});

Deno.test("[news mail] a burst of 3: one mail at once, then one with the other 2 when the hour is up", async () => {
  const { t, w, at, advance } = await newsWorld();
  await using _ = t;
  await post(t, w, w.cookies.admin, "news", "First: the season starts Saturday.");
  await runFanouts(t, at());
  advance(5 * MIN);
  await post(t, w, w.cookies.admin, "news", "Second: bring shin guards.");
  await runFanouts(t, at());
  advance(5 * MIN);
  await post(t, w, w.cookies.admin, "news", "Third: photos after the game.");
  await runFanouts(t, at());
  assert.equal((await to(t, "parent@example.com")).length, 1, "only the first went at once");

  const batchJobs = dueNewsJobs(t.kv)[1];
  const first = (await to(t, "parent@example.com"))[0];
  assert.match(first.text, /First: the season starts Saturday\./);
  assert.equal((await batchJobs(at(), { cursor: "", limit: 500 })).values.length, 0, "nothing due before the hour");
  advance(55 * MIN);
  const due = (await batchJobs(at(), { cursor: "", limit: 500 })).values as NewsBatchJob[];
  assert.equal(due.length, 3, "parent, player and co-admin each have one job");
  for (const job of due) assert.equal(await runNewsBatchJob(t.kv, job, APP, new Date(at())), "sent");
  for (const job of due) assert.equal(await runNewsBatchJob(t.kv, job, APP, new Date(at())), "stale", "run twice");

  const mails = await to(t, "parent@example.com");
  assert.equal(mails.length, 2, "one more mail, not two");
  const batch = mails[1];
  assert.equal(batch.subject, "2 news posts from Lions U10");
  assert.ok(batch.text.indexOf("Second: bring shin guards.") < batch.text.indexOf("Third: photos after the game."));
  assert.ok(!batch.text.includes("First:"), "what went already is not mailed again");
  assert.equal((await to(t, "quiet@example.com")).length, 0);

  // A post an hour after that batch goes at once again.
  advance(HOUR + MIN);
  // (Signed in again: two hours idle end a session.)
  await post(t, w, await signIn(t, "admin@example.com"), "news", "Fourth: no practice Monday.");
  await runFanouts(t, at());
  assert.equal((await to(t, "parent@example.com")).length, 3);
});

Deno.test("[news mail] a fan-out run twice, or by two instances at once, mails each person once", async () => {
  const { t, w, at } = await newsWorld();
  await using _ = t;
  const postId = await post(t, w, w.cookies.admin, "news", "Team photo on Sunday.");
  const [job] = await fanouts(t);
  // Two instances take the same job at the same moment.
  const outcomes = await Promise.all([
    runNewsFanoutJob(t.kv, job, APP, new Date(at())),
    runNewsFanoutJob(t.kv, job, APP, new Date(at())),
  ]);
  assert.ok(outcomes.includes("done"), outcomes.join());
  // A crash after the members were handed the post but before the cursor moved: the job runs again.
  assert.ok((await stageNewsFanout(t.kv.atomic(), w.team.id, postId, new Date(at())).commit()).ok);
  assert.equal(await runNewsFanoutJob(t.kv, job, APP, new Date(at())), "done");
  assert.equal(await runNewsFanoutJob(t.kv, job, APP, new Date(at())), "done", "a job delivered twice");
  for (const address of ["parent@example.com", "player@example.com", "coadmin@example.com"]) {
    assert.equal((await to(t, address)).length, 1, address);
  }
  const batches = (await dueNewsJobs(t.kv)[1](at() + 2 * HOUR, { cursor: "", limit: 500 })).values;
  assert.equal(batches.length, 0, "nothing left waiting either");
});

Deno.test("[news mail] a post deleted, or a team left, before the batch goes is left out; nothing left, no mail", async () => {
  const { t, w, at, advance } = await newsWorld();
  await using _ = t;
  await post(t, w, w.cookies.admin, "news", "Kept: jerseys are in.");
  await runFanouts(t, at());
  advance(MIN);
  const doomed = await post(t, w, w.cookies.admin, "news", "Oops: wrong date.");
  await runFanouts(t, at());
  advance(MIN);
  await post(t, w, w.cookies.admin, "news", "Right date: the 14th.");
  await runFanouts(t, at());
  const removed = await call(t.app, "DELETE", `/api/teams/${w.team.id}/posts/${doomed}`, { cookie: w.cookies.admin });
  assert.equal(removed.status, 200);
  await removed.body?.cancel();
  // The player leaves the team before the hour is up: none of its posts go to them.
  const left = await call(t.app, "POST", `/api/teams/${w.team.id}/leave`, { cookie: w.cookies.player });
  assert.equal(left.status, 200, await left.clone().text());
  await left.body?.cancel();

  advance(HOUR);
  const due = (await dueNewsJobs(t.kv)[1](at(), { cursor: "", limit: 500 })).values as NewsBatchJob[];
  const outcomes = new Map<string, string>();
  for (const job of due) outcomes.set(job.userId, await runNewsBatchJob(t.kv, job, APP, new Date(at())));
  const player = (await getUserByEmail(t.kv, "player@example.com"))!;
  assert.equal(outcomes.get(player.id), "nothing", "a batch left with nothing sends nothing");
  assert.equal((await to(t, "player@example.com")).length, 1, "only the first, from before they left");

  const mails = await to(t, "parent@example.com");
  assert.equal(mails.length, 2);
  assert.equal(mails[1].subject, "News from Lions U10", "one post left in the batch");
  assert.match(mails[1].text, /Right date: the 14th\./);
  assert.ok(!mails[1].text.includes("Oops") && !mails[1].html.includes("Oops"), "the deleted post is left out");
});

Deno.test("[news mail] several teams in one batch: both named in the subject, the reason and the headings", async () => {
  const { t, w, at, advance } = await newsWorld();
  await using _ = t;
  // The parent is in the other team too, whose admin posts within the parent's hour.
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  await setMembership(t.kv, parent.id, w.otherTeam.id, "TEAM_STANDARD");
  await nameTeam(t.kv, w.otherTeam.id, "Tigers U12", "America/New_York");
  await post(t, w, w.cookies.admin, "news", "Lions first.");
  await runFanouts(t, at());
  advance(MIN);
  await post(t, w, w.cookies.admin, "news", "Lions again.");
  const res = await call(t.app, "POST", `/api/teams/${w.otherTeam.id}/posts`, {
    cookie: w.cookies.otherAdmin,
    body: { postType: "news", content: "Tigers news." },
  });
  assert.equal(res.status, 201);
  await res.body?.cancel();
  await runFanouts(t, at());
  advance(HOUR);
  const due = (await dueNewsJobs(t.kv)[1](at(), { cursor: "", limit: 500 })).values as NewsBatchJob[];
  const job = due.find((j) => j.userId === parent.id)!;
  assert.equal(await runNewsBatchJob(t.kv, job, APP, new Date(at())), "sent");
  const mail = (await to(t, "parent@example.com"))[1];
  assert.equal(mail.subject, "News from Lions U10 and Tigers U12");
  assert.match(mail.text, /You get this because you are a member of Lions U10 and Tigers U12/);
  assert.match(mail.text, /LIONS U10[\s\S]*Lions again\.[\s\S]*TIGERS U12[\s\S]*Tigers news\./);
  assert.match(mail.text, / · \d+:\d\d [AP]M ET\n/, "each team's post in that team's zone");
  assert.ok(mail.text.includes(`${APP}/home`));
});

Deno.test("[news mail] deleting the account erases the person's news record", async () => {
  const { t, w, at } = await newsWorld();
  await using _ = t;
  await post(t, w, w.cookies.admin, "news", "Hello families.");
  await runFanouts(t, at());
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  assert.ok((await t.kv.get(keys.newsBatch(parent.id))).value, "the parent has a record");
  const res = await call(t.app, "DELETE", "/api/account", {
    cookie: w.cookies.parent,
    body: { confirm: "parent@example.com" },
  });
  assert.ok(res.status < 300, await res.clone().text());
  await res.body?.cancel();
  assert.equal((await t.kv.get(keys.newsBatch(parent.id))).value, null);
});

Deno.test("[news mail] without a queue (KV Connect), two instances polling mail each member once, as main.ts wires it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-news-poll-" });
  const kv = await openKv(`${dir}/goalmates.kv`, Deno.openKv, { queue: false });
  const restoreLog = setLogSink(() => {});
  const log = console.log;
  console.log = () => {};
  const stops: AbortController[] = [];
  const running: Promise<void>[] = [];
  try {
    const { team } = await seedTeam(kv);
    const admin = await createAccount(kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
    await createAccount(kv, { email: "parent@example.com", teamId: team.id });
    await createAccount(kv, { email: "parent2@example.com", teamId: team.id });
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { name: "recorder", send: (m) => Promise.resolve(void sent.push(m)) };
    for (let i = 0; i < 2; i++) {
      const stop = new AbortController();
      stops.push(stop);
      running.push(startQueueWorker(kv, mailer, {
        pollEveryMs: 25,
        background: { signal: stop.signal, track: (job) => job() },
        otherJobs: async (message) => {
          if (isNewsJob(message)) await runNewsJob(kv, message, APP);
        },
        dueOtherJobs: dueNewsJobs(kv),
      }));
    }
    const viewer = { teamId: team.id, userId: admin.id, role: "TEAM_ADMIN" as const, isAdmin: true, displayName: "" };
    await postAsViewer(kv, viewer, { postType: "news", content: "Polled news." }, new Date());
    const deadline = Date.now() + 10_000;
    while (sent.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(sent.map((m) => m.to.address).sort(), ["parent2@example.com", "parent@example.com"]);
    assert.equal((await Array.fromAsync(kv.list({ prefix: keys.allNewsFanouts() }))).length, 0, "the fan-out is done");
  } finally {
    for (const stop of stops) stop.abort();
    await Promise.all(running);
    kv.close();
    restoreLog();
    console.log = log;
    await Deno.remove(dir, { recursive: true });
  }
});
