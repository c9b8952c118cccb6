import { monotonicFactory } from "ulid";
import { keys } from "./keys.ts";
import { commitTeamChange } from "./team_revisions.ts";
import { ConflictError } from "../errors.ts";
import { countKeys, getManyValues, listPage, type Page, type PageOptions } from "./kv.ts";
import { DEFAULT_TIME_ZONE, type TimeZoneSource } from "../time_zone.ts";

export interface TeamSettings {
  /** When false the public roster takes no new claims. */
  openClaims: boolean;
  /** When false only claims by jersey number are accepted. */
  allowSurnameFallback: boolean;
  /** Shown in the claim dialog. */
  claimInstructions: string;
  showPhotos: boolean;
  showPositions: boolean;
  showParentNames: boolean;
  /** Full last names on the public roster instead of an initial. */
  showLastNames: boolean;
  /** Lowercase domains allowed for claims and joins; empty means any. */
  allowedEmailDomains: string[];
  /**
   * The IANA zone the team's times are shown in (lib/time_zone.ts: read it with `teamTimeZone`,
   * since teams made before zones have none), and who set it: the admin's choice is final, a
   * calendar's first sync sets it once while the admin never chose.
   */
  timeZone?: string;
  timeZoneSource?: TimeZoneSource;
}

export interface Team {
  id: string;
  slug: string;
  name: string;
  season: string;
  ageGroup: string;
  teamType: "boys" | "girls" | "coed";
  orgName: string;
  settings: TeamSettings;
  createdAt: string;
}

export const DEFAULT_TEAM_SETTINGS: TeamSettings = Object.freeze({
  openClaims: true,
  allowSurnameFallback: true,
  claimInstructions: "",
  showPhotos: false,
  showPositions: true,
  showParentNames: false,
  showLastNames: false,
  allowedEmailDomains: [],
  timeZone: DEFAULT_TIME_ZONE,
  timeZoneSource: "default",
}) as TeamSettings;

export type NewTeam =
  & Pick<Team, "name" | "season" | "ageGroup" | "teamType" | "orgName">
  & { settings?: Partial<TeamSettings>; slug?: string };

/** Lowercase kebab-case slug from a team name ("U10 Lions!" → "u10-lions"). */
export function slugify(name: string): string {
  const slug = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 48).replace(/-+$/, "");
  return slug || "team";
}

/**
 * Slugs no team may have: the literal segments that stand where a sibling route has a team key
 * (`/api/admin/campaigns|teams|audit` beside `/api/admin/:teamId…`, `/api/teams/by-slug|by-join-code`
 * beside `/api/teams/:teamKey…`). The router never reads them as a team (routes/params.ts).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["campaigns", "teams", "audit", "by-slug", "by-join-code"]);

/** Increasing within a process, so teams created in one millisecond still list newest first. */
const nextTeamId = monotonicFactory();

/** A new team record (not stored). */
export function buildTeam(input: NewTeam, slug: string, now = new Date()): Team {
  return {
    id: nextTeamId(),
    slug,
    name: input.name,
    season: input.season,
    ageGroup: input.ageGroup,
    teamType: input.teamType,
    orgName: input.orgName,
    settings: { ...DEFAULT_TEAM_SETTINGS, ...input.settings },
    createdAt: now.toISOString(),
  };
}

/**
 * Creates a team under a unique slug: the name's slug, else the first free of `-2`, `-3` ….
 * A slug given in `input` is used as it is or refused with a ConflictError.
 * @example const team = await createTeam(kv, { name: "Lions", season: "Fall 2026", ... });
 */
export async function createTeam(kv: Deno.Kv, input: NewTeam, now = new Date()): Promise<Team> {
  const base = input.slug ?? slugify(input.name);
  const attempts = input.slug ? 1 : 1000;
  for (let n = 1; n <= attempts; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (RESERVED_SLUGS.has(slug)) continue;
    const team = buildTeam(input, slug, now);
    if ((await commitTeamChange(kv, stageNewTeam(kv.atomic(), team), team.id)).ok) return team;
  }
  throw new ConflictError(`The team address "${base}" is taken.`);
}

/** Adds a new team and its slug to `op`, and counts it; the commit fails when the slug is taken. */
export function stageNewTeam(op: Deno.AtomicOperation, team: Team): Deno.AtomicOperation {
  return stageTeamCount(op, +1)
    .check({ key: keys.teamBySlug(team.slug), versionstamp: null })
    .set(keys.team(team.id), team)
    .set(keys.teamBySlug(team.slug), team.id);
}

/** KvU64 `sum` wraps at 2^64, so adding 2^64 - 1 takes one away. */
const MINUS_ONE = (1n << 64n) - 1n;

/**
 * Adds to `op` one team more (+1) or less (-1) in the kept count `countTeams` reads; staged in the
 * same commit that writes or deletes a team's record (here and in team_deletions.ts).
 */
export function stageTeamCount(op: Deno.AtomicOperation, change: 1 | -1): Deno.AtomicOperation {
  return op.sum(keys.teamCount(), change === 1 ? 1n : MINUS_ONE);
}

/**
 * Sets the kept team count from the team records (the migration of a database that has teams
 * from before it was kept); returns the count.
 */
export async function recountTeams(kv: Deno.Kv): Promise<number> {
  const count = await countKeys(kv, keys.allTeams());
  if (count !== await countTeams(kv)) await kv.set(keys.teamCount(), new Deno.KvU64(BigInt(count)));
  return count;
}

/** Above every character a slug holds (slugs are lowercase ASCII), so it closes a prefix's range. */
const AFTER_PREFIX = "\uffff";

/**
 * One page of teams whose slug starts with `prefix` ("" for every team), in slug order. The
 * cursor belongs to this prefix's list. A slug whose team is gone (a deletion under way) is
 * left out, so a page may hold fewer teams than `limit` and still have a next one.
 */
export async function listTeamsBySlugPrefix(
  kv: Deno.Kv,
  prefix: string,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<Team>> {
  // With "" this is the whole index: every slug sorts after "" and before AFTER_PREFIX.
  const selector = { start: keys.teamBySlug(prefix), end: keys.teamBySlug(prefix + AFTER_PREFIX) };
  const ids = await listPage<string>(kv, selector, options);
  const teams = await getTeams(kv, ids.values);
  return { values: teams.filter((t): t is Team => t !== null), cursor: ids.cursor };
}

/** Whether a slug is taken. */
export async function isSlugTaken(kv: Deno.Kv, slug: string): Promise<boolean> {
  return RESERVED_SLUGS.has(slug) || (await kv.get(keys.teamBySlug(slug))).versionstamp !== null;
}

export async function getTeam(kv: Deno.Kv, teamId: string): Promise<Team | null> {
  return (await getTeamEntry(kv, teamId)).value;
}

export async function getTeamEntry(kv: Deno.Kv, teamId: string): Promise<Deno.KvEntryMaybe<Team>> {
  return await kv.get<Team>(keys.team(teamId));
}

/** Adds to `op` a changed team record, checked unchanged since `entry` was read. */
export function stageTeamUpdate(op: Deno.AtomicOperation, entry: Deno.KvEntry<Team>, team: Team) {
  return op.check(entry).set(entry.key, team);
}

/** A page of every team, in creation order. */
export async function listTeams(kv: Deno.Kv, options: PageOptions = {}): Promise<Page<Team>> {
  return await listPage<Team>(kv, { prefix: keys.allTeams() }, options);
}

/** How many teams there are: one read of the kept count (never a listing of every team). */
export async function countTeams(kv: Deno.Kv): Promise<number> {
  const count = (await kv.get<Deno.KvU64>(keys.teamCount())).value;
  return count ? Number(count.value) : 0;
}

/** Teams by id, in the order asked (null where there is none). */
export async function getTeams(kv: Deno.Kv, teamIds: string[]): Promise<(Team | null)[]> {
  return await getManyValues<Team>(kv, teamIds.map((id) => keys.team(id)));
}

/**
 * A team with its revision, read together so a cached copy of what is built from it is
 * never labelled newer than its data.
 */
export async function getTeamWithRevision(kv: Deno.Kv, teamId: string) {
  const [revision, team] = await kv.getMany<[number, Team]>([keys.teamRevision(teamId), keys.team(teamId)]);
  return { team: team.value, teamEntry: team, revision: revision.versionstamp, revisionEntry: revision };
}

export async function getTeamBySlug(kv: Deno.Kv, slug: string): Promise<Team | null> {
  const id = (await kv.get<string>(keys.teamBySlug(slug))).value;
  return id ? await getTeam(kv, id) : null;
}

const TEAM_KEY = /^[A-Za-z0-9-]{1,64}$/;

/** A team id as this app makes them: a ULID, upper case. */
const TEAM_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * The one spelling of a path's team key: an id as it is, anything else in lower case, as
 * slugs are stored. Slugs are found whatever their case, so caches and redirects key on this,
 * never on the spelling a request happened to use (R25).
 */
export function canonicalTeamKey(idOrSlug: string): string {
  return TEAM_ID.test(idOrSlug) ? idOrSlug : idOrSlug.toLowerCase();
}

/** Resolves an API path's `{teamId}`/`{slug}` to a team id: by id first, then by slug. */
export async function resolveTeamId(kv: Deno.Kv, idOrSlug: string): Promise<string | null> {
  if (!TEAM_KEY.test(idOrSlug)) return null;
  const byId = await getTeamEntry(kv, idOrSlug);
  if (byId.versionstamp !== null) return idOrSlug;
  return (await kv.get<string>(keys.teamBySlug(idOrSlug.toLowerCase()))).value;
}

/** Resolves an API path's `{teamId}`/`{slug}`: by id first, then by slug. */
export async function resolveTeam(kv: Deno.Kv, idOrSlug: string): Promise<Team | null> {
  const id = await resolveTeamId(kv, idOrSlug);
  return id ? await getTeam(kv, id) : null;
}

/** The public view of a team (what the roster API and pages expose). */
export function publicTeam(team: Team) {
  const { id, name, season, slug, ageGroup, orgName } = team;
  return { id, name, season, slug, ageGroup, orgName };
}
