/**
 * The System Console's Campaigns tab and the e-mail test page in Spanish (issue 24): the tables
 * with active and inactive campaigns (statuses, types, dates in New York time written the
 * Spanish way), the create form refused without JavaScript, the delete confirmation, `/email-test`
 * with its outbox and its no-JavaScript results, and the JSON refusals of their calls. The English
 * pages are checked word for word by sysadmin_console_test.ts and test_email_api_test.ts.
 */
import assert from "node:assert/strict";
import { call, createTestApp, postFormAs, requestJson } from "../helpers.ts";
import { signInSysadmin } from "../admin_helpers.ts";
import { englishLeftIn, islandDataIn, readableText } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { createCampaign } from "../../lib/campaigns/mod.ts";
import { formatCampaignTime } from "../../lib/campaigns/display.ts";
import { createOutboxMailer } from "../../lib/mail/mailers.ts";

const es = messagesFor("es");
const s = es.sysadminCampaigns;
const SPANISH = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const POLL = { title: "Snack vote", pollQuestion: "Oranges or apples?", pollOption1: "Oranges", pollOption2: "Apples" };
const DAY = 86_400_000;

const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
/** The Campaigns tab: from its section to the end of the page's main part (the console's frame is not this slice's). */
const campaignsTab = (html: string) => {
  const start = html.indexOf('class="console-campaigns-tab"');
  assert.ok(start >= 0, "the Campaigns tab");
  return html.slice(start, html.indexOf("</main>", start));
};
/** The messages an island's page handed it (its props' `__i18n`). */
function assertSpanish(html: string, where: string, texts: string[]) {
  assert.equal(htmlLang(html), "es", `${where}: <html lang>`);
  const text = readableText(html);
  for (const expected of texts) assert.ok(text.includes(expected), `${where} lacks '${expected}'`);
}

async function setup(env: Record<string, string> = {}) {
  const clock = { now: new Date("2030-03-02T15:00:00.000Z") };
  const t = await createTestApp({ now: () => clock.now, env });
  // The switch's cookie: a system administrator has no account to keep a language on.
  const cookie = `${await signInSysadmin(t)}; gm_lang=es`;
  return { t, clock, cookie };
}

Deno.test("[sysadmin campaigns es] the Campaigns tab in Spanish: the tables, the dialog, the island's words", async () => {
  const { t, clock, cookie } = await setup();
  await using _ = t;
  const at = clock.now;
  const live = await createCampaign(t.kv, { teamId: null, ...POLL }, new Date(at.getTime() - 3000));
  await createCampaign(t.kv, {
    teamId: null,
    title: "Old fact",
    type: "fun_fact",
    factText: "Fact text",
    expiresAt: new Date(at.getTime() - 1).toISOString(),
  }, new Date(at.getTime() - 2000));
  await createCampaign(t.kv, {
    teamId: null,
    title: "Picture day",
    type: "newsflash",
    newsText: "Saturday",
    publishAt: new Date(at.getTime() + DAY).toISOString(),
  }, new Date(at.getTime() - 1000));
  const paused = await createCampaign(t.kv, {
    teamId: null,
    title: "Paused question",
    type: "question",
    questionText: "Why?",
    isActive: false,
  }, at);

  const res = await call(t.app, "GET", "/sysadmin", { cookie });
  assert.equal(res.status, 200);
  const html = await res.text();
  assertSpanish(html, "/sysadmin", [
    "Campañas globales",
    s.lead,
    "Crear campaña",
    "Lanzar nueva campaña global",
    "Campañas activas",
    "Campañas inactivas",
    "Pregunta de la encuesta",
    "Texto del dato curioso",
    "Las familias pueden posponerla",
    "Lanzar campaña",
    "Alcance",
    "Vencimiento",
    "Desactivar",
    "Activar",
    "Eliminar",
  ]);
  assert.deepEqual(englishLeftIn(campaignsTab(html)), [], "English catalogue texts left in the Campaigns tab");

  // Each row: its status and type in Spanish; its dates in New York time, written the Spanish way.
  const row = (title: string) => {
    const start = html.indexOf(`>${title}</th>`);
    assert.ok(start >= 0, title);
    return html.slice(start, html.indexOf("</tr>", start));
  };
  assert.match(row("Snack vote"), /campaign-status--live">Publicada</);
  assert.match(row("Snack vote"), /<td data-label="Tipo">Encuesta<\/td>/);
  assert.match(row("Snack vote"), /<td data-label="Alcance">Global<\/td>/);
  assert.ok(
    row("Snack vote").includes(`<td data-label="Publicación">${formatCampaignTime(live.createdAt, "es")}</td>`),
  );
  assert.match(formatCampaignTime(live.createdAt, "es"), /^2 mar 2030, 9:59\sa\.\s?m\.\sEST$/);
  assert.match(row("Snack vote"), /<td data-label="Vencimiento">Nunca<\/td>/);
  assert.match(row("Snack vote"), />Desactivar<span class="visually-hidden"> Snack vote<\/span>/);
  assert.match(row("Old fact"), /campaign-status--expired">Vencida</);
  assert.match(row("Old fact"), /<td data-label="Tipo">Dato curioso<\/td>/);
  assert.match(row("Picture day"), /campaign-status--scheduled">Programada</);
  assert.match(row("Paused question"), /campaign-status--inactive">Inactiva</);
  assert.ok(
    row("Paused question").includes(`<td data-label="Creación">${formatCampaignTime(paused.createdAt, "es")}</td>`),
  );
  assert.match(row("Paused question"), />Activar<span class="visually-hidden"> Paused question<\/span>/);
  assert.match(
    html,
    /<option value="poll" selected="">Encuesta<\/option><option value="question">Pregunta<\/option><option value="fun_fact">Dato curioso<\/option><option value="newsflash">Noticia breve<\/option>/,
  );
  assert.match(html, /<p class="field__hint" id="gc-publishAt-hint">Hora del Este\. Vacío: de inmediato\.<\/p>/);

  // The island gets its words in Spanish, its own area and the campaigns' (types, refusals).
  const given = islandDataIn(html, "GlobalCampaignForm").messages;
  assert.equal(given.lang, "es");
  assert.deepEqual(Object.keys(given.m).sort(), ["campaigns", "common", "sysadminCampaigns"]);
  assert.deepEqual(given.m.campaigns, { types: es.campaigns.types });
  assert.deepEqual(given.m.sysadminCampaigns, {
    toasts: s.toasts,
    form: s.form,
    tables: s.tables,
    statuses: s.statuses,
  });
  assert.ok(html.includes(JSON.stringify(es.campaigns.errors.deleteConfirm)), "the delete question, for confirm()");
});

Deno.test("[sysadmin campaigns es] without JavaScript: a refused create in Spanish, and the delete confirmation", async () => {
  const { t, clock, cookie } = await setup();
  await using _ = t;
  const refused = await postFormAs(t.app, "/sysadmin/campaigns", {
    title: "",
    type: "poll",
    pollQuestion: "¿Naranjas o manzanas?",
    pollOption1: "Naranjas",
    pollOption2: "",
    questionText: "",
    factText: "",
    newsText: "",
    publishAt: "",
    expiresAt: "",
    isActive: "on",
    snoozeDays: "7",
  }, cookie);
  assert.equal(refused.status, 400);
  const html = await refused.text();
  assertSpanish(html, "the refused form", [s.toasts.createFailed, es.campaigns.errors.title]);
  assert.ok(html.includes(`role="alert">${s.toasts.createFailed} ${es.campaigns.errors.title}</div>`));
  assert.ok(html.includes(`<p class="field__error" id="gc-title-error">${es.campaigns.errors.title}</p>`));
  assert.match(
    html,
    /<dialog id="deploy-campaign" class="dialog console-dialog" aria-labelledby="deploy-title" open="">/,
  );
  assert.match(html, /value="¿Naranjas o manzanas\?"/, "what was typed comes back");
  assert.deepEqual(englishLeftIn(campaignsTab(html)), [], "English left in the refused form");

  const campaign = await createCampaign(t.kv, { teamId: null, ...POLL }, clock.now);
  const ask = await postFormAs(t.app, `/sysadmin/campaigns/${campaign.id}/delete`, {}, cookie);
  assert.equal(ask.status, 200);
  const askHtml = await ask.text();
  assertSpanish(askHtml, "the delete confirmation", ["Eliminar campaña", "Cancelar"]);
  assert.ok(askHtml.includes('<h2 id="console-confirm-heading">¿Eliminar “Snack vote”?</h2>'));
  assert.ok(askHtml.includes(`<p role="alert">${es.campaigns.errors.deleteConfirm}</p>`));
  const confirm = askHtml.slice(askHtml.indexOf('class="card console-confirm"'), askHtml.indexOf("</main>"));
  assert.deepEqual(englishLeftIn(confirm), [], "English left in the confirmation");
});

Deno.test("[sysadmin campaigns es] the global campaign calls refuse in Spanish", async () => {
  const { t, cookie } = await setup();
  await using _ = t;
  const headers = { cookie, ...SPANISH };
  const created = await requestJson(t.app, "/api/admin/campaigns", {
    body: { title: "", type: "poll", pollQuestion: "Q?", pollOption1: "A", pollOption2: "B" },
    headers,
  });
  assert.equal(created.status, 400);
  // The console's island shows each field's message next to it.
  assert.deepEqual(await created.json(), {
    message: es.campaigns.errors.title,
    fields: { title: es.campaigns.errors.title },
  });
  const missing = await requestJson(t.app, "/api/admin/campaigns/01ARZ3NDEKTSV4RRFFQ69G5FAV", {
    method: "PATCH",
    body: { isActive: false },
    headers,
  });
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).message, es.campaigns.errors.notFound);
});

Deno.test("[sysadmin campaigns es] /email-test in Spanish: the form, the outbox, a no-JS result and refusal", async () => {
  const { t, cookie } = await setup({ GOALMATES_ENV: "development" });
  await using _ = t;
  const page = await call(t.app, "GET", "/email-test", { cookie });
  assert.equal(page.status, 200);
  const html = await page.text();
  assertSpanish(html, "/email-test", [
    "Prueba de correo",
    s.emailTest.lead,
    "Nombre del jugador",
    "Probar correo de verificación",
    "Probar enlace de acceso",
    "Resultados",
    s.emailTest.noResults,
    "Bandeja de salida de desarrollo",
    s.emailTest.outbox.devLead,
  ]);
  assert.match(html, /<title>Prueba de correo · GoalMates<\/title>/);
  assert.ok(html.includes('value="Jugador de prueba"'), "the player name it starts with");
  assert.deepEqual(englishLeftIn(html), [], "English catalogue texts left on /email-test");
  const given = islandDataIn(html, "EmailTest").messages;
  assert.equal(given.lang, "es");
  assert.deepEqual(given.m.sysadminCampaigns, { emailTest: s.emailTest }, "only the page's own words");

  const sent = await postFormAs(t.app, "/email-test", {
    type: "magic-link",
    email: "dev@example.com",
    playerName: "Sam",
  }, cookie);
  assert.equal(sent.status, 200);
  const sentHtml = await sent.text();
  const queued = format("es", s.emailTest.queued.magicLink, { email: "dev@example.com" });
  assertSpanish(sentHtml, "a sent test mail", [queued, "enlace de acceso", "Sí", "Correo electrónico"]);
  assert.deepEqual(englishLeftIn(sentHtml), []);

  // What the outbox mailer delivered is listed, to whom in Spanish.
  const outbox = createOutboxMailer(t.kv, { withBodies: true, log: () => {} });
  await outbox.send({ to: { address: "newcomer@example.com" }, kind: "sign-in", subject: "Hola", text: "", html: "" });
  const listed = await (await call(t.app, "GET", "/email-test", { cookie })).text();
  assert.match(listed, /outbox__meta">.*? · para newcomer@example\.com</s, "the outbox lists it");
  assert.deepEqual(englishLeftIn(listed), []);

  const refused = await postFormAs(t.app, "/email-test", { type: "verification", email: "" }, cookie);
  assert.equal(refused.status, 400);
  const refusedHtml = await refused.text();
  assertSpanish(refusedHtml, "a refused test mail", [s.emailTest.refused.emailRequired, "verificación"]);
  assert.deepEqual(englishLeftIn(refusedHtml), []);
});

Deno.test("[sysadmin campaigns es] /api/test-email answers in Spanish", async () => {
  const { t, cookie } = await setup();
  await using _ = t;
  const headers = { cookie, ...SPANISH };
  const cases: [string, unknown, string][] = [
    ["verification", {}, s.emailTest.refused.emailRequired],
    ["verification", { email: "not-an-email" }, s.emailTest.refused.invalidEmail],
    ["magic-link", { email: "a@example.com" }, s.emailTest.refused.bothRequired],
    [
      "magic-link",
      { email: "a@example.com", playerName: "x".repeat(81) },
      format("es", s.emailTest.refused.playerNameTooLong, { max: 80 }),
    ],
  ];
  for (const [type, body, message] of cases) {
    const res = await requestJson(t.app, `/api/test-email/${type}`, { body, headers });
    assert.equal(res.status, 400, `${type} ${JSON.stringify(body)}`);
    assert.deepEqual(await res.json(), { message });
  }
  const sent = await requestJson(t.app, "/api/test-email/verification", { body: { email: "a@example.com" }, headers });
  assert.equal(sent.status, 200);
  assert.equal((await sent.json()).message, format("es", s.emailTest.queued.verification, { email: "a@example.com" }));
});
