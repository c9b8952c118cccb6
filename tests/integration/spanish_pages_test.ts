/**
 * Every page, rendered in Spanish (issue 24 item 6): `<html lang="es">` and no text of the English
 * catalogue left on it, for a visitor, a signed-in parent and player, a team admin and the system
 * administrator. The areas' own tests (`*_es_test.ts`) look closer at each page, its forms and its
 * refusals; this one walks them all in one place.
 */
import assert from "node:assert/strict";
import { createTestApp, getPage } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { englishLeftIn } from "../i18n_helpers.ts";

const SPANISH = { "accept-language": "es-MX,es;q=0.9" };

Deno.test("[spanish pages] every page a visitor, a parent, a player, a team admin and the system administrator open is all Spanish", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const slug = w.team.slug;
  const id = w.team.id;
  const pages: [who: "anonymous" | "parent" | "player" | "admin" | "sysadmin", path: string][] = [
    ["anonymous", "/"],
    ["anonymous", "/about"],
    ["anonymous", "/privacy"],
    ["anonymous", "/contact"],
    ["anonymous", "/team-login"],
    ["anonymous", `/t/${slug}/roster`],
    ["anonymous", `/t/${slug}/roster?view=details`],
    ["anonymous", `/t/${slug}/claim`],
    ["anonymous", "/sign-out"],
    ["anonymous", "/no-such-page"],
    ["anonymous", "/signup"],
    ["anonymous", "/sysadmin/login"],
    ["anonymous", "/teams/no-such-team"],
    ["parent", "/home"],
    ["parent", "/account"],
    ["parent", "/account/privacy"],
    ["parent", "/account/calendar"],
    ["parent", `/family-dashboard/${w.team.id}`],
    ["parent", `/family-dashboard/${w.team.id}/photos`],
    ["player", "/home"],
    ["player", `/family-dashboard/${w.team.id}`],
    ["admin", "/home"],
    ["admin", `/admin/${id}`],
    ["admin", `/admin/${id}/claims`],
    ["admin", `/admin/${id}/access`],
    ["admin", `/admin/${id}/roster`],
    ["admin", `/admin/${id}/roster/print`],
    ["admin", `/admin/${id}/campaigns`],
    ["admin", `/admin/${id}/settings`],
    ["admin", `/teams/${id}`],
    ["sysadmin", "/sysadmin"],
    ["sysadmin", "/sysadmin?tab=teams"],
    ["sysadmin", "/sysadmin?tab=analytics"],
    ["sysadmin", "/sysadmin?tab=campaigns"],
  ];
  for (const [who, path] of pages) {
    const { res, html } = await getPage(t.app, path, { cookie: w.cookies[who], headers: SPANISH });
    const missing = path === "/no-such-page" || path === "/teams/no-such-team";
    assert.ok(res.status === 200 || (missing && res.status === 404), `${who} ${path}: ${res.status}`);
    assert.match(html, /<html lang="es">/, `${who} ${path}`);
    assert.deepEqual(englishLeftIn(html), [], `${who} ${path}: English left`);
  }
});
