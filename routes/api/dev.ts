import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { developmentOnly, getSessionUser, signInPerson } from "../auth_middleware.ts";
import { getTeamBySlug } from "../../lib/db/teams.ts";
import { getUser, getUserByEmail, listTeamAdmins, type User } from "../../lib/db/users.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { jsonBody, readJsonFields } from "../http.ts";
import { syncDueCalendars } from "../../lib/calendar/mod.ts";
import { NO_STORE } from "../security_headers.ts";
import { runWeeklyDigests } from "../../lib/notifications/mod.ts";

const str = (value: unknown) => typeof value === "string" && value.trim() ? value.trim() : undefined;

/** `/api/dev`: one-click sign-in (Dev Tools, demo hints), 'sync the calendars now' and 'send the weekly digest now'. */
export const devApi = new Hono<AppEnv>()
  .post("/auto-login", developmentOnly, jsonBody, async (c) => {
    const { kv } = c.var.deps;
    const body = await readJsonFields(c);
    const team = str(body.teamSlug) ? await getTeamBySlug(kv, str(body.teamSlug)!.toLowerCase()) : null;
    if (str(body.teamSlug) && !team) throw new NotFoundError("Team not found");
    let user: User | null = null;
    if (str(body.userId)) user = await getUser(kv, str(body.userId)!);
    else if (str(body.email)) user = await getUserByEmail(kv, str(body.email)!);
    else if (team) {
      const [admin] = await listTeamAdmins(kv, team.id);
      user = admin ? await getUser(kv, admin.userId) : null;
    }
    if (!user) throw new NotFoundError("No such account");
    await signInPerson(c, user.id, team?.id ?? null);
    return c.json({ success: true, user: await getSessionUser(c), redirectTo: "/home" }, 200, NO_STORE);
  })
  // Syncs every calendar that is due now instead of at the next half hour (Dev Tools, the benchmark).
  .post("/calendars/sync", developmentOnly, jsonBody, async (c) => {
    const { kv, now, config } = c.var.deps;
    const started = performance.now();
    const counts = await syncDueCalendars(kv, { now, allowPrivateHosts: config.calendarAllowPrivateHosts });
    return c.json({ ...counts, ms: Math.round(performance.now() - started) }, 200, NO_STORE);
  })
  // Sends the weekly digest to everyone now instead of on Sunday at 17:00; a second run the same week sends nothing.
  .post("/digests/run", developmentOnly, jsonBody, async (c) => {
    const { kv, now, config } = c.var.deps;
    const { sent } = await runWeeklyDigests(kv, { appUrl: config.appUrl, now: now(), anyTime: true });
    return c.json({ sent }, 200, NO_STORE);
  });
