/**
 * Each rule the route table (routes/policy.ts) names holds on every route whose row names it:
 * a JSON call refuses another body type (415) and a body over 1 MB (413), the roster import
 * takes CSV too, a form post refuses a body over 1 MB, the photo upload takes raw bytes over
 * 1 MB and refuses them over its own limit, a team's shared login is refused where the row says
 * so, and a refused sign-in on each sign-in route is logged as a failed login with how it signs in.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, TEST_ORIGIN } from "../helpers.ts";
import { ADMIN_PREFIXES, type AdminWorld, adminWorld, call } from "../admin_helpers.ts";
import { cookiesFrom, setCheapTeamLogin } from "../auth_helpers.ts";
import { ROUTES } from "../../routes/policy.ts";
import type { Rule } from "../../routes/rules.ts";
import { MAX_BODY_BYTES } from "../../routes/http.ts";
import { AUTH_MESSAGES } from "../../lib/auth/messages.ts";
import { GALLERY_LIMITS, UPLOAD_TEXTS } from "../../lib/photos/mod.ts";
import { configureSecurityLog } from "../../lib/security_log.ts";

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

const ANY_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const JSON_TYPE = { "content-type": "application/json" };

/** The routes ("METHOD /path") whose row names a rule `rule` picks. */
const routesWith = (pick: (rule: Rule) => boolean) =>
  Object.entries(ROUTES).filter(([, [, ...rules]]) => rules.some(pick)).map(([route]) => route);

/** A route's path with the team's id for its team and an id-shaped value for every other parameter. */
const fill = (route: string, teamId: string) =>
  route.split(" ")[1].replace(/:(teamId|teamKey)\b/g, teamId).replace(/:[A-Za-z]+/g, ANY_ID);

/** The app in development mode (so the development-only routes answer), with its world. */
async function world() {
  const t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const w = await adminWorld(t);
  return { t, w, [Symbol.asyncDispose]: () => t[Symbol.asyncDispose]() };
}

/** A team's shared login session. */
async function teamLogin(app: App, kv: Deno.Kv, w: AdminWorld): Promise<string> {
  await setCheapTeamLogin(kv, w.team.id, "rockets", "the shared team password");
  const login = await call(app, "POST", `/api/teams/${w.team.id}/login`, {
    body: { username: "rockets", password: "the shared team password" },
  });
  assert.equal(login.status, 200);
  return cookiesFrom(login);
}

Deno.test("[rules] every JSON call refuses another body type (415) and a body over 1 MB (413), and changes nothing", async () => {
  await using env = await world();
  const { t, w } = env;
  const routes = routesWith((rule) => rule === "json-body" || rule === "csv-body");
  assert.ok(routes.length > 50, `${routes.length} routes`);
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  const wrong: string[] = [];
  for (const route of routes) {
    const [method] = route.split(" ");
    const path = fill(route, w.team.id);
    const plain = await call(t.app, method, path, { raw: "name=x", headers: { "content-type": "text/plain" } });
    const plainBody = await plain.json();
    if (plain.status !== 415 || plainBody.message !== "Content-Type must be application/json.") {
      wrong.push(`${route} text/plain → ${plain.status} ${JSON.stringify(plainBody)}`);
    }
    const big = await call(t.app, method, path, { raw: `"${"x".repeat(MAX_BODY_BYTES)}"`, headers: JSON_TYPE });
    const bigBody = await big.json();
    if (big.status !== 413 || bigBody.message !== "Request body is too large.") {
      wrong.push(`${route} over 1 MB → ${big.status} ${JSON.stringify(bigBody)}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
});

Deno.test("[rules] the roster import takes a CSV body too; nothing else takes one", async () => {
  await using env = await world();
  const { t, w } = env;
  const csvRoutes = routesWith((rule) => rule === "csv-body");
  assert.deepEqual(csvRoutes, ["POST /api/admin/:teamId/players/import"]);
  for (const route of csvRoutes) {
    const res = await call(t.app, "POST", `${fill(route, w.team.id)}?dryRun=true`, {
      cookie: w.cookies.admin,
      csv: "firstName,lastName,jerseyNumber\nMia,Lopez,21\n",
    });
    assert.equal(res.status, 200, await res.clone().text());
    await res.body?.cancel();
  }
  const jsonOnly = routesWith((rule) => rule === "json-body").filter((route) => route.startsWith("POST "))[0];
  const csv = await call(t.app, "POST", fill(jsonOnly, w.team.id), { csv: "a,b\n" });
  assert.equal(csv.status, 415, jsonOnly);
  await csv.body?.cancel();
});

Deno.test("[rules] every form post refuses a body over 1 MB (413) before its handler, and changes nothing", async () => {
  await using env = await world();
  const { t, w } = env;
  const routes = routesWith((rule) => rule === "form-body");
  assert.ok(routes.length > 50, `${routes.length} routes`);
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  const wrong: string[] = [];
  for (const route of routes) {
    const res = await call(t.app, "POST", fill(route, w.team.id), {
      cookie: w.cookies.admin,
      raw: `note=${"x".repeat(MAX_BODY_BYTES)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await res.body?.cancel();
    if (res.status !== 413) wrong.push(`${route} → ${res.status}`);
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
});

Deno.test("[rules] the raw upload takes raw bytes over 1 MB, and refuses a body over its own limit before anything else", async () => {
  await using env = await world();
  const { t, w } = env;
  assert.deepEqual(routesWith((rule) => rule === "raw-body"), ["PUT /api/objects/upload/:teamId/:token"]);
  const jpeg = Deno.readFileSync(new URL("../fixtures/oriented_6_gps.jpg", import.meta.url));
  const bytes = new Uint8Array(2 * 1024 * 1024);
  bytes.set(jpeg);
  const ask = async () => {
    const res = await call(t.app, "POST", "/api/objects/upload", {
      cookie: w.cookies.parent,
      body: { teamId: w.team.id, purpose: "gallery", size: bytes.byteLength, contentType: "image/jpeg" },
    });
    assert.equal(res.status, 200);
    return (await res.json()).uploadURL as string;
  };
  const put = (url: string, cookie: string, body: BodyInit, headers: Record<string, string> = {}) =>
    t.app.request(`${TEST_ORIGIN}${url}`, {
      method: "PUT",
      headers: { origin: TEST_ORIGIN, cookie, "content-type": "image/jpeg", ...headers },
      body,
    });
  const taken = await put(await ask(), w.cookies.parent, bytes);
  assert.equal(taken.status, 200, await taken.clone().text());
  await taken.body?.cancel();
  // Over the route's limit: refused on its declared length, before the session or the upload is looked at.
  const over = String(GALLERY_LIMITS.maxBytes + 1);
  for (const cookie of [w.cookies.parent, ""]) {
    const refused = await put(await ask(), cookie, new Uint8Array(10), { "content-length": over });
    assert.equal(refused.status, 413);
    assert.deepEqual(await refused.json(), { message: UPLOAD_TEXTS.fileTooLarge });
  }
});

Deno.test("[rules] a team's shared login is refused on every route whose row says so, and passes the others", async () => {
  await using env = await world();
  const { t, w } = env;
  const cookie = await teamLogin(t.app, t.kv, w);
  const routes = routesWith((rule) => rule === "no-team-login");
  assert.equal(routes.length, 12);
  const wrong: string[] = [];
  for (const route of routes) {
    const [method] = route.split(" ");
    const path = fill(route, w.team.id);
    const isApi = path.startsWith("/api/");
    const res = await call(t.app, method, path, {
      cookie,
      ...(method === "GET" ? {} : isApi ? { body: {} } : { form: {} }),
    });
    const text = await res.text();
    const message = isApi ? JSON.parse(text).message : text;
    if (res.status !== 403 || !message.includes(AUTH_MESSAGES.teamLoginNoAccessManagement.slice(0, 40))) {
      wrong.push(`${route} → ${res.status}`);
    }
  }
  assert.deepEqual(wrong, []);
  // The same session administers the team everywhere else.
  for (const path of [`/api/admin/${w.team.id}/settings`, `/admin/${w.team.id}/claims`]) {
    const res = await call(t.app, "GET", path, { cookie });
    assert.equal(res.status, 200, path);
    await res.body?.cancel();
  }
});

Deno.test("[rules] each sign-in route logs a refused sign-in as a failed login, with how it signs in", async () => {
  const lines: string[] = [];
  const restore = configureSecurityLog({ sink: (line) => lines.push(line) });
  try {
    await using env = await world();
    const { t, w } = env;
    const routes = Object.entries(ROUTES).flatMap(([route, [, ...rules]]) =>
      rules.filter((rule) => rule.startsWith("login:")).map((rule) => [route, rule.slice("login:".length)] as const)
    );
    assert.equal(routes.length, 7);
    const fields = {
      action: "password",
      email: "nobody@example.com",
      username: "nobody",
      password: "not the password 123",
      token: "Qw8_rT5-yUi2oP4aSd6fGh8jKl0zXc1vBn3mQw5eRt7",
      next: "",
    };
    for (const [route, via] of routes) {
      const path = fill(route, w.team.id);
      lines.length = 0;
      const res = await call(t.app, "POST", path, path.startsWith("/api/") ? { body: fields } : { form: fields });
      await res.body?.cancel();
      const events = lines.map((line) => JSON.parse(line));
      assert.deepEqual(
        events.map((e) => [e.event, e.via, e.status]),
        [["login.failed", via, res.status]],
        `${route} → ${res.status}`,
      );
    }
  } finally {
    restore();
  }
});
