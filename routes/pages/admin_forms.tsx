import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { actorOf, requireTeamRole } from "../auth_middleware.ts";
import { approveClaim, DECISION_MESSAGES, denyClaim } from "../../lib/claims/mod.ts";
import { inviteCoAdmin, removeCoAdmin, setTeamAccessCredentials } from "../../lib/teams/mod.ts";
import { regenerateJoinLink } from "../../lib/join/mod.ts";
import { AppError, ValidationError } from "../../lib/errors.ts";
import { httpStatusOf } from "../errors.ts";
import { adminPaths, type AdminPrefix } from "../../components/admin/paths.ts";
import { EMPTY_ACCESS_FORMS } from "../../components/admin/AccessPage.tsx";
import { ACCESS_NOTICES, CLAIM_NOTICES, renderAccess } from "./admin_render.tsx";
import { formText, readForm } from "../http.ts";

type Ctx = Context<AppEnv>;
const admin = requireTeamRole("TEAM_ADMIN");

/** The notice code for a refusal whose message is one of `notices` (else `fallback`). */
function codeFor(error: unknown, notices: Record<string, { text: string } | null>, fallback: string): string {
  if (!(error instanceof AppError)) throw error;
  return Object.entries(notices).find(([, n]) => n?.text === error.message)?.[0] ?? fallback;
}

/** Approve/Deny without JavaScript: the same lib call as the API, then back to the page with a notice. */
function decide(prefix: AdminPrefix, decision: "approve" | "deny") {
  return async (c: Ctx) => {
    const { kv, config, now } = c.var.deps;
    const form = await readForm(c);
    const paths = adminPaths(c.var.teamId!, prefix);
    const back = formText(form, "back") === "dashboard" ? paths.dashboard : paths.claims;
    const decisionArgs = {
      kv,
      teamId: c.var.teamId!,
      claimId: c.req.param("claimId") ?? "",
      actor: await actorOf(c),
      appUrl: config.appUrl,
      now: now(),
    };
    let code: string = decision === "approve" ? "approved" : "denied";
    try {
      const playerId = formText(form, "playerId") || undefined;
      if (decision === "approve") await approveClaim({ ...decisionArgs, playerId });
      else await denyClaim(decisionArgs);
    } catch (error) {
      code = codeFor(error, CLAIM_NOTICES, "missing");
      // A choice is made on the claims page, where the select is.
      if (error instanceof ValidationError && error.message === DECISION_MESSAGES.choosePlayer) {
        return c.redirect(`${paths.claims}?error=choose`, 303);
      }
      return c.redirect(`${back}?error=${code}`, 303);
    }
    return c.redirect(`${back}?done=${code}`, 303);
  };
}

const accessPath = (c: Ctx) => adminPaths(c.var.teamId!, "admin").access;

/** The admin area's forms: claim decisions under both prefixes, and the Access page's forms. */
export const adminFormRoutes = new Hono<AppEnv>()
  .post("/admin/:teamId/claims/:claimId/approve", admin, decide("admin", "approve"))
  .post("/admin/:teamId/claims/:claimId/deny", admin, decide("admin", "deny"))
  .post("/teams/:teamId/claims/:claimId/approve", admin, decide("teams", "approve"))
  .post("/teams/:teamId/claims/:claimId/deny", admin, decide("teams", "deny"))
  .post("/admin/:teamId/access/login", admin, async (c) => {
    const form = await readForm(c);
    const username = formText(form, "username");
    const { kv, now } = c.var.deps;
    try {
      await setTeamAccessCredentials(kv, c.var.teamId!, username, formText(form, "password"), await actorOf(c), now());
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors = Object.keys(error.fields).length > 0 ? error.fields : { password: error.message };
      return await renderAccess(c, { ...EMPTY_ACCESS_FORMS, login: { username, errors } }, 400);
    }
    return c.redirect(`${accessPath(c)}?done=saved`, 303);
  })
  .post("/admin/:teamId/access/admins", admin, async (c) => {
    const email = formText(await readForm(c), "email");
    const { kv, config, now } = c.var.deps;
    try {
      await inviteCoAdmin({ kv, appUrl: config.appUrl, now: now() }, c.var.teamId!, email, await actorOf(c));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return await renderAccess(
        c,
        { ...EMPTY_ACCESS_FORMS, invite: { email, error: error.message } },
        httpStatusOf(error),
      );
    }
    return c.redirect(`${accessPath(c)}?done=invited`, 303);
  })
  .post("/admin/:teamId/access/admins/:userId/remove", admin, async (c) => {
    const { kv, now } = c.var.deps;
    try {
      await removeCoAdmin(kv, c.var.teamId!, c.req.param("userId"), await actorOf(c), now());
    } catch (error) {
      return c.redirect(`${accessPath(c)}?error=${codeFor(error, ACCESS_NOTICES, "notAdmin")}`, 303);
    }
    return c.redirect(`${accessPath(c)}?done=removed`, 303);
  })
  .post("/admin/:teamId/access/invite-link", admin, async (c) => {
    const { kv, config, now } = c.var.deps;
    await regenerateJoinLink(kv, c.var.teamId!, await actorOf(c), config.appUrl, now());
    return c.redirect(`${accessPath(c)}?done=regenerated`, 303);
  });
