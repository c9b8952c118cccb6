import assert from "node:assert/strict";
import fc from "fast-check";
import { call, createTestApp, dumpKv, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { MAX_BODY_BYTES } from "../../routes/mod.tsx";

const EXPECTED_HEADERS: Record<string, string | RegExp> = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "content-security-policy":
    /^default-src 'self'; script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'$/,
};

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * The pages that are the same bytes for everyone (kept whole by routes/fast_path.ts) carry no
 * nonce: scripts from this site only, still no inline script, and the rest as on every page.
 */
const SHARED_PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/** The site's files load nothing when opened as a document. */
const FILE_CSP = API_CSP;

/** The CSP a path gets: a nonce'd page's (the default), JSON's, a shared page's or a file's. */
function cspFor(label: string): string | RegExp {
  if (label.startsWith("/api")) return API_CSP;
  if (/^\/(?:|about|privacy|contact|t\/[^/]+\/roster)$/.test(label)) return SHARED_PAGE_CSP;
  if (label === "/favicon.svg" || label.startsWith("/build/")) return FILE_CSP;
  return EXPECTED_HEADERS["content-security-policy"];
}

function assertSecurityHeaders(res: Response, label: string, api = label.startsWith("/api")) {
  const expectations = { ...EXPECTED_HEADERS, "content-security-policy": api ? API_CSP : cspFor(label) };
  for (const [name, expected] of Object.entries(expectations)) {
    const value = res.headers.get(name);
    if (expected instanceof RegExp) assert.match(value ?? "", expected, `${label}: ${name}`);
    else assert.equal(value, expected, `${label}: ${name}`);
  }
  assert.equal(res.headers.get("x-powered-by"), null, label);
  if (res.status >= 500) assert.match(res.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/, label);
}

Deno.test("[security] every response carries the security headers, including 404 and 500", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  t.app.get("/__boom", () => {
    throw new Error("kaboom with a secret stack");
  });
  t.app.get("/api/__boom", () => {
    throw new Error("kaboom with a secret stack");
  });
  const paths = [
    "/",
    "/about",
    "/privacy",
    "/contact",
    `/t/${team.slug}/roster`,
    `/t/${team.slug}/claim`,
    "/nope",
    `/api/teams/${team.slug}/roster`,
    "/api/nope",
    "/favicon.svg",
  ];
  for (const path of paths) assertSecurityHeaders(await t.app.request(`${TEST_ORIGIN}${path}`), path);

  const originalError = console.error;
  console.error = () => {};
  try {
    const page = await t.app.request(`${TEST_ORIGIN}/__boom`);
    assert.equal(page.status, 500);
    assertSecurityHeaders(page, "500 page");
    const html = await page.text();
    assert.ok(html.includes("Something Went Wrong"));
    assert.ok(!html.includes("kaboom"));
    const api = await t.app.request(`${TEST_ORIGIN}/api/__boom`);
    assert.equal(api.status, 500);
    assertSecurityHeaders(api, "500 api", true);
    assert.deepEqual(await api.json(), { message: "Something went wrong on our side. Please try again." });
  } finally {
    console.error = originalError;
  }
});

Deno.test("[security] the public roster JSON asks search engines not to index it, cached or not (R41)", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  for (const key of [team.slug, team.slug, team.id]) {
    const res = await t.app.request(`${TEST_ORIGIN}/api/teams/${key}/roster`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("x-robots-tag"), "noindex, noimageindex", key);
    assert.equal(res.headers.get("x-frame-options"), "DENY", "the other headers are kept");
    assert.equal(res.headers.getSetCookie().length, 0);
    assert.equal([...res.headers].filter(([name]) => name === "x-robots-tag").length, 1, "sent once");
    await res.body?.cancel();
  }
  const missing = await t.app.request(`${TEST_ORIGIN}/api/teams/no-such-team/roster`);
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get("x-robots-tag"), "noindex, noimageindex");
  await missing.body?.cancel();
  const bySlug = await t.app.request(`${TEST_ORIGIN}/api/teams/by-slug/${team.slug}`);
  assert.equal(bySlug.headers.get("x-robots-tag"), null, "only the roster");
  await bySlug.body?.cancel();
});

Deno.test("[security] each response has a fresh nonce, and every script carries it", async () => {
  await using t = await createTestApp();
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    // A page rendered per request (its island shows who is signed in), with island props and the boot module.
    const res = await t.app.request(`${TEST_ORIGIN}/team-login`);
    const nonce = res.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
    nonces.add(nonce);
    const scripts = [...(await res.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    assert.ok(scripts.length >= 2);
    for (const s of scripts) assert.ok(s.includes(`nonce="${nonce}"`), s);
  }
  assert.equal(nonces.size, 3, "each response gets a new nonce");
});

Deno.test("[security] a page shared by everyone runs no inline script: data blocks and this site's boot module only", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  for (let i = 0; i < 2; i++) {
    // The first answer fills the public response cache; the second comes from it.
    const res = await t.app.request(`${TEST_ORIGIN}/t/${team.slug}/roster`);
    assert.equal(res.headers.get("content-security-policy"), SHARED_PAGE_CSP);
    const csp = SHARED_PAGE_CSP.split("; ");
    assert.ok(!SHARED_PAGE_CSP.includes("unsafe"), "no 'unsafe-inline' or 'unsafe-eval'");
    assert.ok(
      csp.includes("script-src 'self'") && csp.includes("base-uri 'none'") && csp.includes("object-src 'none'"),
    );
    const html = await res.text();
    assert.ok(!html.includes("nonce"), "no nonce to reuse");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)];
    assert.equal(scripts.length, 2);
    for (const [, attributes, content] of scripts) {
      const data = /\btype="application\/json"/.test(attributes);
      const file = /^ type="module" src="\/build\/[^"/]+\.js"$/.test(attributes) && content === "";
      assert.ok(data || file, `only data blocks and a same-site module: <script${attributes}>`);
    }
  }
});

Deno.test("[security] JSON bodies over 1 MB are refused with 413 and change nothing", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const before = await dumpKv(t.kv);
  const big = JSON.stringify({
    mode: "jersey",
    jerseyNumber: 7,
    email: "a@example.com",
    note: "x".repeat(MAX_BODY_BYTES),
  });
  const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, { raw: big });
  assert.equal(res.status, 413);
  assert.deepEqual(await res.json(), { message: "Request body is too large." });
  // Chunked (no Content-Length) is counted as it streams.
  const stream = new ReadableStream({
    start(c) {
      for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode("x".repeat(100_000)));
      c.close();
    },
  });
  const chunked = await t.app.request(`${TEST_ORIGIN}/api/teams/${team.slug}/claims`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: stream,
  });
  assert.equal(chunked.status, 413);
  assert.deepEqual(await dumpKv(t.kv), before);
});

Deno.test("[security] JSON endpoints refuse other content types with 415", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  for (
    const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonx",
    ]
  ) {
    const res = await t.app.request(`${TEST_ORIGIN}/api/teams/${team.slug}/claims`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": type },
      body: JSON.stringify({ mode: "jersey", jerseyNumber: 7, email: "a@example.com" }),
    });
    assert.equal(res.status, 415, type);
    assert.deepEqual(await res.json(), { message: "Content-Type must be application/json." });
  }
  const charset = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    raw: JSON.stringify({ mode: "jersey", jerseyNumber: 7, email: "a@example.com" }),
    headers: { "content-type": "application/json; charset=utf-8" },
  });
  assert.equal(charset.status, 201);
});

Deno.test("[security] state-changing requests from other origins are refused (403)", async (t) => {
  await using ctx = await createTestApp();
  const { team } = await seedTeam(ctx.kv);
  const before = await dumpKv(ctx.kv);
  const formBody = "mode=jersey&jerseyNumber=7&email=a%40example.com";
  const send = (path: string, headers: Record<string, string>, body = formBody) =>
    call(ctx.app, "POST", path, { origin: null, headers, raw: body });
  const cases: [string, string, Record<string, string>][] = [
    ["cross-origin form", `/t/${team.slug}/claim`, {
      origin: "https://evil.example",
      "content-type": "application/x-www-form-urlencoded",
    }],
    ["form without Origin or Sec-Fetch-Site", `/t/${team.slug}/claim`, {
      "content-type": "application/x-www-form-urlencoded",
    }],
    ["upper-case form type", `/t/${team.slug}/claim`, { "content-type": "Application/x-www-form-urlencoded" }],
    ["no content type", `/t/${team.slug}/claim`, {}],
    ["Sec-Fetch-Site cross-site", `/t/${team.slug}/claim`, {
      "sec-fetch-site": "cross-site",
      "content-type": "application/x-www-form-urlencoded",
    }],
    ["null origin", `/t/${team.slug}/claim`, { origin: "null", "content-type": "application/x-www-form-urlencoded" }],
    ["null origin from a cross-site page (sandboxed frame)", `/t/${team.slug}/claim`, {
      origin: "null",
      "sec-fetch-site": "cross-site",
      "content-type": "application/x-www-form-urlencoded",
    }],
    ["cross-origin JSON", `/api/teams/${team.slug}/claims`, {
      origin: "https://evil.example",
      "content-type": "application/json",
    }],
  ];
  for (const [name, path, headers] of cases) {
    await t.step(name, async () => {
      const res = await send(
        path,
        headers,
        path.startsWith("/api") ? '{"mode":"jersey","jerseyNumber":7,"email":"a@example.com"}' : formBody,
      );
      assert.equal(res.status, 403);
    });
  }
  await t.step("text/plain to a JSON endpoint is 415 even from the same origin", async () => {
    const res = await send(`/api/teams/${team.slug}/claims`, { origin: TEST_ORIGIN, "content-type": "text/plain" });
    assert.equal(res.status, 415);
  });
  assert.deepEqual(await dumpKv(ctx.kv), before);
  await t.step("same-origin form is accepted", async () => {
    const res = await send(`/t/${team.slug}/claim`, {
      origin: TEST_ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
    });
    assert.equal(res.status, 303);
  });
  await t.step("Sec-Fetch-Site same-origin without Origin is accepted", async () => {
    const res = await send(`/t/${team.slug}/claim`, {
      "sec-fetch-site": "same-origin",
      "content-type": "application/x-www-form-urlencoded",
    }, formBody.replace("a%40", "b%40"));
    assert.equal(res.status, 303);
  });
});

Deno.test("[security] arbitrary JSON to the claim API never gives a 5xx, and a 4xx changes nothing", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const before = await dumpKv(t.kv);
  const bodies = fc.oneof(
    fc.jsonValue(),
    fc.record({
      mode: fc.oneof(fc.constantFrom("jersey", "surname"), fc.string()),
      jerseyNumber: fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(null)),
      childSurname: fc.oneof(fc.string({ unit: "binary" }), fc.integer()),
      email: fc.oneof(fc.emailAddress(), fc.string({ unit: "binary" })),
      note: fc.oneof(fc.string(), fc.integer()),
    }, { requiredKeys: [] }),
  );
  await fc.assert(
    fc.asyncProperty(bodies, async (body) => {
      const stored = await dumpKv(t.kv);
      const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, { raw: JSON.stringify(body) ?? "null" });
      assert.ok(res.status < 500, `status ${res.status} for ${JSON.stringify(body)}`);
      const json = await res.json();
      if (res.status >= 400) {
        assert.equal(typeof json.message, "string");
        assert.deepEqual(await dumpKv(t.kv), stored);
      }
    }),
    { numRuns: 300 },
  );
  // Valid claims may have landed; the team and its players are untouched.
  assert.deepEqual(
    await dumpKv(t.kv, ["teams", "team_revisions", "players"]),
    before.filter(([k]) => /^\["(teams|players|team_revisions)"/.test(k)),
  );
});

Deno.test("[security] names full of markup render as text; island props round-trip exactly", async () => {
  await using t = await createTestApp();
  const nasties = [
    "</script><script>alert(1)</script>",
    "<!--<script>",
    "\u2028\u2029",
    '"><img src=x onerror=alert(1)>',
    "&lt;already&gt; & amp",
  ];
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(fc.constantFrom(...nasties), fc.string({ unit: "binary", minLength: 1, maxLength: 40 })),
      async (evil) => {
        const name = evil.trim() || "x";
        const { team } = await seedTeam(t.kv, { name: `Team ${name}`, settings: { claimInstructions: name } }, [
          { firstName: name, lastName: name, jerseyNumber: 5, position: name },
        ]);
        for (const path of [`/t/${team.slug}/roster`, `/t/${team.slug}/roster?mode=detail`]) {
          const html = await (await t.app.request(`${TEST_ORIGIN}${path}`)).text();
          const scripts = [...html.matchAll(/<script\b/g)].length;
          assert.equal(scripts, 2, "exactly the props block and the boot module");
          // React double-quotes every attribute value (and escapes quotes inside), so dropping
          // quoted values leaves only attribute names to inspect.
          const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
          assert.ok(!tags.some((tag) => /\son[a-z]+\s*=/i.test(tag.replace(/"[^"]*"/g, '""'))), "no on* attribute");
          const props = JSON.parse(html.match(/<script type="application\/json"[^>]*>([^<]*)<\/script>/)![1]);
          assert.equal(props.instructions, team.settings.claimInstructions);
        }
      },
    ),
    { numRuns: 60 },
  );
});
