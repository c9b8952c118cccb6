import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { getSessionUser, requireTeamMember, requireUser, selectTeam, teamViewer } from "../../auth_middleware.ts";
import { loadFamilyDashboard } from "../../../lib/dashboard/mod.ts";
import { loadPollResults } from "../../../lib/campaigns/mod.ts";
import { renderPage } from "../../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../../security_headers.ts";
import { FamilyDashboardPage } from "../../../components/dashboard/FamilyDashboardPage.tsx";
import type { DashboardForms } from "../../../components/dashboard/forms.ts";
import { headerAccount } from "../../../components/SiteLayout.tsx";
import { cursorQuery } from "../../http.ts";
import { pageLanguage } from "../../language.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { format } from "../../../lib/i18n/format.ts";
import type { Language } from "../../../lib/i18n/languages.ts";
import { translateFields } from "../../../lib/i18n/translate.ts";

type Ctx = Context<AppEnv>;

/**
 * Renders the family dashboard of the team `requireTeamMember` resolved, in the request's
 * language. The sections' plain forms call this with `forms` (what was typed and why it was
 * refused, in English as lib/ words it) and a 4xx status.
 */
export async function sendFamilyDashboard(c: Ctx, forms: DashboardForms = {}, status = 200): Promise<Response> {
  const language = await pageLanguage(c);
  const shown = formsIn(language.lang, forms);
  const page = cacheable(c, forms, status)
    ? await c.var.deps.dashboardPages.getOrRender(
      teamViewer(c).teamId,
      { viewer: await viewerKey(c), lang: language.lang },
      c.var.deps.now().getTime(),
      () => renderFamilyDashboard(c, language, shown, status),
    )
    : (await renderFamilyDashboard(c, language, shown, status)).page;
  // The page shows the team's people and what they wrote: never cached by a browser, never indexed.
  return sendPage(c, page, PRIVATE_PAGE);
}

/**
 * The plain page (no query, no form's refusal) is the same for one viewer until the team, the
 * viewer or the minute changes: lib/dashboard/render_cache.ts keeps it. Pages with a query
 * (`?feed=`, `?voted=`, `?member=`…) are rare and rendered each time.
 */
function cacheable(c: Ctx, forms: DashboardForms, status: number): boolean {
  return status === 200 && Object.keys(forms).length === 0 && !c.req.url.includes("?") &&
    (c.req.method === "GET" || c.req.method === "HEAD");
}

/** The forms' refusals (lib/'s English catalogue texts) in the page's language. */
function formsIn(lang: Language, forms: DashboardForms): DashboardForms {
  const shown: DashboardForms = {};
  if (forms.post) shown.post = { ...forms.post, errors: translateFields(forms.post.errors, lang) };
  if (forms.essential) shown.essential = { ...forms.essential, errors: translateFields(forms.essential.errors, lang) };
  if (forms.campaign) shown.campaign = { ...forms.campaign, errors: translateFields(forms.campaign.errors, lang) };
  return shown;
}

/**
 * Everything about who asks that changes the page (its language is the cache's other half): the
 * viewer `requireTeamMember` checked on this request, and their session user as read on this
 * request (name, teams, roles, selected team, password or not), so a change of theirs is a new
 * variant; and the path as asked.
 */
async function viewerKey(c: Ctx): Promise<string> {
  const viewer = teamViewer(c);
  const user = await getSessionUser(c);
  return JSON.stringify([viewer.userId, viewer.role, viewer.isAdmin, viewer.displayName, c.req.path, user]);
}

async function renderFamilyDashboard(
  c: Ctx,
  language: { lang: Language; path: string },
  forms: DashboardForms,
  status: number,
) {
  const { kv, assets, now } = c.var.deps;
  const viewer = teamViewer(c);
  const feed = cursorQuery(c, "feed");
  const voted = c.req.query("voted");
  const [data, pollResults] = await Promise.all([
    loadFamilyDashboard(kv, viewer, now(), { feed, essentials: cursorQuery(c, "essentials") }),
    // `?voted=` (a vote posted without JavaScript): that poll's results, shown only to those who voted in it.
    voted ? loadPollResults(kv, { userId: viewer.userId, teamIds: [viewer.teamId] }, voted) : null,
  ]);
  const user = await getSessionUser(c);
  const page = renderPage(
    assets,
    <FamilyDashboardPage
      data={data}
      viewer={viewer}
      account={headerAccount(user)}
      forms={forms}
      pollResults={pollResults}
      now={now()}
      openMember={c.req.query("member") ?? null}
      olderFeedPage={feed !== ""}
    />,
    {
      title: format(language.lang, messagesFor(language.lang).dashboard.title, { team: data.team.name }),
      status,
      noindex: true,
      ...language,
    },
  );
  return { page, data };
}

/** The signed-in person's selected team's dashboard, else the hub (no team yet). */
async function toOwnDashboard(c: Ctx) {
  const user = (await getSessionUser(c))!;
  return c.redirect(user.selectedTeamId ? `/family-dashboard/${user.selectedTeamId}` : "/home", 303);
}

/** `/family-dashboard/{teamId}`: the team's family dashboard (its sections' forms post below it). */
export const familyDashboardPage = new Hono<AppEnv>()
  .get("/", requireTeamMember, async (c) => {
    // The hub and `/family-dashboard` follow the team the person last opened.
    await selectTeam(c, teamViewer(c).teamId);
    return await sendFamilyDashboard(c);
  });

/**
 * The links that lead a signed-in person to their own dashboard: `/family-dashboard`, `/parent`,
 * `/parent-dashboard` and `/dashboard` (the signup success button).
 */
export const ownDashboardLinks = new Hono<AppEnv>()
  .get("/family-dashboard", requireUser, toOwnDashboard)
  .get("/parent", requireUser, toOwnDashboard)
  .get("/parent-dashboard", requireUser, toOwnDashboard)
  .get("/dashboard", requireUser, toOwnDashboard);
