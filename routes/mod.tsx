import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps, AppEnv, Deps } from "./app_env.ts";
import { NotFoundError } from "../lib/errors.ts";
import { createErrorHandler, isApiPath, PayloadTooLargeError } from "./errors.ts";
import { jsonOnly, originGuard, pathParamGuard } from "./http.ts";
import { securityHeaders } from "./security_headers.ts";
import { renderPage } from "../lib/render/page.tsx";
import { sendPage } from "./security_headers.ts";
import { signOutRoutes } from "./pages/sign_out.tsx";
import { TeamCache } from "../lib/render/team_cache.ts";
import { renderedPageBytes } from "../lib/render/page.tsx";
import { ErrorPage } from "../components/ErrorPage.tsx";
import { staticRoutes } from "./static.ts";
import { marketingRoutes } from "./pages/marketing.tsx";
import { rosterPageRoutes } from "./pages/roster.tsx";
import { teamApiRoutes } from "./api/teams.ts";
import { authApiRoutes } from "./api/auth.ts";
import { sysadminAuthApiRoutes } from "./api/sysadmin_auth.ts";
import { signupApiRoutes } from "./api/signup.ts";
import { devApiRoutes } from "./api/dev.ts";
import { magicLinkPageRoutes } from "./pages/auth_magic.tsx";
import { hubPageRoutes } from "./pages/hub.tsx";
import { playerApiRoutes } from "./api/players.ts";
import { joinApiRoutes } from "./api/join.ts";
import { adminClaimApiRoutes } from "./api/admin_claims.ts";
import { adminAccessApiRoutes } from "./api/admin_access.ts";
import { signupPageRoutes } from "./pages/signup.tsx";
import { adminPlayerApiRoutes } from "./api/admin_players.ts";
import { adminSettingsApiRoutes } from "./api/admin_settings.ts";
import { loginPageRoutes } from "./pages/login.tsx";
import { sysadminLoginPageRoutes } from "./pages/sysadmin_login.tsx";
import { emailTestPageRoutes } from "./pages/email_test.tsx";
import { testEmailApiRoutes } from "./api/test_email.ts";
import { adminPageRoutes } from "./pages/admin.tsx";
import { editPageRoutes } from "./pages/edit.tsx";
import { joinPageRoutes } from "./pages/join.tsx";
import { adminRosterPageRoutes } from "./pages/admin_roster.tsx";
import { adminSettingsPageRoutes } from "./pages/admin_settings.tsx";
import { familyDashboardPageRoutes } from "./pages/family_dashboard.tsx";
import { familyApiRoutes } from "./api/families.ts";
import { postRoutes } from "./api/posts.ts";
import { essentialRoutes } from "./api/essentials.ts";
import { eventApiRoutes } from "./api/events.ts";
import { campaignRoutes } from "./api/campaigns.ts";
import { adminCampaignRoutes } from "./pages/admin_campaigns.tsx";
import { profileRoutes } from "./api/profile.ts";
import { isPhotoUpload, photoApiRoutes } from "./api/photos.ts";
import { objectRoutes } from "./objects.ts";
import { familyPhotoPageRoutes } from "./pages/family_photos.tsx";
import { calendarApiRoutes } from "./api/calendars.ts";
import { adminCalendarFormRoutes } from "./pages/admin_calendar.tsx";
import { familyCalendarRoutes } from "./pages/family_calendar.tsx";
import { sysadminConsoleRoutes } from "./pages/sysadmin.tsx";
import { adminCampaignApiRoutes } from "./api/admin_campaigns.ts";
import { adminOverviewApiRoutes } from "./api/admin_overview.ts";
import { adminHomeRoutes } from "./pages/admin_home.tsx";

export const PROJECT_ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
export const MAX_BODY_BYTES = 1024 * 1024;

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
  };
  const { config, assets } = deps;
  const allowedOrigins = new Set([config.appOrigin]);
  const isAllowedOrigin = (origin: string, c: { req: { url: string } }) =>
    allowedOrigins.has(origin) ||
    // In development the app is often opened as 127.0.0.1 or another port than APP_URL says.
    (config.env === "development" && origin === new URL(c.req.url).origin);

  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use(securityHeaders());
  // A malformed id, slug or code in the path is 404 before any handler or rate limit runs.
  app.use(pathParamGuard);
  // Reads never carry a body to limit or a cross-site effect to refuse.
  const UNSAFE = ["POST", "PUT", "PATCH", "DELETE"];
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new PayloadTooLargeError();
    },
  });
  // A photo upload's PUT carries raw image bytes under a limit of its own (routes/api/photos.ts).
  app.on(UNSAFE, "*", (c, next) => isPhotoUpload(c) ? next() : limitBody(c, next));
  app.on(UNSAFE, "*", originGuard(isAllowedOrigin));
  app.on(UNSAFE, "*", (c, next) => isPhotoUpload(c) ? next() : jsonOnly(c, next));

  app.route("/", staticRoutes(PROJECT_ROOT));
  // System administrator routes first: '/api/admin/campaigns', '/api/admin/teams' and '/admin'
  // must never be read as a team's '/api/admin/:teamId…' or '/admin/:teamId'.
  app.route("/", sysadminConsoleRoutes);
  app.route("/", adminCampaignApiRoutes);
  app.route("/", adminOverviewApiRoutes);
  app.route("/", adminHomeRoutes);
  app.route("/", marketingRoutes(assets));
  app.route("/", rosterPageRoutes);
  app.route("/", teamApiRoutes);
  app.route("/", authApiRoutes);
  app.route("/", signOutRoutes);
  app.route("/", sysadminAuthApiRoutes);
  app.route("/", signupApiRoutes);
  app.route("/", devApiRoutes);
  app.route("/", magicLinkPageRoutes);
  app.route("/", hubPageRoutes);
  app.route("/", playerApiRoutes);
  app.route("/", joinApiRoutes);
  app.route("/", adminClaimApiRoutes);
  app.route("/", adminAccessApiRoutes);
  app.route("/", signupPageRoutes);
  app.route("/", adminPlayerApiRoutes);
  app.route("/", adminSettingsApiRoutes);
  app.route("/", loginPageRoutes);
  app.route("/", sysadminLoginPageRoutes);
  app.route("/", emailTestPageRoutes);
  app.route("/", testEmailApiRoutes);
  app.route("/", adminPageRoutes);
  app.route("/", editPageRoutes);
  app.route("/", joinPageRoutes);
  app.route("/", adminRosterPageRoutes);
  app.route("/", adminSettingsPageRoutes);
  app.route("/", familyDashboardPageRoutes);
  app.route("/", familyApiRoutes);
  app.route("/", postRoutes);
  app.route("/", essentialRoutes);
  app.route("/", eventApiRoutes);
  app.route("/", campaignRoutes);
  app.route("/", adminCampaignRoutes);
  app.route("/", profileRoutes);
  app.route("/", photoApiRoutes);
  app.route("/", objectRoutes);
  app.route("/", familyPhotoPageRoutes);
  app.route("/", calendarApiRoutes);
  app.route("/", adminCalendarFormRoutes);
  app.route("/", familyCalendarRoutes);

  const renderError = (c: Parameters<typeof sendPage>[0], status: number, title: string, message: string) =>
    sendPage(c, renderPage(assets, <ErrorPage status={status} title={title} message={message} />, { title, status }));
  app.notFound((c) => {
    if (isApiPath(c.req.path)) return c.json({ message: new NotFoundError().message }, 404);
    return renderError(c, 404, "404 Page Not Found", "");
  });
  app.onError(createErrorHandler(renderError));
  return app;
}
