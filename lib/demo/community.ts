/**
 * The demo team's family life (development mode only, DECISIONS.md "Development-only
 * surfaces"): more parents in families, posts of all three kinds, essentials, a poll and a fun
 * fact, and upcoming events, so a newcomer signed in as parent@example.com sees a living page.
 * Everything goes through the same functions the app uses, so the demo obeys the rules.
 */
import type { Team } from "../db/teams.ts";
import { listPlayers, type Player } from "../db/players.ts";
import { buildUser, getUserByEmail, stageMembership, stageNewUser, type User } from "../db/users.ts";
import { beginChange } from "../db/kv.ts";
import { commitChange } from "../db/change.ts";
import { linkParentToPlayer } from "../families/mod.ts";
import { createPost, listTeamPosts } from "../feed/mod.ts";
import { addEssential } from "../essentials/mod.ts";
import { createCampaign } from "../campaigns/mod.ts";
import { listUpcomingEvents, saveEvent } from "../events/mod.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Parents who sign in by magic link (no password); `days` is how long ago they joined. */
const DEMO_PARENTS = [
  { email: "ana.okafor@example.com", firstName: "Ana", lastName: "Okafor", jerseyNumber: 4, days: 40 },
  { email: "sam.okafor@example.com", firstName: "Sam", lastName: "Okafor", jerseyNumber: 4, days: 38 },
  { email: "priya.patel@example.com", firstName: "Priya", lastName: "Patel", jerseyNumber: 6, days: 30 },
  { email: "marco.silva@example.com", firstName: "Marco", lastName: "Silva", jerseyNumber: 10, days: 25 },
  { email: "lena.muller@example.com", firstName: "Lena", lastName: "Müller", jerseyNumber: 11, days: 3 },
  { email: "wei.chen2@example.com", firstName: "Mei", lastName: "Chen", jerseyNumber: 1, days: 20 },
];

/** The demo accounts' children, and the extra parents, linked into families (idempotent per link). */
async function seedParents(kv: Deno.Kv, team: Team, players: Player[], now: Date): Promise<Map<string, User>> {
  const byJersey = new Map(players.map((p) => [p.jerseyNumber, p]));
  const people = new Map<string, User>();
  for (const parent of DEMO_PARENTS) {
    let user = await getUserByEmail(kv, parent.email);
    if (!user) {
      const joined = new Date(now.getTime() - parent.days * DAY);
      user = buildUser(parent, joined);
      const op = stageNewUser(beginChange(kv), user);
      stageMembership(op, {
        userId: user.id,
        teamId: team.id,
        role: "TEAM_STANDARD",
        playerId: null,
        createdAt: joined.toISOString(),
      });
      if (!(await commitChange(op)).ok) user = await getUserByEmail(kv, parent.email);
    }
    const player = byJersey.get(parent.jerseyNumber);
    if (user && player) await linkParentToPlayer(kv, team.id, player.id, user.id, now);
    if (user) people.set(parent.email, user);
  }
  for (const account of DEMO_ACCOUNTS) {
    const user = await getUserByEmail(kv, account.email);
    if (user) people.set(account.email, user);
  }
  return people;
}

async function seedPosts(kv: Deno.Kv, team: Team, people: Map<string, User>, players: Player[], now: Date) {
  const author = (email: string) => ({ userId: people.get(email)?.id ?? null });
  const maya = players.find((p) => p.jerseyNumber === 7);
  const at = (ago: number) => new Date(now.getTime() - ago);
  const posts = [
    {
      by: "priya.patel@example.com",
      ago: 3 * DAY,
      input: { postType: "advice", content: "Label the water bottles! We have three identical blue ones already." },
    },
    {
      by: "parent@example.com",
      ago: 26 * HOUR,
      input: { postType: "news", content: "Picture day is moved to Saturday before the game. Bring the home jersey." },
    },
    {
      by: "ana.okafor@example.com",
      ago: 5 * HOUR,
      input: { postType: "advice", content: "The Elm Street lot fills up by 9:40. The school lot is free and close." },
    },
    {
      by: "coach@example.com",
      ago: 40 * 60 * 1000,
      input: {
        postType: "kudos",
        content: "What a hustle on defense on Saturday! Proud of every one of you.",
        playerId: maya?.id,
      },
    },
  ];
  for (const post of posts) await createPost(kv, team.id, author(post.by), post.input, at(post.ago));
}

async function seedEssentials(kv: Deno.Kv, team: Team, people: Map<string, User>, now: Date) {
  const adder = (email: string) => ({ userId: people.get(email)?.id ?? null });
  const items = [
    {
      by: "coach@example.com",
      input: {
        category: "Equipment",
        subcategory: "Balls",
        name: "Size 4 match ball",
        description: "U10 plays with a size 4. Any brand is fine; pump to the pressure printed on the ball.",
        link: "",
      },
    },
    {
      by: "priya.patel@example.com",
      input: {
        category: "Equipment",
        subcategory: "Shin Guards",
        name: "Slip-in shin guards with sleeves",
        description: "Easier for little hands than straps, and the sleeves keep them from sliding.",
        link: "",
      },
    },
    {
      by: "parent@example.com",
      input: {
        category: "Accessories",
        subcategory: "Snacks",
        name: "Orange slices for halftime",
        description: "The snack rota is on the team feed. Cut them at home, bring a bag for the peels.",
        link: "",
      },
    },
    {
      by: "ana.okafor@example.com",
      input: {
        category: "Apparel",
        subcategory: "Rain Gear",
        name: "A cheap rain poncho for the sideline",
        description: "Fall games go ahead in the rain. Ponchos fold small and fit in the bag.",
        link: "",
      },
    },
  ];
  for (const item of items) await addEssential(kv, team.id, adder(item.by), item.input, now);
}

async function seedCampaigns(kv: Deno.Kv, team: Team, now: Date) {
  await createCampaign(
    kv,
    {
      teamId: team.id,
      title: "End-of-season party",
      type: "poll",
      pollQuestion: "Where should we hold the end-of-season party?",
      pollOption1: "Pizza at Rocco's",
      pollOption2: "Picnic at Riverside Park",
    },
    now,
    "demo",
  );
  await createCampaign(
    kv,
    {
      teamId: team.id,
      title: "Did you know?",
      type: "fun_fact",
      factText: "A youth soccer player runs about 5 km in a full game: that is a lot of orange slices.",
    },
    now,
    "demo",
  );
}

/** A few upcoming events in New York time, re-seeded whenever none is left (a demo database outlives its week). */
async function seedEvents(kv: Deno.Kv, team: Team, now: Date) {
  if ((await listUpcomingEvents(kv, team.id, now, { limit: 1 })).values.length > 0) return;
  const day = (offset: number, hourUtc: number, minutes = 0) => {
    const d = new Date(now.getTime() + offset * DAY);
    d.setUTCHours(hourUtc, minutes, 0, 0);
    return d;
  };
  const events = [
    {
      title: "Practice",
      eventType: "practice",
      start: day(0, 22, 30),
      hours: 1.5,
      location: "Riverside Park, Field 2",
    },
    {
      title: "Game vs Hawks",
      eventType: "game",
      start: day(1, 14),
      hours: 1.5,
      opponent: "Hawks",
      isHome: true,
      location: "Riverside Park, Field 1",
    },
    {
      title: "Practice",
      eventType: "practice",
      status: "cancelled",
      start: day(3, 22, 30),
      hours: 1.5,
      location: "Riverside Park, Field 2",
    },
    {
      title: "Fall Cup tournament",
      eventType: "game",
      status: "tentative",
      start: day(6, 13),
      hours: 6,
      location: "Eastside Sports Complex",
    },
    {
      title: "Game at Comets",
      eventType: "game",
      start: day(8, 15),
      hours: 1.5,
      opponent: "Comets",
      isHome: false,
      location: "Comets Field, Lot B",
    },
  ];
  for (const e of events) {
    const { start, hours, ...rest } = e;
    // Today's practice may already be over when the seed runs late in the day.
    if (start.getTime() + hours * HOUR <= now.getTime()) continue;
    await saveEvent(kv, team.id, { ...rest, startTime: start, endTime: new Date(start.getTime() + hours * HOUR) });
  }
}

/**
 * Seeds the demo team's community once (the first post marks it done); events are topped up
 * on every start so the widget is never empty in development.
 */
export async function seedDemoCommunity(kv: Deno.Kv, team: Team, now = new Date()): Promise<void> {
  const players = await listPlayers(kv, team.id);
  if ((await listTeamPosts(kv, team.id, { limit: 1 })).values.length === 0) {
    const people = await seedParents(kv, team, players, now);
    await seedPosts(kv, team, people, players, now);
    await seedEssentials(kv, team, people, now);
    await seedCampaigns(kv, team, now);
  }
  await seedEvents(kv, team, now);
}
