/**
 * The Essentials (SPEC.md section 3 'Essential item'): a team's recommended gear, apparel and
 * travel tips under `["essentials", teamId, itemId]`, written and deleted only here. Item ids
 * are ULIDs of their creation time, so a reverse listing is newest first.
 */
import { monotonicFactory, ulid } from "ulid";
import { keys } from "./keys.ts";
import { listPage, type Page, type PageOptions } from "./kv.ts";

/**
 * An essential item as stored: SPEC.md section 3's fields but the adder's name, which is read
 * from their account when shown (lib/essentials' EssentialItem), with who added it and when.
 */
export interface EssentialRecord {
  id: string;
  /** One of SPEC.md section 9's categories, and one of that category's subcategories. */
  category: string;
  subcategory: string;
  name: string;
  description: string;
  /** An http(s) address, or null when none was given. */
  link: string | null;
  /** The adder's account id (null for a team's shared login): who added it, and may remove it. */
  userId: string | null;
  createdAt: string;
}

const monotonic = monotonicFactory();
let lastTime = 0;

/** A new item id for `time`: increasing within a process; an item dated earlier is placed at its own time. */
export function newEssentialId(time: number): string {
  if (time < lastTime) return ulid(time);
  lastTime = time;
  return monotonic(time);
}

export async function getEssentialEntry(kv: Deno.Kv, teamId: string, itemId: string) {
  return await kv.get<EssentialRecord>(keys.essential(teamId, itemId));
}

export async function getEssential(kv: Deno.Kv, teamId: string, itemId: string): Promise<EssentialRecord | null> {
  return (await getEssentialEntry(kv, teamId, itemId)).value;
}

/** One page of a team's essentials, newest first. */
export async function listEssentials(
  kv: Deno.Kv,
  teamId: string,
  options: PageOptions = {},
): Promise<Page<EssentialRecord>> {
  return await listPage<EssentialRecord>(kv, { prefix: keys.teamEssentials(teamId) }, { ...options, reverse: true });
}

/** Adds a new item to `op`; the commit fails if the id is somehow taken. */
export function stageEssential(op: Deno.AtomicOperation, teamId: string, item: EssentialRecord): Deno.AtomicOperation {
  const key = keys.essential(teamId, item.id);
  return op.check({ key, versionstamp: null }).set(key, item);
}

/** Adds to `op` the removal of an item, checked unchanged since `entry` was read. */
export function stageEssentialRemoval(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<EssentialRecord>,
): Deno.AtomicOperation {
  return op.check(entry).delete(entry.key);
}
