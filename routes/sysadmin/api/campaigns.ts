/**
 * `/api/admin/campaigns`: the system administrator's global campaigns (SPEC.md section 7
 * 'Sysadmin', DECISIONS.md's results call). `campaigns` is never a team's key (routes/params.ts),
 * so these never meet a team admin's `/api/admin/{teamId}/…`. A team's campaign id here is 404.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { requireSysadmin, sysadminActorOf } from "../../auth_middleware.ts";
import { jsonBody, pageQuery, readJson } from "../../http.ts";
import { refusalOf } from "../../errors.ts";
import { ValidationError } from "../../../lib/errors.ts";
import { parseActivePatch } from "../../../lib/campaigns/mod.ts";
import {
  createGlobalCampaign,
  deleteGlobalCampaign,
  globalCampaignResults,
  listGlobalCampaignsPage,
  setGlobalCampaignActive,
} from "../../../lib/sysadmin/mod.ts";
import { NO_STORE } from "../../security_headers.ts";

/**
 * `GET /` (`{ values, cursor }`, newest first, each with its display status), `POST` (201 the
 * campaign; 400 `{ message, fields }`), `PATCH /{id}` body `{ isActive }` (200 the campaign), `DELETE /{id}` (200
 * `{ success: true }`, its responses go too), `GET /{id}/results`.
 */
export const globalCampaignApi = new Hono<AppEnv>()
  .get("/", requireSysadmin, async (c) => {
    const { kv, now } = c.var.deps;
    return c.json(await listGlobalCampaignsPage(kv, now(), pageQuery(c)), 200, NO_STORE);
  })
  .post("/", jsonBody, requireSysadmin, async (c) => {
    const { kv, now } = c.var.deps;
    const body = await readJson(c);
    try {
      return c.json(await createGlobalCampaign(kv, body, await sysadminActorOf(c), now()), 201, NO_STORE);
    } catch (error) {
      // The console's island shows each message next to its field (in the request's language, on the way out).
      const { message, fields } = refusalOf(error, ValidationError);
      return c.json({ message, fields }, 400, NO_STORE);
    }
  })
  .patch("/:campaignId", jsonBody, requireSysadmin, async (c) => {
    const { kv, now } = c.var.deps;
    const isActive = parseActivePatch(await readJson(c));
    const campaign = await setGlobalCampaignActive(
      kv,
      c.req.param("campaignId"),
      isActive,
      await sysadminActorOf(c),
      now(),
    );
    return c.json(campaign, 200, NO_STORE);
  })
  .delete("/:campaignId", jsonBody, requireSysadmin, async (c) => {
    const { kv, now } = c.var.deps;
    await deleteGlobalCampaign(kv, c.req.param("campaignId"), await sysadminActorOf(c), now());
    return c.json({ success: true }, 200, NO_STORE);
  })
  .get("/:campaignId/results", requireSysadmin, async (c) => {
    const { kv, now } = c.var.deps;
    return c.json(await globalCampaignResults(kv, c.req.param("campaignId"), now()), 200, NO_STORE);
  });
