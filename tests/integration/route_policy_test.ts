/**
 * R13: every route declares who may call it, and the table is checked against the routes
 * the app really registers — a new route without a row fails here. Then every protected
 * route is called as an anonymous visitor and as a parent of the team, and must refuse both.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv } from "../helpers.ts";
import { ADMIN_PREFIXES, adminWorld, call } from "../admin_helpers.ts";

type Policy =
  /** Anyone (what it shows is public, or it is the way in). */
  | "public"
  /** A signed-in person. */
  | "user"
  /** An admin of the route's team, or a system administrator. */
  | "admin"
  /** A system administrator's session (its own cookie); 401 otherwise. */
  | "sysadmin"
  /** A system administrator, or anyone in development mode; 404 otherwise. */
  | "test-tools"
  /** Development mode only; 404 otherwise. */
  | "dev"
  /** The player's edit session, one of its parents, or a team admin. */
  | "player-editor"
  /** Anyone of the route's team (parent, player, admin); a system administrator may read. */
  | "member"
  /**
   * A route about one record with no team in its path (a family, a campaign): anonymous 401;
   * a person of another team learns nothing (403 or 404).
   */
  | "member-of-record"
  /** A stored photo: the team's members (and a system administrator); anyone else gets 404, as for no photo. */
  | "object"
  /** A current parent (guardian link) of the path's player, as themselves: anonymous 401; anyone else 403 or 404. */
  | "guardian";

const POLICY: Record<string, Policy> = {
  "GET /": "public",
  "GET /about": "public",
  "GET /privacy": "public",
  "GET /contact": "public",
  "GET /favicon.svg": "public",
  "GET /build/:name": "public",
  "GET /t/:slug/roster": "public",
  "GET /t/:slug/claim": "public",
  "POST /t/:slug/claim": "public",
  "GET /api/teams/:teamKey/roster": "public",
  "GET /api/teams/by-slug/:slug": "public",
  "GET /api/teams/by-join-code/:code": "public",
  "POST /api/teams/:teamKey/claims": "public",
  "POST /api/teams/:teamKey/verify-player": "public",
  "POST /api/teams/:teamKey/join-requests": "public",
  "GET /join/:key": "public",
  "POST /join/:key": "public",
  "GET /signup": "public",
  "POST /signup": "public",
  "GET /signup/verify": "public",
  "POST /signup/verify": "public",
  "GET /signup-success": "public",
  "POST /api/signup/create-pending-intent": "public",
  "POST /api/signup/resend-verification": "public",
  "POST /api/signup/verify-token": "public",
  "GET /team-login": "public",
  "POST /team-login": "public",
  "GET /admin-login": "public",
  "GET /auth/magic": "public",
  "POST /auth/magic": "public",
  "POST /auth/magic/resend": "public", // 'Send me a fresh link' on an expired or spent sign-in link's page.
  "GET /sysadmin/login": "public",
  "POST /sysadmin/login": "public",
  "POST /api/team/magic-link": "public",
  "POST /api/team-admin/magic-link": "public",
  "POST /api/team-admin/login": "public",
  "POST /api/teams/:teamId/login": "public",
  "POST /api/teams/:teamId/magic-link": "public",
  "POST /teams/:teamId/login": "public",
  "POST /teams/:teamId/magic-link": "public",
  "GET /teams/:teamId": "public", // The team login form when signed out; admin checks inside.
  "POST /api/sysadmin/login": "public",
  "GET /api/sysadmin/status": "public",
  "GET /api/sysadmin/verify": "sysadmin",
  "POST /api/sysadmin/logout": "public",
  "GET /api/v2/auth/session": "public", // 401 means "no user" (SPEC.md).
  "GET /api/v2/auth/logout": "public",
  "GET /api/logout": "public",
  "GET /sign-out": "public",
  "POST /sign-out": "public", // Ends only the caller's own sessions; the origin check guards it.
  "GET /api/edit": "public", // The edit link's token is the credential.
  "GET /edit": "public",

  "PATCH /api/v2/auth/session": "user",
  "PUT /api/v2/auth/password": "user",
  "GET /home": "user",
  "POST /home/team": "user",
  "GET /dashboard": "user",
  "GET /family-dashboard": "user",
  "GET /parent": "user",
  "GET /parent-dashboard": "user",

  "PATCH /api/players/:playerId": "player-editor",
  "POST /api/players/:playerId/emails": "player-editor",

  "GET /email-test": "test-tools",
  "POST /email-test": "test-tools",
  "POST /api/test-email/verification": "test-tools",
  "POST /api/test-email/magic-link": "test-tools",
  "POST /api/dev/auto-login": "dev",
  "POST /api/dev/calendars/sync": "dev",

  "GET /admin/:teamId": "admin",
  "GET /admin/:teamId/access": "admin",
  "GET /admin/:teamId/claims": "admin",
  "GET /admin/:teamId/roster": "admin",
  "GET /admin/:teamId/roster/print": "admin",
  "GET /admin/:teamId/settings": "admin",
  "GET /teams/:teamId/claims": "admin",
  "GET /teams/:teamId/roster": "admin",
  "GET /teams/:teamId/roster/print": "admin",
  "GET /teams/:teamId/settings": "admin",
  "POST /admin/:teamId/access/admins": "admin",
  "POST /admin/:teamId/access/admins/:userId/remove": "admin",
  "POST /admin/:teamId/access/invite-link": "admin",
  "POST /admin/:teamId/access/login": "admin",
  "POST /admin/:teamId/claims/:claimId/approve": "admin",
  "POST /admin/:teamId/claims/:claimId/deny": "admin",
  "POST /admin/:teamId/roster/import": "admin",
  "POST /admin/:teamId/roster/players": "admin",
  "POST /admin/:teamId/roster/players/:playerId": "admin",
  "POST /admin/:teamId/roster/players/:playerId/remove": "admin",
  "POST /admin/:teamId/settings": "admin",
  "POST /admin/:teamId/settings/delete": "admin",
  "POST /teams/:teamId/claims/:claimId/approve": "admin",
  "POST /teams/:teamId/claims/:claimId/deny": "admin",
  "POST /teams/:teamId/roster/import": "admin",
  "POST /teams/:teamId/roster/players": "admin",
  "POST /teams/:teamId/roster/players/:playerId": "admin",
  "POST /teams/:teamId/roster/players/:playerId/remove": "admin",
  "POST /teams/:teamId/settings": "admin",
  "POST /teams/:teamId/settings/delete": "admin",
  "GET /api/admin/:teamId/access": "admin",
  "PUT /api/admin/:teamId/access": "admin",
  "POST /api/admin/:teamId/admins": "admin",
  "DELETE /api/admin/:teamId/admins/:userId": "admin",
  "GET /api/admin/:teamId/claims": "admin",
  "GET /api/admin/:teamId/claims/export": "admin",
  "POST /api/admin/:teamId/claims/:claimId/approve": "admin",
  "POST /api/admin/:teamId/claims/:claimId/deny": "admin",
  "POST /api/teams/:teamId/claims/:claimId/approve": "admin",
  "POST /api/teams/:teamId/claims/:claimId/deny": "admin",
  "GET /api/admin/:teamId/players": "admin",
  "POST /api/admin/:teamId/players": "admin",
  "PATCH /api/admin/:teamId/players/:playerId": "admin",
  "DELETE /api/admin/:teamId/players/:playerId": "admin",
  "POST /api/admin/:teamId/players/import": "admin",
  "GET /api/admin/:teamId/players/export": "admin",
  "GET /api/admin/:teamId/settings": "admin",
  "PATCH /api/admin/:teamId/settings": "admin",
  "DELETE /api/admin/:teamId": "admin",
  "GET /api/teams/:teamId/join-link": "admin",
  "POST /api/teams/:teamId/join-link": "admin",
  "GET /api/v2/teams/:teamId": "admin",
  "GET /api/v2/teams/:teamId/claims": "admin",
  "GET /api/v2/teams/:teamId/join-link": "admin",
  "GET /api/v2/teams/:teamId/players": "admin",

  // family dashboard: dashboard
  "GET /family-dashboard/:teamId": "member",
  // family dashboard: families
  "GET /api/public/teams/:teamId": "public", // The public roster's fields; the same for a member.
  "GET /api/public/teams/:teamId/players": "public", // Public roster fields without a session of the team.
  "GET /api/public/teams/:teamId/parents": "member",
  "GET /api/public/teams/:teamId/families": "member",
  "GET /api/public/families/:familyId/members": "member-of-record",
  // family dashboard: feed
  "GET /api/teams/:teamId/posts": "member",
  "POST /api/teams/:teamId/posts": "member",
  "DELETE /api/teams/:teamId/posts/:postId": "member",
  "POST /family-dashboard/:teamId/posts": "member",
  "POST /family-dashboard/:teamId/posts/:postId/delete": "member",
  // family dashboard: essentials
  "GET /api/teams/:teamId/essentials": "member",
  "POST /api/teams/:teamId/essentials": "member",
  "DELETE /api/teams/:teamId/essentials/:itemId": "member",
  "POST /family-dashboard/:teamId/essentials": "member",
  "POST /family-dashboard/:teamId/essentials/:itemId/delete": "member",
  // family dashboard: events
  "GET /api/teams/:teamId/events": "member",
  // family dashboard: campaigns
  "GET /api/teams/:teamId/campaigns/active": "member",
  "POST /api/campaigns/:id/respond": "member-of-record",
  "POST /api/campaigns/:id/snooze": "member-of-record",
  "POST /family-dashboard/:teamId/campaigns/:campaignId/respond": "member",
  "POST /family-dashboard/:teamId/campaigns/:campaignId/snooze": "member",
  // family dashboard: admin campaigns
  "GET /admin/:teamId/campaigns": "admin",
  "GET /teams/:teamId/campaigns": "admin",
  "POST /admin/:teamId/campaigns": "admin",
  "POST /teams/:teamId/campaigns": "admin",
  "POST /admin/:teamId/campaigns/:campaignId/status": "admin",
  "POST /teams/:teamId/campaigns/:campaignId/status": "admin",
  "POST /admin/:teamId/campaigns/:campaignId/delete": "admin",
  "POST /teams/:teamId/campaigns/:campaignId/delete": "admin",
  "GET /api/admin/:teamId/campaigns": "admin",
  "POST /api/admin/:teamId/campaigns": "admin",
  "PATCH /api/admin/:teamId/campaigns/:campaignId": "admin",
  "DELETE /api/admin/:teamId/campaigns/:campaignId": "admin",
  "GET /api/admin/:teamId/campaigns/:campaignId/results": "admin",
  // family dashboard: profile
  "PUT /api/teams/:teamId/parents/:parentId": "member", // Then only the person themselves (403 for others).
  "GET /account/email": "public", // The e-mailed link's Confirm page; the token is the credential.
  "POST /account/email": "public",

  // photos
  "POST /api/objects/upload": "member-of-record", // The team is in the body: 403 for another team's.
  "PUT /api/objects/upload/:teamId/:token": "member", // Then only the session the URL was issued to.
  "POST /api/photos/process-gallery-photo": "member-of-record", // The team is in originalPath; others 404.
  "POST /api/teams/:teamId/photos": "member",
  "GET /api/teams/:teamId/photos": "member",
  "DELETE /api/teams/:teamId/photos/:photoId": "member", // Then the uploader or a team admin.
  "POST /api/players/process-headshot": "member-of-record",
  "PUT /api/players/:playerId/photo": "player-editor", // That player's parents or a team admin; others 404.
  "PUT /api/teams/:teamId/players/:playerId/headshot-consent": "guardian", // R41: not even the team's admin.
  "POST /family-dashboard/:teamId/players/:playerId/headshot-consent": "guardian",
  "GET /objects/:teamId/:blobId": "object",
  // gallery
  "GET /family-dashboard/:teamId/photos": "member",
  "POST /family-dashboard/:teamId/photos/:photoId/delete": "member",
  // team calendar
  "GET /api/teams/:teamId/calendars": "admin",
  "POST /api/teams/:teamId/calendar": "admin",
  "DELETE /api/teams/:teamId/calendars/:calendarId": "admin",
  "POST /api/teams/:teamId/calendars/:calendarId/sync": "admin",
  "POST /admin/:teamId/calendar": "admin",
  "POST /admin/:teamId/calendar/:calendarId/sync": "admin",
  "POST /admin/:teamId/calendar/:calendarId/remove": "admin",
  "POST /teams/:teamId/calendar": "admin",
  "POST /teams/:teamId/calendar/:calendarId/sync": "admin",
  "POST /teams/:teamId/calendar/:calendarId/remove": "admin",
  // family calendar
  "GET /account/calendar": "user", // A team's shared login gets a page saying a personal account is needed.
  "POST /account/calendar": "user",
  "POST /account/calendar/reset": "user",
  "POST /account/calendar/revoke": "user",
  "GET /calendar/:file": "public", // The private link's token is the credential; unknown or turned off: 404.

  // system administrator: console
  "GET /sysadmin": "sysadmin", // Without a session: the sign-in in place, 401.
  "POST /sysadmin/campaigns": "sysadmin",
  "POST /sysadmin/campaigns/:campaignId/status": "sysadmin",
  "POST /sysadmin/campaigns/:campaignId/delete": "sysadmin",
  "POST /sysadmin/logout": "public", // Ends only the caller's own system administrator session.
  "GET /api/admin/campaigns": "sysadmin",
  "POST /api/admin/campaigns": "sysadmin",
  "PATCH /api/admin/campaigns/:campaignId": "sysadmin",
  "DELETE /api/admin/campaigns/:campaignId": "sysadmin",
  "GET /api/admin/campaigns/:campaignId/results": "sysadmin",
  // system administrator: teams overview
  "GET /api/admin/teams": "sysadmin",
  // system administrator: /admin and the audit log
  "GET /admin": "sysadmin", // Without a session: 'Authentication Required', 401, then the sign-in.
  "POST /admin/sign-out": "public", // Ends only the caller's own system administrator session.
  "GET /admin-desktop": "public",
  "POST /sysadmin/invite-links/:teamId": "sysadmin",
  "POST /sysadmin/dev/login": "dev", // Development mode and a system administrator's session.
  "POST /sysadmin/dev/calendars/sync": "dev",
  "GET /api/admin/audit": "sysadmin",

  "GET /account/signed-out": "public",
  "GET /account": "user",
  "POST /account/name": "user",
  "POST /account/password": "user",
  // Last: called as the parent, it really ends the parent's sessions.
  "POST /account/sign-out-everywhere": "user",
};

/** The routes the app registers (middleware-only entries left out). */
function registeredRoutes(app: { routes: { method: string; path: string }[] }): string[] {
  const routes = app.routes.filter((r) => r.method !== "ALL" && r.path !== "/*").map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}

Deno.test("[policy] every registered route has a row in the policy table, and every row is a route", async () => {
  await using t = await createTestApp();
  const routes = registeredRoutes(t.app);
  assert.deepEqual(routes.filter((r) => !(r in POLICY)), [], "routes without a declared policy");
  assert.deepEqual(
    Object.keys(POLICY).filter((r) => !routes.includes(r)).sort(),
    [],
    "rows for routes that do not exist",
  );
});

const fill = (path: string, teamId: string, playerId: string) =>
  path.replace(":teamId", teamId).replace(":playerId", playerId).replace(/:[A-Za-z]+/g, "01ARZ3NDEKTSV4RRFFQ69G5FAV");

Deno.test("[policy] protected routes refuse anonymous visitors and a parent of the team, and change nothing", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const playerId = world.players[0].id;
  const refusals: string[] = [];
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  for (const [route, policy] of Object.entries(POLICY)) {
    if (policy === "public") continue;
    const [method, pattern] = route.split(" ");
    const path = fill(pattern, world.team.id, playerId);
    const isApi = path.startsWith("/api/");
    const body = method === "GET" ? undefined : isApi ? {} : undefined;
    const form = !isApi && method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : undefined;
    // A member route lets the team's parent through; a person of another team is the outsider.
    const callers = policy === "member" || policy === "member-of-record"
      ? ["anonymous", "otherAdmin"] as const
      : policy === "guardian"
      ? ["anonymous", "parent", "otherAdmin"] as const
      : ["anonymous", "parent"] as const;
    for (const who of callers) {
      const res = await call(t.app, method, path, { cookie: world.cookies[who], body, headers: form });
      await res.body?.cancel();
      const refused = policy === "dev" || policy === "test-tools"
        ? res.status === 404
        : policy === "user"
        ? who === "anonymous"
          ? res.status === 401 || (res.status === 303 && /\/team-login/.test(res.headers.get("location")!))
          : true
        : policy === "player-editor"
        ? who === "anonymous" ? res.status === 401 : res.status === 404
        : policy === "sysadmin"
        ? res.status === 401 || (res.status === 303 && /^\/sysadmin\/login/.test(res.headers.get("location")!))
        : policy === "member-of-record"
        ? who === "anonymous" ? res.status === 401 : res.status === 403 || res.status === 404
        : policy === "object"
        ? res.status === 404
        : policy === "guardian"
        ? who === "anonymous"
          ? res.status === 401 || (res.status === 303 && /\/team-login/.test(res.headers.get("location")!))
          : res.status === 403 || res.status === 404
        : policy === "member"
        ? who === "anonymous"
          ? res.status === 401 || (res.status === 303 && /\/team-login/.test(res.headers.get("location")!))
          : res.status === 403
        : who === "anonymous"
        ? res.status === 401 || (res.status === 303 && /\/team-login/.test(res.headers.get("location")!))
        : res.status === 403;
      if (!refused) refusals.push(`${who} ${route} → ${res.status}`);
    }
  }
  assert.deepEqual(refusals, [], "routes that let the wrong person through");
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before, "a refused request changed stored data");
});
