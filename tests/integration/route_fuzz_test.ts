/**
 * R25: every registered route, called with random path parameters, query strings and body
 * fields (lengths 0–5,000; U+FDFA, lone surrogates, NUL, RTL marks, stray percent signs), as
 * an anonymous visitor and as the team's signed-in admin, answers without a 5xx. And a path
 * parameter that is not an id, slug or code is 404 before any handler or rate limit runs.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { createTestApp, dumpKv, TEST_ORIGIN } from "../helpers.ts";
import { ADMIN_PREFIXES, type AdminWorld, adminWorld } from "../admin_helpers.ts";
import { regenerateJoinLink } from "../../lib/join/links.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { getUserByEmail } from "../../lib/db/users.ts";

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

/** Every "METHOD /path" the app registers (middleware-only entries left out). */
function registeredRoutes(app: App): string[] {
  const routes = app.routes.filter((r) => r.method !== "ALL" && r.path !== "/*").map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}

/**
 * Routes that end the signed-in admin's session (a sign-in replaces it, a password change or
 * sign-out ends it) or remove the team: fuzzed last, so the others are called while the
 * admin is still signed in and the team still exists.
 */
const LAST = [
  /^POST .*(login|\/auth\/magic|verify-token|\/signup\/verify)$/,
  /^PUT \/api\/v2\/auth\/password$/,
  /^POST \/account\/password$/,
  /^PATCH \/api\/v2\/auth\/session$/,
  /^POST \/home\/team$/,
  /^DELETE \/api\/admin\/:teamId$/,
  /settings\/delete$/,
  /logout$/,
  /sign-out-everywhere$/,
];

/**
 * The order routes are fuzzed in: reads, then the public calls (claims, joins, signup), then
 * the admin's changes (which may close claims or change the roster), then `LAST`.
 */
function rank(route: string): number {
  if (LAST.some((r) => r.test(route))) return 3;
  if (route.startsWith("GET ")) return 0;
  return route.includes(":teamId") ? 2 : 1;
}

/** The characters that have broken apps before, weighted in among any UTF-16 code unit. */
const SPECIAL = [
  "\uFDFA", // grows to 18 characters under NFKD
  "\uD800", // lone surrogates
  "\uDBFF",
  "\uDC00",
  "\uDFFF",
  "\u0000",
  "\u200E", // LRM, RLM, RLO
  "\u200F",
  "\u202E",
  "\u0130", // İ: lowercases to two characters
  "e\u0301",
  "\u{1F600}",
  "%",
  "%2F",
  "%E0%A4%A",
  "/",
  "..",
  "\\",
  "?",
  "#",
  "&",
  "=",
  "+",
  " ",
  "\r\n",
  "<",
  ">",
  '"',
  "'",
  "@",
  "a",
  "Z",
  "7",
  "-",
  "_",
  ".",
];

const unit = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL), weight: 3 },
  { arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), weight: 2 },
  { arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"), weight: 2 },
);

/**
 * A string of 0–5,000 UTF-16 units: a short random pattern repeated to a random length (cheap
 * to build at any length; a cut may leave half a surrogate pair, which is wanted).
 */
const fuzzString = fc.tuple(
  fc.array(unit, { minLength: 1, maxLength: 8 }).map((units) => units.join("")),
  fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 5000 })),
).map(([pattern, length]) => pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length));

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate becomes its three WTF-8 bytes
 * (invalid UTF-8 that a server must survive decoding) rather than throwing.
 */
function encode(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Every field name the app's calls and forms read, and a few it never does. */
const FIELDS = [
  "email",
  "confirmEmail",
  "password",
  "currentPassword",
  "newPassword",
  "confirmPassword",
  "username",
  "token",
  "next",
  "selectedTeamId",
  "teamId",
  "teamSlug",
  "userId",
  "playerId",
  "mode",
  "jerseyNumber",
  "childSurname",
  "note",
  "userType",
  "lastName",
  "firstName",
  "playerLastName",
  "playerFirstName",
  "playerJerseyNumber",
  "ageConfirmation",
  "teamName",
  "ageGroup",
  "teamType",
  "name",
  "season",
  "orgName",
  "openClaims",
  "allowSurnameFallback",
  "claimInstructions",
  "showPhotos",
  "showPositions",
  "showParentNames",
  "showLastNames",
  "allowedEmailDomains",
  "position",
  "photoUrl",
  "birthYear",
  "confirm",
  "playerName",
  "step",
  "action",
  "type",
  "__proto__",
  "constructor",
];

const QUERY_KEYS = [
  "cursor",
  "limit",
  "status",
  "token",
  "next",
  "jersey",
  "tab",
  "teamId",
  "teamName",
  "email",
  "claimed",
  "done",
  "dryRun",
  "error",
  "notice",
  "verified",
  "t",
];

/** Values that pass the first checks, so a run gets past them to the rules and keys behind. */
function plausible(world: AdminWorld, code: string) {
  return fc.constantFrom<unknown>(
    "admin@example.com",
    "new.parent@example.com",
    "7",
    4,
    "Okafor",
    "Rodriguez",
    "player",
    "parent",
    "jersey",
    "surname",
    "U10",
    "coed",
    true,
    "a long enough password 123",
    world.team.id,
    world.team.slug,
    world.players[0].id,
    code,
    "/dashboard",
  );
}

const JOIN = {
  userType: "parent",
  jerseyNumber: "4",
  playerLastName: "Okafor",
  firstName: "Ana",
  lastName: "Okafor",
  email: "ana@example.com",
  confirmEmail: "ana@example.com",
};
const SIGNUP = {
  firstName: "Jordan",
  lastName: "Lee",
  email: "jordan@example.com",
  ageConfirmation: true,
  teamName: "Harbor Hawks",
  ageGroup: "U11",
  teamType: "girls",
  playerFirstName: "Riley",
  playerLastName: "Lee",
  playerJerseyNumber: "8",
};
const PLAYER = { firstName: "Lena", lastName: "Fox", jerseyNumber: "21", position: "Keeper" };

/**
 * A valid body per route (matched on the end of its path), so that a run that changes only a
 * field or two gets past the other checks to the rules, lookups and keys behind them.
 */
const BASES: [RegExp, Record<string, unknown>[]][] = [
  [/\/claims$|\/claim$/, [
    { mode: "surname", childSurname: "Okafor", email: "new.parent@example.com", note: "" },
    { mode: "jersey", jerseyNumber: "4", email: "new.parent@example.com" },
  ]],
  [/\/verify-player$/, [{ userType: "parent", jerseyNumber: "4", lastName: "Okafor" }]],
  [/\/join-requests$/, [JOIN]],
  [/^\/join\/:key$/, [
    { step: "identify", userType: "parent", jerseyNumber: "4", lastName: "Okafor" },
    { step: "account", action: "submit", ...JOIN },
  ]],
  [/\/create-pending-intent$|^\/signup$/, [SIGNUP, { step: "player", action: "continue", ...SIGNUP }]],
  [/magic-link$|resend-verification$|\/admins$|\/emails$|^\/team-login$/, [{ email: "admin@example.com" }]],
  [/\/login$/, [
    { email: "admin@example.com", password: "a long enough password" },
    { username: "team-user", password: "a long enough password" },
  ]],
  [/\/access$/, [{ username: "team-user", password: "a long enough password" }]],
  [/players$|players\/:playerId$|\/api\/players\/:playerId$/, [PLAYER]],
  [/\/settings$/, [{ name: "Renamed", season: "Fall 2026", claimInstructions: "Hi" }]],
  [/approve$/, [{ playerId: "" }]],
  [/\/account\/name$|\/auth\/session$/, [{ firstName: "Ada", lastName: "Admin", selectedTeamId: "" }]],
];

interface Call {
  identity: "anonymous" | "admin";
  params: string[];
  query: [string, string][];
  body: unknown;
  ip: number;
}

/** A real value for each parameter name, so most runs reach the handler with one field fuzzed. */
function realParam(world: AdminWorld, ids: { code: string; claimId: string; userId: string }, name: string) {
  switch (name) {
    case ":playerId":
      return world.players[0].id;
    case ":claimId":
      return ids.claimId;
    case ":userId":
      return ids.userId;
    case ":code":
      return ids.code;
    case ":slug":
      return world.team.slug;
    case ":key":
      return ids.code;
    case ":name":
      return "boot-test.js";
    default:
      return world.team.id;
  }
}

function callArbitrary(
  world: AdminWorld,
  ids: { code: string; claimId: string; userId: string },
  pattern: string,
  identity: Call["identity"],
) {
  const code = ids.code;
  const names = pattern.match(/:[A-Za-z]+/g) ?? [];
  const value = fc.oneof(
    { arbitrary: fuzzString, weight: 4 },
    { arbitrary: plausible(world, code), weight: 3 },
    { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), weight: 1 },
    { arbitrary: fc.array(fuzzString, { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fuzzString, { maxKeys: 3 }), weight: 1 },
  );
  const params = fc.tuple(...names.map((name) =>
    fc.oneof(
      { arbitrary: fuzzString, weight: 1 },
      { arbitrary: fc.constant(realParam(world, ids, name)), weight: 3 },
      { arbitrary: fc.constantFrom(world.team.id, world.team.slug, world.players[0].id, code), weight: 1 },
    )
  ));
  const bases = BASES.find(([test]) => test.test(pattern))?.[1] ?? [];
  const baseKeys = [...new Set(bases.flatMap(Object.keys))];
  const overrideKey = baseKeys.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...baseKeys), weight: 5 }, {
      arbitrary: fc.constantFrom(...FIELDS),
      weight: 1,
    })
    : fc.constantFrom(...FIELDS);
  const overrides = fc.dictionary(overrideKey, value, {
    minKeys: 1,
    maxKeys: 2,
  });
  const body = fc.oneof(
    { arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }), weight: 3 },
    ...(bases.length
      ? [{
        arbitrary: fc.tuple(fc.constantFrom(...bases), overrides).map(([base, more]) => ({ ...base, ...more })),
        weight: 6,
      }]
      : []),
    { arbitrary: fc.dictionary(fuzzString, value, { maxKeys: 3 }), weight: 1 },
    { arbitrary: fc.oneof(fuzzString, fc.array(value, { maxLength: 3 }), fc.constant(null)), weight: 1 },
  );
  return fc.record<Call>({
    identity: fc.constant(identity),
    params: params.map((p) => [...p]),
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fuzzString), fuzzString), { maxLength: 3 }),
    body,
    ip: fc.integer({ min: 1, max: 250 }),
  });
}

function request(world: AdminWorld, method: string, pattern: string, call: Call): Request {
  let i = 0;
  const path = pattern.replace(/:[A-Za-z]+/g, () => encode(call.params[i++]));
  const query = call.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (call.identity === "admin") headers.cookie = world.cookies.admin;
  let body: string | undefined;
  if (method !== "GET" && method !== "HEAD") {
    if (path.startsWith("/api/")) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(call.body);
    } else {
      // Pages take forms: the same fields as text, encoded as a browser would (but with lone surrogates kept).
      headers["content-type"] = "application/x-www-form-urlencoded";
      const fields = typeof call.body === "object" && call.body !== null && !Array.isArray(call.body)
        ? Object.entries(call.body)
        : [];
      body = fields.map(([k, v]) => `${encode(k)}=${encode(typeof v === "string" ? v : JSON.stringify(v) ?? "")}`)
        .join("&");
    }
  }
  return new Request(`${TEST_ORIGIN}${path}${query ? `?${query}` : ""}`, { method, headers, body });
}

/**
 * The same inputs on every run, so CI is repeatable; `FUZZ_SEED=<n>` explores others (a failure
 * prints its counterexample).
 */
const FUZZ_SEED = Number(Deno.env.get("FUZZ_SEED") ?? 20261123);

const shorten = (value: unknown) =>
  JSON.stringify(value, (_k, v) => typeof v === "string" && v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v);

Deno.test("[fuzz] every route, anonymous and as the team's admin, answers random input without a 5xx", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const { code } = await regenerateJoinLink(t.kv, world.team.id, "admin@example.com", TEST_ORIGIN);
  const claim = await submitClaim(t.kv, world.team, {
    mode: "surname",
    childSurname: "Okafor",
    email: "claimant@example.com",
    note: "",
  });
  const admin = await getUserByEmail(t.kv, "admin@example.com");
  const ids = { code, claimId: claim.id, userId: admin!.id };
  const routes = registeredRoutes(t.app);
  const ordered = routes.toSorted((a, b) => rank(a) - rank(b));
  const failures: string[] = [];
  // Server errors are logged by the app's error handler; keep the run's output readable.
  const log = console.error;
  const logged: unknown[][] = [];
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    for (const route of ordered) {
      const [method, pattern] = route.split(" ");
      for (const identity of ["anonymous", "admin"] as const) {
        const details = await fc.check(
          fc.asyncProperty(callArbitrary(world, ids, pattern, identity), async (call) => {
            const res = await t.app.fetch(request(world, method, pattern, call), {
              remoteAddr: { hostname: `198.18.0.${call.ip}`, port: 40000, transport: "tcp" },
            });
            await res.body?.cancel();
            return res.status < 500;
          }),
          { numRuns: 10, endOnFailure: true, seed: FUZZ_SEED },
        );
        if (details.failed) failures.push(`${identity} ${route}: ${shorten(details.counterexample?.[0])}`);
      }
    }
  } finally {
    console.error = log;
  }
  if (failures.length) { for (const args of logged.slice(0, 5)) log(...args); }
  assert.deepEqual(failures, [], "routes that answered 5xx");
});

Deno.test("[fuzz] a malformed or over-long path parameter is 404 before any handler or rate limit runs", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const routes = registeredRoutes(t.app).filter((r) => r.includes("/:"));
  const before = await dumpKv(t.kv, [...ADMIN_PREFIXES, "rate_limits", "users", "sessions"]);
  const wrong: string[] = [];
  for (const route of routes) {
    const [method, pattern] = route.split(" ");
    for (const bad of ["x".repeat(3000), "a b", ".hidden", "%00", "\uFDFA", "a%2Fb", "\uD800"]) {
      for (const cookie of ["", world.cookies.admin]) {
        // Each parameter in turn is the bad one; the others are the team's real id.
        const names = pattern.match(/:[A-Za-z]+/g)!;
        for (const target of names) {
          const path = pattern.replace(/:[A-Za-z]+/g, (name) => name === target ? encode(bad) : world.team.id);
          const headers: Record<string, string> = { origin: TEST_ORIGIN, "content-type": "application/json" };
          if (cookie) headers.cookie = cookie;
          const res = await t.app.request(`${TEST_ORIGIN}${path}`, {
            method,
            headers,
            body: method === "GET" ? undefined : JSON.stringify({ email: "a@example.com", password: "x" }),
          });
          const api = path.startsWith("/api/");
          const ok = res.status === 404 &&
            (api
              ? JSON.stringify(await res.json()) === JSON.stringify({ message: "Not found" })
              : (await res.text()).includes("404 Page Not Found"));
          if (!ok) wrong.push(`${route} ${target}=${bad.slice(0, 10)} → ${res.status}`);
        }
      }
    }
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual(
    await dumpKv(t.kv, [...ADMIN_PREFIXES, "rate_limits", "users", "sessions"]),
    before,
    "nothing was written, no counter spent",
  );
});

Deno.test("[fuzz] the reported cases: 3,000-character e-mails and usernames are 400 before any key, never 500", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const long = "a".repeat(3000);
  const calls: [string, Record<string, unknown>][] = [
    ["/api/team-admin/login", { email: `${long}@example.com`, password: "a long enough password" }],
    ["/api/sysadmin/login", { email: `${long}@example.com`, password: "a long enough password" }],
    [`/api/teams/${world.team.id}/login`, { username: long, password: "a long enough password" }],
    ["/api/team/magic-link", { email: `${long}@example.com` }],
    [`/api/teams/${world.team.slug}/claims`, { mode: "jersey", jerseyNumber: 7, email: `${long}@example.com` }],
  ];
  for (const [path, body] of calls) {
    const res = await t.app.request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 400, path);
    assert.match((await res.json()).message, /too long/, path);
  }
  const huge = await t.app.request(`${TEST_ORIGIN}/api/teams/${world.team.slug}/claims`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ mode: "jersey", jerseyNumber: 7, email: "a@example.com", note: "x".repeat(10_001) }),
  });
  assert.equal(huge.status, 400, "any field over 10,000 characters");
  assert.deepEqual(await huge.json(), { message: "A text field is too long." });
  // Forms (no JSON reader in front of them) still answer without a server error.
  for (const path of ["/team-login", "/sysadmin/login"]) {
    const res = await t.app.request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: `${long}@example.com`, password: "x", action: "password" }).toString(),
    });
    await res.body?.cancel();
    assert.ok(res.status < 500, `${path} → ${res.status}`);
  }
});
