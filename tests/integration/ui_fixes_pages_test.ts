/**
 * Page-level fixes: no link that leads to a 404, the header's
 * account, counts in the right number, the roster's edit-link redirect and its not-found page.
 */
import assert from "node:assert/strict";
import { adminWorld, signIn } from "../admin_helpers.ts";
import { createTestApp, get, requestJson, seedTeam, TEST_ORIGIN, type TestContext } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";

type App = TestContext["app"];

const decode = (s: string) =>
  s.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

/** Every link (`<a href>`) of a page that stays on this site, as a path. */
function localLinks(html: string): string[] {
  const links: string[] = [];
  for (const [, raw] of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)) {
    const href = decode(raw);
    if (href.startsWith("#") || href.startsWith("mailto:")) continue;
    const url = new URL(href, `${TEST_ORIGIN}/`);
    if (url.origin !== TEST_ORIGIN) continue;
    links.push(url.pathname + url.search);
  }
  return [...new Set(links)];
}

/**
 * Opens every local link of `page` as the same visitor and returns the ones that answer 404
 * (or fail). Sign-out links are opened without the cookie, so the crawl keeps its session.
 */
async function deadLinks(app: App, page: string, cookie: string): Promise<string[]> {
  const res = await get(app, page, cookie);
  assert.equal(res.status, 200, `${page} itself`);
  const dead: string[] = [];
  const links = localLinks(await res.text());
  assert.ok(links.length > 0, `${page} has links`);
  for (const link of links) {
    const signsOut = /logout|sign-out/.test(link);
    const target = await get(app, link, signsOut ? "" : cookie);
    await target.body?.cancel();
    if (target.status === 404 || target.status >= 500) dead.push(`${page} → ${link} (${target.status})`);
  }
  return dead;
}

Deno.test("[links] every link on the hub, the admin pages and 'Dashboard Moved' leads somewhere", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const id = world.team.id;
  // A pending claim, so the dashboard and claims pages show their actions.
  await requestJson(t.app, `/api/teams/${world.team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber: 4, email: "mum@example.com" },
  });
  const pages: [keyof typeof world.cookies, string][] = [
    ["admin", "/home"],
    ["admin", `/admin/${id}`],
    ["admin", `/admin/${id}/claims`],
    ["admin", `/admin/${id}/access`],
    ["admin", `/admin/${id}/roster`],
    ["admin", `/admin/${id}/settings`],
    ["admin", `/teams/${id}`],
    ["admin", `/teams/${id}/claims`],
    ["admin", "/account"],
    ["parent", "/home"],
    ["parent", `/family-dashboard/${id}`],
    ["admin", `/family-dashboard/${id}`],
    ["player", `/family-dashboard/${id}`],
    ["parent", `/teams/${id}`],
    ["player", "/home"],
    ["player", `/teams/${id}`],
    ["sysadmin", "/home"],
    ["sysadmin", `/admin/${id}`],
  ];
  const dead: string[] = [];
  for (const [who, page] of pages) dead.push(...await deadLinks(t.app, page, world.cookies[who]));
  assert.deepEqual(dead, []);
  const moved = await (await get(t.app, `/teams/${id}`, world.cookies.parent)).text();
  assert.match(moved, /<h1>Dashboard Moved<\/h1>/);
  assert.ok(moved.includes('href="/admin"'), "SPEC.md's button to /admin");
  assert.ok(moved.includes(`href="/family-dashboard/${id}"`));
});

Deno.test("[header] signed in it shows the person and the hub; signed out 'Team Login'", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id, firstName: "Ana" });
  const cookie = await signIn(t, "ana@example.com");
  for (const path of ["/home", `/t/${team.slug}/claim`, "/t/no-such-team/roster", "/account"]) {
    const html = await (await get(t.app, path, cookie)).text();
    assert.match(html, /<a class="site-nav__account" href="\/account"[^>]*>.*?Ana Person<\/span><\/a>/, path);
    assert.match(html, /<a class="button button--ghost" href="\/home">Your Hub<\/a>/, path);
    assert.ok(!html.includes(">Team Login</a>"), path);
  }
  const anonymous = await (await get(t.app, `/t/${team.slug}/claim`)).text();
  assert.match(anonymous, /<a class="button button--ghost" href="\/team-login">Team Login<\/a>/);
  assert.ok(!anonymous.includes("site-nav__account"));
});

Deno.test("[header] the cached public roster never holds who is signed in", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id, firstName: "Ana" });
  const cookie = await signIn(t, "ana@example.com");
  const asAna = await (await get(t.app, `/t/${team.slug}/roster`, cookie)).text();
  const asAnyone = await (await get(t.app, `/t/${team.slug}/roster`)).text();
  for (const html of [asAna, asAnyone]) {
    assert.ok(!html.includes("ana@example.com") && !html.includes("Ana Person"));
    assert.ok(!html.includes("site-nav__account"));
  }
  const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "");
  assert.equal(strip(asAna), strip(asAnyone), "one page for everyone");
});

Deno.test("[counts] '1 Player', not '1 Players'", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, {}, [{ firstName: "Maya", lastName: "Rodriguez", jerseyNumber: 7 }]);
  const roster = await (await get(t.app, `/t/${team.slug}/roster`)).text();
  assert.ok(roster.includes(">1 Player<"), "the roster badge");
  assert.ok(!roster.includes("1 Players"));
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const hub = await (await get(t.app, "/home", await signIn(t, "coach@example.com"))).text();
  assert.match(hub, /<p class="hub-stat__label">Player<\/p><p class="hub-stat__value">1<\/p>/);
  const { team: other } = await seedTeam(t.kv);
  const many = await (await get(t.app, `/t/${other.slug}/roster`)).text();
  assert.ok(many.includes(">4 Players<"));
});

Deno.test("[roster] ?token=… opens the edit page, keeping the token out of Referer and caches", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";
  const res = await get(t.app, `/t/${team.slug}/roster?token=${token}`);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), `/edit?token=${token}`);
  assert.equal(res.headers.get("referrer-policy"), "no-referrer");
  assert.equal(res.headers.get("cache-control"), "no-store");
  const odd = await get(t.app, `/t/${team.slug}/roster?token=${encodeURIComponent("a b&c")}`);
  assert.equal(odd.headers.get("location"), `/edit?token=${encodeURIComponent("a b&c")}`, "re-encoded, not spliced");
  const plain = await get(t.app, `/t/${team.slug}/roster?token=`);
  assert.equal(plain.status, 200, "an empty token is no edit link");
});

Deno.test("[roster] 'Roster Not Found' sits inside the site's header and footer", async () => {
  await using t = await createTestApp();
  const res = await get(t.app, "/t/no-such-team/roster");
  assert.equal(res.status, 404);
  const html = await res.text();
  assert.match(html, /<h1>Roster Not Found<\/h1>/);
  assert.match(html, /<header class="site-header">/);
  assert.match(html, /<footer class="site-footer">/);
  assert.equal((html.match(/<main /g) ?? []).length, 1, "one main landmark");
  assert.match(html, /<main id="main"/);
});
