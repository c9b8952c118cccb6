/**
 * The format of every path parameter, by name: the one table the app's router and
 * tests/integration/route_overlap_test.ts share. Routes declare `:teamId`; the router matches it
 * only where the value has the team key's format, so no two routes can match one request and
 * the order sub-apps are mounted in does not matter.
 */
import type { Result, Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";

/**
 * The literal segments that stand where a sibling route has a team key: the system
 * administrator's `/api/admin/campaigns|teams|audit` next to `/api/admin/:teamId…`, and
 * `/api/teams/by-slug|by-join-code/…` next to `/api/teams/:teamId…`. No team may have one of them
 * as its slug (lib/db/teams.ts `RESERVED_SLUGS`, checked equal by tests/integration/route_overlap_test.ts).
 */
export const NOT_A_TEAM_KEY = ["campaigns", "teams", "audit", "by-slug", "by-join-code"] as const;

/** One whole path segment (as Hono writes it: no `}` inside, and no capture group). */
const SEGMENT = "[^/]+";

/** A team's id or slug: any segment but the words above (each followed by the segment's end). */
const TEAM_KEY = `(?!(?:${NOT_A_TEAM_KEY.join("|")})(?![^/]))${SEGMENT}`;

/**
 * Each parameter name and the values the router lets through. A plain segment is checked for
 * the shape every parameter has (routes/http.ts `pathParamGuard`: 404 for anything else).
 */
export const PARAM_FORMATS: Readonly<Record<string, string>> = {
  teamId: TEAM_KEY,
  teamKey: TEAM_KEY,
  slug: SEGMENT,
  key: SEGMENT,
  code: SEGMENT,
  playerId: SEGMENT,
  parentId: SEGMENT,
  claimId: SEGMENT,
  requestId: SEGMENT,
  userId: SEGMENT,
  campaignId: SEGMENT,
  id: SEGMENT,
  postId: SEGMENT,
  itemId: SEGMENT,
  photoId: SEGMENT,
  calendarId: SEGMENT,
  familyId: SEGMENT,
  blobId: SEGMENT,
  token: SEGMENT,
  file: SEGMENT,
  name: SEGMENT,
};

const PARAM = /:([A-Za-z]+)(?=\/|$)/g;

/** The names of a route path's parameters, in order. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1]);
}

/** A route path as the router reads it: each parameter with a narrower format than a segment gets it. */
export function withParamFormats(path: string): string {
  return path.replace(PARAM, (param, name: string) => {
    const format = PARAM_FORMATS[name];
    return format && format !== SEGMENT ? `${param}{${format}}` : param;
  });
}

/** Whether the parameter `name` may take the value `segment` (an undeclared name takes any). */
export function paramAccepts(name: string, segment: string): boolean {
  return new RegExp(`^(?:${PARAM_FORMATS[name] ?? SEGMENT})$`).test(segment);
}

/**
 * Hono's default router (the fastest of its routers that takes every path), reading each route's
 * parameter formats from `PARAM_FORMATS`. `app.routes` keeps the paths as the routes wrote them.
 */
export function paramFormatRouter<T>(): Router<T> {
  const router = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
  return {
    name: "ParamFormatRouter",
    add: (method: string, path: string, handler: T) => router.add(method, withParamFormats(path), handler),
    match: (method: string, path: string): Result<T> => router.match(method, path),
  };
}
