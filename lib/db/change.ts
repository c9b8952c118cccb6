/**
 * Committing what domain code staged (`beginChange` and the repositories' `stage…` helpers), and
 * the read–stage–commit loop that starts again when another writer got in between. Only lib/db
 * calls `.commit()`: these, `commitTeamChange` and the repositories that commit on their own.
 */
import { ConflictError } from "../errors.ts";

/**
 * A commit whose checks failed: something read for it changed before it was written. To a caller
 * it is a ConflictError like any other (409); `retryOnConflict` reads again on it, and only on it,
 * so a rule's own ConflictError ("already answered") is never retried.
 */
export class CommitConflictError extends ConflictError {}

/** Commits a staged change as it is: `ok` says whether its checks held (an unchecked one always does). */
export async function commitChange(op: Deno.AtomicOperation): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
  return await op.commit();
}

/**
 * Commits a staged change, or throws CommitConflictError when one of its checks failed (with
 * `message` when the caller has a better one than ConflictError's). Returns the commit's result.
 */
export async function commitOrConflict(op: Deno.AtomicOperation, message?: string): Promise<Deno.KvCommitResult> {
  const result = await op.commit();
  if (!result.ok) throw new CommitConflictError(message);
  return result;
}

export interface RetryOptions<T> {
  /** How many times the attempt runs at most; each one reads afresh. */
  attempts: number;
  /** The answer when every attempt lost to another writer; without it the last conflict is thrown. */
  onExhausted?: () => T;
}

/**
 * Runs a read–stage–commit attempt until it gets through: an attempt that throws
 * CommitConflictError (from `commitOrConflict` or `commitTeamChangeOrConflict`, or thrown itself
 * when what it read says "read again") runs again, up to `attempts` times; what it returns is the
 * answer, anything else it throws is thrown at once. `attempt` receives its index (0 for the
 * first run).
 */
export async function retryOnConflict<T>(
  attempt: (index: number) => Promise<T>,
  { attempts, onExhausted }: RetryOptions<T>,
): Promise<T> {
  let conflict = new CommitConflictError();
  for (let index = 0; index < attempts; index++) {
    try {
      return await attempt(index);
    } catch (error) {
      if (!(error instanceof CommitConflictError)) throw error;
      conflict = error;
    }
  }
  if (onExhausted) return onExhausted();
  throw conflict;
}
