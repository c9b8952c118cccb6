/**
 * `/api/admin/{teamId}`: the Access page's calls, the team's shared login, its co-admins and the
 * parents and players an admin may take off the team.
 * They manage who gets into the team, so a team's shared login is refused here (R12).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, getSessionUser, requireTeamRole } from "../../auth_middleware.ts";
import {
  ACCESS_MESSAGES,
  getAccessOverview,
  inviteCoAdmin,
  listRemovableMembers,
  MEMBERSHIP_MESSAGES,
  removeCoAdmin,
  removeTeamMember,
  setTeamAccessCredentials,
} from "../../../lib/teams/mod.ts";
import { jsonBody, pageQuery, readJsonFields } from "../../http.ts";
import { requestLanguage } from "../../language.ts";
import { NO_STORE } from "../../security_headers.ts";

const accessAdmin = requireTeamRole("TEAM_ADMIN", { refuseTeamLogin: true });

export const accessApi = new Hono<AppEnv>()
  .get("/access", accessAdmin, async (c) => {
    const user = await getSessionUser(c);
    return c.json(await getAccessOverview(c.var.deps.kv, c.var.teamId!, user?.id ?? null), 200, NO_STORE);
  })
  .put("/access", jsonBody, accessAdmin, async (c) => {
    const body = await readJsonFields(c);
    const { kv, now } = c.var.deps;
    const username = await setTeamAccessCredentials(
      kv,
      c.var.teamId!,
      body.username,
      body.password,
      await actorOf(c),
      now(),
    );
    return c.json({ success: true, message: ACCESS_MESSAGES.saved, username }, 200, NO_STORE);
  })
  .post("/admins", jsonBody, accessAdmin, async (c) => {
    const { kv, config, now } = c.var.deps;
    const email = await inviteCoAdmin(
      { kv, appUrl: config.appUrl, now: now(), lang: await requestLanguage(c) },
      c.var.teamId!,
      (await readJsonFields(c)).email,
      await actorOf(c),
    );
    return c.json({ success: true, message: ACCESS_MESSAGES.invited(email) }, 201, NO_STORE);
  })
  .delete("/admins/:userId", jsonBody, accessAdmin, async (c) => {
    const { kv, now } = c.var.deps;
    await removeCoAdmin(kv, c.var.teamId!, c.req.param("userId"), await actorOf(c), now());
    return c.json({ success: true, message: ACCESS_MESSAGES.removed }, 200, NO_STORE);
  })
  // The team's parents and players (admins are under /access), a page at a time.
  .get("/members", accessAdmin, async (c) => {
    const page = await listRemovableMembers(c.var.deps.kv, c.var.teamId!, {
      ...pageQuery(c),
      lang: await requestLanguage(c),
    });
    return c.json({ members: page.values, cursor: page.cursor }, 200, NO_STORE);
  })
  .delete("/members/:userId", jsonBody, accessAdmin, async (c) => {
    const { kv, now } = c.var.deps;
    const user = await getSessionUser(c);
    const by = { adminUserId: user?.kind === "person" ? user.id : null, actor: await actorOf(c) };
    const removed = await removeTeamMember(kv, c.var.teamId!, c.req.param("userId"), by, now());
    const name = `${removed.user.firstName} ${removed.user.lastName}`.trim() || removed.user.email;
    return c.json({ success: true, message: MEMBERSHIP_MESSAGES.removed(name) }, 200, NO_STORE);
  });
