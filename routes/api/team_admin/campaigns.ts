/**
 * `/api/admin/{teamId}/campaigns`: a team admin's team-scoped campaigns (polls and questions).
 * `GET`/`POST`, `PATCH`/`DELETE …/{id}`, `GET …/{id}/results`. A campaign of another team (or a
 * global one) is 404 here. The admin page and its forms are in pages/team_admin/campaigns.tsx.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, requireTeamRole } from "../../auth_middleware.ts";
import { jsonBody, pageQuery, readJson } from "../../http.ts";
import {
  campaignResults,
  createTeamCampaign,
  deleteCampaign,
  listScopeCampaigns,
  parseActivePatch,
  setCampaignActive,
} from "../../../lib/campaigns/mod.ts";
import { NO_STORE } from "../../security_headers.ts";

const admin = requireTeamRole("TEAM_ADMIN");

export const teamCampaignApi = new Hono<AppEnv>()
  .get("/campaigns", admin, async (c) => {
    const { kv, now } = c.var.deps;
    return c.json(await listScopeCampaigns(kv, c.var.teamId!, now(), pageQuery(c)), 200, NO_STORE);
  })
  .post("/campaigns", jsonBody, admin, async (c) => {
    const { kv, now } = c.var.deps;
    const campaign = await createTeamCampaign(kv, c.var.teamId!, await readJson(c), await actorOf(c), now());
    return c.json({ campaign }, 201, NO_STORE);
  })
  .patch("/campaigns/:campaignId", jsonBody, admin, async (c) => {
    const { kv, now } = c.var.deps;
    const isActive = parseActivePatch(await readJson(c));
    const campaign = await setCampaignActive(
      kv,
      c.var.teamId!,
      c.req.param("campaignId"),
      isActive,
      await actorOf(c),
      now(),
    );
    return c.json({ campaign }, 200, NO_STORE);
  })
  .delete("/campaigns/:campaignId", jsonBody, admin, async (c) => {
    const { kv, now } = c.var.deps;
    await deleteCampaign(kv, c.var.teamId!, c.req.param("campaignId"), await actorOf(c), now());
    return c.json({ success: true }, 200, NO_STORE);
  })
  .get("/campaigns/:campaignId/results", admin, async (c) => {
    const { kv, now } = c.var.deps;
    return c.json(await campaignResults(kv, c.var.teamId!, c.req.param("campaignId"), now()), 200, NO_STORE);
  });
