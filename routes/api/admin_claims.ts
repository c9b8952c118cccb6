import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../app_env.ts";
import { actorOf, requireTeamRole } from "../auth_middleware.ts";
import { approveClaim, DECISION_MESSAGES, denyClaim } from "../../lib/claims/mod.ts";
import { claimsOverview, claimView, exportClaimsCsv } from "../../lib/claims/mod.ts";
import { getTeam, publicTeam } from "../../lib/db/teams.ts";
import { loadTeamNumbers } from "../../lib/teams/mod.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pageQuery, readJson, readText, refuseUnknownFields } from "../http.ts";

const NO_STORE = { "Cache-Control": "no-store" };
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
  const { kv, config, now } = c.var.deps;
  const base = {
    kv,
    teamId: c.var.teamId!,
    claimId: c.req.param("claimId") ?? "",
    actor: await actorOf(c),
    appUrl: config.appUrl,
    now: now(),
  };
  const claim = decision === "approve"
    ? await approveClaim({ ...base, ...(await decisionBody(c)) })
    : await denyClaim(base);
  const message = decision === "approve" ? DECISION_MESSAGES.approved : DECISION_MESSAGES.denied;
  // The team's numbers after the decision, so the page's tiles and badge show them without a reload.
  const numbers = await loadTeamNumbers(kv, base.teamId);
  return c.json({ success: true, message, claim: claimView(claim), numbers }, 200, NO_STORE);
}

const STATUSES = ["pending", "approved", "denied", "decided"] as const;

/** The counts and a page of claims: `?status=pending|approved|denied|decided&cursor=&limit=`. */
async function overview(c: Context<AppEnv>) {
  const status = c.req.query("status");
  if (status !== undefined && !STATUSES.includes(status as typeof STATUSES[number])) {
    throw new ValidationError(`status must be one of ${STATUSES.join(", ")}`);
  }
  const page = pageQuery(c);
  const result = await claimsOverview(c.var.deps.kv, c.var.teamId!, {
    ...page,
    status: status as typeof STATUSES[number] | undefined,
  });
  return c.json(result, 200, NO_STORE);
}

/** The claims review queue (claims and join requests) under both of the spec's prefixes. */
export const adminClaimApiRoutes = new Hono<AppEnv>()
  .get("/api/admin/:teamId/claims", admin, overview)
  .get("/api/v2/teams/:teamId/claims", admin, overview)
  .get("/api/admin/:teamId/claims/export", admin, async (c) => {
    const csv = await exportClaimsCsv(c.var.deps.kv, c.var.teamId!);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="claims-${c.var.teamId}.csv"`,
      "Cache-Control": "no-store",
    });
  })
  .post("/api/admin/:teamId/claims/:claimId/approve", admin, (c) => decide(c, "approve"))
  .post("/api/admin/:teamId/claims/:claimId/deny", admin, (c) => decide(c, "deny"))
  .post("/api/teams/:teamId/claims/:claimId/approve", admin, (c) => decide(c, "approve"))
  .post("/api/teams/:teamId/claims/:claimId/deny", admin, (c) => decide(c, "deny"))
  .get("/api/v2/teams/:teamId", admin, async (c) => {
    const team = await getTeam(c.var.deps.kv, c.var.teamId!);
    if (!team) throw new NotFoundError("Team not found");
    return c.json({ ...publicTeam(team), teamType: team.teamType, settings: team.settings }, 200, NO_STORE);
  });
