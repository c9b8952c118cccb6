/**
 * `createApp`: the app's middleware, every sub-app under its prefix, and the answers for paths
 * that name nothing and for errors. Sub-apps use paths relative to their prefix. No two routes
 * can match one request (each path parameter has a format, routes/params.ts; checked by
 * tests/integration/route_overlap_test.ts), so the order below does not matter. Who may call
 * each route, and the rules it declares, are listed in routes/policy.ts (`deno task routes`).
 */
import { type Context, Hono } from "hono";
import type { AppDeps, AppEnv, Deps } from "./app_env.ts";
import { NotFoundError } from "../lib/errors.ts";
import { createErrorHandler, isApiPath, titleFor } from "./errors.ts";
import { originGuard, pathParamGuard } from "./http.ts";
import { paramFormatRouter } from "./params.ts";
import { securityHeaders, sendPage } from "./security_headers.ts";
import { renderedPageBytes, renderPage } from "../lib/render/page.tsx";
import { TeamCache } from "../lib/render/team_cache.ts";
import { isDatabaseFile, pollOtherProcesses } from "../lib/db/team_revisions.ts";
import { DashboardPageCache } from "../lib/dashboard/mod.ts";
import { ErrorPage } from "../components/ErrorPage.tsx";
import { staticRoutes } from "./static.ts";
import { objectRoutes } from "./objects.ts";
import { answerFromPublicCache, PublicResponseCache } from "./fast_path.ts";
import { healthRoutes } from "./health.ts";
import { requestLog } from "./request_log.ts";
// Pages (and their form posts)
import { marketingPages } from "./pages/marketing.tsx";
import { rosterPages } from "./pages/roster.tsx";
import { joinPages } from "./pages/join.tsx";
import { signupPages, signupSuccessPage } from "./pages/signup.tsx";
import { adminLoginPage, teamLoginPage } from "./pages/login.tsx";
import { magicLinkPages } from "./pages/magic_link.tsx";
import { signOutLinks, signOutPage } from "./pages/sign_out.tsx";
import { hubPages } from "./pages/hub.tsx";
import { accountPages } from "./pages/account.tsx";
import { accountDeletionPages } from "./pages/account_deletion.tsx";
import { accountApi } from "./api/account.ts";
import { accountPrivacyPage } from "./pages/account_privacy.tsx";
import { accountExportApi } from "./api/account_export.ts";
import { notificationPreferencesApi } from "./api/notification_preferences.ts";
import { emailChangePage } from "./pages/email_change.tsx";
import { unsubscribePages } from "./pages/unsubscribe.tsx";
import { languageRoutes, requestLanguage, translateApiMessages } from "./language.ts";
import { visitorLanguage } from "../lib/i18n/languages.ts";
import { translateMessage } from "../lib/i18n/translate.ts";
import { leaveTeamForm } from "./pages/leave_team.ts";
import { familyCalendarFeed, familyCalendarPages } from "./pages/family_calendar.tsx";
import { editPage } from "./pages/edit.tsx";
import { familyDashboardPage, ownDashboardLinks } from "./pages/family_dashboard/dashboard.tsx";
import { feedForms } from "./pages/family_dashboard/feed.tsx";
import { essentialForms } from "./pages/family_dashboard/essentials.tsx";
import { campaignForms } from "./pages/family_dashboard/campaigns.tsx";
import { photoPages } from "./pages/family_dashboard/photos.tsx";
import { teamDoorPages } from "./pages/team_admin/door.tsx";
import { dashboardPage } from "./pages/team_admin/dashboard.tsx";
import { accessPages } from "./pages/team_admin/access.tsx";
import { claimPages } from "./pages/team_admin/claims.tsx";
import { rosterPages as teamRosterPages } from "./pages/team_admin/roster.tsx";
import { settingsPages } from "./pages/team_admin/settings.tsx";
import { campaignPages } from "./pages/team_admin/campaigns.tsx";
import { calendarForms } from "./pages/team_admin/calendar.tsx";
import { removalRequestPages } from "./pages/team_admin/removal_requests.tsx";
import { childPrivacyForms } from "./pages/child_privacy.tsx";
// JSON calls
import { personSignInApi, sessionApi, teamSignInApi } from "./api/sign_in.ts";
import { signupApi } from "./api/signup.ts";
import { publicTeamApi, teamBySlugApi } from "./api/teams.ts";
import { joinRequestApi, teamByJoinCodeApi } from "./api/join.ts";
import { editLinkApi, playerEditApi } from "./api/edit.ts";
import { familyApi } from "./api/families.ts";
import { feedApi } from "./api/feed.ts";
import { essentialsApi } from "./api/essentials.ts";
import { eventsApi } from "./api/events.ts";
import { activeCampaignsApi, campaignAnswerApi } from "./api/campaigns.ts";
import { profileApi } from "./api/profile.ts";
import { leaveTeamApi } from "./api/membership.ts";
import { galleryProcessingApi, playerPhotoApi, teamPhotoApi, uploadBytesApi, uploadUrlApi } from "./api/photos.ts";
import { devApi } from "./api/dev.ts";
import { accessApi } from "./api/team_admin/access.ts";
import { claimDecisionApi, claimExportApi, claimQueueApi } from "./api/team_admin/claims.ts";
import { playerListApi, playersApi } from "./api/team_admin/players.ts";
import { settingsApi, teamRecordApi } from "./api/team_admin/settings.ts";
import { teamCampaignApi } from "./api/team_admin/campaigns.ts";
import { calendarApi } from "./api/team_admin/calendars.ts";
import { joinLinkApi, joinLinkReadApi } from "./api/team_admin/join_link.ts";
import { removalRequestApi } from "./api/team_admin/removal_requests.ts";
import { childPrivacyApi } from "./api/child_privacy.ts";
// The system administrator's
import { consolePages } from "./sysadmin/console.tsx";
import { sysadminLoginPage } from "./sysadmin/login.tsx";
import { adminDesktopPage, adminHomePages, sysadminToolForms } from "./sysadmin/home.tsx";
import { emailTestPage } from "./sysadmin/email_test.tsx";
import { globalCampaignApi } from "./sysadmin/api/campaigns.ts";
import { overviewApi } from "./sysadmin/api/overview.ts";
import { sysadminSessionApi } from "./sysadmin/api/session.ts";
import { testEmailApi } from "./sysadmin/api/test_email.ts";

export { MAX_BODY_BYTES } from "./http.ts";
export const PROJECT_ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

/** Builds the whole app on the given dependencies (tests pass an in-memory KV). */
export function createApp(appDeps: AppDeps): Hono<AppEnv> {
  const deps: Deps = {
    kv: appDeps.kv,
    config: appDeps.config,
    assets: appDeps.assets,
    now: appDeps.now ?? (() => new Date()),
    ...(appDeps.caches ?? {
      rosterPages: new TeamCache(appDeps.kv, { watch: appDeps.watchTeamChanges, sizeOf: renderedPageBytes }),
      rosterJson: new TeamCache(appDeps.kv, { watch: appDeps.watchTeamChanges }),
    }),
    dashboardPages: new DashboardPageCache(appDeps.kv, { watch: appDeps.watchTeamChanges }),
  };
  const { config, assets } = deps;
  const allowedOrigins = new Set([config.appOrigin]);
  const isAllowedOrigin = (origin: string, c: { req: { url: string } }) =>
    allowedOrigins.has(origin) ||
    // In development the app is often opened as 127.0.0.1 or another port than APP_URL says.
    (config.env === "development" && origin === new URL(c.req.url).origin);

  const app = new Hono<AppEnv>({ router: paramFormatRouter() });
  if (appDeps.requestLog !== false) app.use(requestLog());
  app.use(async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use(securityHeaders());
  // JSON answers' messages in the request's language (English ones pass unread).
  app.use("/api/*", translateApiMessages);
  // A malformed id, slug or code in the path is 404 before any handler or rate limit runs.
  app.use(pathParamGuard);
  // Every state-changing request, whatever its path. Each route that takes a body declares
  // which kind it reads, and its limit, on itself (routes/http.ts: jsonBody, formBody, rawBody).
  app.on(["POST", "PUT", "PATCH", "DELETE"], "*", originGuard(isAllowedOrigin));

  // Site files and public pages
  app.route("/", staticRoutes(PROJECT_ROOT));
  app.route("/", marketingPages(assets));
  app.route("/t/:slug", rosterPages);
  app.route("/join", joinPages);
  app.route("/signup", signupPages);
  app.route("/signup-success", signupSuccessPage);
  app.route("/objects", objectRoutes);
  app.route("/", healthRoutes);
  app.route("/language", languageRoutes);

  // Signing in and out, the hub and the person's account
  app.route("/team-login", teamLoginPage);
  app.route("/admin-login", adminLoginPage);
  app.route("/auth/magic", magicLinkPages);
  app.route("/sign-out", signOutPage);
  app.route("/api", signOutLinks);
  app.route("/api", personSignInApi);
  app.route("/api/v2/auth", sessionApi);
  app.route("/api/teams/:teamId", teamSignInApi);
  app.route("/api/signup", signupApi);
  app.route("/home", hubPages);
  app.route("/account", accountPages);
  app.route("/account", accountDeletionPages);
  app.route("/api/account", accountApi);
  app.route("/account/privacy", accountPrivacyPage);
  app.route("/api/account", accountExportApi);
  app.route("/api/account", notificationPreferencesApi);
  app.route("/account/email", emailChangePage);
  app.route("/unsubscribe", unsubscribePages);
  app.route("/account/privacy", leaveTeamForm);
  app.route("/account/calendar", familyCalendarPages);
  app.route("/calendar", familyCalendarFeed);
  app.route("/edit", editPage);
  app.route("/api/edit", editLinkApi);
  app.route("/api/players", playerEditApi);

  // The public roster's and the join page's calls
  app.route("/api/teams/by-slug", teamBySlugApi);
  app.route("/api/teams/by-join-code", teamByJoinCodeApi);
  app.route("/api/teams/:teamKey", publicTeamApi);
  app.route("/api/teams/:teamKey", joinRequestApi);

  // The family dashboard: its page and forms, and its calls
  app.route("/", ownDashboardLinks);
  app.route("/family-dashboard/:teamId", familyDashboardPage);
  app.route("/family-dashboard/:teamId", feedForms);
  app.route("/family-dashboard/:teamId", essentialForms);
  app.route("/family-dashboard/:teamId", campaignForms);
  app.route("/family-dashboard/:teamId", photoPages);
  app.route("/api/public", familyApi);
  app.route("/api/teams/:teamId", feedApi);
  app.route("/api/teams/:teamId", essentialsApi);
  app.route("/api/teams/:teamId", eventsApi);
  app.route("/api/teams/:teamId", activeCampaignsApi);
  app.route("/api/teams/:teamId", profileApi);
  app.route("/api/teams/:teamId", leaveTeamApi);
  app.route("/api/teams/:teamId", teamPhotoApi);
  app.route("/api/campaigns", campaignAnswerApi);
  app.route("/api/objects/upload", uploadUrlApi);
  app.route("/api/objects/upload", uploadBytesApi);
  app.route("/api/photos", galleryProcessingApi);
  app.route("/api/players", playerPhotoApi);
  // A parent's privacy controls for their child (issue 22)
  app.route("/api/players", childPrivacyApi);
  app.route("/account/privacy/children", childPrivacyForms);

  // A team's admin area: one implementation under both of the spec's prefixes
  for (const prefix of ["admin", "teams"] as const) {
    const at = `/${prefix}/:teamId`;
    app.route(at, claimPages(prefix));
    app.route(at, teamRosterPages(prefix));
    app.route(at, settingsPages(prefix));
    app.route(at, campaignPages(prefix));
    app.route(at, calendarForms(prefix));
    app.route(at, removalRequestPages(prefix));
  }
  app.route("/admin/:teamId", dashboardPage);
  app.route("/admin/:teamId", accessPages);
  app.route("/teams/:teamId", teamDoorPages);
  // …and its calls (the spec's aliases mount one sub-app at two prefixes)
  app.route("/api/admin/:teamId", accessApi);
  app.route("/api/admin/:teamId", claimQueueApi);
  app.route("/api/admin/:teamId", claimExportApi);
  app.route("/api/admin/:teamId", claimDecisionApi);
  app.route("/api/admin/:teamId", playerListApi);
  app.route("/api/admin/:teamId", playersApi);
  app.route("/api/admin/:teamId", settingsApi);
  app.route("/api/admin/:teamId", teamCampaignApi);
  app.route("/api/admin/:teamId", removalRequestApi);
  app.route("/api/teams/:teamId", claimDecisionApi);
  app.route("/api/teams/:teamId", joinLinkReadApi);
  app.route("/api/teams/:teamId", joinLinkApi);
  app.route("/api/teams/:teamId", calendarApi);
  app.route("/api/v2/teams/:teamId", teamRecordApi);
  app.route("/api/v2/teams/:teamId", claimQueueApi);
  app.route("/api/v2/teams/:teamId", joinLinkReadApi);
  app.route("/api/v2/teams/:teamId", playerListApi);

  // The system administrator's
  app.route("/sysadmin", consolePages);
  app.route("/sysadmin/login", sysadminLoginPage);
  app.route("/sysadmin", sysadminToolForms);
  app.route("/admin", adminHomePages);
  app.route("/admin-desktop", adminDesktopPage);
  app.route("/api/sysadmin", sysadminSessionApi);
  app.route("/api/admin/campaigns", globalCampaignApi);
  app.route("/api/admin", overviewApi);
  // Test tools (a system administrator's; anyone's in development) and development mode's calls
  app.route("/email-test", emailTestPage);
  app.route("/api/test-email", testEmailApi);
  app.route("/api/dev", devApi);

  // In the request's language; reading it must not fail the error page (the session store may be what failed).
  const renderError = async (c: Context<AppEnv>, status: number, englishTitle: string, englishMessage: string) => {
    const lang = await requestLanguage(c).catch(() =>
      visitorLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null)
    );
    const [title, message] = [englishTitle, englishMessage].map((text) => translateMessage(text, lang));
    const page = <ErrorPage status={status} title={title} message={message} />;
    return sendPage(c, renderPage(assets, page, { title, status, lang, path: c.req.path }));
  };
  app.notFound((c) => {
    if (isApiPath(c.req.path)) return c.json({ message: new NotFoundError().message }, 404);
    return renderError(c, 404, titleFor(404), "");
  });
  app.onError(createErrorHandler(renderError));

  // Anonymous GETs of answers the routes share with everyone skip the router and middleware.
  const publicResponses = appDeps.caches?.publicResponses ??
    new PublicResponseCache(appDeps.kv, { watch: appDeps.watchTeamChanges });
  // Another process on the same database file commits unseen by kv.watch: its changes are polled for.
  if (appDeps.watchTeamChanges && isDatabaseFile(config.kvPath)) pollOtherProcesses(appDeps.kv);
  app.fetch = answerFromPublicCache(app.fetch, publicResponses, { log: appDeps.requestLog !== false });
  return app;
}
