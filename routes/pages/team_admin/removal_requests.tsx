/**
 * A team admin's decision on a parent's request to remove their child (issue 22), without
 * JavaScript: `…/removal-requests/{requestId}/approve` and `…/deny` (field `reason`, required)
 * under both admin prefixes, then back to the claims page with a notice (CLAIM_NOTICES).
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { requireTeamRole } from "../../auth_middleware.ts";
import { removalDecisionOf } from "../../contexts.ts";
import { formBody, formText, readForm } from "../../http.ts";
import { refusalOf } from "../../errors.ts";
import { adminPaths, type AdminPrefix } from "../../../components/admin/paths.ts";
import { approveRemovalRequest, CHILD_PRIVACY_TEXTS, denyRemovalRequest } from "../../../lib/families/mod.ts";
import { NotFoundError, ValidationError } from "../../../lib/errors.ts";

type Ctx = Context<AppEnv>;
const admin = requireTeamRole("TEAM_ADMIN");

/** The claims page's notice code for a refused decision. */
const REFUSAL_CODES: Record<string, string> = {
  [CHILD_PRIVACY_TEXTS.denyReasonRequired]: "removal-reason",
  [CHILD_PRIVACY_TEXTS.denyReasonTooLong]: "removal-reason-long",
  [CHILD_PRIVACY_TEXTS.requestNotFound]: "removal-missing",
};

function decide(prefix: AdminPrefix, decision: "approve" | "deny") {
  return async (c: Ctx) => {
    const form = await readForm(c);
    const claims = adminPaths(c.var.teamId!, prefix).claims;
    try {
      const d = await removalDecisionOf(c);
      if (decision === "approve") await approveRemovalRequest(d);
      else await denyRemovalRequest(d, formText(form, "reason"));
    } catch (error) {
      const refused = refusalOf(error, ValidationError, NotFoundError);
      return c.redirect(`${claims}?error=${REFUSAL_CODES[refused.message] ?? "removal-missing"}#removal-requests`, 303);
    }
    return c.redirect(`${claims}?done=removal-${decision === "approve" ? "approved" : "denied"}`, 303);
  };
}

export function removalRequestPages(prefix: AdminPrefix) {
  return new Hono<AppEnv>()
    .post("/removal-requests/:requestId/approve", formBody, admin, decide(prefix, "approve"))
    .post("/removal-requests/:requestId/deny", formBody, admin, decide(prefix, "deny"));
}
