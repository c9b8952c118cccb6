import { followTeamRevision, onTeamChange } from "../db/team_revisions.ts";
import { LruMap } from "../lru.ts";

interface TeamEntry<T> {
  /** The team revision the values were built from. */
  revision: string | null;
  /** Variant → value, least recently used first. */
  values: LruMap<string, T>;
  /** The request keys (id, slug) that name this team here, oldest first. */
  aliases: Set<string>;
  stopWatching?: () => void;
}

/** A value built from a team's data, and the team revision it was built from. */
export interface TeamValue<T> {
  teamId: string;
  revision: string | null;
  value: T;
}

export interface TeamCacheOptions<T> {
  /** Teams kept in memory; the least recently used is dropped first. */
  maxTeams?: number;
  /** Variants kept per team (views × selected player); the least recently used goes first. */
  maxVariants?: number;
  /** Estimated bytes of every value of every team; least recently used teams go first. */
  maxBytes?: number;
  /** Request keys kept per team: its id and its slug, with room for a slug just renamed. */
  maxAliasesPerTeam?: number;
  /** The estimated bytes of one value (default: a string's UTF-16 size). */
  sizeOf?: (value: T) => number;
  /**
   * Also follow each cached team's revision with `kv.watch`, so a change committed by another
   * instance sharing the database drops this instance's copy too. One stream per team serves
   * every cache of the process on that database (`followTeamRevision`).
   */
  watch?: boolean;
}

const DEFAULT_SIZE_OF = (value: unknown) => typeof value === "string" ? value.length * 2 : 1024;

/**
 * Rendered output of a team's public pages, kept until the team's data changes. Changes in
 * this process drop entries at once (`onTeamChange`); with `watch`, changes anywhere do.
 *
 * R25/R46: everything here is bounded by count and bytes, whatever the requests. Callers pass
 * a canonical request key (`canonicalTeamKey`), and a team keeps only its few most recent keys,
 * so spelling a slug in ever new ways cannot add entries.
 */
export class TeamCache<T> {
  #teams: LruMap<string, TeamEntry<T>>;
  /** Request key (team id or slug) → team id; only keys of teams in `#teams`. */
  #aliases = new Map<string, string>();
  /** Bumped by every invalidation; a fill that overlapped one is not stored. */
  #epoch = 0;
  #unsubscribe: () => void;
  #maxVariants: number;
  #maxAliasesPerTeam: number;
  #sizeOf: (value: T) => number;
  #watch: boolean;

  constructor(private readonly kv: Deno.Kv, options: TeamCacheOptions<T> = {}) {
    this.#maxVariants = options.maxVariants ?? 200;
    this.#maxAliasesPerTeam = options.maxAliasesPerTeam ?? 4;
    this.#sizeOf = options.sizeOf ?? DEFAULT_SIZE_OF;
    this.#watch = options.watch ?? false;
    this.#teams = new LruMap({
      maxEntries: options.maxTeams ?? 500,
      maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
      sizeOf: (entry) => entry.values.bytes,
      onEvict: (_teamId, entry) => this.#forget(entry),
    });
    this.#unsubscribe = onTeamChange(kv, (teamId) => this.invalidate(teamId));
  }

  /** What is held now: for tests and for operators' diagnostics. */
  stats(): { teams: number; variants: number; aliases: number; bytes: number } {
    let variants = 0;
    for (const entry of this.#teams.values()) variants += entry.values.size;
    return { teams: this.#teams.size, variants, aliases: this.#aliases.size, bytes: this.#teams.bytes };
  }

  /** The cached value for a team key and variant, if fresh. */
  get(key: string, variant: string): T | undefined {
    const teamId = this.#aliases.get(key);
    return teamId === undefined ? undefined : this.#teams.get(teamId)?.values.get(variant);
  }

  /**
   * Returns the cached value or produces it. `load` reads the team's revision before its data
   * (see `readRevision`) and returns null when the team does not exist (never cached).
   */
  async getOrLoad(key: string, variant: string, load: () => Promise<TeamValue<T> | null>): Promise<T | null> {
    return (await this.getOrLoadEntry(key, variant, load))?.value ?? null;
  }

  /**
   * `getOrLoad`, with the team and the revision the value was built from: what a cache in
   * front of this one needs to keep the value exactly as long as this one does.
   */
  async getOrLoadEntry(
    key: string,
    variant: string,
    load: () => Promise<TeamValue<T> | null>,
  ): Promise<TeamValue<T> | null> {
    const teamId = this.#aliases.get(key);
    const entry = teamId === undefined ? undefined : this.#teams.get(teamId);
    const hit = entry?.values.get(variant);
    if (hit !== undefined) return { teamId: teamId!, revision: entry!.revision, value: hit };
    const epoch = this.#epoch;
    const loaded = await load();
    if (!loaded) return null;
    if (epoch === this.#epoch) this.#store(key, variant, loaded.teamId, loaded.revision, loaded.value);
    return loaded;
  }

  /** Forgets one variant its owner knows to be stale by a rule of its own (such as the time it shows). */
  drop(key: string, variant: string): void {
    const teamId = this.#aliases.get(key);
    if (teamId !== undefined) this.#teams.peek(teamId)?.values.delete(variant);
  }

  invalidate(teamId: string): void {
    this.#epoch++;
    this.#teams.delete(teamId);
  }

  close(): void {
    this.#unsubscribe();
    this.#teams.clear();
  }

  /** Called for every team that leaves, whatever the reason. */
  #forget(entry: TeamEntry<T>): void {
    entry.stopWatching?.();
    for (const alias of entry.aliases) this.#aliases.delete(alias);
  }

  #store(key: string, variant: string, teamId: string, revision: string | null, value: T): void {
    let entry = this.#teams.peek(teamId);
    if (entry && entry.revision !== revision) {
      this.invalidate(teamId);
      entry = undefined;
    }
    if (!entry) {
      entry = {
        revision,
        values: new LruMap({ maxEntries: this.#maxVariants, sizeOf: this.#sizeOf }),
        aliases: new Set(),
      };
      if (this.#watch) entry.stopWatching = this.#follow(teamId, revision);
    }
    entry.values.set(variant, value);
    this.#addAlias(entry, key, teamId);
    // Set (again) after the value is in, so the team's bytes are counted and its use is recent.
    if (!this.#teams.set(teamId, entry)) this.#forget(entry); // Larger than the whole budget.
  }

  #addAlias(entry: TeamEntry<T>, key: string, teamId: string): void {
    const holder = this.#aliases.get(key);
    if (holder !== undefined && holder !== teamId) this.#teams.peek(holder)?.aliases.delete(key);
    entry.aliases.delete(key);
    entry.aliases.add(key);
    this.#aliases.set(key, teamId);
    while (entry.aliases.size > this.#maxAliasesPerTeam) {
      const [oldest] = entry.aliases;
      entry.aliases.delete(oldest);
      this.#aliases.delete(oldest);
    }
  }

  /**
   * Follows the team's revision (one `kv.watch` per team, shared with the other caches of this
   * process): the first other revision drops the team.
   */
  #follow(teamId: string, revision: string | null): () => void {
    return followTeamRevision(this.kv, teamId, revision, () => this.invalidate(teamId));
  }
}
