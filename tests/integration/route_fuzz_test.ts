/**
 * R25: every registered route, called with random path parameters, query strings and body
 * fields (lengths 0–5,000; U+FDFA, lone surrogates, NUL, RTL marks, stray percent signs), as
 * an anonymous visitor and as the team's signed-in admin, answers without a 5xx. And a path
 * parameter that is not an id, slug or code is 404 before any handler or rate limit runs.
 * R26: every route that takes a body answers a malformed one (multipart without its boundary,
 * broken escapes, truncated or deeply nested JSON, a charset nobody reads, fewer or more bytes
 * than its Content-Length) with a 4xx, a JSON `{ message }` under /api.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { createTestApp, dumpKv, TEST_ORIGIN } from "../helpers.ts";
import { ADMIN_PREFIXES, type AdminWorld, adminWorld } from "../admin_helpers.ts";
import { regenerateJoinLink } from "../../lib/join/links.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { serveGuarded } from "../../routes/serve.ts";

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
  const { world, ids } = await fuzzWorld(t);
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

// ---- R26: bodies that are not what their Content-Type says ----

/** `text` as UTF-16LE bytes, the charset a few of the bodies below claim. */
function utf16(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[2 * i] = text.charCodeAt(i) & 0xff;
    bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

const MULTIPART = '--gm\r\nContent-Disposition: form-data; name="email"\r\n\r\nadmin@example.com\r\n--gm--\r\n';
const JSON_BODY = '{"email":"admin@example.com","token":"x"}';

interface MalformedBody {
  name: string;
  type: string;
  body: string | Uint8Array<ArrayBuffer>;
  /** The reader that cannot parse it at all: the form reader of pages, or the JSON reader of /api. */
  unreadableBy?: "form" | "json";
}

/**
 * Sent to every route that takes a body. A multipart body the parser could not read made 39 of
 * the 46 form routes answer 500.
 */
const MALFORMED_BODIES: MalformedBody[] = [
  { name: "multipart without a boundary", type: "multipart/form-data", body: "x=1", unreadableBy: "form" },
  {
    name: "multipart with an empty boundary",
    type: "multipart/form-data; boundary=",
    body: "x=1",
    unreadableBy: "form",
  },
  {
    name: "multipart whose boundary never comes",
    type: "multipart/form-data; boundary=gm",
    body: JSON_BODY,
    unreadableBy: "form",
  },
  { name: "multipart with a truncated part", type: "multipart/form-data; boundary=gm", body: MULTIPART.slice(0, 52) },
  { name: "multipart in UTF-16", type: "multipart/form-data; charset=utf-16; boundary=gm", body: utf16(MULTIPART) },
  {
    name: "urlencoded with invalid escapes and invalid UTF-8",
    type: "application/x-www-form-urlencoded",
    body: new Uint8Array([...new TextEncoder().encode("email=%zz&token=%E0%A4%A&next=%&%=%2&x="), 0xff, 0xfe, 0xc3]),
  },
  {
    name: "urlencoded in UTF-16",
    type: "application/x-www-form-urlencoded; charset=utf-16",
    body: utf16("email=admin%40example.com"),
  },
  {
    name: "urlencoded in an unknown charset",
    type: "application/x-www-form-urlencoded; charset=x-unknown",
    body: "email=admin%40example.com",
  },
  { name: "JSON with a byte order mark", type: "application/json", body: `\uFEFF${JSON_BODY}` },
  { name: "truncated JSON", type: "application/json", body: JSON_BODY.slice(0, 15), unreadableBy: "json" },
  {
    name: "JSON nested 100,000 arrays deep",
    type: "application/json",
    body: "[".repeat(100_000),
    unreadableBy: "json",
  },
  {
    name: "JSON nested 20,000 objects deep",
    type: "application/json",
    body: `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`,
    unreadableBy: "json",
  },
  { name: "JSON in UTF-16", type: "application/json; charset=utf-16", body: utf16(JSON_BODY), unreadableBy: "json" },
  { name: "JSON in an unknown charset", type: "application/json; charset=x-unknown", body: JSON_BODY },
  { name: "JSON sent as a form", type: "application/x-www-form-urlencoded", body: JSON_BODY },
];

/**
 * Routes that check a password on every post they can read (against a decoy when the account is
 * unknown): scrypt at N=2^17 takes half a second a call, so these get only the bodies their reader
 * cannot parse; what they do with bodies that parse is the random fuzz's above.
 */
const CHECKS_A_PASSWORD =
  /^(POST .*\/login|PUT \/api\/v2\/auth\/password|POST \/account\/password|PUT \/api\/admin\/:teamId\/access)$/;

/** What is wrong with an answer to a malformed body: a 5xx, or an /api refusal that is not `{ message }`. */
function malformedAnswerProblem(path: string, status: number, body: string): string | null {
  if (status >= 500) return `${status}`;
  if (!path.startsWith("/api/") || status < 400) return null;
  try {
    const json = JSON.parse(body);
    return typeof json?.message === "string" && json.message ? null : `${status} without a message: ${body}`;
  } catch {
    return `${status} not JSON: ${body.slice(0, 80)}`;
  }
}

/** The admin world with a claim and an invite code, and the ids that fill the routes' parameters. */
async function fuzzWorld(t: Awaited<ReturnType<typeof createTestApp>>) {
  const world = await adminWorld(t);
  const { code } = await regenerateJoinLink(t.kv, world.team.id, "admin@example.com", TEST_ORIGIN);
  const claim = await submitClaim(t.kv, world.team, {
    mode: "surname",
    childSurname: "Okafor",
    email: "claimant@example.com",
    note: "",
  });
  const admin = await getUserByEmail(t.kv, "admin@example.com");
  return { world, ids: { code, claimId: claim.id, userId: admin!.id } };
}

/** That world, and the routes that take a body (session-ending ones last). */
async function bodyRoutes(t: Awaited<ReturnType<typeof createTestApp>>) {
  const { world, ids } = await fuzzWorld(t);
  const routes = registeredRoutes(t.app).filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route))
    .toSorted((a, b) => rank(a) - rank(b))
    .map((route) => {
      const [method, pattern] = route.split(" ");
      return { route, method, path: pattern.replace(/:[A-Za-z]+/g, (name) => realParam(world, ids, name)) };
    });
  return { world, routes };
}

Deno.test("[fuzz] malformed multipart, urlencoded and JSON bodies and odd charsets are 4xx on every route", async () => {
  await using t = await createTestApp();
  const { world, routes } = await bodyRoutes(t);
  // Anonymous, then signed in as the team's admin and the system administrator at once, so
  // every form's handler is reached.
  const identities = ["", `${world.cookies.admin}; ${world.cookies.sysadmin}`];
  const wrong: string[] = [];
  const log = console.error;
  const logged: unknown[][] = [];
  console.error = (...args: unknown[]) => void logged.push(args);
  let calls = 0;
  try {
    for (const { route, method, path } of routes) {
      const reader = path.startsWith("/api/") ? "json" : "form";
      const bodies = CHECKS_A_PASSWORD.test(route)
        ? MALFORMED_BODIES.filter((malformed) => malformed.unreadableBy === reader)
        : MALFORMED_BODIES;
      for (const { name, type, body } of bodies) {
        for (const cookie of identities) {
          const headers: Record<string, string> = { origin: TEST_ORIGIN, "content-type": type };
          if (cookie) headers.cookie = cookie;
          // A fresh address per call: no answer is a rate limit's instead of the body's.
          calls++;
          const hostname = `198.19.${(calls >> 8) & 255}.${calls & 255}`;
          const res = await t.app.fetch(new Request(`${TEST_ORIGIN}${path}`, { method, headers, body }), {
            remoteAddr: { hostname, port: 40000, transport: "tcp" },
          });
          const problem = malformedAnswerProblem(path, res.status, await res.text());
          if (problem) wrong.push(`${cookie ? "signed in" : "anonymous"} ${route}, ${name}: ${problem}`);
        }
      }
    }
  } finally {
    console.error = log;
  }
  if (wrong.length) { for (const args of logged.slice(0, 3)) log(...args); }
  assert.deepEqual(wrong, [], "routes that answered a malformed body with a 5xx or without a JSON message");
});

Deno.test("[fuzz] the reported case: a form post whose body is not multipart is 400, never 500", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const multipart = { origin: TEST_ORIGIN, "content-type": "multipart/form-data" };
  const magic = await t.app.request(`${TEST_ORIGIN}/auth/magic`, { method: "POST", headers: multipart, body: "x=1" });
  assert.equal(magic.status, 400);
  assert.match(await magic.text(), /Request body is not a valid form\./);
  const settings = await t.app.request(`${TEST_ORIGIN}/admin/${world.team.id}/settings`, {
    method: "POST",
    headers: { ...multipart, "content-type": "multipart/form-data; boundary=", cookie: world.cookies.admin },
    body: "name=Renamed",
  });
  assert.equal(settings.status, 400, "an empty boundary");
  await settings.body?.cancel();
  const api = await t.app.request(`${TEST_ORIGIN}/api/team/magic-link`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: '{"email":',
  });
  assert.equal(api.status, 400);
  assert.deepEqual(await api.json(), { message: "Request body must be valid JSON." });
});

/**
 * Writes `request` on a new connection and reads the first answer (3 s at most). `endSending`
 * closes the sending side, so a body shorter than announced ends there; without it, the server
 * answers what it read and refuses the bytes after it as a request of their own.
 */
async function exchange(port: number, request: string, endSending: boolean): Promise<{ status: number; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const safety = setTimeout(() => conn.close(), 3_000);
  let received = new Uint8Array(0);
  let answer: { status: number; body: string } | null = null;
  try {
    await conn.write(new TextEncoder().encode(request));
    if (endSending) await conn.closeWrite();
    const buffer = new Uint8Array(16_384);
    while (!answer) {
      const n = await conn.read(buffer);
      if (n === null) break;
      received = new Uint8Array([...received, ...buffer.subarray(0, n)]);
      answer = firstAnswer(received);
    }
  } catch {
    // A reset, or the safety timer: nothing complete arrived.
  } finally {
    clearTimeout(safety);
    try {
      conn.close();
    } catch { /* closed by the safety timer */ }
  }
  return answer ?? { status: 0, body: "" };
}

/** The first response in `bytes` once its head and its `Content-Length` of body have arrived. */
function firstAnswer(bytes: Uint8Array): { status: number; body: string } | null {
  const text = new TextDecoder("latin1").decode(bytes); // one character per byte
  const headEnd = text.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const length = Number(text.slice(0, headEnd).match(/\r\ncontent-length: *(\d+)/i)?.[1] ?? 0);
  if (bytes.length < headEnd + 4 + length) return null;
  const body = new TextDecoder().decode(bytes.subarray(headEnd + 4, headEnd + 4 + length));
  return { status: Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0), body };
}

Deno.test("[fuzz] a body shorter or longer than its Content-Length, or cut inside a chunk, is 4xx on a real server", async () => {
  await using t = await createTestApp();
  const { world } = await bodyRoutes(t);
  const server = serveGuarded({ port: 0, hostname: "127.0.0.1", headerTimeoutMs: 5_000 }, t.app.fetch);
  const targets: { path: string; type: string; body: string; cookie?: string }[] = [
    { path: "/api/team/magic-link", type: "application/json", body: '{"email":"admin@example.com"}' },
    {
      path: `/api/admin/${world.team.id}/players/import`,
      type: "text/csv",
      body: "firstName,lastName,jerseyNumber\nLena,Fox,21\n",
      cookie: world.cookies.admin,
    },
    { path: "/auth/magic", type: "application/x-www-form-urlencoded", body: "token=abcdefghijklmnop&next=%2Fhome" },
    { path: `/t/${world.team.slug}/claim`, type: "multipart/form-data; boundary=gm", body: MULTIPART },
    {
      path: `/admin/${world.team.id}/settings`,
      type: "application/x-www-form-urlencoded",
      body: "name=Renamed&season=Fall+2026",
      cookie: world.cookies.admin,
    },
  ];
  // Each body is ASCII, so its length in characters is its length in bytes.
  const framings: [string, (body: string) => string, boolean][] = [
    ["shorter than its Content-Length", (body) => `Content-Length: ${body.length + 40}\r\n\r\n${body}`, true],
    ["longer than its Content-Length", (body) => `Content-Length: ${body.length >> 1}\r\n\r\n${body}`, false],
    [
      "cut inside a chunk",
      (body) => `Transfer-Encoding: chunked\r\n\r\n${(body.length + 40).toString(16)}\r\n${body}`,
      true,
    ],
  ];
  const wrong: string[] = [];
  const log = console.error;
  console.error = () => {};
  try {
    for (const { path, type, body, cookie } of targets) {
      for (const [name, frame, endSending] of framings) {
        const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: ${type}\r\n` +
          (cookie ? `Cookie: ${cookie}\r\n` : "");
        const answer = await exchange(server.addr.port, head + frame(body), endSending);
        const problem = answer.status === 0 ? "no answer" : malformedAnswerProblem(path, answer.status, answer.body);
        if (problem) wrong.push(`${path}, ${name}: ${problem}`);
      }
    }
  } finally {
    console.error = log;
    await server.shutdown();
  }
  assert.deepEqual(wrong, [], "bodies with the wrong length answered with a 5xx (or without a JSON message)");
});
