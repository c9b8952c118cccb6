/**
 * The map of the app (R13): every route, who may call it, and the rules it declares on itself
 * (routes/rules.ts). tests/integration/route_policy_test.ts checks this table against the routes
 * the app registers (a new route without a row fails, and so does a row whose rules are not the
 * route's own) and calls each protected route as the wrong people; route_rules_test.ts proves
 * each rule on every route that declares it. `deno task routes` prints it.
 */
import type { Rule } from "./rules.ts";

export type Access =
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

/** A route's row: who may call it, then the rules it declares, in the order they run. */
export type RouteRow = readonly [Access, ...Rule[]];

/** Every route the app registers, as "METHOD /path" (parameters as the routes write them). */
export const ROUTES: Readonly<Record<string, RouteRow>> = {
  "GET /": ["public"],
  "GET /about": ["public"],
  "GET /privacy": ["public"],
  "GET /contact": ["public"],
  "GET /favicon.svg": ["public"],
  "GET /build/:name": ["public"],
  "GET /healthz": ["public"], // For a load balancer: no session, no rate limit (routes/health.ts).
  "GET /t/:slug/roster": ["public"],
  "GET /t/:slug/claim": ["public"],
  "POST /t/:slug/claim": ["public", "form-body"],
  "GET /api/teams/:teamKey/roster": ["public"],
  "GET /api/teams/by-slug/:slug": ["public"],
  "GET /api/teams/by-join-code/:code": ["public"],
  "POST /api/teams/:teamKey/claims": ["public", "json-body"],
  "POST /api/teams/:teamKey/verify-player": ["public", "json-body"],
  "POST /api/teams/:teamKey/join-requests": ["public", "json-body"],
  "GET /join/:key": ["public"],
  "POST /join/:key": ["public", "form-body"],
  "GET /signup": ["public"],
  "POST /signup": ["public", "form-body"],
  "GET /signup/verify": ["public"],
  "POST /signup/verify": ["public", "form-body"],
  "GET /signup-success": ["public"],
  "POST /api/signup/create-pending-intent": ["public", "json-body"],
  "POST /api/signup/resend-verification": ["public", "json-body"],
  "POST /api/signup/verify-token": ["public", "json-body"],
  "GET /team-login": ["public"],
  "POST /team-login": ["public", "form-body", "login:password"],
  "GET /admin-login": ["public"],
  "GET /auth/magic": ["public"],
  "POST /auth/magic": ["public", "form-body", "login:magic-link"],
  "POST /auth/magic/resend": ["public", "form-body"], // 'Send me a fresh link' on an expired or spent sign-in link's page.
  "GET /sysadmin/login": ["public"],
  "POST /sysadmin/login": ["public", "form-body", "login:sysadmin-password"],
  "POST /api/team/magic-link": ["public", "json-body"],
  "POST /api/team-admin/magic-link": ["public", "json-body"],
  "POST /api/team-admin/login": ["public", "json-body", "login:password"],
  "POST /api/teams/:teamId/login": ["public", "json-body", "login:team-password"],
  "POST /api/teams/:teamId/magic-link": ["public", "json-body"],
  "POST /teams/:teamId/login": ["public", "form-body", "login:team-password"],
  "POST /teams/:teamId/magic-link": ["public", "form-body"],
  "GET /teams/:teamId": ["public"], // The team login form when signed out; admin checks inside.
  "POST /api/sysadmin/login": ["public", "json-body", "login:sysadmin-password"],
  "GET /api/sysadmin/status": ["public"],
  "GET /api/sysadmin/verify": ["sysadmin"],
  "POST /api/sysadmin/logout": ["public", "json-body"],
  "GET /api/v2/auth/session": ["public"], // 401 means "no user" (SPEC.md).
  "GET /api/v2/auth/logout": ["public"],
  "GET /api/logout": ["public"],
  "GET /sign-out": ["public"],
  "POST /sign-out": ["public", "form-body"], // Ends only the caller's own sessions; the origin check guards it.
  "GET /api/edit": ["public"], // The edit link's token is the credential.
  "GET /edit": ["public"],
  // The language switch: a visitor's cookie, and a signed-in person's account too.
  "POST /language": ["public", "form-body"],
  "GET /unsubscribe/:token": ["public"], // The signed token is the credential; the page only asks.
  // RFC 8058 one-click: a mail provider posts with no cookie and no Origin, so the origin guard lets this route through.
  "POST /unsubscribe/:token": ["public", "cross-site-post", "form-body"],

  "PATCH /api/v2/auth/session": ["user", "json-body"],
  "PUT /api/v2/auth/password": ["user", "json-body"],
  "GET /home": ["user"],
  "POST /home/team": ["user", "form-body"],
  "GET /dashboard": ["user"],
  "GET /family-dashboard": ["user"],
  "GET /parent": ["user"],
  "GET /parent-dashboard": ["user"],

  "PATCH /api/players/:playerId": ["player-editor", "json-body"],
  "POST /api/players/:playerId/emails": ["player-editor", "json-body"],

  "GET /email-test": ["test-tools"],
  "POST /email-test": ["test-tools", "form-body"],
  "POST /api/test-email/verification": ["test-tools", "json-body"],
  "POST /api/test-email/magic-link": ["test-tools", "json-body"],
  "POST /api/dev/auto-login": ["dev", "json-body"],
  "POST /api/dev/calendars/sync": ["dev", "json-body"],
  "POST /api/dev/digests/run": ["dev", "json-body"], // The weekly digest now, still once a week per person.

  "GET /admin/:teamId": ["admin"],
  "GET /admin/:teamId/access": ["admin", "no-team-login"],
  "GET /admin/:teamId/claims": ["admin"],
  "GET /admin/:teamId/roster": ["admin"],
  "GET /admin/:teamId/roster/print": ["admin"],
  "GET /admin/:teamId/settings": ["admin"],
  "GET /teams/:teamId/claims": ["admin"],
  "GET /teams/:teamId/roster": ["admin"],
  "GET /teams/:teamId/roster/print": ["admin"],
  "GET /teams/:teamId/settings": ["admin"],
  "POST /admin/:teamId/access/admins": ["admin", "form-body", "no-team-login"],
  "POST /admin/:teamId/access/admins/:userId/remove": ["admin", "form-body", "no-team-login"],
  "POST /admin/:teamId/access/members/:userId/remove": ["admin", "form-body", "no-team-login"],
  "POST /admin/:teamId/access/invite-link": ["admin", "form-body", "no-team-login"],
  "POST /admin/:teamId/access/login": ["admin", "form-body", "no-team-login"],
  "POST /admin/:teamId/claims/:claimId/approve": ["admin", "form-body"],
  "POST /admin/:teamId/claims/:claimId/deny": ["admin", "form-body"],
  "POST /admin/:teamId/roster/import": ["admin", "form-body"],
  "POST /admin/:teamId/roster/players": ["admin", "form-body"],
  "POST /admin/:teamId/roster/players/:playerId": ["admin", "form-body"],
  "POST /admin/:teamId/roster/players/:playerId/remove": ["admin", "form-body"],
  "POST /admin/:teamId/settings": ["admin", "form-body"],
  "POST /admin/:teamId/settings/delete": ["admin", "form-body"],
  "POST /teams/:teamId/claims/:claimId/approve": ["admin", "form-body"],
  "POST /teams/:teamId/claims/:claimId/deny": ["admin", "form-body"],
  "POST /teams/:teamId/roster/import": ["admin", "form-body"],
  "POST /teams/:teamId/roster/players": ["admin", "form-body"],
  "POST /teams/:teamId/roster/players/:playerId": ["admin", "form-body"],
  "POST /teams/:teamId/roster/players/:playerId/remove": ["admin", "form-body"],
  "POST /teams/:teamId/settings": ["admin", "form-body"],
  "POST /teams/:teamId/settings/delete": ["admin", "form-body"],
  "GET /api/admin/:teamId/access": ["admin", "no-team-login"],
  "PUT /api/admin/:teamId/access": ["admin", "json-body", "no-team-login"],
  "POST /api/admin/:teamId/admins": ["admin", "json-body", "no-team-login"],
  "DELETE /api/admin/:teamId/admins/:userId": ["admin", "json-body", "no-team-login"],
  "GET /api/admin/:teamId/members": ["admin", "no-team-login"],
  "DELETE /api/admin/:teamId/members/:userId": ["admin", "json-body", "no-team-login"], // Parents and players only; never oneself.
  "GET /api/admin/:teamId/claims": ["admin"],
  "GET /api/admin/:teamId/claims/export": ["admin"],
  "POST /api/admin/:teamId/claims/:claimId/approve": ["admin", "json-body"],
  "POST /api/admin/:teamId/claims/:claimId/deny": ["admin", "json-body"],
  "POST /api/teams/:teamId/claims/:claimId/approve": ["admin", "json-body"],
  "POST /api/teams/:teamId/claims/:claimId/deny": ["admin", "json-body"],
  "GET /api/admin/:teamId/players": ["admin"],
  "POST /api/admin/:teamId/players": ["admin", "json-body"],
  "PATCH /api/admin/:teamId/players/:playerId": ["admin", "json-body"],
  "DELETE /api/admin/:teamId/players/:playerId": ["admin", "json-body"],
  "POST /api/admin/:teamId/players/import": ["admin", "csv-body"],
  "GET /api/admin/:teamId/players/export": ["admin"],
  "GET /api/admin/:teamId/settings": ["admin"],
  "PATCH /api/admin/:teamId/settings": ["admin", "json-body"],
  "DELETE /api/admin/:teamId": ["admin", "json-body"],
  "GET /api/teams/:teamId/join-link": ["admin"],
  "POST /api/teams/:teamId/join-link": ["admin", "json-body"],
  "GET /api/v2/teams/:teamId": ["admin"],
  "GET /api/v2/teams/:teamId/claims": ["admin"],
  "GET /api/v2/teams/:teamId/join-link": ["admin"],
  "GET /api/v2/teams/:teamId/players": ["admin"],

  // family dashboard: dashboard
  "GET /family-dashboard/:teamId": ["member"],
  // family dashboard: families
  "GET /api/public/teams/:teamId": ["public"], // The public roster's fields; the same for a member.
  "GET /api/public/teams/:teamId/players": ["public"], // Public roster fields without a session of the team.
  "GET /api/public/teams/:teamId/parents": ["member"],
  "GET /api/public/teams/:teamId/families": ["member"],
  "GET /api/public/families/:familyId/members": ["member-of-record"],
  // family dashboard: feed
  "GET /api/teams/:teamId/posts": ["member"],
  "POST /api/teams/:teamId/posts": ["member", "json-body"],
  "DELETE /api/teams/:teamId/posts/:postId": ["member", "json-body"],
  "POST /family-dashboard/:teamId/posts": ["member", "form-body"],
  "POST /family-dashboard/:teamId/posts/:postId/delete": ["member", "form-body"],
  // family dashboard: essentials
  "GET /api/teams/:teamId/essentials": ["member"],
  "POST /api/teams/:teamId/essentials": ["member", "json-body"],
  "DELETE /api/teams/:teamId/essentials/:itemId": ["member", "json-body"],
  "POST /family-dashboard/:teamId/essentials": ["member", "form-body"],
  "POST /family-dashboard/:teamId/essentials/:itemId/delete": ["member", "form-body"],
  // family dashboard: events
  "GET /api/teams/:teamId/events": ["member"],
  // family dashboard: campaigns
  "GET /api/teams/:teamId/campaigns/active": ["member"],
  "POST /api/campaigns/:id/respond": ["member-of-record", "json-body"],
  "POST /api/campaigns/:id/snooze": ["member-of-record", "json-body"],
  "POST /family-dashboard/:teamId/campaigns/:campaignId/respond": ["member", "form-body"],
  "POST /family-dashboard/:teamId/campaigns/:campaignId/snooze": ["member", "form-body"],
  // family dashboard: admin campaigns
  "GET /admin/:teamId/campaigns": ["admin"],
  "GET /teams/:teamId/campaigns": ["admin"],
  "POST /admin/:teamId/campaigns": ["admin", "form-body"],
  "POST /teams/:teamId/campaigns": ["admin", "form-body"],
  "POST /admin/:teamId/campaigns/:campaignId/status": ["admin", "form-body"],
  "POST /teams/:teamId/campaigns/:campaignId/status": ["admin", "form-body"],
  "POST /admin/:teamId/campaigns/:campaignId/delete": ["admin", "form-body"],
  "POST /teams/:teamId/campaigns/:campaignId/delete": ["admin", "form-body"],
  "GET /api/admin/:teamId/campaigns": ["admin"],
  "POST /api/admin/:teamId/campaigns": ["admin", "json-body"],
  "PATCH /api/admin/:teamId/campaigns/:campaignId": ["admin", "json-body"],
  "DELETE /api/admin/:teamId/campaigns/:campaignId": ["admin", "json-body"],
  "GET /api/admin/:teamId/campaigns/:campaignId/results": ["admin"],
  // family dashboard: profile
  "PUT /api/teams/:teamId/parents/:parentId": ["member", "json-body"], // Then only the person themselves (403 for others).
  "POST /api/teams/:teamId/leave": ["member", "json-body"], // The person themselves; a system administrator or team login 403.
  "POST /account/privacy/leave": ["user", "form-body"], // Only a team of the caller's own; back to /account/privacy.
  "GET /account/email": ["public"], // The e-mailed link's Confirm page; the token is the credential.
  "POST /account/email": ["public", "form-body"],

  // photos
  "POST /api/objects/upload": ["member-of-record", "json-body"], // The team is in the body: 403 for another team's.
  "PUT /api/objects/upload/:teamId/:token": ["member", "raw-body"], // Then only the session the URL was issued to.
  "POST /api/photos/process-gallery-photo": ["member-of-record", "json-body"], // The team is in originalPath; others 404.
  "POST /api/teams/:teamId/photos": ["member", "json-body"],
  "GET /api/teams/:teamId/photos": ["member"],
  "DELETE /api/teams/:teamId/photos/:photoId": ["member", "json-body"], // Then the uploader or a team admin.
  "POST /api/players/process-headshot": ["member-of-record", "json-body"],
  "PUT /api/players/:playerId/photo": ["player-editor", "json-body"], // That player's parents or a team admin; others 404.
  "PUT /api/teams/:teamId/players/:playerId/headshot-consent": ["guardian", "json-body"], // R41: not even the team's admin.
  "POST /family-dashboard/:teamId/players/:playerId/headshot-consent": ["guardian", "form-body"],
  // a parent's privacy controls for their child (issue 22): that player's parents only, not even the team's admin
  "POST /api/players/:playerId/removal-request": ["guardian", "json-body"],
  "PUT /api/players/:playerId/privacy": ["guardian", "json-body"],
  "POST /account/privacy/children/:playerId/removal-request": ["guardian", "form-body"],
  "POST /account/privacy/children/:playerId/privacy": ["guardian", "form-body"],
  // the team admin's decision on a removal request
  "GET /api/admin/:teamId/removal-requests": ["admin"],
  "POST /api/admin/:teamId/removal-requests/:requestId/approve": ["admin", "json-body"],
  "POST /api/admin/:teamId/removal-requests/:requestId/deny": ["admin", "json-body"],
  "POST /admin/:teamId/removal-requests/:requestId/approve": ["admin", "form-body"],
  "POST /admin/:teamId/removal-requests/:requestId/deny": ["admin", "form-body"],
  "POST /teams/:teamId/removal-requests/:requestId/approve": ["admin", "form-body"],
  "POST /teams/:teamId/removal-requests/:requestId/deny": ["admin", "form-body"],
  "GET /objects/:teamId/:blobId": ["object"],
  // gallery
  "GET /family-dashboard/:teamId/photos": ["member"],
  "POST /family-dashboard/:teamId/photos/:photoId/delete": ["member", "form-body"],
  // team calendar
  "GET /api/teams/:teamId/calendars": ["admin"],
  "POST /api/teams/:teamId/calendar": ["admin", "json-body"],
  "DELETE /api/teams/:teamId/calendars/:calendarId": ["admin", "json-body"],
  "POST /api/teams/:teamId/calendars/:calendarId/sync": ["admin", "json-body"],
  "POST /admin/:teamId/calendar": ["admin", "form-body"],
  "POST /admin/:teamId/calendar/:calendarId/sync": ["admin", "form-body"],
  "POST /admin/:teamId/calendar/:calendarId/remove": ["admin", "form-body"],
  "POST /teams/:teamId/calendar": ["admin", "form-body"],
  "POST /teams/:teamId/calendar/:calendarId/sync": ["admin", "form-body"],
  "POST /teams/:teamId/calendar/:calendarId/remove": ["admin", "form-body"],
  // family calendar
  "GET /account/calendar": ["user"], // A team's shared login gets a page saying a personal account is needed.
  "POST /account/calendar": ["user", "form-body"],
  "POST /account/calendar/reset": ["user", "form-body"],
  "POST /account/calendar/revoke": ["user", "form-body"],
  "GET /calendar/:file": ["public"], // The private link's token is the credential; unknown or turned off: 404.

  // system administrator: console
  "GET /sysadmin": ["sysadmin"], // Without a session: the sign-in in place, 401.
  "POST /sysadmin/campaigns": ["sysadmin", "form-body"],
  "POST /sysadmin/campaigns/:campaignId/status": ["sysadmin", "form-body"],
  "POST /sysadmin/campaigns/:campaignId/delete": ["sysadmin", "form-body"],
  "POST /sysadmin/logout": ["public", "form-body"], // Ends only the caller's own system administrator session.
  "GET /api/admin/campaigns": ["sysadmin"],
  "POST /api/admin/campaigns": ["sysadmin", "json-body"],
  "PATCH /api/admin/campaigns/:campaignId": ["sysadmin", "json-body"],
  "DELETE /api/admin/campaigns/:campaignId": ["sysadmin", "json-body"],
  "GET /api/admin/campaigns/:campaignId/results": ["sysadmin"],
  // system administrator: teams overview
  "GET /api/admin/teams": ["sysadmin"],
  // system administrator: /admin and the audit log
  "GET /admin": ["sysadmin"], // Without a session: 'Authentication Required', 401, then the sign-in.
  "POST /admin/sign-out": ["public", "form-body"], // Ends only the caller's own system administrator session.
  "GET /admin-desktop": ["public"],
  "POST /sysadmin/invite-links/:teamId": ["sysadmin", "form-body"],
  "POST /sysadmin/dev/login": ["dev", "form-body"], // Development mode and a system administrator's session.
  "POST /sysadmin/dev/calendars/sync": ["dev", "form-body"],
  "GET /api/admin/audit": ["sysadmin"],

  "GET /account/deleted": ["public"], // Shown once the account is erased: the session is gone by then.
  "GET /account/signed-out": ["public"],
  "GET /account": ["user"],
  "POST /account/name": ["user", "form-body"],
  "POST /account/password": ["user", "form-body"],
  "POST /account/notifications": ["user", "form-body"], // Back to /account#notifications; a team login 403.
  // The person themselves only: a team login 403, a system administrator 401.
  "GET /api/account/notifications": ["user"],
  "PUT /api/account/notifications": ["user", "json-body"],
  "GET /account/privacy": ["user"], // A team's shared login gets a page saying a personal account is needed.
  "GET /api/account/export": ["user"], // The person themselves only: a team login 403, a system administrator 401.
  // Called as the parent, these really erase the parent's account (a wrong confirm first refuses).
  "DELETE /api/account": ["user", "json-body"],
  "POST /account/privacy/delete": ["user", "form-body"],
  // Last: called as the parent, it really ends the parent's sessions.
  "POST /account/sign-out-everywhere": ["user", "form-body"],
};

/** The routes an app registers, as "METHOD /path", sorted (middleware-only entries left out). */
export function registeredRoutes(app: { routes: readonly { method: string; path: string }[] }): string[] {
  const routes = app.routes.filter((r) => r.method !== "ALL" && r.path !== "/*").map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}
