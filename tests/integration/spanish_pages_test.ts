/**
 * Every page a family meets, rendered in Spanish (issue 24 item 6): `<html lang="es">` and no text
 * of the English catalogue left on it, for a visitor and for a signed-in parent and player. The
 * areas' own tests (`*_es_test.ts`) look closer at each page; this one walks them all in one place.
 * The team admin's pages, the signup wizard and the system administrator's console are not
 * converted yet (tests/unit/catalogue_scan_test.ts lists their files).
 */
import assert from "node:assert/strict";
import { createTestApp, getPage } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { englishLeftIn } from "../i18n_helpers.ts";

const SPANISH = { "accept-language": "es-MX,es;q=0.9" };

Deno.test("[spanish pages] every page a visitor, a parent and a player open is all Spanish", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const slug = w.team.slug;
  const pages: [who: "anonymous" | "parent" | "player", path: string][] = [
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
    ["parent", "/home"],
    ["parent", "/account"],
    ["parent", "/account/privacy"],
    ["parent", "/account/calendar"],
    ["parent", `/family-dashboard/${w.team.id}`],
    ["parent", `/family-dashboard/${w.team.id}/photos`],
    ["player", "/home"],
    ["player", `/family-dashboard/${w.team.id}`],
  ];
  for (const [who, path] of pages) {
    const { res, html } = await getPage(t.app, path, { cookie: w.cookies[who], headers: SPANISH });
    assert.ok(res.status === 200 || (path === "/no-such-page" && res.status === 404), `${who} ${path}: ${res.status}`);
    assert.match(html, /<html lang="es">/, `${who} ${path}`);
    assert.deepEqual(englishLeftIn(html), [], `${who} ${path}: English left`);
  }
});
