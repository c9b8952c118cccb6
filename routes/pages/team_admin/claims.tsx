/** The claims page and Approve/Deny without JavaScript, under one admin prefix (the same lib calls as the API). */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { requireTeamRole } from "../../auth_middleware.ts";
import { claimDecisionOf } from "../../contexts.ts";
import { approveClaim, DECISION_MESSAGES, denyClaim } from "../../../lib/claims/mod.ts";
import { ValidationError } from "../../../lib/errors.ts";
import { refusalOf } from "../../errors.ts";
import { adminPaths, type AdminPrefix } from "../../../components/admin/paths.ts";
import { CLAIM_NOTICES, noticeCodeOf, renderClaims } from "./render.tsx";
import { formBody, formText, readForm } from "../../http.ts";

type Ctx = Context<AppEnv>;
const admin = requireTeamRole("TEAM_ADMIN");

/** A decision, then back to the page it was made on (the claims page or the dashboard) with a notice. */
function decide(prefix: AdminPrefix, decision: "approve" | "deny") {
  return async (c: Ctx) => {
    const form = await readForm(c);
    const paths = adminPaths(c.var.teamId!, prefix);
    const back = formText(form, "back") === "dashboard" ? paths.dashboard : paths.claims;
    const decisionArgs = await claimDecisionOf(c);
    let code: string = decision === "approve" ? "approved" : "denied";
    try {
      const playerId = formText(form, "playerId") || undefined;
      if (decision === "approve") await approveClaim({ ...decisionArgs, playerId });
      else await denyClaim(decisionArgs);
    } catch (error) {
      const refused = refusalOf(error);
      // A choice is made on the claims page, where the select is.
      if (refused.error instanceof ValidationError && refused.message === DECISION_MESSAGES.choosePlayer) {
        return c.redirect(`${paths.claims}?error=choose`, 303);
      }
      code = noticeCodeOf(refused, CLAIM_NOTICES, "missing");
      return c.redirect(`${back}?error=${code}`, 303);
    }
    return c.redirect(`${back}?done=${code}`, 303);
  };
}

/** `…/claims` and `…/claims/{claimId}/approve|deny` under `/${prefix}/{teamId}`. */
export function claimPages(prefix: AdminPrefix) {
  return new Hono<AppEnv>()
    .get("/claims", admin, (c) => renderClaims(c, prefix))
    .post("/claims/:claimId/approve", formBody, admin, decide(prefix, "approve"))
    .post("/claims/:claimId/deny", formBody, admin, decide(prefix, "deny"));
}
