/**
 * Nothing personal on the console (issue 21): the real server (main.ts, development mode, its
 * own database file) is used as a newcomer would — a signup verified by its mailed link, a
 * sign-in by magic link, a system administrator's password sign-in (one wrong try), pages and
 * calls with query strings — and then everything it printed, stdout and stderr, is searched for
 * the e-mail addresses, tokens, query strings, names and passwords it was given. None may be
 * there; each request's JSON line must be, named by its route pattern.
 */
import assert from "node:assert/strict";
import { startServer } from "../e2e/server.ts";

const PERSON = { firstName: "Quillon", lastName: "Zabrowski", email: "quillon.zabrowski@scan-people.example" };
const PLAYER = { firstName: "Ottoline", lastName: "Vexworth" };
const TEAM_NAME = "Scanford Kestrels";
const SYSADMIN = { email: "ops.lead@scan-admins.example", password: "Sysadmin-Scan-Passw0rd!" };
const WRONG_PASSWORD = "Wrong-Scan-Passw0rd?";
const FAKE_TOKEN = "QmFkVG9rZW5JblRoZVF1ZXJ5U3RyaW5nMTIzNDU2Nzg5";

Deno.test("[log scan] a signup, a magic-link sign-in and a password sign-in print no address, token, name, password or query", async () => {
  // main.ts in development mode on its own database file (the e2e harness's server).
  const server = await startServer({ SYSADMIN_EMAIL: SYSADMIN.email, SYSADMIN_PASSWORD: SYSADMIN.password });
  const { url } = server;
  const secrets: string[] = [];
  let cookie = "";
  const send = async (method: string, path: string, init: { json?: unknown; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { origin: url };
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(`${url}${path}`, { method, headers, body, redirect: "manual" });
    const text = await res.text();
    const session = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => /^gm_session=./.test(c));
    if (session) cookie = session;
    return { status: res.status, text };
  };
  /** The newest link to `path` in the development outbox (/email-test), once the queue delivered it. */
  const mailedToken = async (path: string, after: string[] = []) => {
    for (let i = 0; i < 100; i++) {
      const page = await send("GET", "/email-test");
      const tokens = [...page.text.matchAll(new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`, "g"))].map((m) => m[1]);
      const fresh = tokens.find((token) => !after.includes(token));
      if (fresh) return fresh;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no ${path} link in the outbox`);
  };

  let printed: { stdout: string; stderr: string };
  try {
    // A signup, verified by its mailed link: the person, the team and a session.
    const signup = await send("POST", "/api/signup/create-pending-intent?next=%2Fhome", {
      json: {
        ...PERSON,
        ageConfirmation: true,
        teamName: TEAM_NAME,
        ageGroup: "U11",
        teamType: "girls",
        playerFirstName: PLAYER.firstName,
        playerLastName: PLAYER.lastName,
        playerJerseyNumber: 8,
      },
    });
    assert.equal(signup.status, 200, signup.text);
    const verifyToken = await mailedToken("/signup/verify");
    secrets.push(verifyToken);
    assert.equal((await send("GET", `/signup/verify?token=${verifyToken}`)).status, 200);
    const verified = await send("POST", "/api/signup/verify-token", { json: { token: verifyToken } });
    assert.equal(verified.status, 200, verified.text);
    const { slug } = JSON.parse(verified.text) as { slug: string };

    // Signed out, then in again by magic link: asked for, read from the outbox, opened, spent.
    cookie = "";
    assert.equal((await send("POST", "/api/team/magic-link", { json: { email: PERSON.email } })).status, 200);
    const magicToken = await mailedToken("/auth/magic");
    secrets.push(magicToken);
    assert.equal((await send("GET", `/auth/magic?token=${magicToken}&next=%2Faccount`)).status, 200);
    const signedIn = await send("POST", "/auth/magic", { form: { token: magicToken, next: "/account" } });
    assert.equal(signedIn.status, 303, signedIn.text);
    assert.ok(cookie, "signed in");

    // Pages and calls with query strings, signed in and not.
    for (const path of [`/home?next=%2Faccount%3Fsecret%3D1`, `/account?token=${FAKE_TOKEN}`, "/api/v2/auth/session"]) {
      assert.equal((await send("GET", path)).status, 200, path);
    }
    await send("GET", `/t/${slug}/roster?next=/somewhere&token=${FAKE_TOKEN}`);
    cookie = "";
    await send("GET", `/healthz?token=${FAKE_TOKEN}`);
    await send("GET", `/no-such-page/${PERSON.email}?email=${encodeURIComponent(PERSON.email)}`);

    // The system administrator: a wrong password (a security event), then the right one.
    const form = (password: string) => ({ form: { email: SYSADMIN.email, password, next: "" } });
    assert.equal((await send("POST", "/sysadmin/login?next=%2Fsysadmin", form(WRONG_PASSWORD))).status, 401);
    assert.equal((await send("POST", "/sysadmin/login", form(SYSADMIN.password))).status, 303);

    // The log's batches are written every 100 ms.
    await new Promise((resolve) => setTimeout(resolve, 400));
  } finally {
    await server.stop();
    printed = server.printed();
  }

  const everything = `${printed.stdout}\n${printed.stderr}`;
  const forbidden = [
    PERSON.email,
    PERSON.email.split("@")[0],
    PERSON.firstName,
    PERSON.lastName,
    PLAYER.firstName,
    PLAYER.lastName,
    SYSADMIN.email,
    SYSADMIN.email.split("@")[0],
    SYSADMIN.password,
    WRONG_PASSWORD,
    FAKE_TOKEN,
    ...secrets,
    "token=",
    "next=",
    "email=",
    "secret",
  ];
  for (const text of forbidden) {
    assert.ok(!everything.toLowerCase().includes(text.toLowerCase()), `"${text}" was printed:\n${everything}`);
  }
  const addresses = everything.match(/[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi) ?? [];
  assert.deepEqual(addresses, [], "no e-mail address of any kind");

  // Every request is one JSON line on stdout, by its route's pattern.
  const requests = printed.stdout.split("\n").filter((line) => line.startsWith("{") && line.includes('"route"'))
    .map((line) => JSON.parse(line) as { method: string; route: string | null; status: number; ms: number });
  const seen = requests.map(({ method, route, status }) => `${method} ${route} ${status}`);
  for (
    const expected of [
      "GET /healthz 200",
      "POST /api/signup/create-pending-intent 200",
      "GET /email-test 200",
      "GET /signup/verify 200",
      "POST /api/signup/verify-token 200",
      "POST /api/team/magic-link 200",
      "GET /auth/magic 200",
      "POST /auth/magic 303",
      "GET /home 200",
      "GET /account 200",
      "GET /api/v2/auth/session 200",
      "GET null 404",
      "POST /sysadmin/login 401",
      "POST /sysadmin/login 303",
    ]
  ) {
    assert.ok(seen.includes(expected), `no line for ${expected}:\n${seen.join("\n")}`);
  }
  for (const { ms } of requests) assert.equal(typeof ms, "number");
  // The refused sign-in is a security event on stderr, its account a keyed hash.
  const events = printed.stderr.split("\n").filter((line) => line.includes('"login.failed"')).map((l) => JSON.parse(l));
  assert.equal(events.length, 1, printed.stderr);
  assert.match(events[0].account, /^[0-9a-f]{16}$/);
});
