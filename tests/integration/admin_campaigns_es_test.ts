/**
 * The team admin's Campaigns page and the dashboard's Team Calendar card in Spanish (issue 24):
 * a poll with its tally and a question, the form without JavaScript refused and accepted, a
 * calendar link refused (the dashboard again, and the JSON call), and a failed sync's reason,
 * all in Spanish with no English of the catalogue left; English readers keep the spec's words.
 */
import assert from "node:assert/strict";
import { adminWorld, call } from "../admin_helpers.ts";
import { createTestApp, kvValues } from "../helpers.ts";
import { englishLeftIn } from "../i18n_helpers.ts";
import { startFeedServer } from "../calendar_feed_server.ts";
import { type Campaign, CAMPAIGN_MESSAGES, createCampaign } from "../../lib/campaigns/mod.ts";
import type { CalendarView } from "../../lib/calendar/mod.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

const SPANISH = { "accept-language": "es-US,es;q=0.9" };
const POLL = {
  title: "Merienda",
  pollQuestion: "¿Naranjas o manzanas?",
  pollOption1: "Naranjas",
  pollOption2: "Manzanas",
};

async function world(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  const w = await adminWorld(t);
  return { t, w };
}

/** A GET or form post of the admin, in Spanish. */
const asAdmin = (
  t: { app: Parameters<typeof call>[0] },
  cookie: string,
  method: string,
  path: string,
  options: { form?: Record<string, string>; body?: unknown } = {},
) => call(t.app, method, path, { cookie, headers: SPANISH, ...options });

Deno.test("[admin campaigns es] the page in Spanish: the form, a poll's tally, a question's answers, nothing English left", async () => {
  const { t, w } = await world();
  await using _ = t;
  const poll = await createCampaign(t.kv, { teamId: w.team.id, ...POLL }, new Date());
  await createCampaign(t.kv, {
    teamId: w.team.id,
    title: "Pregunta",
    type: "question",
    questionText: "¿Qué traemos?",
    isSnoozable: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  }, new Date());
  const answers: [string, unknown][] = [[w.cookies.parent, { pollResponse: 2 }], [w.cookies.player, {
    isDismissed: true,
  }]];
  for (const [cookie, body] of answers) {
    const res = await call(t.app, "POST", `/api/campaigns/${poll.id}/respond`, { cookie, body });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  }
  const res = await asAdmin(t, w.cookies.admin, "GET", `/admin/${w.team.id}/campaigns`);
  assert.equal(res.status, 200);
  const html = (await res.text()).replaceAll("\u00a0", " ").replaceAll("\u202f", " ");
  assert.match(html, /<html lang="es"/);
  assert.match(html, /<title>Campañas · /);
  for (
    const text of [
      ">Nueva campaña<",
      ">Campañas del equipo<",
      ">Pregunta de la encuesta<",
      ">Publicar el (opcional)<",
      "Hora del Este. Vacío: de inmediato.",
      ">Las familias pueden posponerla<",
      ">Crear campaña<",
      ">Encuesta<",
      ">Publicada<",
      "1 voto (100%)",
      "0 votos (0%)",
      "1 votó · 1 la descartó · 0 la pospusieron",
      "Se pospone 3 días",
      "No se puede posponer",
      "Vence el ",
      ">Desactivar<",
      "¿Seguro que desea eliminar esta campaña?",
    ]
  ) assert.ok(html.includes(text), text);
  assert.match(html, /Creada el \d{1,2} [a-z]{3,4}\.? \d{4}/, "a date in Spanish");
  assert.deepEqual(englishLeftIn(html), []);

  // An English reader keeps the spec's words.
  const english = await (await call(t.app, "GET", `/admin/${w.team.id}/campaigns`, { cookie: w.cookies.admin }))
    .text();
  assert.match(english, /<html lang="en"/);
  for (const text of [">New Campaign<", "1 vote (100%)", "0 votes (0%)", "1 voted · 1 dismissed · 0 snoozed"]) {
    assert.ok(english.includes(text), text);
  }
});

Deno.test("[admin campaigns es] the form without JavaScript: refused in Spanish with what was typed, then created with a Spanish notice", async () => {
  const { t, w } = await world();
  await using _ = t;
  const base = `/teams/${w.team.id}/campaigns`;
  const refused = await asAdmin(t, w.cookies.admin, "POST", base, {
    form: {
      title: "Media encuesta",
      type: "poll",
      pollQuestion: "¿Cuál merienda?",
      pollOption1: "Naranjas",
      isActive: "on",
      snoozeDays: "3",
    },
  });
  assert.equal(refused.status, 400);
  const html = await refused.text();
  assert.match(html, /<html lang="es"/);
  assert.match(html, /role="alert">Las dos opciones de la encuesta son obligatorias</);
  assert.match(html, /id="campaign-option-2-error">Las dos opciones de la encuesta son obligatorias</);
  assert.ok(html.includes('value="Media encuesta"'), "what was typed comes back");
  assert.ok(!html.includes(CAMPAIGN_MESSAGES.pollOptions));
  assert.deepEqual(englishLeftIn(html), []);
  const badDate = await asAdmin(t, w.cookies.admin, "POST", base, {
    form: { title: "T", type: "question", questionText: "Q", publishAt: "2030-13-45T99:00", snoozeDays: "3" },
  });
  assert.equal(badDate.status, 400);
  assert.ok((await badDate.text()).includes("La fecha de publicación debe ser una fecha válida"));
  assert.deepEqual(await kvValues(t.kv, { prefix: ["team_campaigns", w.team.id] }), []);

  const created = await asAdmin(t, w.cookies.admin, "POST", base, {
    form: { title: "Pregunta", type: "question", questionText: "¿Qué día?", isActive: "on", snoozeDays: "3" },
  });
  assert.equal(created.status, 303);
  const after = await (await asAdmin(t, w.cookies.admin, "GET", created.headers.get("location")!)).text();
  assert.ok(after.includes("Campaña creada. Las familias la verán en el panel familiar cuando se publique."));
  const [stored] = await kvValues<Campaign>(t.kv, { prefix: ["team_campaigns", w.team.id] });
  const off = await asAdmin(t, w.cookies.admin, "POST", `${base}/${stored.id}/status`, { form: { isActive: "false" } });
  const notice = await (await asAdmin(t, w.cookies.admin, "GET", off.headers.get("location")!)).text();
  assert.ok(notice.includes("Campaña desactivada. Las familias ya no la ven."));
  assert.ok(notice.includes(">Inactiva<"));
  assert.deepEqual(englishLeftIn(notice), []);

  // The JSON call answers its refusal in Spanish too.
  const json = await asAdmin(t, w.cookies.admin, "POST", `/api/admin/${w.team.id}/campaigns`, {
    body: { ...POLL, title: "" },
  });
  assert.equal(json.status, 400);
  assert.equal((await json.json()).message, "El título es obligatorio");
});

Deno.test("[admin calendar es] a refused calendar link: the dashboard again with the card and its error in Spanish, and the JSON call", async () => {
  const { t, w } = await world();
  await using _ = t;
  const page = await asAdmin(t, w.cookies.admin, "POST", `/admin/${w.team.id}/calendar`, {
    form: { calendarUrl: "ftp://example.com/team.ics" },
  });
  assert.equal(page.status, 400);
  const html = await page.text();
  assert.match(html, /<html lang="es"/);
  const card = /<section[^>]*id="team-calendar"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  for (
    const text of [
      ">Calendario del equipo<",
      ">URL del calendario<",
      'value="ftp://example.com/team.ics"',
      'role="alert">Escriba un enlace de calendario que empiece con https:// o webcal://<',
      ">Agregar calendario<",
      "Se sincroniza cada 30 minutos.",
    ]
  ) assert.ok(card.includes(text), text);
  assert.deepEqual(englishLeftIn(card), []);
  assert.ok(!html.includes(messagesFor("en").adminCalendar.url.scheme));

  const json = await asAdmin(t, w.cookies.admin, "POST", `/api/teams/${w.team.id}/calendar`, {
    body: { calendarUrl: "https://user:secret@example.com/team.ics" },
  });
  assert.equal(json.status, 400);
  assert.equal(
    (await json.json()).message,
    "Los enlaces de calendario no pueden incluir un nombre de usuario ni una contraseña",
  );
});

Deno.test("[admin calendar es] a failed sync: its reason, the card's words and Try again in Spanish; the JSON too", async () => {
  const { t, w } = await world({ CALENDAR_ALLOW_PRIVATE_HOSTS: "1" });
  await using _ = t;
  const start = new Date(Date.now() + 86_400_000).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//GoalMates tests//EN",
    "BEGIN:VEVENT",
    "UID:game@test",
    `DTSTAMP:${start}`,
    `DTSTART:${start}`,
    "SUMMARY:Partido",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  const feed = startFeedServer({ "/feed.ics": { body: ics } });
  try {
    const added = await asAdmin(t, w.cookies.admin, "POST", `/api/teams/${w.team.id}/calendar`, {
      body: { calendarUrl: feed.url("/feed.ics") },
    });
    assert.equal(added.status, 201);
    const { message, calendar } = await added.json() as { message: string; calendar: CalendarView };
    assert.equal(message, "Calendario agregado");

    feed.set("/feed.ics", { body: "gone", status: 410 });
    const synced = await asAdmin(t, w.cookies.admin, "POST", `/api/teams/${w.team.id}/calendars/${calendar.id}/sync`);
    const answer = await synced.json() as { message: string; calendar: CalendarView };
    assert.equal(answer.message, "El servidor del calendario respondió 410");
    assert.equal(answer.calendar.lastSyncError, "El servidor del calendario respondió 410");
    const [listed] = await (await asAdmin(t, w.cookies.admin, "GET", `/api/teams/${w.team.id}/calendars`))
      .json() as CalendarView[];
    assert.equal(listed.lastSyncError, "El servidor del calendario respondió 410");

    const html = await (await asAdmin(t, w.cookies.admin, "GET", `/admin/${w.team.id}`)).text();
    const card = /<section[^>]*id="team-calendar"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    for (
      const text of [
        ">No se pudo actualizar el calendario<",
        ">Error de sincronización:</strong>",
        ">Reintentar</button>",
        ">Quitar</button>",
        ">Enlace de calendario (ICS)<",
        ">Estado:<",
        ">Hace un momento<",
        "Se muestra el calendario tal como estaba el ",
      ]
    ) assert.ok(card.includes(text), text);
    const english = await (await call(t.app, "GET", `/admin/${w.team.id}`, { cookie: w.cookies.admin })).text();
    assert.match(english, /Sync error:<\/strong> (<!-- -->)?The calendar server answered 410/);
  } finally {
    await feed.close();
  }
});
