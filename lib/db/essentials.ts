/**
 * The Essentials (SPEC.md section 3 'Essential item'): a team's recommended gear, apparel and
 * travel tips under `["essentials", teamId, itemId]`, written and deleted only here. Item ids
 * are ULIDs of their creation time, so a reverse listing is newest first.
 */
import { monotonicFactory, ulid } from "ulid";
import { keys } from "./keys.ts";
import { listPage, type Page, type PageOptions } from "./kv.ts";

/** SPEC.md section 3's essential item, with who added it and when. */
export interface EssentialItem {
  id: string;
  /** One of SPEC.md section 9's categories, and one of that category's subcategories. */
  category: string;
  subcategory: string;
  name: string;
  description: string;
  /** An http(s) address, or null when none was given. */
  link: string | null;
  /** The adder's name when they added it (a later rename does not change it). */
  userName: string;
  /** The adder's account id (null for a team's shared login): who may remove it as its adder. */
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
  return await kv.get<EssentialItem>(keys.essential(teamId, itemId));
}

export async function getEssential(kv: Deno.Kv, teamId: string, itemId: string): Promise<EssentialItem | null> {
  return (await getEssentialEntry(kv, teamId, itemId)).value;
}

/** One page of a team's essentials, newest first. */
export async function listEssentials(
  kv: Deno.Kv,
  teamId: string,
  options: PageOptions = {},
): Promise<Page<EssentialItem>> {
  return await listPage<EssentialItem>(kv, { prefix: keys.teamEssentials(teamId) }, { ...options, reverse: true });
}

/** Adds a new item to `op`; the commit fails if the id is somehow taken. */
export function stageEssential(op: Deno.AtomicOperation, teamId: string, item: EssentialItem): Deno.AtomicOperation {
  const key = keys.essential(teamId, item.id);
  return op.check({ key, versionstamp: null }).set(key, item);
}

/** Adds to `op` the removal of an item, checked unchanged since `entry` was read. */
export function stageEssentialRemoval(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<EssentialItem>,
): Deno.AtomicOperation {
  return op.check(entry).delete(entry.key);
}
