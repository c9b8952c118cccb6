import { keys } from "./keys.ts";
import { CommitConflictError } from "./change.ts";
import { getManyEntries } from "./kv.ts";

/**
 * A team's revision is the versionstamp of `keys.teamRevision(teamId)`. Every commit that
 * changes what the team's public pages show rewrites that key in the same atomic operation,
 * so caches can tell fresh from stale in any instance that shares the database.
 */
export function touchTeam(op: Deno.AtomicOperation, teamId: string): Deno.AtomicOperation {
  return op.set(keys.teamRevision(teamId), Date.now());
}

type Listener = (teamId: string) => void;
const listeners = new WeakMap<Deno.Kv, Set<Listener>>();

/** Runs `listener` in this process right after a team change commits on `kv`. */
export function onTeamChange(kv: Deno.Kv, listener: Listener): () => void {
  let set = listeners.get(kv);
  if (!set) listeners.set(kv, set = new Set());
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Commits a change to one or more teams and tells this process's listeners at once; other instances learn
 * of it through `kv.watch` on the revision key.
 */
export async function commitTeamChange(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamIds: string | string[],
): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
  const teams = typeof teamIds === "string" ? [teamIds] : teamIds;
  for (const teamId of teams) touchTeam(op, teamId);
  const result = await op.commit();
  if (result.ok) { for (const teamId of teams) announceTeamChange(kv, teamId); }
  return result;
}

/**
 * Commits a team change as `commitTeamChange` does, or throws CommitConflictError (with `message`
 * when the caller has a better one) when one of its checks failed: the team change's step in
 * `retryOnConflict`.
 */
export async function commitTeamChangeOrConflict(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamIds: string | string[],
  message?: string,
): Promise<Deno.KvCommitResult> {
  const result = await commitTeamChange(kv, op, teamIds);
  if (!result.ok) throw new CommitConflictError(message);
  return result;
}

function announceTeamChange(kv: Deno.Kv, teamId: string): void {
  for (const listener of listeners.get(kv) ?? []) listener(teamId);
}

/**
 * A check that a team's revision is still the one a commit returned (for a change made in
 * several commits) or `readRevision` read (null: the team has had none yet).
 */
export function revisionCheck(teamId: string, versionstamp: string | null): Deno.AtomicCheck {
  return { key: keys.teamRevision(teamId), versionstamp };
}

/** A team's revision: the versionstamp of its revision key (null before its first change). */
export async function readRevision(kv: Deno.Kv, teamId: string): Promise<string | null> {
  return (await kv.get(keys.teamRevision(teamId))).versionstamp;
}

/** Each team's revision, in the order asked (`readRevision` for a page of teams, 10 keys a read). */
export async function readRevisions(kv: Deno.Kv, teamIds: readonly string[]): Promise<(string | null)[]> {
  return (await getManyEntries(kv, teamIds.map((teamId) => keys.teamRevision(teamId)))).map((e) => e.versionstamp);
}

/** Each new revision of a team as it commits (the current one first), from any instance. */
function watchRevision(kv: Deno.Kv, teamId: string): ReadableStream<string | null> {
  return kv.watch([keys.teamRevision(teamId)]).pipeThrough(
    new TransformStream<[Deno.KvEntryMaybe<unknown>], string | null>({
      transform: ([entry], controller) => controller.enqueue(entry.versionstamp),
    }),
  );
}

/** Something built from one revision of a team, told once when the team has moved on. */
interface Follower {
  revision: string | null;
  onStale: () => void;
}

/** One team's `kv.watch`, shared by everything in this process that follows the team on that database. */
interface SharedWatch {
  followers: Set<Follower>;
  /** The revision last reported (by the stream or the poll); undefined until the first report. */
  latest?: string | null;
  stop: () => void;
}

/** What this process follows on one database handle. */
interface Followed {
  watches: Map<string, SharedWatch>;
  /** Set by `pollOtherProcesses`: how often to read every followed revision. */
  pollMs?: number;
  poll?: ReturnType<typeof setInterval>;
  polling?: boolean;
}

const followedOn = new WeakMap<Deno.Kv, Followed>();

function followedOf(kv: Deno.Kv): Followed {
  let followed = followedOn.get(kv);
  if (!followed) followedOn.set(kv, followed = { watches: new Map() });
  return followed;
}

/**
 * Calls `onStale` once, as soon as the team's revision is seen to be another than `revision`
 * (a change committed by any instance sharing the database), or when following it fails (rather
 * than trust a copy nobody watches). Returns the function that stops following.
 *
 * Every cache of the team's pages follows the team, and each caller is one of them (the
 * rendered pages, the roster JSON, the public response cache): so one `kv.watch` per team
 * and database is opened for all of them, and closed when the last one stops. (Not one
 * stream for every team: `kv.watch` takes at most 10 keys, and one key that every team's
 * commit rewrote would either report only the last of two close changes or drop every
 * team's pages on any change.)
 */
export function followTeamRevision(
  kv: Deno.Kv,
  teamId: string,
  revision: string | null,
  onStale: () => void,
): () => void {
  const followed = followedOf(kv);
  let watch = followed.watches.get(teamId);
  if (!watch) followed.watches.set(teamId, watch = openSharedWatch(kv, teamId, followed));
  const follower: Follower = { revision, onStale };
  const shared = watch;
  shared.followers.add(follower);
  schedulePoll(kv, followed);
  // Known already to be behind (a newer revision was reported before this one joined): told
  // after the caller has stored what it built, as a report from the stream would be.
  if (shared.latest !== undefined && shared.latest !== revision) queueMicrotask(() => tell(shared, follower));
  return () => {
    if (shared.followers.delete(follower) && shared.followers.size === 0) shared.stop();
  };
}

/** How many teams this process follows on `kv` (one `kv.watch` each): for tests and operators. */
export function followedTeams(kv: Deno.Kv): number {
  return followedOn.get(kv)?.watches.size ?? 0;
}

/**
 * On a database file, `kv.watch` reports only the commits of this process (its isolates
 * included), never another process's (denoland/deno#21640): so every `everyMs` the revisions
 * of all the teams followed on `kv` are read, 10 keys a read, and a changed one is reported as
 * the stream would. One timer per database handle, running only while a team is followed.
 * Not for KV Connect or Deno Deploy's KV, where the streams see every instance's commits and a
 * read costs more.
 */
export function pollOtherProcesses(kv: Deno.Kv, everyMs = 250): void {
  const followed = followedOf(kv);
  followed.pollMs = everyMs;
  schedulePoll(kv, followed);
}

/** Whether another process may open the database at `path` (GOALMATES_KV) with watches blind to its commits. */
export function isDatabaseFile(path: string | null): path is string {
  return path !== null && path !== ":memory:" && !/^https?:\/\//.test(path);
}

/** `kv.getMany` reads at most 10 keys. */
const KEYS_PER_READ = 10;

/** Starts the poll when teams are followed and it is wanted; stops it when none are. */
function schedulePoll(kv: Deno.Kv, followed: Followed): void {
  const wanted = followed.pollMs !== undefined && followed.watches.size > 0;
  if (wanted && followed.poll === undefined) {
    followed.poll = setInterval(() => void pollOnce(kv, followed), followed.pollMs);
    // The server keeps the process alive; a poll alone never should.
    Deno.unrefTimer(followed.poll);
  } else if (!wanted && followed.poll !== undefined) {
    clearInterval(followed.poll);
    followed.poll = undefined;
  }
}

async function pollOnce(kv: Deno.Kv, followed: Followed): Promise<void> {
  if (followed.polling) return; // The last round is still reading (a slow disk): skip one.
  followed.polling = true;
  try {
    const teams = [...followed.watches.keys()];
    for (let i = 0; i < teams.length; i += KEYS_PER_READ) {
      const batch = teams.slice(i, i + KEYS_PER_READ);
      const entries = await kv.getMany(batch.map((teamId) => keys.teamRevision(teamId)));
      batch.forEach((teamId, j) => {
        const watch = followed.watches.get(teamId);
        if (watch) report(watch, entries[j].versionstamp);
      });
    }
  } catch {
    // The database closed: its streams end too, and tell their followers.
  } finally {
    followed.polling = false;
  }
}

/** A revision seen: every follower built from another one is told. */
function report(watch: SharedWatch, revision: string | null): void {
  watch.latest = revision;
  for (const follower of [...watch.followers]) if (follower.revision !== revision) tell(watch, follower);
}

/** Tells a follower its copy is stale, once; it follows no more. */
function tell(watch: SharedWatch, follower: Follower): void {
  if (!watch.followers.delete(follower)) return;
  follower.onStale();
  if (watch.followers.size === 0) watch.stop();
}

function openSharedWatch(kv: Deno.Kv, teamId: string, followed: Followed): SharedWatch {
  const reader = watchRevision(kv, teamId).getReader();
  let stopped = false;
  const watch: SharedWatch = {
    followers: new Set(),
    stop: () => {
      if (stopped) return;
      stopped = true;
      if (followed.watches.get(teamId) === watch) followed.watches.delete(teamId);
      schedulePoll(kv, followed);
      reader.cancel().catch(() => {});
    },
  };
  // The stream ending or failing (the database closed) tells every follower; the next follower
  // of the team opens a new one.
  (async () => {
    try {
      while (!stopped) {
        const { value, done } = await reader.read();
        if (done) break;
        report(watch, value);
      }
    } catch {
      // Handled below as the end of the stream.
    }
    if (stopped) return;
    watch.stop();
    for (const follower of [...watch.followers]) tell(watch, follower);
  })();
  return watch;
}
