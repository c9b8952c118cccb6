/**
 * The family dashboard's header and the order of its sections, as the server renders them (no
 * JavaScript needed): the avatar menu (Account Settings, Your Hub, Team admin for the team's
 * admins only, Sign out) and, for admins, a Team admin link to the team's admin dashboard
 * (/teams/{teamId}); the sections in the order a phone shows them, Upcoming Events right after
 * Campaigns. Chromium checks the rest (tests/e2e/family_small_fixes_e2e_test.ts).
 */
import assert from "node:assert/strict";
import { adminWorld, call } from "../admin_helpers.ts";
import { createTestApp } from "../helpers.ts";

/** The header's markup: everything before `<main`. */
const headerOf = (html: string) => html.slice(html.indexOf("<header"), html.indexOf("<main"));

Deno.test("[dashboard header] the avatar menu: Account Settings, Your Hub, Notifications, Your data and privacy, Team admin (admins only), Sign out", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const adminPath = `/teams/${w.team.id}`;
  for (const who of ["parent", "player", "admin", "sysadmin"] as const) {
    const res = await call(t.app, "GET", `/family-dashboard/${w.team.id}`, { cookie: w.cookies[who] });
    assert.equal(res.status, 200, who);
    const header = headerOf(await res.text());
    const menu = /<details class="acct-menu">.*?<\/details>/s.exec(header)?.[0] ?? "";
    assert.match(menu, /<summary class="site-nav__account acct-menu__toggle"[^>]*>/, `${who}: the avatar opens it`);
    const items = [...menu.matchAll(/<a class="acct-menu__item[^"]*" href="([^"]+)"[^>]*>([^<]+)<\/a>/g)]
      .map((m) => [m[2], m[1]]);
    const expected = [
      ["Account Settings", "/account"],
      ["Your Hub", "/home"],
      ["Notifications", "/account#notifications"],
      ["Your data and privacy", "/account/privacy"],
      ...(who === "admin" ? [["Team admin", adminPath]] : []),
      ["Sign out", "/api/logout"],
    ];
    assert.deepEqual(items, expected, who);
    // The admin also sees Team admin in the header itself (wide screens; phones use the menu).
    const direct = header.includes(
      `<a class="button button--ghost dash-header__admin" href="${adminPath}">Team admin</a>`,
    );
    assert.equal(direct, who === "admin", `${who}: Team admin in the header`);
  }
});

Deno.test("[dashboard header] Sign out from the menu signs out (the app's own link)", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const out = await call(t.app, "GET", "/api/logout", {
    cookie: w.cookies.parent,
    headers: { "sec-fetch-site": "same-origin" },
  });
  assert.equal(out.status, 303);
  assert.equal(out.headers.get("location"), "/");
  const after = await call(t.app, "GET", `/family-dashboard/${w.team.id}`, { cookie: w.cookies.parent });
  assert.equal(after.status, 303, "the session is gone");
  assert.match(after.headers.get("location")!, /^\/team-login\?next=/);
});

Deno.test("[dashboard header] the sections in the phone's order: Campaigns, Upcoming Events, then the rest", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const html = await (await call(t.app, "GET", `/family-dashboard/${w.team.id}`, { cookie: w.cookies.parent })).text();
  const order = [...html.matchAll(/<section[^>]*class="card dash-section[^"]*" id="([a-z]+)"/g)].map((m) => m[1]);
  assert.deepEqual(order, ["campaigns", "events", "family", "feed", "photos", "essentials"]);
});
