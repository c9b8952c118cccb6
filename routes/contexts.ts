/**
 * What lib/ calls take from a request, built in one place for the pages and the API alike: the
 * sign-in and signup contexts (with the caller's address, for their rate limits), a claim
 * decision's, and a calendar sync's dependencies.
 */
import type { Context } from "hono";
import type { AppEnv } from "./app_env.ts";
import { actorOf, getSessionUser } from "./auth_middleware.ts";
import { clientIp } from "./http.ts";
import { type Language, visitorLanguage } from "../lib/i18n/languages.ts";
import type { AuthContext } from "../lib/auth/login.ts";
import type { SignupContext } from "../lib/signup/mod.ts";
import { connectCalendar as connectTeamCalendar, type SyncDeps } from "../lib/calendar/mod.ts";

type Ctx = Context<AppEnv>;

/**
 * The language of a mail this request causes to someone whose account chose none (lib/ prefers
 * an account's own): `requestLanguage`'s answer when it was read, else the visitor's (cookie,
 * then Accept-Language), which is the same answer for anyone without a saved choice.
 */
const mailLanguageOf = (c: Ctx): Language =>
  c.get("lang") ?? visitorLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);

export function authContext(c: Ctx): AuthContext {
  const { kv, config, now } = c.var.deps;
  return { kv, appUrl: config.appUrl, ip: clientIp(c), now: now(), lang: mailLanguageOf(c) };
}

export function signupContext(c: Ctx): SignupContext {
  const { kv, config, now } = c.var.deps;
  return { kv, appUrl: config.appUrl, ip: clientIp(c), now: now(), lang: mailLanguageOf(c) };
}

/** A claim decision on the admin route's team, about the path's claim: who decides, and when (audit log, mail links). */
export async function claimDecisionOf(c: Ctx) {
  const { kv, config, now } = c.var.deps;
  return {
    kv,
    teamId: c.var.teamId!,
    claimId: c.req.param("claimId") ?? "",
    actor: await actorOf(c),
    appUrl: config.appUrl,
    now: now(),
  };
}

/** A decision on a parent's request to remove their child, on the admin route's team (audit log, the parent's mail). */
export async function removalDecisionOf(c: Ctx) {
  const { kv, config, now } = c.var.deps;
  return {
    kv,
    teamId: c.var.teamId!,
    requestId: c.req.param("requestId") ?? "",
    actor: await actorOf(c),
    appUrl: config.appUrl,
    now: now(),
  };
}

/** What a sync started by this request needs: the app's clock, and the test-only loopback switch. */
export function syncDepsOf(c: Ctx): SyncDeps {
  const { now, config } = c.var.deps;
  return { now, allowPrivateHosts: config.calendarAllowPrivateHosts };
}

/** Who connects a calendar: the person (null for a team's shared login or a system administrator) and the audit label. */
async function calendarActor(c: Ctx): Promise<{ id: string | null; label: string }> {
  const user = await getSessionUser(c);
  return { id: user?.kind === "person" ? user.id : null, label: await actorOf(c) };
}

/**
 * Connects the team's calendar once its link has been fetched and read (up to the fetch's
 * 10-second deadline): a link that fails is refused with the reason, and nothing is stored.
 */
export async function connectCalendar(c: Ctx, rawUrl: unknown) {
  return await connectTeamCalendar(c.var.deps.kv, c.var.teamId!, rawUrl, await calendarActor(c), syncDepsOf(c));
}
