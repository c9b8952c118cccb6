/** System administrators: created only from the environment or the CLI, never by a web form. */
import { keys } from "./keys.ts";

export interface Sysadmin {
  email: string;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

export async function getSysadmin(kv: Deno.Kv, email: string): Promise<Sysadmin | null> {
  return (await kv.get<Sysadmin>(keys.sysadmin(email))).value;
}

export async function saveSysadmin(kv: Deno.Kv, sysadmin: Sysadmin): Promise<void> {
  await kv.set(keys.sysadmin(sysadmin.email), sysadmin);
}
