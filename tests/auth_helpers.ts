/** Accounts, cookies and mail for the tests of sign-in and roles. */
import { createUser, setMembership, type TeamRole, type User } from "../lib/db/users.ts";
import { hashPassword } from "../lib/auth/passwords.ts";
import { stageTeamAccess } from "../lib/db/team_access.ts";
import { keys } from "../lib/db/keys.ts";
import { kvValues } from "./helpers.ts";
import { openQueuedMail, type PendingMail } from "../lib/mail/queue.ts";
import type { OutgoingMail } from "../lib/mail/types.ts";

/** Cheap scrypt parameters so tests do not spend half a second per hash. */
export const FAST_HASH = { N: 2 ** 10, r: 8, p: 1 };

/**
 * A team's shared login with cheap scrypt parameters, for tests that only need one to sign in
 * with. `setTeamAccessCredentials` hashes at full strength within the password pool's 10 s
 * limit, which a loaded 2-core machine running the suite in parallel can miss (a 503).
 */
export async function setCheapTeamLogin(kv: Deno.Kv, teamId: string, username: string, password: string) {
  const passwordHash = await hashPassword(password, FAST_HASH);
  const access = { username, passwordHash, updatedAt: new Date().toISOString(), version: crypto.randomUUID() };
  const { ok } = await stageTeamAccess(kv.atomic(), teamId, access).commit();
  if (!ok) throw new Error("the team login was not saved");
}

export async function createAccount(
  kv: Deno.Kv,
  input: { email: string; teamId?: string; role?: TeamRole; password?: string; firstName?: string; lastName?: string },
): Promise<User> {
  const user = await createUser(kv, {
    email: input.email,
    firstName: input.firstName ?? "Test",
    lastName: input.lastName ?? "Person",
    passwordHash: input.password ? await hashPassword(input.password, FAST_HASH) : null,
  });
  if (input.teamId) await setMembership(kv, user.id, input.teamId, input.role ?? "TEAM_STANDARD");
  return user;
}

/** The `name=value` pairs a response sets, ready for a Cookie header. */
export function cookiesFrom(res: Response): string {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).filter((c) => !c.endsWith("=")).join("; ");
}

/** The attributes of the named cookie as the response sets it, e.g. { HttpOnly: "", SameSite: "Lax" }. */
export function cookieAttributes(res: Response, name: string): Record<string, string> | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) return null;
  return Object.fromEntries(
    line.split(";").slice(1).map((part) => {
      const [k, ...v] = part.trim().split("=");
      return [k, v.join("=")];
    }),
  );
}

/** Every queued message (sent or not: tests have no queue worker), its sealed body opened. */
export async function queuedMail(kv: Deno.Kv): Promise<(PendingMail & { mail: OutgoingMail })[]> {
  const stored = await kvValues<PendingMail>(kv, { prefix: keys.pendingMails() });
  return stored.map((pending) => ({ ...pending, mail: openQueuedMail(pending) }));
}

/** The token of the latest link to `path` mailed to `address`. */
export async function tokenFromMail(kv: Deno.Kv, address: string, path: string): Promise<string> {
  const mail = (await queuedMail(kv)).findLast((m) => m.mail.to.address === address && m.mail.text.includes(path));
  const match = mail && new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.mail.text);
  if (!match) throw new Error(`No ${path} link mailed to ${address}`);
  return match[1];
}
