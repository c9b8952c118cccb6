/**
 * The system administrator's console `/sysadmin` (SPEC.md 'Sysadmin pages'): the sign-in in
 * place without a session; otherwise the header, the stat cards and the tabs Campaigns, Teams,
 * Dev Tools (development mode only) and Analytics. The campaigns' forms work without
 * JavaScript (post/redirect/get); the GlobalCampaignForm island calls /api/admin/campaigns.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Language } from "../../lib/i18n/languages.ts";
import type { ReactNode } from "react";
import type { AppEnv } from "../app_env.ts";
import { getSysadmin, signOutSysadmin, sysadminActorOf } from "../auth_middleware.ts";
import { cursorQuery, formBody, noticeCode, readForm, safeLocalPath } from "../http.ts";
import { refusalOf } from "../errors.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { CAMPAIGN_MESSAGES, CAMPAIGN_NOTICE_KINDS } from "../../lib/campaigns/mod.ts";
import {
  CONSOLE_CAMPAIGNS_PAGE_SIZE,
  createGlobalCampaign,
  deleteGlobalCampaign,
  getGlobalCampaign,
  listGlobalCampaignsPage,
  loadAnalytics,
  loadConsoleStats,
  loadTeamsOverview,
  setGlobalCampaignActive,
} from "../../lib/sysadmin/mod.ts";
import { type ConsoleTab, consoleTabs } from "../../components/sysadmin/ConsolePage.tsx";
import { ConsolePage } from "../../components/sysadmin/ConsolePage.tsx";
import { CampaignsTab, DeleteCampaignConfirm } from "../../components/sysadmin/CampaignsTab.tsx";
import { TeamsTab } from "../../components/sysadmin/TeamsTab.tsx";
import { AnalyticsTab } from "../../components/sysadmin/AnalyticsTab.tsx";
import { devToolsResult, DevToolsTab } from "../../components/sysadmin/DevToolsTab.tsx";
import {
  CONSOLE_TEXTS,
  consoleCampaign,
  EMPTY_GLOBAL_FORM,
  globalBodyFromForm,
  type GlobalFormState,
  globalFormValues,
} from "../../components/sysadmin/campaign_console.ts";
import { SysadminLoginPage } from "../../components/sysadmin/SysadminLoginPage.tsx";
import { pageLanguage, requestLanguage } from "../language.ts";
import { type Catalog, messagesFor } from "../../lib/i18n/catalog.ts";
import { translateFields, translateMessage } from "../../lib/i18n/translate.ts";

type Ctx = Context<AppEnv>;

/** The longest team search the Teams tab reads. */
const MAX_QUERY = 100;

type Notice = { kind: "success" | "error"; text: string };

/** The notice a campaign form post leads to; its words are `console.notices`. */
const noticeFrom = (c: Ctx, lang: Language): Notice | null => {
  const code = noticeCode(c, CAMPAIGN_NOTICE_KINDS);
  if (code === undefined) return null;
  return { kind: CAMPAIGN_NOTICE_KINDS[code], text: messagesFor(lang).sysadmin.console.notices[code] };
};

async function send(c: Ctx, element: ReactNode, title: (m: Catalog) => string, status = 200) {
  const language = await pageLanguage(c);
  const page = renderPage(c.var.deps.assets, element, {
    title: title(messagesFor(language.lang)),
    status,
    noindex: true,
    ...language,
  });
  // One system administrator's view of every team: never cached, never indexed.
  return sendPage(c, page, PRIVATE_PAGE);
}

/** No system administrator session: the console's sign-in, in place (401), coming back here. */
function sendLogin(c: Ctx) {
  const url = new URL(c.req.url);
  const next = safeLocalPath(url.pathname + url.search, "/sysadmin");
  return send(c, <SysadminLoginPage login={{ next, email: "", error: null }} />, (m) => m.sysadmin.login.title, 401);
}

/** The console's form posts: without a session, to the sign-in (which comes back to the console). */
const sysadminForm: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await getSysadmin(c))) return c.redirect("/sysadmin/login?next=%2Fsysadmin", 303);
  await next();
};

/** `?tab=`, Dev Tools only in development mode; anything else is Campaigns. */
function tabOf(c: Ctx, development: boolean): ConsoleTab {
  const asked = c.req.query("tab");
  return consoleTabs(development).find((t) => t.id === asked)?.id ?? "campaigns";
}

interface CampaignsView {
  form?: GlobalFormState;
  open?: boolean;
  status?: number;
  /** Replaces the campaigns tab's content (the delete confirmation). */
  panel?: ReactNode;
}

/** The console on the asked tab (or Campaigns, with a refused form or a confirmation). */
async function sendConsole(c: Ctx, view: CampaignsView = {}) {
  const sysadmin = await getSysadmin(c);
  if (!sysadmin) return sendLogin(c);
  const { kv, now, config } = c.var.deps;
  const lang = await requestLanguage(c);
  const at = now();
  const development = config.env === "development";
  const tab = view.status || view.panel ? "campaigns" : tabOf(c, development);
  const cursor = cursorQuery(c);
  const panel = async (): Promise<ReactNode> => {
    if (view.panel) return view.panel;
    if (tab === "teams") {
      const query = (c.req.query("q") ?? "").slice(0, MAX_QUERY);
      return <TeamsTab overview={await loadTeamsOverview(kv, at, { query, cursor })} query={query} />;
    }
    if (tab === "analytics") return <AnalyticsTab analytics={await loadAnalytics(kv, at, { cursor })} />;
    if (tab === "dev") return <DevToolsTab result={devToolsResult((name) => c.req.query(name))} />;
    const page = await listGlobalCampaignsPage(kv, at, { cursor, limit: CONSOLE_CAMPAIGNS_PAGE_SIZE });
    return (
      <CampaignsTab
        campaigns={{ values: page.values.map(consoleCampaign), cursor: page.cursor }}
        isFirstPage={!cursor}
        form={view.form ?? EMPTY_GLOBAL_FORM}
        open={view.open ?? false}
        notice={view.status ? null : noticeFrom(c, lang)}
      />
    );
  };
  const [stats, content] = await Promise.all([loadConsoleStats(kv, at), panel()]);
  const page = (
    <ConsolePage email={sysadmin.email} stats={stats} tab={tab} development={development}>
      {content}
    </ConsolePage>
  );
  return send(c, page, (m) => m.sysadmin.console.title, view.status ?? 200);
}

const back = (c: Ctx, query: string) => c.redirect(`/sysadmin?${query}`, 303);

/**
 * `/sysadmin`: `GET /`; the campaigns' forms `POST /campaigns`, `…/{id}/status`, `…/{id}/delete`
 * (system administrator only; else to the sign-in); `POST /logout`.
 */
export const consolePages = new Hono<AppEnv>()
  .get("/", (c) => sendConsole(c))
  .post("/campaigns", formBody, sysadminForm, async (c) => {
    const { kv, now } = c.var.deps;
    const values = globalFormValues(await readForm(c));
    try {
      await createGlobalCampaign(kv, globalBodyFromForm(values), await sysadminActorOf(c), now());
    } catch (error) {
      const refused = refusalOf(error, ValidationError, ConflictError);
      // lib's refusal and the form's words are English: the page shows them in its own language.
      const lang = await requestLanguage(c);
      const form: GlobalFormState = {
        values,
        errors: translateFields(refused.fields, lang),
        message: `${translateMessage(CONSOLE_TEXTS.createFailed, lang)} ${translateMessage(refused.message, lang)}`,
      };
      return await sendConsole(c, { form, open: true, status: refused.status });
    }
    return back(c, "done=created");
  })
  .post("/campaigns/:campaignId/status", formBody, sysadminForm, async (c) => {
    const { kv, now } = c.var.deps;
    const isActive = (await readForm(c)).isActive === "true";
    try {
      await setGlobalCampaignActive(kv, c.req.param("campaignId"), isActive, await sysadminActorOf(c), now());
    } catch (error) {
      refusalOf(error, NotFoundError);
      return back(c, "error=missing");
    }
    return back(c, `done=${isActive ? "activated" : "deactivated"}`);
  })
  .post("/campaigns/:campaignId/delete", formBody, sysadminForm, async (c) => {
    const { kv, now } = c.var.deps;
    const campaignId = c.req.param("campaignId");
    if ((await readForm(c)).confirm !== "yes") {
      const campaign = await getGlobalCampaign(kv, campaignId, now());
      if (!campaign) return back(c, "error=missing");
      return await sendConsole(c, {
        panel: (
          <DeleteCampaignConfirm
            campaign={campaign}
            question={translateMessage(CAMPAIGN_MESSAGES.deleteConfirm, await requestLanguage(c))}
          />
        ),
      });
    }
    try {
      await deleteGlobalCampaign(kv, campaignId, await sysadminActorOf(c), now());
    } catch (error) {
      refusalOf(error, NotFoundError);
      return back(c, "error=missing");
    }
    return back(c, "done=deleted");
  })
  // Ends only the caller's own system administrator session (none: nothing to end).
  .post("/logout", formBody, async (c) => {
    await signOutSysadmin(c);
    c.header("Cache-Control", "no-store");
    return c.redirect("/sysadmin/login", 303);
  });
