/**
 * `POST /account/privacy/leave` (field `teamId`): the Leave form of the privacy page without
 * JavaScript. Done: back to the page with `?left=1`. Refused: the page again, with the refusal in
 * its Leave section and the refusal's status.
 */
import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, requireUser } from "../auth_middleware.ts";
import { leaveTeam, MEMBERSHIP_MESSAGES } from "../../lib/teams/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { refusalOf } from "../errors.ts";
import { formBody, formText, readForm } from "../http.ts";
import { sendPrivacyPage } from "./account_privacy.tsx";

export const leaveTeamForm = new Hono<AppEnv>()
  .post("/leave", formBody, requireUser, async (c) => {
    const { kv, now } = c.var.deps;
    const user = (await getSessionUser(c))!;
    const teamId = formText(await readForm(c), "teamId");
    try {
      // Only a team of theirs reaches the database (a typed or stale id is "not a member").
      if (!Object.hasOwn(user.roles, teamId)) throw new NotFoundError(MEMBERSHIP_MESSAGES.notMember);
      await leaveTeam(kv, teamId, { userId: user.kind === "person" ? user.id : null, actor: user.email }, now());
    } catch (error) {
      const { message, status, headers } = refusalOf(error);
      return await sendPrivacyPage(c, user, { error: { section: "leave", message }, status, headers });
    }
    return c.redirect("/account/privacy?left=1", 303);
  });
