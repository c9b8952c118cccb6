/**
 * A team admin's team-scoped campaigns (polls and questions): the admin page with forms that
 * work without JavaScript, under each admin prefix. The JSON calls are api/team_admin/campaigns.ts.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, requireTeamRole } from "../../auth_middleware.ts";
import { cursorQuery, formBody, noticeCode, readForm } from "../../http.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../../lib/errors.ts";
import { refusalOf } from "../../errors.ts";
import {
  CAMPAIGN_NOTICE_KINDS,
  createTeamCampaign,
  deleteCampaign,
  loadCampaignsPage,
  setCampaignActive,
} from "../../../lib/campaigns/mod.ts";
import { loadAdminFrame } from "../../../lib/teams/mod.ts";
import { adminPathsFor, sendAdminPage } from "./render.tsx";
import { adminPaths, type AdminPrefix } from "../../../components/admin/paths.ts";
import { CampaignsPage } from "../../../components/admin/CampaignsPage.tsx";
import type { Notice } from "../../../components/admin/ClaimsPage.tsx";
import { requestLanguage } from "../../language.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import type { Language } from "../../../lib/i18n/languages.ts";
import { translateFields, translateMessage } from "../../../lib/i18n/translate.ts";
import {
  campaignBodyFromForm,
  type CampaignFormState,
  campaignFormValues,
  EMPTY_CAMPAIGN_FORM,
} from "../../../components/admin/campaigns/campaign_form.ts";

type Ctx = Context<AppEnv>;

/** How many campaigns the admin page lists at once (with their results). */
export const ADMIN_CAMPAIGNS_PAGE_SIZE = 20;

const admin = requireTeamRole("TEAM_ADMIN");

const noticeFrom = (c: Ctx, lang: Language): Notice => {
  const code = noticeCode(c, CAMPAIGN_NOTICE_KINDS);
  return code === undefined
    ? null
    : { kind: CAMPAIGN_NOTICE_KINDS[code], text: messagesFor(lang).adminCampaigns.notices[code] };
};

async function sendCampaignsPage(c: Ctx, prefix: AdminPrefix, form = EMPTY_CAMPAIGN_FORM, status = 200) {
  const { kv, now } = c.var.deps;
  const teamId = c.var.teamId!;
  const lang = await requestLanguage(c);
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
      notice={status === 200 ? noticeFrom(c, lang) : null}
    />
  );
  return sendAdminPage(c, page, `${messagesFor(lang).campaigns.title} · ${team.name}`, status);
}

/** `…/campaigns`: the page and its forms under `/${prefix}/{teamId}`. A campaign of another team (or a global one) is 'missing' here. */
export function campaignPages(prefix: AdminPrefix) {
  const base = "/campaigns";
  const back = (c: Ctx, query: string) => c.redirect(`${adminPaths(c.var.teamId!, prefix).campaigns}?${query}`, 303);
  return new Hono<AppEnv>()
    .get(base, admin, (c) => sendCampaignsPage(c, prefix))
    .post(base, formBody, admin, async (c) => {
      const { kv, now } = c.var.deps;
      const values = campaignFormValues(await readForm(c));
      try {
        await createTeamCampaign(kv, c.var.teamId!, campaignBodyFromForm(values), await actorOf(c), now());
      } catch (error) {
        const { fields, message, status } = refusalOf(error, ValidationError, ConflictError);
        // lib refuses in English (the catalogue's): the form shows it in the page's language.
        const lang = await requestLanguage(c);
        const form: CampaignFormState = {
          values,
          errors: translateFields(fields, lang),
          message: translateMessage(message, lang),
        };
        return await sendCampaignsPage(c, prefix, form, status);
      }
      return back(c, "done=created");
    })
    .post(`${base}/:campaignId/status`, formBody, admin, async (c) => {
      const { kv, now } = c.var.deps;
      const form = await readForm(c);
      const isActive = form.isActive === "true";
      try {
        await setCampaignActive(kv, c.var.teamId!, c.req.param("campaignId"), isActive, await actorOf(c), now());
      } catch (error) {
        refusalOf(error);
        return back(c, "error=missing");
      }
      return back(c, `done=${isActive ? "activated" : "deactivated"}`);
    })
    .post(`${base}/:campaignId/delete`, formBody, admin, async (c) => {
      const { kv, now } = c.var.deps;
      try {
        await deleteCampaign(kv, c.var.teamId!, c.req.param("campaignId"), await actorOf(c), now());
      } catch (error) {
        refusalOf(error, NotFoundError);
        return back(c, "error=missing");
      }
      return back(c, "done=deleted");
    });
}
