/**
 * Weekly digest benchmark (issue 23, item 4): 400 teams × 25 members = 10,000 people on a KV file,
 * each team with a week of posts, photos, events and a poll. Times the cron's run on a Sunday at
 * 17:05 in New York (every team's zone), when all 10,000 are due: one mail each, built, sealed and
 * queued in its checked commit. Then a second run that evening (the zone is done: no person read)
 * and a run on a Wednesday (no zone can be due: no read at all).
 *
 *   deno task bench:digest      (also part of `deno task bench`)
 */
import { benchScratch } from "./proc.ts";
import { openKv } from "../lib/db/kv.ts";
import { buildTeam, stageNewTeam, type Team } from "../lib/db/teams.ts";
import { buildUser, stageMembership, stageNewUser } from "../lib/db/users.ts";
import { newPostId, stagePost } from "../lib/db/posts.ts";
import { newPhotoId, stagePhoto } from "../lib/db/gallery.ts";
import { newCampaignId, stageNewCampaign } from "../lib/db/campaigns.ts";
import { saveEvent } from "../lib/events/mod.ts";
import { runWeeklyDigests } from "../lib/notifications/mod.ts";

const TEAMS = 400;
const MEMBERS = 25;
const POSTS = 7;
const PHOTOS = 3;
const EVENTS = 3;
const HOUR = 3600_000;
/** Sunday 2026-07-12, 17:05 in New York. */
const SUNDAY_EVENING = new Date("2026-07-12T21:05:00Z");
const APP_URL = "https://goalmates.example";

async function seedTeam(kv: Deno.Kv, index: number): Promise<Team> {
  const now = SUNDAY_EVENING.getTime();
  const team = buildTeam(
    {
      name: `Bench FC ${index}`,
      season: "Fall 2026",
      ageGroup: "U10",
      teamType: "coed",
      orgName: "Bench Club",
    },
    `bench-fc-${index}`,
    new Date(now - 90 * 24 * HOUR),
  );
  const op = stageNewTeam(kv.atomic(), team);
  const users = Array.from(
    { length: MEMBERS },
    (_, i) => buildUser({ email: `t${index}-m${i}@bench.example`, firstName: `Parent${i}`, lastName: `Team${index}` }),
  );
  users.forEach((user, i) => {
    stageNewUser(op, user);
    stageMembership(op, {
      userId: user.id,
      teamId: team.id,
      role: i === 0 ? "TEAM_ADMIN" : "TEAM_STANDARD",
      playerId: null,
      createdAt: new Date(now - 60 * 24 * HOUR).toISOString(),
    });
  });
  for (let p = 0; p < POSTS; p++) {
    const at = now - (p + 1) * 20 * HOUR;
    stagePost(op, team.id, {
      id: newPostId(at),
      postType: "news",
      content: `Practice notes number ${p}: bring water, shin guards and a good mood.`,
      authorId: users[0].id,
      playerId: null,
      playerName: null,
      createdAt: new Date(at).toISOString(),
    });
  }
  for (let p = 0; p < PHOTOS; p++) {
    const at = now - (p + 1) * 24 * HOUR;
    const path = `/objects/${team.id}/photo-${p}`;
    stagePhoto(op, team.id, {
      id: newPhotoId(at),
      objectPath: path,
      thumbnailPath: path,
      mediumPath: path,
      urls: { thumbnail: path, medium: path, full: path },
      caption: "",
      uploaderType: "admin",
      uploaderId: users[0].id,
      createdAt: new Date(at).toISOString(),
    });
  }
  stageNewCampaign(op, {
    id: newCampaignId(new Date(now - 24 * HOUR)),
    title: "End of season party",
    type: "poll",
    isActive: true,
    isSnoozable: false,
    snoozeDays: 0,
    teamId: team.id,
    publishAt: null,
    expiresAt: null,
    createdAt: new Date(now - 24 * HOUR).toISOString(),
    pollQuestion: "Pizza or tacos?",
    pollOption1: "Pizza",
    pollOption2: "Tacos",
    questionText: null,
    factText: null,
    newsText: null,
  });
  if (!(await op.commit()).ok) throw new Error(`seeding team ${index} failed`);
  for (let e = 0; e < EVENTS; e++) {
    const start = now + (e + 1) * 40 * HOUR;
    await saveEvent(kv, team.id, {
      title: e === 0 ? "Game" : "Practice",
      eventType: e === 0 ? "game" : "practice",
      startTime: new Date(start),
      endTime: new Date(start + 90 * 60_000),
      opponent: e === 0 ? "Hawks" : null,
      location: `Field ${e + 1}`,
    });
  }
  return team;
}

const scratch = await benchScratch("digest_bench_");
try {
  const kv = await openKv(`${scratch.tmp}/digest.kv`);
  const seeding = performance.now();
  for (let i = 0; i < TEAMS; i++) await seedTeam(kv, i);
  console.log(
    `Seeded ${TEAMS} teams × ${MEMBERS} members = ${TEAMS * MEMBERS} people in ${
      ((performance.now() - seeding) / 1000).toFixed(1)
    } s`,
  );

  const started = performance.now();
  const run = await runWeeklyDigests(kv, { appUrl: APP_URL, now: SUNDAY_EVENING });
  const ms = performance.now() - started;
  if (run.sent !== TEAMS * MEMBERS || run.failed !== 0) {
    throw new Error(`expected ${TEAMS * MEMBERS} mails, got ${run.sent} (${run.failed} failed)`);
  }
  console.log(
    `Weekly digest run: ${run.people} people, ${run.sent} mails queued in ${(ms / 1000).toFixed(2)} s ` +
      `(${(ms / run.people).toFixed(2)} ms per person)`,
  );

  const againStarted = performance.now();
  const again = await runWeeklyDigests(kv, { appUrl: APP_URL, now: new Date(SUNDAY_EVENING.getTime() + HOUR) });
  console.log(
    `Same evening, zone done: ${again.people} people read, ${again.sent} mails, ${
      (performance.now() - againStarted).toFixed(1)
    } ms`,
  );
  const quietStarted = performance.now();
  await runWeeklyDigests(kv, { appUrl: APP_URL, now: new Date("2026-07-15T18:00:00Z") });
  console.log(`A Wednesday (no zone due): ${(performance.now() - quietStarted).toFixed(2)} ms, nothing read`);
  kv.close();
} finally {
  await scratch.close();
}
