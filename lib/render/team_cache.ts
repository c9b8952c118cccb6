import { onTeamChange, watchRevision } from "../db/team_revisions.ts";

interface TeamEntry<T> {
  /** The team revision the values were built from. */
  revision: string | null;
  values: Map<string, T>;
  aliases: Set<string>;
  stopWatching?: () => void;
}

export interface TeamCacheOptions {
  /** Teams kept in memory; the least recently filled is dropped first. */
  maxTeams?: number;
  /** Variants kept per team (views × selected player). */
  maxVariants?: number;
  /**
   * Also follow each cached team's revision with `kv.watch`, so a change committed by another
   * instance sharing the database drops this instance's copy too.
   */
  watch?: boolean;
}

/**
 * Rendered output of a team's public pages, kept until the team's data changes. Changes in
 * this process drop entries at once (`onTeamChange`); with `watch`, changes anywhere do.
 */
export class TeamCache<T> {
  #teams = new Map<string, TeamEntry<T>>();
  /** Request key (team id or slug) → team id. */
  #aliases = new Map<string, string>();
  /** Bumped by every invalidation; a fill that overlapped one is not stored. */
  #epoch = 0;
  #unsubscribe: () => void;
  #maxTeams: number;
  #maxVariants: number;
  #watch: boolean;

  constructor(private readonly kv: Deno.Kv, options: TeamCacheOptions = {}) {
    this.#maxTeams = options.maxTeams ?? 500;
    this.#maxVariants = options.maxVariants ?? 200;
    this.#watch = options.watch ?? false;
    this.#unsubscribe = onTeamChange(kv, (teamId) => this.invalidate(teamId));
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
  async getOrLoad(
    key: string,
    variant: string,
    load: () => Promise<{ teamId: string; revision: string | null; value: T } | null>,
  ): Promise<T | null> {
    const hit = this.get(key, variant);
    if (hit !== undefined) return hit;
    const epoch = this.#epoch;
    const loaded = await load();
    if (!loaded) return null;
    if (epoch === this.#epoch) this.#store(key, variant, loaded.teamId, loaded.revision, loaded.value);
    return loaded.value;
  }

  invalidate(teamId: string): void {
    this.#epoch++;
    const entry = this.#teams.get(teamId);
    if (!entry) return;
    entry.stopWatching?.();
    for (const alias of entry.aliases) this.#aliases.delete(alias);
    this.#teams.delete(teamId);
  }

  close(): void {
    this.#unsubscribe();
    for (const teamId of [...this.#teams.keys()]) this.invalidate(teamId);
  }

  #store(key: string, variant: string, teamId: string, revision: string | null, value: T): void {
    let entry = this.#teams.get(teamId);
    if (entry && entry.revision !== revision) {
      this.invalidate(teamId);
      entry = undefined;
    }
    if (!entry) {
      if (this.#teams.size >= this.#maxTeams) this.invalidate(this.#teams.keys().next().value!);
      entry = { revision, values: new Map(), aliases: new Set() };
      this.#teams.set(teamId, entry);
      if (this.#watch) entry.stopWatching = this.#follow(teamId, revision);
    }
    if (entry.values.size >= this.#maxVariants) entry.values.clear();
    entry.values.set(variant, value);
    entry.aliases.add(key);
    this.#aliases.set(key, teamId);
  }

  /** Watches the revision key; the first differing versionstamp drops the team. */
  #follow(teamId: string, revision: string | null): () => void {
    const reader = watchRevision(this.kv, teamId).getReader();
    let stopped = false;
    (async () => {
      try {
        while (!stopped) {
          const { value, done } = await reader.read();
          if (done) return;
          if (value !== revision) {
            stopped = true;
            this.invalidate(teamId);
          }
        }
      } catch {
        // The database closed or the stream failed: drop the entry rather than trust it.
        if (!stopped) this.invalidate(teamId);
      }
    })();
    return () => {
      stopped = true;
      reader.cancel().catch(() => {});
    };
  }
}
