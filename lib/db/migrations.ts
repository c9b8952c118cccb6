/** One-time data migrations: a marker per migration, written once it has run to the end. */
import { keys } from "./keys.ts";

export async function hasRun(kv: Deno.Kv, name: string): Promise<boolean> {
  return (await kv.get(keys.migration(name))).versionstamp !== null;
}

export async function markRun(kv: Deno.Kv, name: string, now = new Date()): Promise<void> {
  await kv.set(keys.migration(name), now.toISOString());
}
