/**
 * The claims review queue (claims and join requests): the counts and a page of claims, the CSV
 * export, and Approve/Deny, under each of the spec's prefixes (routes/mod.tsx mounts them).
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { requireTeamRole } from "../../auth_middleware.ts";
import { claimDecisionOf } from "../../contexts.ts";
import {
  approveClaim,
  claimsOverview,
  claimView,
  DECISION_MESSAGES,
  denyClaim,
  exportClaimsCsv,
} from "../../../lib/claims/mod.ts";
import { loadTeamNumbers } from "../../../lib/teams/mod.ts";
import { ValidationError } from "../../../lib/errors.ts";
import { jsonBody, pageQuery, readJson, readText, refuseUnknownFields } from "../../http.ts";
import { NO_STORE } from "../../security_headers.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { format } from "../../../lib/i18n/format.ts";

const admin = requireTeamRole("TEAM_ADMIN");

/** A decision's optional body: `{ playerId }` picks the player for a claim that matched none or several. */
async function decisionBody(c: Context<AppEnv>): Promise<{ playerId?: string }> {
  // No body at all (the usual Approve) is no choice; a body is read, bounded and checked.
  if (!(await readText(c)).trim()) return {};
  const body = await readJson(c);
  refuseUnknownFields(body, ["playerId"]);
  const playerId = typeof body === "object" && body !== null ? (body as Record<string, unknown>).playerId : undefined;
  if (playerId !== undefined && typeof playerId !== "string") throw new ValidationError(DECISION_MESSAGES.choosePlayer);
  return { playerId };
}

async function decide(c: Context<AppEnv>, decision: "approve" | "deny") {
  const base = await claimDecisionOf(c);
  const claim = decision === "approve"
    ? await approveClaim({ ...base, ...(await decisionBody(c)) })
    : await denyClaim(base);
  const message = decision === "approve" ? DECISION_MESSAGES.approved : DECISION_MESSAGES.denied;
  // The team's numbers after the decision, so the page's tiles and badge show them without a reload.
  const numbers = await loadTeamNumbers(base.kv, base.teamId);
  return c.json({ success: true, message, claim: claimView(claim), numbers }, 200, NO_STORE);
}

const STATUSES = ["pending", "approved", "denied", "decided"] as const;

/** `GET …/claims?status=pending|approved|denied|decided&cursor=&limit=`: the counts and a page of claims. */
export const claimQueueApi = new Hono<AppEnv>()
  .get("/claims", admin, async (c) => {
    const status = c.req.query("status");
    if (status !== undefined && !STATUSES.includes(status as typeof STATUSES[number])) {
      throw new ValidationError(
        format("en", messagesFor("en").adminClaims.statusQuery, { statuses: STATUSES.join(", ") }),
      );
    }
    const page = pageQuery(c);
    const result = await claimsOverview(c.var.deps.kv, c.var.teamId!, {
      ...page,
      status: status as typeof STATUSES[number] | undefined,
    });
    return c.json(result, 200, NO_STORE);
  });

/** `POST …/claims/{claimId}/approve` (optional body `{ playerId }`) and `…/deny`. */
export const claimDecisionApi = new Hono<AppEnv>()
  .post("/claims/:claimId/approve", jsonBody, admin, (c) => decide(c, "approve"))
  .post("/claims/:claimId/deny", jsonBody, admin, (c) => decide(c, "deny"));

/** `GET /api/admin/{teamId}/claims/export`: every claim as CSV. */
export const claimExportApi = new Hono<AppEnv>()
  .get("/claims/export", admin, async (c) => {
    const csv = await exportClaimsCsv(c.var.deps.kv, c.var.teamId!);
    return c.body(csv, 200, {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="claims-${c.var.teamId}.csv"`,
    });
  });
