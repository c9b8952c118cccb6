/**
 * Seeds a database with many teams for the scale benchmark (bench/scale_bench.ts): each team has
 * 20 players, one or two parents per player (accounts, memberships, guardian links, families),
 * a team admin, three posts and a recorded activity; the installation gets a few global
 * campaigns. Records are built and staged by the same lib/db functions the app uses (so they have
 * its exact shapes and indexes), a few commits per team instead of one per record, with no key
 * written here. The data migrations are recorded first, as a new database would have them.
 */
import { buildTeam, stageNewTeam, type Team } from "../lib/db/teams.ts";
import { buildPlayer, type Player, stagePlayer } from "../lib/db/players.ts";
import { buildUser, stageMembership, stageNewUser, type User } from "../lib/db/users.ts";
import { stageGuardian } from "../lib/db/guardians.ts";
import { familyLinker } from "../lib/db/families.ts";
import { newPostId, type PostRecord, stagePost } from "../lib/db/posts.ts";
import { commitTeamChange } from "../lib/db/team_revisions.ts";
import { recordTeamActivity } from "../lib/db/team_activity.ts";
import { runMigrations } from "../lib/db/migrations.ts";
import { beginChange } from "../lib/db/kv.ts";
import { DATA_MIGRATIONS } from "../lib/migrations.ts";
import { createCampaign } from "../lib/campaigns/mod.ts";
import { kudosPlayerName } from "../lib/feed/mod.ts";

/** Bump when what a seeded database holds changes, so cached files are not reused. */
export const SCALE_SEED_VERSION = 2;
export const PLAYERS_PER_TEAM = 20;
/** Players 0 … n-1 have a second parent (a co-parent in the same family). */
const CO_PARENTED_PLAYERS = 8;
/** Family links planned per commit: KV allows 100 checks per commit and a plan checks ~3 per link. */
const PLAYERS_PER_FAMILY_COMMIT = 10;
/** Teams seeded at once (their commits interleave; KV writes them one after another). */
const TEAMS_AT_ONCE = 8;

const DAY_MS = 24 * 60 * 60 * 1000;
const CLUBS = ["Riverside", "Hillcrest", "Lakeside", "Northgate", "Oakwood", "Westfield", "Harbor", "Summit"];
const MASCOTS = ["Rockets", "Hawks", "Comets", "Lions", "Otters", "Falcons", "Tigers", "Wolves", "Sharks"];
const FIRST = ["Maya", "Ethan", "Sofia", "Liam", "Ava", "Noah", "Isabella", "Lucas", "Zoe", "Oliver", "Amara"];
const LAST = ["Rodriguez", "Chen", "Okafor", "Novak", "Patel", "Kim", "Haddad", "Silva", "Müller", "Brennan"];
const POSITIONS = ["Forward", "Midfielder", "Defender", "Goalkeeper", null];

/** The slug of the n-th seeded team (1-based): fixed width, so slug order is seeding order. */
export const scaleSlug = (n: number) => `scale-${String(n).padStart(5, "0")}`;

async function commitOrThrow(kv: Deno.Kv, op: Deno.AtomicOperation, teamId: string, what: string): Promise<void> {
  if (!(await commitTeamChange(kv, op, teamId)).ok) throw new Error(`seeding ${what} of team ${teamId} conflicted`);
}

/** One team with its players, parents, families, posts and activity, in four commits. */
async function seedTeam(kv: Deno.Kv, n: number, now: Date): Promise<Team> {
  const club = CLUBS[n % CLUBS.length];
  const team = buildTeam(
    {
      name: `${club} ${MASCOTS[n % MASCOTS.length]} ${n}`,
      season: "Fall 2026",
      ageGroup: `U${8 + (n % 8)}`,
      teamType: "coed",
      orgName: `${club} Youth Soccer Club`,
    },
    scaleSlug(n),
    now,
  );
  const op = stageNewTeam(beginChange(kv), team);
  const players: Player[] = [];
  for (let j = 0; j < PLAYERS_PER_TEAM; j++) {
    const player = buildPlayer(team.id, {
      firstName: FIRST[(n + j) % FIRST.length],
      lastName: LAST[(n * 7 + j) % LAST.length],
      jerseyNumber: j + 1,
      position: POSITIONS[j % POSITIONS.length],
      birthYear: 2014 + (j % 3),
      yearsPlaying: j % 5,
    }, now);
    players.push(player);
    stagePlayer(op, player);
  }
  // Parents: one per player, a second for the first few; the first parent is also the team admin.
  const links: { player: Player; parent: User }[] = [];
  players.forEach((player, j) => {
    for (let k = 0; k < (j < CO_PARENTED_PLAYERS ? 2 : 1); k++) {
      const parent = buildUser({
        email: `parent${j}-${k}.t${n}@scale.example.com`,
        firstName: FIRST[(n + j + k + 3) % FIRST.length],
        lastName: player.lastName,
      }, now);
      stageNewUser(op, parent);
      stageMembership(op, {
        userId: parent.id,
        teamId: team.id,
        role: j === 0 && k === 0 ? "TEAM_ADMIN" : "TEAM_STANDARD",
        playerId: null,
        createdAt: now.toISOString(),
      });
      stageGuardian(op, team.id, player.id, parent.id, now);
      links.push({ player, parent });
    }
  });
  // Posts, as lib/feed writes them (a kudos names its player), dated over the last days.
  const kinds = ["news", "advice", "kudos"] as const;
  kinds.forEach((postType, k) => {
    const at = now.getTime() - (k + 1) * 7 * 60 * 60 * 1000;
    const kudos = postType === "kudos" ? players[k] : null;
    const post: PostRecord = {
      id: newPostId(at),
      postType,
      content: `Seeded ${postType} post ${k + 1} of team ${n}: practice moves to the north field.`,
      authorId: links[k].parent.id,
      playerId: kudos?.id ?? null,
      playerName: kudos ? kudosPlayerName(kudos) : null,
      createdAt: new Date(at).toISOString(),
    };
    stagePost(op, team.id, post);
  });
  await commitOrThrow(kv, op, team.id, "the team");

  // Families, a commit per group of players (each commit reads what the one before wrote).
  for (let from = 0; from < PLAYERS_PER_TEAM; from += PLAYERS_PER_FAMILY_COMMIT) {
    const linker = familyLinker(kv, team.id, now);
    const group = new Set(players.slice(from, from + PLAYERS_PER_FAMILY_COMMIT));
    for (const { player, parent } of links) {
      if (group.has(player)) await linker.link(player.id, parent.id, player.lastName);
    }
    await commitOrThrow(kv, linker.stage(beginChange(kv)), team.id, "families");
  }
  // Last active 0 … 44 days ago: about two teams in three count as active (30 days).
  await recordTeamActivity(kv, [team.id], new Date(now.getTime() - (n % 45) * DAY_MS));
  return team;
}

export interface ScaleSeedResult {
  teams: number;
  seconds: number;
}

/**
 * Seeds `teams` teams (slugs scale-00001 …) into an empty database, with a few global
 * campaigns; `onProgress` hears every thousand teams.
 */
export async function seedScaleDatabase(
  kv: Deno.Kv,
  teams: number,
  now = new Date(),
  onProgress: (done: number) => void = () => {},
): Promise<ScaleSeedResult> {
  const started = performance.now();
  await runMigrations(kv, DATA_MIGRATIONS, { now });
  let next = 1;
  const worker = async () => {
    while (next <= teams) {
      const n = next++;
      await seedTeam(kv, n, now);
      if (n % 1000 === 0) onProgress(n);
    }
  };
  await Promise.all(Array.from({ length: Math.min(TEAMS_AT_ONCE, teams) }, worker));
  for (
    const [k, factText] of [
      "Goalkeepers may use their hands only inside their own box.",
      "A match ball weighs about 420 g.",
    ].entries()
  ) {
    await createCampaign(
      kv,
      { teamId: null, title: `Did you know? ${k + 1}`, type: "fun_fact", factText },
      now,
      "bench",
    );
  }
  return { teams, seconds: (performance.now() - started) / 1000 };
}
