import { keys } from "./keys.ts";

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
 * Commits a team change and tells this process's listeners at once; other instances learn
 * of it through `kv.watch` on the revision key.
 */
export async function commitTeamChange(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
  const result = await touchTeam(op, teamId).commit();
  if (result.ok) announceTeamChange(kv, teamId);
  return result;
}

function announceTeamChange(kv: Deno.Kv, teamId: string): void {
  for (const listener of listeners.get(kv) ?? []) listener(teamId);
}
