/**
 * The order routes/mod.tsx mounts its sub-apps in does not matter: no two registered routes of
 * one method can match the same request path. A literal segment meets a parameter only when the
 * parameter's format (routes/params.ts, which the router applies) takes it, so the system
 * administrator's `/api/admin/campaigns` is never a team's `/api/admin/:teamId`, nor
 * `/api/teams/by-slug/…` a team's `/api/teams/:teamKey/…`.
 */
import assert from "node:assert/strict";
import { createTestApp, seedTeam } from "../helpers.ts";
import { registeredRoutes } from "../../routes/policy.ts";
import { RESERVED_SLUGS } from "../../lib/db/teams.ts";
import { NOT_A_TEAM_KEY, PARAM_FORMATS, paramAccepts, paramFormatRouter, paramNames } from "../../routes/params.ts";

/** Whether one request path could match both route paths (a parameter takes any one segment its format allows). */
function canMatchTheSame(a: string, b: string): boolean {
  const left = a.split("/");
  const right = b.split("/");
  if (left.length !== right.length) return false;
  return left.every((segment, i) => {
    const other = right[i];
    const [leftParam, rightParam] = [segment.startsWith(":"), other.startsWith(":")];
    // Two parameters at one place always share a value (any id both formats take).
    if (leftParam && rightParam) return true;
    if (leftParam) return paramAccepts(segment.slice(1), other);
    if (rightParam) return paramAccepts(other.slice(1), segment);
    return segment === other;
  });
}

/** Every pair of routes ("METHOD /path") of one method that one request could match. */
function overlaps(routes: string[]): string[] {
  const found: string[] = [];
  for (const [i, a] of routes.entries()) {
    for (const b of routes.slice(i + 1)) {
      const [methodA, pathA] = a.split(" ");
      const [methodB, pathB] = b.split(" ");
      if (methodA === methodB && canMatchTheSame(pathA, pathB)) found.push(`${a} ~ ${b}`);
    }
  }
  return found;
}

async function appRoutes(): Promise<string[]> {
  await using t = await createTestApp();
  return registeredRoutes(t.app);
}

Deno.test("[routes] no two registered routes of one method can match the same request path", async () => {
  const routes = await appRoutes();
  assert.ok(routes.length > 200, `${routes.length} routes`);
  assert.deepEqual(overlaps(routes), []);
});

Deno.test("[routes] the check finds routes that overlap: a parameter that takes a sibling's literal, two parameters", () => {
  assert.deepEqual(overlaps(["GET /api/admin/campaigns", "GET /api/admin/:undeclared"]), [
    "GET /api/admin/campaigns ~ GET /api/admin/:undeclared",
  ]);
  assert.deepEqual(overlaps(["GET /api/teams/:teamKey/roster", "GET /api/teams/:slug/roster"]), [
    "GET /api/teams/:teamKey/roster ~ GET /api/teams/:slug/roster",
  ]);
  // A team key never spells the literals beside it; another method, or another length, never meets.
  assert.deepEqual(overlaps(["GET /api/teams/by-slug/:slug", "GET /api/teams/:teamKey/roster"]), []);
  assert.deepEqual(overlaps(["PATCH /api/admin/campaigns/:campaignId", "PATCH /api/admin/:teamId/settings"]), []);
  assert.deepEqual(overlaps(["GET /api/admin/campaigns", "DELETE /api/admin/:teamId"]), []);
  assert.deepEqual(overlaps(["GET /admin", "GET /admin/:teamId"]), []);
});

Deno.test("[routes] every path parameter has a declared format, and a team key is never a word routes use beside one", async () => {
  const names = new Set((await appRoutes()).flatMap((route) => paramNames(route.split(" ")[1])));
  assert.deepEqual([...names].filter((name) => !(name in PARAM_FORMATS)), [], "parameters without a format");
  for (const word of NOT_A_TEAM_KEY) {
    assert.equal(paramAccepts("teamId", word), false, word);
    assert.equal(paramAccepts("teamKey", word), false, word);
    // Only the whole segment: a slug that starts with one of them is a team key.
    assert.equal(paramAccepts("teamId", `${word}-2`), true, `${word}-2`);
  }
  for (const key of ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "u10-lions", "Demo"]) assert.ok(paramAccepts("teamId", key), key);
});

Deno.test("[routes] no team gets a slug the router never reads as a team key", async () => {
  assert.deepEqual([...RESERVED_SLUGS].sort(), [...NOT_A_TEAM_KEY].sort());
  await using t = await createTestApp();
  // A team named like a route's literal segment gets the next free slug, and is reached by it.
  const { team: bySlug } = await seedTeam(t.kv, { name: "By Slug" });
  assert.equal(bySlug.slug, "by-slug-2");
  const res = await t.app.request(`/api/teams/${bySlug.slug}/roster`);
  assert.equal(res.status, 200);
  assert.equal((await res.json()).team.id, bySlug.id);
});

Deno.test("[routes] the router gives every request path one route, the same whatever order the routes are added in", async () => {
  const routes = await appRoutes();
  const matcher = (ordered: string[]) => {
    const router = paramFormatRouter<string>();
    for (const route of ordered) {
      const [method, path] = route.split(" ");
      router.add(method, path, route);
    }
    return (method: string, path: string) => router.match(method, path)[0].map(([route]) => route).sort();
  };
  const forward = matcher(routes);
  const backward = matcher(routes.toReversed());
  // Each parameter in turn takes an id, a slug, and every literal any route has (the others an id).
  const literals = [
    ...new Set(routes.flatMap((r) => r.split(" ")[1].split("/")).filter((s) => s && !s.startsWith(":"))),
  ];
  const samples = ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "u10-lions", ...literals];
  const wrong: string[] = [];
  let probes = 0;
  for (const route of routes) {
    const [method, path] = route.split(" ");
    const segments = path.split("/");
    const params = segments.flatMap((segment, i) => segment.startsWith(":") ? [i] : []);
    const fills = params.length === 0
      ? [path]
      : params.flatMap((at) =>
        samples.map((sample) =>
          segments.map((segment, i) => i === at ? sample : segment.startsWith(":") ? samples[0] : segment).join("/")
        )
      );
    for (const probe of fills) {
      probes++;
      const matched = forward(method, probe);
      if (matched.length > 1) wrong.push(`${method} ${probe} → ${matched.join(", ")}`);
      if (JSON.stringify(matched) !== JSON.stringify(backward(method, probe))) wrong.push(`${method} ${probe}: order`);
    }
  }
  assert.ok(probes > 5_000, `${probes} probes`);
  assert.deepEqual(wrong, []);
});
