/**
 * Parents' requests to remove their child (issue 22), for the team's admins:
 * `GET /api/admin/{teamId}/removal-requests` (the waiting ones, oldest first) and
 * `POST …/removal-requests/{requestId}/approve` (no body) or `…/deny` (body `{"reason": string}`, required).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { requireTeamRole } from "../../auth_middleware.ts";
import { jsonBody, readJsonFields, readText } from "../../http.ts";
import { NO_STORE } from "../../security_headers.ts";
import { removalDecisionOf } from "../../contexts.ts";
import {
  approveRemovalRequest,
  CHILD_PRIVACY_TEXTS,
  denyRemovalRequest,
  listRemovalRequestViews,
} from "../../../lib/families/mod.ts";

const admin = requireTeamRole("TEAM_ADMIN");

export const removalRequestApi = new Hono<AppEnv>()
  .get("/removal-requests", admin, async (c) => {
    const values = await listRemovalRequestViews(c.var.deps.kv, c.var.teamId!);
    return c.json({ values }, 200, NO_STORE);
  })
  .post("/removal-requests/:requestId/approve", jsonBody, admin, async (c) => {
    // No body, or an empty object: there is nothing to choose.
    if ((await readText(c)).trim()) await readJsonFields(c, []);
    await approveRemovalRequest(await removalDecisionOf(c));
    return c.json({ success: true, message: CHILD_PRIVACY_TEXTS.approved }, 200, NO_STORE);
  })
  .post("/removal-requests/:requestId/deny", jsonBody, admin, async (c) => {
    const body = (await readText(c)).trim() ? await readJsonFields(c, ["reason"]) : {};
    await denyRemovalRequest(await removalDecisionOf(c), body.reason);
    return c.json({ success: true, message: CHILD_PRIVACY_TEXTS.denied }, 200, NO_STORE);
  });
