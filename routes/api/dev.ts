import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, signInPerson } from "../auth_middleware.ts";
import { getTeamBySlug } from "../../lib/db/teams.ts";
import { getUser, getUserByEmail, listTeamAdmins, type User } from "../../lib/db/users.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { readJsonFields } from "../http.ts";
import { syncDueCalendars } from "../../lib/calendar/mod.ts";

const str = (value: unknown) => typeof value === "string" && value.trim() ? value.trim() : undefined;

/**
 * Development-only one-click sign-in (Dev Tools, demo hints). In production every path here
 * is a plain 404, indistinguishable from a route that does not exist.
 */
export const devApiRoutes = new Hono<AppEnv>()
  .use("/api/dev/*", async (c, next) => {
    if (c.var.deps.config.env !== "development") throw new NotFoundError();
    await next();
  })
  .post("/api/dev/auto-login", async (c) => {
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
    return c.json({ success: true, user: await getSessionUser(c), redirectTo: "/home" }, 200, {
      "Cache-Control": "no-store",
    });
  })
  // Syncs every calendar that is due now instead of at the next half hour (Dev Tools, the benchmark).
  .post("/api/dev/calendars/sync", async (c) => {
    const { kv, now, config } = c.var.deps;
    const started = performance.now();
    const counts = await syncDueCalendars(kv, { now, allowPrivateHosts: config.calendarAllowPrivateHosts });
    return c.json({ ...counts, ms: Math.round(performance.now() - started) }, 200, { "Cache-Control": "no-store" });
  });
