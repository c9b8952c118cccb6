/**
 * Which language a request is answered in (issue 24 items 2 and 4): `Accept-Language` for a
 * visitor until they choose; the switch (`POST /language`, a form that needs no JavaScript)
 * remembered in a cookie, and on the account when signed in, which then wins on every device;
 * `<html lang>`; the public response cache's one variant per language; JSON messages and error
 * pages in the request's language.
 */
import assert from "node:assert/strict";
import { call, createTestApp, get, getPage, seedTeam } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import type { User } from "../../lib/db/users.ts";
import { englishLeftIn } from "../i18n_helpers.ts";

const SPANISH = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];

Deno.test("[language] a visitor gets their browser's language on every page, <html lang> says so", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  for (const path of ["/", "/about", `/t/${team.slug}/roster`, "/no-such-page"]) {
    const english = await getPage(t.app, path);
    assert.equal(htmlLang(english.html), "en", path);
    assert.equal(english.res.headers.get("content-language"), "en", path);
    const spanish = await getPage(t.app, path, { headers: SPANISH });
    assert.equal(htmlLang(spanish.html), "es", path);
    assert.equal(spanish.res.headers.get("content-language"), "es", path);
    // A cache between the app and the visitor keeps one copy per language.
    assert.equal(spanish.res.headers.get("vary"), "Accept-Language, Cookie", path);
    assert.match(spanish.html, /Ir al contenido principal/, `${path}: the skip link in Spanish`);
  }
  const missing = await getPage(t.app, "/no-such-page", { headers: SPANISH });
  assert.equal(missing.res.status, 404);
  assert.match(missing.html, /404 Página no encontrada/);
  assert.match(missing.html, />Ir al inicio</);
  assert.deepEqual(englishLeftIn(missing.html), [], "nothing of the English catalogue left on it");
  assert.ok(englishLeftIn((await getPage(t.app, "/no-such-page")).html).length > 0, "the check sees English");
});

Deno.test("[language] the public cache keeps one answer per language: neither is ever sent to the other", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  for (const path of ["/", `/t/${team.slug}/roster`]) {
    for (let round = 0; round < 2; round++) { // The second round is answered from the cache.
      assert.equal(htmlLang((await getPage(t.app, path)).html), "en", `${path} round ${round}`);
      const spanish = await getPage(t.app, path, { headers: SPANISH });
      assert.equal(htmlLang(spanish.html), "es", `${path} round ${round}`);
      assert.equal(spanish.res.headers.get("content-language"), "es", `${path} round ${round}: the cached headers too`);
      const chosen = await getPage(t.app, path, { headers: { ...SPANISH, cookie: "gm_lang=en" } });
      assert.equal(htmlLang(chosen.html), "en", `${path}: the cookie wins over the browser`);
    }
  }
});

Deno.test("[language] the switch: a form post sets the cookie and goes back; bad input changes nothing", async () => {
  await using t = await createTestApp();
  const { html } = await getPage(t.app, "/about");
  // The footer's switch: each language named in itself, the current one marked, a form with its way back.
  const form = /<form class="lang-switch"[^>]*>(.*?)<\/form>/.exec(html);
  assert.ok(form, "the footer has the switch");
  assert.match(form[0], /action="\/language"/);
  assert.match(form[0], /method="post"/);
  assert.match(form[1], /<input type="hidden" name="next" value="\/about"\/>/);
  assert.match(form[1], /<span class="lang-switch__current" lang="en" aria-current="true">English<\/span>/);
  assert.match(
    form[1],
    /<button type="submit" value="es" lang="es" class="lang-switch__option" name="language">Español/,
  );

  const res = await call(t.app, "POST", "/language", { form: { language: "es", next: "/about" } });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/about");
  const cookie = res.headers.get("set-cookie") ?? "";
  assert.match(cookie, /^gm_lang=es; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/);
  const after = await getPage(t.app, "/about", { cookie: "gm_lang=es" });
  assert.equal(htmlLang(after.html), "es");

  // Another site as the way back, an unknown language, another site posting: no cookie, home or refused.
  const away = await call(t.app, "POST", "/language", { form: { language: "es", next: "//evil.example/x" } });
  assert.equal(away.headers.get("location"), "/");
  const unknown = await call(t.app, "POST", "/language", { form: { language: "fr", next: "/about" } });
  assert.equal(unknown.status, 303);
  assert.equal(unknown.headers.get("set-cookie"), null);
  const crossSite = await call(t.app, "POST", "/language", {
    form: { language: "es", next: "/" },
    origin: "https://evil.example",
  });
  assert.equal(crossSite.status, 403);
  assert.equal(crossSite.headers.get("set-cookie"), null);
});

Deno.test("[language] signed in, the choice is saved on the account and follows the person to another device", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const parentId = (await t.kv.get<string>(keys.userByEmail("parent@example.com"))).value!;
  const res = await call(t.app, "POST", "/language", {
    form: { language: "es", next: "/account" },
    cookie: w.cookies.parent,
  });
  assert.equal(res.status, 303);
  assert.equal((await t.kv.get<User>(keys.user(parentId))).value!.language, "es");
  // The same session from a browser that says English and has no cookie of the switch: Spanish.
  const page = await getPage(t.app, "/no-such-page", {
    cookie: w.cookies.parent,
    headers: { "accept-language": "en" },
  });
  assert.equal(htmlLang(page.html), "es");
  // Someone else's account is untouched; a system administrator has none to save it on.
  const adminId = (await t.kv.get<string>(keys.userByEmail("admin@example.com"))).value!;
  assert.equal((await t.kv.get<User>(keys.user(adminId))).value!.language, undefined);
  const sysadmin = await call(t.app, "POST", "/language", {
    form: { language: "es", next: "/" },
    cookie: w.cookies.sysadmin,
  });
  assert.equal(sysadmin.status, 303);
});

Deno.test("[language] JSON answers' messages are in the request's language; English ones are sent as they were", async () => {
  await using t = await createTestApp();
  const english = await get(t.app, "/api/no-such-call");
  assert.equal(english.status, 404);
  assert.deepEqual(await english.json(), { message: "Not found" });
  const spanish = await get(t.app, "/api/no-such-call", { headers: SPANISH });
  assert.equal(spanish.status, 404);
  assert.equal(spanish.headers.get("content-language"), "es");
  assert.deepEqual(await spanish.json(), { message: "No encontrado" });
  const chosen = await get(t.app, "/api/no-such-call", { cookie: "gm_lang=es" });
  assert.deepEqual(await chosen.json(), { message: "No encontrado" });
});
