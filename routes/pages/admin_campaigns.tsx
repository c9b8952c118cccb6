/**
 * A team admin's team-scoped campaigns (polls and questions): the admin page under both
 * prefixes with forms that work without JavaScript, and the JSON calls under /api/admin.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { actorOf, requireTeamRole } from "../auth_middleware.ts";
import { cursorQuery, pageQuery, readForm, readJson } from "../http.ts";
import { AppError, ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { httpStatusOf } from "../errors.ts";
import {
  campaignResults,
  createTeamCampaign,
  deleteCampaign,
  listScopeCampaigns,
  loadCampaignsPage,
  parseActivePatch,
  setCampaignActive,
} from "../../lib/campaigns/mod.ts";
import { loadAdminFrame } from "../../lib/teams/mod.ts";
import { adminPathsFor, sendAdminPage } from "./admin_render.tsx";
import { adminPaths, type AdminPrefix } from "../../components/admin/paths.ts";
import { CampaignsPage } from "../../components/admin/CampaignsPage.tsx";
import type { Notice } from "../../components/admin/ClaimsPage.tsx";
import {
  campaignBodyFromForm,
  type CampaignFormState,
  campaignFormValues,
  EMPTY_CAMPAIGN_FORM,
} from "../../components/admin/campaigns/campaign_form.ts";

type Ctx = Context<AppEnv>;

/** Admin answers are one team's private data: never stored by a browser or proxy cache. */
const NO_STORE = { "Cache-Control": "no-store" };
/** How many campaigns the admin page lists at once (with their results). */
export const ADMIN_CAMPAIGNS_PAGE_SIZE = 20;

const admin = requireTeamRole("TEAM_ADMIN");

/** The notices a form post leads to, by the short code in the query string. */
const NOTICES: Record<string, Notice> = {
  created: { kind: "success", text: "Campaign created. Families see it on the family dashboard once it is live." },
  activated: { kind: "success", text: "Campaign activated." },
  deactivated: { kind: "success", text: "Campaign deactivated. Families no longer see it." },
  deleted: { kind: "success", text: "Campaign deleted, with its responses." },
  missing: { kind: "error", text: "That campaign no longer exists." },
};

const noticeFrom = (c: Ctx): Notice => {
  const code = [c.req.query("done"), c.req.query("error")].find((q) => q !== undefined && Object.hasOwn(NOTICES, q));
  return code === undefined ? null : NOTICES[code];
};

async function sendCampaignsPage(c: Ctx, prefix: AdminPrefix, form = EMPTY_CAMPAIGN_FORM, status = 200) {
  const { kv, now } = c.var.deps;
  const teamId = c.var.teamId!;
  const [{ team, pendingCount }, campaigns] = await Promise.all([
    loadAdminFrame(kv, teamId),
    loadCampaignsPage(kv, teamId, now(), { cursor: cursorQuery(c), limit: ADMIN_CAMPAIGNS_PAGE_SIZE }),
  ]);
  const page = (
    <CampaignsPage
      team={team}
      pendingCount={pendingCount}
      paths={await adminPathsFor(c, prefix)}
      campaigns={campaigns}
      form={form}
      notice={status === 200 ? noticeFrom(c) : null}
    />
  );
  return sendAdminPage(c, page, `Campaigns · ${team.name}`, status);
}

/** The page and its forms under one prefix. */
function pageRoutes(prefix: AdminPrefix) {
  const base = `/${prefix}/:teamId/campaigns`;
  const back = (c: Ctx, query: string) => c.redirect(`${adminPaths(c.var.teamId!, prefix).campaigns}?${query}`, 303);
  return new Hono<AppEnv>()
    .get(base, admin, (c) => sendCampaignsPage(c, prefix))
    .post(base, admin, async (c) => {
      const { kv, now } = c.var.deps;
      const values = campaignFormValues(await readForm(c));
      try {
        await createTeamCampaign(kv, c.var.teamId!, campaignBodyFromForm(values), await actorOf(c), now());
      } catch (error) {
        if (!(error instanceof ValidationError || error instanceof ConflictError)) throw error;
        const form: CampaignFormState = {
          values,
          errors: error instanceof ValidationError ? error.fields : {},
          message: error.message,
        };
        return await sendCampaignsPage(c, prefix, form, httpStatusOf(error));
      }
      return back(c, "done=created");
    })
    .post(`${base}/:campaignId/status`, admin, async (c) => {
      const { kv, now } = c.var.deps;
      const form = await readForm(c);
      const isActive = form.isActive === "true";
      try {
        await setCampaignActive(kv, c.var.teamId!, c.req.param("campaignId"), isActive, await actorOf(c), now());
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return back(c, "error=missing");
      }
      return back(c, `done=${isActive ? "activated" : "deactivated"}`);
    })
    .post(`${base}/:campaignId/delete`, admin, async (c) => {
      const { kv, now } = c.var.deps;
      try {
        await deleteCampaign(kv, c.var.teamId!, c.req.param("campaignId"), await actorOf(c), now());
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        return back(c, "error=missing");
      }
      return back(c, "done=deleted");
    });
}

/**
 * `/admin/{teamId}/campaigns` and `/teams/{teamId}/campaigns` (one implementation, two
 * prefixes), and `GET/POST /api/admin/{teamId}/campaigns`, `PATCH/DELETE …/{id}`,
 * `GET …/{id}/results`. A campaign of another team (or a global one) is 404 here.
 */
export const adminCampaignRoutes = new Hono<AppEnv>()
  .route("/", pageRoutes("admin"))
  .route("/", pageRoutes("teams"))
  .get("/api/admin/:teamId/campaigns", admin, async (c) => {
    const { kv, now } = c.var.deps;
    return c.json(await listScopeCampaigns(kv, c.var.teamId!, now(), pageQuery(c)), 200, NO_STORE);
  })
  .post("/api/admin/:teamId/campaigns", admin, async (c) => {
    const { kv, now } = c.var.deps;
    const campaign = await createTeamCampaign(kv, c.var.teamId!, await readJson(c), await actorOf(c), now());
    return c.json({ campaign }, 201, NO_STORE);
  })
  .patch("/api/admin/:teamId/campaigns/:campaignId", admin, async (c) => {
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
  .delete("/api/admin/:teamId/campaigns/:campaignId", admin, async (c) => {
    const { kv, now } = c.var.deps;
    await deleteCampaign(kv, c.var.teamId!, c.req.param("campaignId"), await actorOf(c), now());
    return c.json({ success: true }, 200, NO_STORE);
  })
  .get("/api/admin/:teamId/campaigns/:campaignId/results", admin, async (c) => {
    const { kv, now } = c.var.deps;
    return c.json(await campaignResults(kv, c.var.teamId!, c.req.param("campaignId"), now()), 200, NO_STORE);
  });
