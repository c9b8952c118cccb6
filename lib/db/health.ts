/** Whether the database answers, for the health check (routes/health.ts). */
import { keys } from "./keys.ts";

/**
 * True when a read of one (never written) key completes within `timeoutMs`; false when it fails
 * (the database is closed or unreachable) or is slower. A read that comes late is left to finish.
 */
export async function pingKv(kv: Deno.Kv, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), timeoutMs));
  const read = (async () => {
    await kv.get(keys.healthProbe());
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
