/**
 * The public pages, the hub and the unsubscribe page in Spanish (issue 24): `<html lang="es">`,
 * their key texts, the header and the footer signed in and out, and nothing of the English
 * catalogue left on them. Their English is checked as it was by pages_test, hub_pages_test and
 * unsubscribe_test.
 */
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { call, createTestApp, getPage, TEST_ORIGIN } from "../helpers.ts";
import { adminWorld, signIn } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, setCheapTeamLogin } from "../auth_helpers.ts";
import { englishLeftIn } from "../i18n_helpers.ts";
import { setMembership } from "../../lib/db/users.ts";
import { islandAreas } from "../../lib/i18n/island_areas.ts";
import { unsubscribeUrl } from "../../lib/notifications/unsubscribe.ts";
import { NOTIFICATION_KIND_TEXTS } from "../../lib/notifications/texts.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { I18nProvider } from "../../lib/i18n/context.tsx";
import { AccountMenu } from "../../components/AccountMenu.tsx";
import { unsubscribeQuestion } from "../../components/notifications/UnsubscribePage.tsx";

const SPANISH = { "accept-language": "es-US,es;q=0.9,en;q=0.5" };
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const es = messagesFor("es");

/** A Spanish page: its language, its texts, and no English catalogue text left on it. */
function assertSpanish(html: string, where: string, texts: string[]) {
  assert.equal(htmlLang(html), "es", where);
  for (const text of texts) assert.ok(html.includes(text), `${where} lacks ${text}`);
  assert.deepEqual(englishLeftIn(html), [], `${where}: English left`);
}

Deno.test("[public es] landing, about, privacy and contact in Spanish, by the browser or by the switch's cookie", async () => {
  await using t = await createTestApp();
  const pages: Record<string, { title: string; texts: string[] }> = {
    "/": {
      title: "GoalMates",
      texts: [
        "Para el equipo detrás del equipo.",
        "No es una app de plantillas. Es una comunidad.",
        "<strong>gratis para todo el equipo</strong>",
        "¿Le suena conocido?",
        "Los verdaderos MVP",
        "Antes de GoalMates",
        'id="how-it-works"',
        ">Cómo funciona</h2>",
        'href="/signup">Crear un equipo</a>',
      ],
    },
    "/about": {
      title: "Quiénes somos · GoalMates",
      texts: ["Qué es GoalMates", "Por qué es gratis", '<a href="/privacy">página de privacidad</a>'],
    },
    "/privacy": {
      title: "Privacidad · GoalMates",
      texts: [
        `content="${es.marketing.titles.privacyDescription}"`,
        "Qué guardamos sobre los niños",
        "número de camiseta",
        "Nunca son públicos",
        "GPS",
        `<th scope="row">${es.retention["failed-mail"].what}</th>`,
        '<a href="/contact">escríbale al equipo de GoalMates</a>',
      ],
    },
    "/contact": {
      title: "Contacto · GoalMates",
      texts: ["Solicitudes de privacidad", 'href="mailto:hello@goalmates.app"', "página de privacidad"],
    },
  };
  for (const [path, { title, texts }] of Object.entries(pages)) {
    for (const how of [{ headers: SPANISH }, { cookie: "gm_lang=es" }]) {
      const { res, html } = await getPage(t.app, path, how);
      assert.equal(res.status, 200, path);
      assert.equal(titleOf(html), title, path);
      assertSpanish(html, `${path} ${JSON.stringify(how)}`, texts);
    }
    // The English page is still English (the fast path keeps one answer per language).
    const english = await getPage(t.app, path);
    assert.equal(htmlLang(english.html), "en", path);
    assert.ok(englishLeftIn(english.html).length > 0, `${path}: English is English`);
  }
});

Deno.test("[public es] signed out: the header's sign-in and the footer's links and switch in Spanish", async () => {
  await using t = await createTestApp();
  const { html } = await getPage(t.app, "/about", { headers: SPANISH });
  assert.ok(html.includes('href="/team-login">Iniciar sesión</a>'));
  assert.ok(html.includes('<nav aria-label="Cuenta" class="site-nav">'));
  assert.ok(html.includes("GoalMates · gratis para todo el equipo"));
  assert.ok(html.includes('<nav aria-label="Pie de página">'));
  for (
    const link of ['href="/about">Quiénes somos', 'href="/#how-it-works">Cómo funciona', 'href="/contact">Contacto']
  ) {
    assert.ok(html.includes(link), link);
  }
  assert.ok(!html.includes('href="/account/privacy"'), "no 'Sus datos' signed out");
  assert.match(html, /<span class="lang-switch__current" lang="es" aria-current="true">Español<\/span>/);
  assert.match(html, /<button [^>]*value="en" lang="en"[^>]*>English<\/button>/);
});

Deno.test("[public es] the hub in Spanish for a team admin, a parent, a player and a system administrator", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const admin = (await getPage(t.app, "/home", { cookie: w.cookies.admin, headers: SPANISH })).html;
  assert.equal(titleOf(admin), "Su panel de GoalMates · GoalMates");
  assertSpanish(admin, "admin hub", [
    "<h1>Su panel de GoalMates</h1>",
    "Hola, <!-- -->Ada<!-- --> · <!-- -->",
    "Solicitudes pendientes",
    "Esperando revisión",
    "Agregar jugador",
    "Exportar plantilla",
    "Arme la comunidad de su equipo",
    'href="/account">Su cuenta</a>',
    'href="/api/v2/auth/logout">Cerrar sesión</a>',
    // The header signed in: the hub, the account (its hidden lead in Spanish) and the footer's 'Sus datos'.
    'href="/home">Su panel</a>',
    '<span class="visually-hidden">Cuenta:</span>',
    'href="/account/privacy">Sus datos</a>',
  ]);
  assert.match(
    admin,
    /Plantilla<\/h2>.*?<p class="hub-stat__label">Jugadores<\/p><p class="hub-stat__value">\d+<\/p>/s,
  );

  const parent = (await getPage(t.app, "/home", { cookie: w.cookies.parent, headers: SPANISH })).html;
  assertSpanish(parent, "parent hub", ["Acceso de padres", "Abrir el panel familiar", "Ver plantillas públicas"]);
  const player = (await getPage(t.app, "/home", { cookie: w.cookies.player, headers: SPANISH })).html;
  assertSpanish(player, "player hub", ["Acceso de jugador", "Vea a sus compañeros"]);
  assert.ok(!player.includes("Acceso de padres"));

  const sysadmin = (await getPage(t.app, "/home", { cookie: w.cookies.sysadmin, headers: SPANISH })).html;
  assertSpanish(sysadmin, "sysadmin hub", [
    "Campañas globales",
    'href="/sysadmin">Administrar campañas</a>',
    'href="/sysadmin?tab=teams">Ver equipos</a>',
    'href="/admin?tab=activity">Ver registros</a>',
    '<span class="visually-hidden">Sesión iniciada como</span>',
  ]);
  assert.match(sysadmin, /<p class="hub-stat__label">Equipos<\/p><p class="hub-stat__value">2<\/p>/);
});

Deno.test("[public es] the hub's team switcher, 'no team yet' and the development hint in Spanish", async () => {
  await using t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const w = await adminWorld(t);
  // The parent also administers the other team: two teams, so the switcher shows.
  const parentId = (await t.kv.get<string>(["users_by_email", "parent@example.com"])).value!;
  await setMembership(t.kv, parentId, w.otherTeam.id, "TEAM_ADMIN");
  const parent = (await getPage(t.app, "/home", { cookie: await signIn(t, "parent@example.com"), headers: SPANISH }))
    .html;
  assertSpanish(parent, "switcher", [
    '<label for="hub-team">Equipo</label>',
    `${w.otherTeam.name} (${w.otherTeam.season})`,
    ">Cambiar de equipo</button>",
    "Modo de desarrollo: inicie sesión",
    '<a href="/email-test">/email-test</a>',
  ]);

  await createAccount(t.kv, { email: "lone@example.com", firstName: "Lupe" });
  const lone = (await getPage(t.app, "/home", { cookie: await signIn(t, "lone@example.com"), headers: SPANISH }))
    .html;
  assertSpanish(lone, "no team", ["Todavía sin equipo", "Hola, <!-- -->Lupe", 'href="/signup">Crear un equipo</a>']);
});

Deno.test("[public es] a team login's header: the team's name and '(acceso del equipo)'; English unchanged", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "the team password");
  const teamLogin = cookiesFrom(
    await call(t.app, "POST", `/api/teams/${w.team.id}/login`, {
      body: { username: "rockets", password: "the team password" },
    }),
  );
  const spanish = (await getPage(t.app, "/home", { cookie: teamLogin, headers: SPANISH })).html;
  assertSpanish(spanish, "team login hub", [`<span class="site-nav__name">${w.team.name} (acceso del equipo)</span>`]);
  const english = (await getPage(t.app, "/home", teamLogin)).html;
  assert.ok(english.includes(`<span class="site-nav__name">${w.team.name} (team login)</span>`));
  assert.ok(english.includes(`title="${w.team.name} (team login)"`));
});

Deno.test("[public es] the avatar menu in Spanish (its island gets the layout area)", () => {
  const menu = renderToString(
    createElement(I18nProvider, {
      value: { lang: "es", m: es, path: "/account" },
      children: createElement(AccountMenu, { label: "Wei", account: null, adminHref: "/admin/x" }),
    }),
  );
  for (const text of ["Menú de la cuenta:", "Su panel", "Notificaciones", "Sus datos y privacidad", "Cerrar sesión"]) {
    assert.ok(menu.includes(text), text);
  }
  assert.ok(menu.includes('href="/admin/x">Administrar el equipo</a>'));
  assert.deepEqual(englishLeftIn(menu), []);
  assert.ok(islandAreas("AccountSettings").includes("layout"));
});

Deno.test("[public es] the unsubscribe page in Spanish: the question, the button, the done page; a bad link is 404", async () => {
  await using t = await createTestApp();
  await adminWorld(t);
  const parentId = (await t.kv.get<string>(["users_by_email", "parent@example.com"])).value!;
  const path = new URL(unsubscribeUrl(TEST_ORIGIN, parentId, "scheduleChanges")).pathname;
  const { res, html } = await getPage(t.app, path, { headers: SPANISH });
  assert.equal(res.status, 200);
  assert.equal(titleOf(html), "Cancelar suscripción · GoalMates");
  assert.equal(
    unsubscribeQuestion("scheduleChanges", "es"),
    "¿Dejar de recibir de GoalMates los correos de cambios de horario?",
  );
  assertSpanish(html, "unsubscribe", [
    `<h1>${unsubscribeQuestion("scheduleChanges", "es")}</h1>`,
    es.notifications.kinds.scheduleChanges.hint,
    "No recibir más correos de cambios de horario</button>",
    'href="/account#notifications">Todas sus opciones de notificación</a>',
  ]);

  const done = await call(t.app, "POST", path, {
    origin: null,
    form: { "List-Unsubscribe": "One-Click" },
    headers: SPANISH,
  });
  assert.equal(done.status, 200);
  const doneHtml = await done.text();
  assert.equal(titleOf(doneHtml), "Suscripción cancelada · GoalMates");
  assertSpanish(doneHtml, "unsubscribed", [
    "<h1>Su suscripción se canceló</h1>",
    "GoalMates ya no le enviará correos de cambios de horario.",
  ]);

  const forged = await getPage(t.app, "/unsubscribe/not-a-token", { headers: SPANISH });
  assert.equal(forged.res.status, 404);
  assertSpanish(forged.html, "forged link", ["404 Página no encontrada"]);
});

Deno.test("[public es] lib's notification kinds are the English catalogue's, as /account and the mails read them", () => {
  assert.deepEqual(NOTIFICATION_KIND_TEXTS, messagesFor("en").notifications.kinds);
  assert.equal(NOTIFICATION_KIND_TEXTS.teamNews.label, "Team news");
  assert.equal(unsubscribeQuestion("teamNews"), "Stop team news e\u2011mails from GoalMates?");
});
