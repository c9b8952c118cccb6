/**
 * R13: every route declares who may call it (routes/policy.ts), and the table is checked
 * against the routes the app really registers — a new route without a row fails here, and so
 * does a row whose rules are not the ones the route declares on itself. Then every protected
 * route is called as an anonymous visitor and as a parent of the team, and must refuse both.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv } from "../helpers.ts";
import { ADMIN_PREFIXES, adminWorld, call } from "../admin_helpers.ts";
import { registeredRoutes, ROUTES } from "../../routes/policy.ts";
import { rulesOf } from "../../routes/rules.ts";

const POLICY = Object.fromEntries(Object.entries(ROUTES).map(([route, [access]]) => [route, access]));

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

Deno.test("[policy] each row names exactly the rules its route declares, in the order they run", async () => {
  await using t = await createTestApp();
  const declared = new Map<string, unknown[]>();
  for (const { method, path, handler } of t.app.routes) {
    if (method === "ALL" || path === "/*") continue;
    const route = `${method} ${path}`;
    declared.set(route, [...(declared.get(route) ?? []), handler]);
  }
  const wrong = [...declared].flatMap(([route, handlers]) => {
    const [, ...rules] = ROUTES[route] ?? ["public"];
    const own = rulesOf(handlers);
    return JSON.stringify(own) === JSON.stringify(rules) ? [] : [`${route}: declares ${own} but the row says ${rules}`];
  });
  assert.deepEqual(wrong, []);
  // Every route that takes a body declares which kind, and its limit.
  const unsafe = Object.entries(ROUTES).filter(([route]) => /^(POST|PUT|PATCH|DELETE) /.test(route));
  const bodyRules = ["json-body", "csv-body", "form-body", "raw-body"];
  const withoutOne = unsafe.filter(([, [, ...rules]]) => rules.filter((r) => bodyRules.includes(r)).length !== 1);
  assert.deepEqual(withoutOne.map(([route]) => route), [], "unsafe routes without exactly one body rule");
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
