/**
 * `/admin/{teamId}`'s Access page and its forms: the team's shared login, co-admins, the invite
 * link, and taking a parent or player off the team. They manage who gets into the team, so a team's shared login is refused here (R12).
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, getSessionUser, requireTeamRole } from "../../auth_middleware.ts";
import { inviteCoAdmin, removeCoAdmin, removeTeamMember, setTeamAccessCredentials } from "../../../lib/teams/mod.ts";
import { regenerateJoinLink } from "../../../lib/join/mod.ts";
import { ValidationError } from "../../../lib/errors.ts";
import { refusalOf } from "../../errors.ts";
import { adminPaths } from "../../../components/admin/paths.ts";
import { EMPTY_ACCESS_FORMS } from "../../../components/admin/AccessPage.tsx";
import { ACCESS_NOTICES, noticeCodeOf, renderAccess } from "./render.tsx";
import { formBody, formText, readForm } from "../../http.ts";
import { requestLanguage } from "../../language.ts";
import { translateFields, translateMessage } from "../../../lib/i18n/translate.ts";

const accessAdmin = requireTeamRole("TEAM_ADMIN", { refuseTeamLogin: true });

const accessPath = (c: Context<AppEnv>) => adminPaths(c.var.teamId!, "admin").access;

export const accessPages = new Hono<AppEnv>()
  .get("/access", accessAdmin, (c) => renderAccess(c))
  .post("/access/login", formBody, accessAdmin, async (c) => {
    const form = await readForm(c);
    const username = formText(form, "username");
    const { kv, now } = c.var.deps;
    try {
      await setTeamAccessCredentials(kv, c.var.teamId!, username, formText(form, "password"), await actorOf(c), now());
    } catch (error) {
      // lib's refusals are English: the form shows them in the page's language.
      const errors = translateFields(refusalOf(error, ValidationError).fieldsOr("password"), await requestLanguage(c));
      return await renderAccess(c, { ...EMPTY_ACCESS_FORMS, login: { username, errors } }, 400);
    }
    return c.redirect(`${accessPath(c)}?done=saved`, 303);
  })
  .post("/access/admins", formBody, accessAdmin, async (c) => {
    const email = formText(await readForm(c), "email");
    const { kv, config, now } = c.var.deps;
    const lang = await requestLanguage(c);
    try {
      await inviteCoAdmin({ kv, appUrl: config.appUrl, now: now(), lang }, c.var.teamId!, email, await actorOf(c));
    } catch (error) {
      const { message, status } = refusalOf(error);
      const invite = { email, error: translateMessage(message, lang) };
      return await renderAccess(c, { ...EMPTY_ACCESS_FORMS, invite }, status);
    }
    return c.redirect(`${accessPath(c)}?done=invited`, 303);
  })
  .post("/access/admins/:userId/remove", formBody, accessAdmin, async (c) => {
    const { kv, now } = c.var.deps;
    try {
      await removeCoAdmin(kv, c.var.teamId!, c.req.param("userId"), await actorOf(c), now());
    } catch (error) {
      return c.redirect(`${accessPath(c)}?error=${noticeCodeOf(refusalOf(error), ACCESS_NOTICES, "notAdmin")}`, 303);
    }
    return c.redirect(`${accessPath(c)}?done=removed`, 303);
  })
  .post("/access/members/:userId/remove", formBody, accessAdmin, async (c) => {
    const { kv, now } = c.var.deps;
    const user = await getSessionUser(c);
    const by = { adminUserId: user?.kind === "person" ? user.id : null, actor: await actorOf(c) };
    try {
      await removeTeamMember(kv, c.var.teamId!, c.req.param("userId"), by, now());
    } catch (error) {
      const code = noticeCodeOf(refusalOf(error), ACCESS_NOTICES, "memberNotFound");
      return c.redirect(`${accessPath(c)}?error=${code}`, 303);
    }
    return c.redirect(`${accessPath(c)}?done=memberRemoved`, 303);
  })
  .post("/access/invite-link", formBody, accessAdmin, async (c) => {
    const { kv, config, now } = c.var.deps;
    await regenerateJoinLink(kv, c.var.teamId!, await actorOf(c), config.appUrl, now());
    return c.redirect(`${accessPath(c)}?done=regenerated`, 303);
  });
