/**
 * The system administrator's pages in Spanish (issue 24): the sign-in page and its refusal
 * without JavaScript, the System Console's frame and its Teams, Analytics and Dev Tools tabs,
 * the older `/admin` dashboard (its three tabs), 'Authentication Required', `/admin-desktop`,
 * and the sysadmin calls' messages. The English pages are checked word for word by
 * sysadmin_console_test, sysadmin_analytics_test, admin_home_test and admin_teams_api_test.
 */
import assert from "node:assert/strict";
import { call, createTestApp, getPage, requestJson, seedTeam } from "../helpers.ts";
import { signInSysadmin } from "../admin_helpers.ts";
import { englishLeftIn } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { recordTeamActivity } from "../../lib/db/team_activity.ts";
import { createCampaign, respondToCampaign } from "../../lib/campaigns/mod.ts";
import { regenerateJoinLink } from "../../lib/join/mod.ts";

const SPANISH = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const es = messagesFor("es").sysadmin;
const T0 = new Date("2026-05-01T16:00:00.000Z");
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
/** The texts on a page as a reader meets them: inline elements stay inside their sentence. */
const textOf = (html: string) =>
  html.replace(/<!-- -->|<\/?(?:strong|code|a|em|span)\b[^>]*>/g, "").replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ");

function assertSpanish(html: string, where: string, texts: string[]): void {
  assert.equal(htmlLang(html), "es", `${where}: <html lang>`);
  const text = textOf(html);
  for (const expected of texts) assert.ok(text.includes(expected), `${where} lacks '${expected}'`);
  assert.deepEqual(englishLeftIn(html), [], `${where}: English catalogue texts left`);
}

/** Two teams (one active), a global poll with votes, an invite link: every part of the tabs has something to show. */
async function world(kv: Deno.Kv) {
  const lions = (await seedTeam(kv, { name: "Bravo Lions", season: "Primavera 2026" })).team;
  await seedTeam(kv, { name: "Charlie Owls" });
  await recordTeamActivity(kv, [lions.id], new Date(T0.getTime() - 2 * 86_400_000));
  await regenerateJoinLink(kv, lions.id, "test", "http://goalmates.test", T0);
  const poll = await createCampaign(
    kv,
    {
      teamId: null,
      title: "Merienda",
      type: "poll",
      pollQuestion: "¿Qué merienda después del partido?",
      pollOption1: "Pizza",
      pollOption2: "Tacos",
    },
    new Date(T0.getTime() - 86_400_000),
    "sysadmin:root@example.com",
  );
  for (const [user, vote] of [["u1", 1], ["u2", 1], ["u3", 2]] as const) {
    await respondToCampaign(kv, { userId: user, teamIds: [lions.id] }, poll.id, { pollResponse: vote }, T0);
  }
  return { lions };
}

Deno.test("[sysadmin es] the sign-in page, in place and on its own, and a refused password without JavaScript", async () => {
  await using t = await createTestApp({ now: () => T0 });
  const login = await getPage(t.app, "/sysadmin/login", { headers: SPANISH });
  assert.equal(login.res.status, 200);
  assertSpanish(login.html, "/sysadmin/login", [es.login.title, es.login.lead, es.login.backHome, "Contraseña"]);
  assert.match(login.html, new RegExp(`<title>${es.login.title}`));

  // Without a session, the console shows the same sign-in in place (401).
  const inPlace = await getPage(t.app, "/sysadmin?tab=teams", { cookie: "gm_lang=es" });
  assert.equal(inPlace.res.status, 401);
  assertSpanish(inPlace.html, "/sysadmin signed out", [es.login.title]);

  const refused = await call(t.app, "POST", "/sysadmin/login", {
    form: { email: "root@example.com", password: "not the password", next: "" },
    headers: SPANISH,
    ip: "203.0.113.9",
  });
  const html = await refused.text();
  assert.equal(refused.status, 401);
  assertSpanish(html, "refused sign-in", [messagesFor("es").auth.messages.sysadminFailed]);
});

Deno.test("[sysadmin es] the console: header, stat cards, tabs, Teams, Analytics, Dev Tools", async () => {
  await using t = await createTestApp({ now: () => T0, env: { GOALMATES_ENV: "development" } });
  await world(t.kv);
  const cookie = `${await signInSysadmin(t)}; gm_lang=es`;

  const teams = await getPage(t.app, "/sysadmin?tab=teams", { cookie });
  assert.equal(teams.res.status, 200);
  assertSpanish(teams.html, "Teams tab", [
    es.console.title,
    "1 equipo activo",
    es.console.stats.activeCampaigns,
    es.console.tabs.campaigns,
    es.console.tabs.dev,
    es.console.tabs.analytics,
    es.teams.heading,
    es.teams.search,
    "Activo: un miembro inició sesión o alguien publicó en los últimos 30 días.",
    "Último inicio de sesión o publicación: 29 abr 2026",
    es.teams.inactive,
    es.teams.parentsWithAccess,
    es.teams.manage,
    "2 equipos en esta página",
  ]);
  assert.match(teams.html, /<title>Consola del sistema/);
  assert.match(teams.html, new RegExp(`aria-label="${es.console.tabsLabel}"`));

  const none = await getPage(t.app, "/sysadmin?tab=teams&q=zebra", { cookie });
  assertSpanish(none.html, "a search without teams", ['Ningún equipo coincide con "zebra"', es.teams.clear]);

  const analytics = await getPage(t.app, "/sysadmin?tab=analytics", { cookie });
  assertSpanish(analytics.html, "Analytics tab", [
    es.analytics.activity,
    "Activos en los últimos 7 días",
    "(50% de 2)",
    es.analytics.campaigns,
    "Global · creada el 30 abr 2026",
    messagesFor("es").campaigns.types.poll,
    es.analytics.statuses.Live,
    es.analytics.voted,
    'Votos de "¿Qué merienda después del partido?" (3 en total)',
    "Pizza: 2 votos (67%). Tacos: 1 voto (33%).",
    es.chart.option,
  ]);

  const dev = await getPage(t.app, "/sysadmin?tab=dev&synced=2&failed=1&skipped=0", { cookie });
  assertSpanish(dev.html, "Dev Tools tab", [
    es.devTools.heading,
    es.devTools.signInAs.TEAM_ADMIN,
    es.devTools.signInAs.TEAM_STANDARD,
    es.devTools.sync,
    "2 calendarios sincronizados, 1 con errores, 0 omitidos.",
  ]);
  const refused = await getPage(t.app, "/sysadmin?tab=dev&devError=no-account", { cookie });
  assertSpanish(refused.html, "Dev Tools refusal", [es.devTools.noAccount]);

  // A Campaigns-tab notice after a form is the frame's: in Spanish too.
  const done = await getPage(t.app, "/sysadmin?done=activated", { cookie });
  assert.ok(textOf(done.html).includes(es.console.notices.activated));
});

Deno.test("[sysadmin es] /admin: its three tabs, 'Authentication Required' and /admin-desktop", async () => {
  await using t = await createTestApp({ now: () => T0 });
  const { lions } = await world(t.kv);
  const cookie = `${await signInSysadmin(t)}; gm_lang=es`;

  const home = await getPage(t.app, "/admin", { cookie });
  assert.equal(home.res.status, 200);
  assertSpanish(home.html, "/admin Teams", [
    es.home.title,
    "Sesión iniciada como root@example.com",
    es.home.stats.teams,
    es.home.stats.operational,
    "0 correos en cola · 0 con errores",
    es.home.tabs.activity,
    es.home.invite.heading,
    "Vence en 7 días · Usado 0 veces",
    es.home.invite.generateNew,
    es.home.teams.publicRoster,
  ]);
  assert.match(home.html, /<title>Panel del administrador del sistema/);

  const notice = await getPage(t.app, "/admin?done=invite-link", { cookie });
  assert.ok(textOf(notice.html).includes(es.home.notices.inviteLink));

  const activity = await getPage(t.app, `/admin?tab=activity&team=${lions.slug}&action=claim.approved`, { cookie });
  assertSpanish(activity.html, "/admin Activity", [
    es.home.activity.lead,
    es.home.activity.allActions,
    es.home.activity.actions.claim.approved,
    es.home.activity.noMatch,
    es.home.activity.clear,
  ]);
  // The entries themselves are sentences in Spanish: the new invite link and the global poll.
  const log = textOf((await getPage(t.app, "/admin?tab=activity", { cookie })).html);
  assert.ok(log.includes("generó un nuevo enlace de invitación."), log);
  assert.ok(log.includes("Administrador del sistema root@example.com creó una campaña global (encuesta)."), log);
  assert.doesNotMatch(log, /generated a new invite link|created a global/);
  const unknown = await getPage(t.app, "/admin?tab=activity&team=Nobody", { cookie });
  assertSpanish(unknown.html, "/admin Activity, unknown team", ['Ningún equipo coincide con "Nobody".']);

  const settings = await getPage(t.app, "/admin?tab=settings", { cookie });
  assertSpanish(settings.html, "/admin Settings", [
    es.home.settings.labels.environment,
    es.home.settings.values.production,
    es.home.settings.values.memoryKv,
    "Cada 30 minutos",
  ]);

  const refused = await getPage(t.app, "/admin", { headers: SPANISH });
  assert.equal(refused.res.status, 401);
  assertSpanish(refused.html, "Authentication Required", [
    es.authRequired.title,
    es.authRequired.lead,
    "¿Administra un equipo? El área de administración de su equipo se abre desde Su panel.",
  ]);

  const moved = await getPage(t.app, "/admin-desktop", { headers: SPANISH });
  assertSpanish(moved.html, "/admin-desktop", [es.desktop.title, es.desktop.teamAdmins, es.desktop.console]);
});

Deno.test("[sysadmin es] the sysadmin calls answer their messages in Spanish", async () => {
  await using t = await createTestApp({ now: () => T0 });
  const cookie = await signInSysadmin(t);
  const long = await requestJson(t.app, `/api/admin/teams?q=${"a".repeat(201)}`, {
    headers: { cookie: `${cookie}; gm_lang=es` },
  });
  assert.equal(long.status, 400);
  const body = await long.json();
  assert.equal(body.message, "La búsqueda debe tener como máximo 200 caracteres");

  const badAction = await requestJson(t.app, "/api/admin/audit?action=Not%20An%20Action", {
    headers: { cookie, ...SPANISH },
  });
  assert.equal(badAction.status, 400);
  assert.equal((await badAction.json()).message, es.home.activity.problems.badAction);

  const out = await requestJson(t.app, "/api/sysadmin/logout", { body: {}, headers: { cookie, ...SPANISH } });
  assert.equal((await out.json()).message, es.api.loggedOut);
});
