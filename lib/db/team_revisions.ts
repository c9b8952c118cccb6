import { keys } from "./keys.ts";
import { CommitConflictError } from "./change.ts";

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

/** A check that a team's revision is still the one a commit returned (for a change made in several commits). */
export function revisionCheck(teamId: string, versionstamp: string): Deno.AtomicCheck {
  return { key: keys.teamRevision(teamId), versionstamp };
}

/** A team's revision: the versionstamp of its revision key (null before its first change). */
export async function readRevision(kv: Deno.Kv, teamId: string): Promise<string | null> {
  return (await kv.get(keys.teamRevision(teamId))).versionstamp;
}

/** Each new revision of a team as it commits (the current one first), from any instance. */
export function watchRevision(kv: Deno.Kv, teamId: string): ReadableStream<string | null> {
  return kv.watch([keys.teamRevision(teamId)]).pipeThrough(
    new TransformStream<[Deno.KvEntryMaybe<unknown>], string | null>({
      transform: ([entry], controller) => controller.enqueue(entry.versionstamp),
    }),
  );
}
