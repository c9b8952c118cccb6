/**
 * The family dashboard's Team Feed, Essentials, Upcoming Events and Campaigns in Spanish (issue
 * 24): each section's words, dates and relative times in Spanish, nothing of these areas' English
 * left, their refusals in Spanish (JSON and the plain forms), and the sections still in English
 * for an English reader.
 */
import assert from "node:assert/strict";
import { adminWorld, call, signIn } from "../admin_helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { createTestApp, getPage } from "../helpers.ts";
import { englishLeftIn } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { isPlural } from "../../lib/i18n/format.ts";
import { createPost } from "../../lib/feed/mod.ts";
import { addEssential } from "../../lib/essentials/mod.ts";
import { saveEvent } from "../../lib/events/mod.ts";
import { createCampaign } from "../../lib/campaigns/mod.ts";
import { getUserByEmail } from "../../lib/db/users.ts";

const SPANISH = { "accept-language": "es-US,es;q=0.9" };
/** Wednesday 15 July 2026, 12:00 UTC: 8:00 AM in New York (EDT), the team's zone. */
const NOW = new Date("2026-07-15T12:00:00Z");
const MINUTE = 60_000;
const AREAS = ["feed", "essentials", "events", "campaigns"] as const;

/** Every English text of this slice's areas (a plural's forms apart). */
function areaTexts(): string[] {
  const en = messagesFor("en");
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === "string") out.push(node);
    else if (isPlural(node)) out.push(node.one, node.other);
    else if (typeof node === "object" && node !== null) Object.values(node).forEach(walk);
  };
  for (const area of AREAS) walk(en[area]);
  return out;
}

/**
 * What `englishLeftIn` finds of these areas (the dashboard's other sections are another slice's).
 * An option's value is the API's (categories are sent in English), not something a person reads.
 */
const englishOfTheseAreas = (html: string) => {
  const texts = areaTexts();
  const read = html.replace(/<option value="[^"]*"/g, "<option");
  return englishLeftIn(read).filter((literal) => texts.some((text) => text.includes(literal)));
};

const section = (html: string, id: string) => {
  const found = new RegExp(`<section[^>]*id="${id}"[\\s\\S]*?</section>`).exec(html);
  assert.ok(found, `section #${id}`);
  return found[0].replaceAll("\u00a0", " ");
};

async function world() {
  const t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const team = w.team.id;
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  await createPost(t.kv, team, { userId: parent.id }, {
    postType: "kudos",
    content: "¡Qué atajada!",
    playerId: w.players[0].id,
  }, new Date(NOW.getTime() - 3 * MINUTE));
  await createPost(t.kv, team, { userId: parent.id }, { postType: "news", content: "Fotos del sábado" }, NOW);
  await addEssential(t.kv, team, { userId: parent.id }, {
    category: "Equipment",
    subcategory: "Cleats",
    name: "Adidas Copa",
    description: "Buenas para pasto.",
    link: "https://example.com/copa",
  }, NOW);
  // Today 5:30–7:00 PM EDT; tomorrow 9:00 AM away (tentative); a cancelled practice; one later in the year.
  await saveEvent(t.kv, team, {
    id: "game",
    title: "Liga",
    eventType: "game",
    startTime: "2026-07-15T21:30:00Z",
    endTime: "2026-07-15T23:00:00Z",
    opponent: "Hawks",
    isHome: true,
    location: "Riverside Field 2",
  });
  await saveEvent(t.kv, team, {
    id: "away",
    title: "Visita",
    eventType: "game",
    status: "tentative",
    startTime: "2026-07-16T13:00:00Z",
    endTime: "2026-07-16T14:30:00Z",
    opponent: "Eagles",
    isHome: false,
  });
  await saveEvent(t.kv, team, {
    id: "practice",
    title: "Entrenamiento nocturno",
    eventType: "practice",
    status: "cancelled",
    startTime: "2026-07-18T22:00:00Z",
    endTime: "2026-07-18T23:30:00Z",
  });
  await saveEvent(t.kv, team, { id: "other", title: "Fiesta", startTime: "2026-08-01T16:00:00Z" });
  const poll = await createCampaign(t.kv, {
    teamId: team,
    title: "Merienda",
    pollQuestion: "¿Naranjas o manzanas?",
    pollOption1: "Naranjas",
    pollOption2: "Manzanas",
  }, NOW);
  const question = await createCampaign(t.kv, {
    teamId: team,
    title: "Pregunta",
    type: "question",
    questionText: "¿Qué llevamos?",
  }, NOW);
  return { t, w, poll, question };
}

Deno.test("[dashboard es] the feed, essentials, events and campaigns in Spanish; none of their English left", async () => {
  const { t, w } = await world();
  await using _ = t;
  const { res, html } = await getPage(t.app, `/family-dashboard/${w.team.id}`, {
    cookie: w.cookies.parent,
    headers: SPANISH,
  });
  assert.equal(res.status, 200);
  assert.match(html, /<html lang="es"/);

  const feed = section(html, "feed");
  assert.match(feed, /<h2 id="feed-title"[^>]*>Muro del equipo<\/h2>/);
  for (const text of ["Crear publicación", "Felicitar", "Compartir noticia", "Dar un consejo", "Todo el equipo"]) {
    assert.ok(feed.includes(text), text);
  }
  assert.ok(feed.includes("¿Qué le gustaría compartir?"));
  assert.ok(feed.includes(">Publicar</button>"));
  assert.ok(feed.includes("Felicitaciones para Maya R."), "the kudos line");
  assert.ok(feed.includes(">hace 3 minutos</time>"), "Intl's relative time");
  assert.ok(feed.includes(">hace un momento</time>"), "'just now'");
  assert.match(feed, /title="15 jul 2026, 7:57 a\.m\. ET"/, "the tooltip's date in Spanish");
  assert.ok(feed.includes('aria-label="Felicitación"') && feed.includes('aria-label="Noticia"'), "the icons' names");

  const essentials = section(html, "essentials");
  for (const text of ["Lo esencial", "Equipamiento", "Tacos", "Agregado por", "Recomendar un artículo"]) {
    assert.ok(essentials.includes(text), text);
  }
  assert.ok(essentials.includes('<option value="Equipment">Equipamiento</option>'), "values stay the API's");
  assert.ok(essentials.includes('<optgroup label="Equipamiento"><option value="Balls">Balones</option>'));
  assert.ok(essentials.includes("(se abre en una pestaña nueva)"));

  const events = section(html, "events");
  assert.match(events, /<h2 id="events-title">Próximos eventos<\/h2>/);
  assert.ok(events.includes("Hoy · 5:30 p.m. – 7:00 p.m."), "today, Spanish times");
  assert.ok(events.includes("Mañana · 9:00 a.m. – 10:30 a.m."), "tomorrow");
  assert.ok(events.includes("sáb, 18 de jul · 6:00 p.m. – 7:30 p.m."), "a later date in Spanish");
  assert.ok(events.includes(">Partido<") && events.includes(">Entrenamiento<") && events.includes(">Evento<"));
  assert.ok(events.includes(">vs. Hawks<") && events.includes(">@ Eagles<"));
  assert.ok(events.includes("CANCELADO:") && events.includes("La hora o el lugar pueden cambiar"));
  assert.ok(events.includes('title="hora oriental"'), "the zone's name in Spanish");
  assert.ok(events.includes(">Agregar a mi calendario</a>"));

  const campaigns = section(html, "campaigns");
  assert.match(campaigns, /<h2 id="campaigns-title">Campañas<\/h2>/);
  for (const text of ["Encuesta", "Pregunta", "1 de 2", "2 de 2", "Su respuesta", "Enviar", "Posponer", "Siguiente"]) {
    assert.ok(campaigns.includes(text), text);
  }
  assert.ok(campaigns.includes('aria-label="Su voto"') && campaigns.includes('aria-label="Campañas, 1 de 2"'));

  assert.deepEqual(englishOfTheseAreas(html), [], "nothing of these areas' English catalogue left");
  // The islands carry their words in the page's language, nothing of the English areas.
  const props = [...html.matchAll(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  assert.ok(props.some((p) => p.includes('"lang":"es"') && p.includes("Muro del equipo")), "the feed island's words");
  assert.ok(!props.some((p) => p.includes("Start the Conversation")), "no English feed words in the props");

  // The same page in English still reads as before.
  const english = (await getPage(t.app, `/family-dashboard/${w.team.id}`, w.cookies.parent)).html;
  assert.match(english, /<html lang="en"/);
  assert.ok(section(english, "feed").includes(">3 minutes ago</time>"));
  assert.ok(section(english, "events").includes("Today · 5:30 PM – 7:00 PM"));
  assert.ok(section(english, "essentials").includes('<option value="Equipment">Equipment</option>'));
  assert.ok(englishOfTheseAreas(english).length > 0, "the check sees English");
});

Deno.test("[dashboard es] empty sections, a read-only viewer and the feed's pages, in Spanish", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const page = async (cookie: string, query = "") =>
    (await getPage(t.app, `/family-dashboard/${w.team.id}${query}`, { cookie, headers: SPANISH })).html;

  const empty = await page(w.cookies.parent);
  assert.ok(section(empty, "feed").includes("Inicie la conversación"));
  assert.ok(section(empty, "essentials").includes("Todavía no hay recomendaciones"));
  assert.ok(section(empty, "events").includes("No hay eventos para mostrar"));
  assert.ok(section(empty, "events").includes("Pídale al administrador del equipo"));
  assert.ok(section(empty, "campaigns").includes("¡Está al día!"));
  assert.deepEqual(englishOfTheseAreas(empty), []);

  const admin = await page(w.cookies.admin);
  assert.ok(section(admin, "events").includes(">Conectar su calendario</a>"), "the admin's way to connect");
  assert.deepEqual(englishOfTheseAreas(admin), []);

  const sysadmin = await page(w.cookies.sysadmin);
  assert.ok(section(sysadmin, "feed").includes("Los administradores del sistema pueden leer el muro"));
  assert.ok(section(sysadmin, "essentials").includes("Los administradores del sistema pueden leer lo esencial"));
  assert.deepEqual(englishOfTheseAreas(sysadmin), []);

  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  for (let i = 0; i < 21; i++) {
    await createPost(t.kv, w.team.id, { userId: parent.id }, { postType: "news", content: `Noticia ${i}` }, NOW);
  }
  const first = await page(w.cookies.parent);
  const older = /href="[^"]*\?feed=([^"#]+)#feed">Publicaciones anteriores<\/a>/.exec(first);
  assert.ok(older, "the link to older posts");
  const second = await page(w.cookies.parent, `?feed=${older[1]}`);
  assert.ok(section(second, "feed").includes(">Más recientes</a>"));
  assert.deepEqual(englishOfTheseAreas(second), []);
});

Deno.test("[dashboard es] refusals in Spanish: the JSON calls and the plain forms", async () => {
  const { t, w, question } = await world();
  await using _ = t;
  const team = w.team.id;
  const json = async (method: string, path: string, body: unknown) => {
    const res = await call(t.app, method, path, { cookie: w.cookies.parent, body, headers: SPANISH });
    return { status: res.status, body: await res.json() };
  };

  const post = await json("POST", `/api/teams/${team}/posts`, { content: " " });
  assert.equal(post.status, 400);
  assert.equal(post.body.message, "Elija un tipo de publicación");
  assert.deepEqual(post.body.fields, {
    postType: "Elija un tipo de publicación",
    content: "Escriba algo para publicar",
  });
  const long = await json("POST", `/api/teams/${team}/posts`, { postType: "news", content: "a".repeat(281) });
  assert.equal(long.body.message, "Las publicaciones pueden tener como máximo 280 caracteres");

  const essential = await json("POST", `/api/teams/${team}/essentials`, {
    category: "Travel",
    subcategory: "",
    name: "",
    description: "x",
    link: "nope",
  });
  assert.equal(essential.status, 400);
  assert.deepEqual(essential.body.fields, {
    subcategory: "La subcategoría es obligatoria",
    name: "El nombre del artículo es obligatorio",
    link: "Escriba una URL válida",
  });

  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const answer = await json("POST", `/api/campaigns/${question.id}/respond`, {
    parentId: parent.id,
    questionResponse: "   ",
  });
  assert.equal(answer.status, 400);
  assert.equal(answer.body.message, "Escriba su respuesta");

  // Without JavaScript: the page again, in Spanish, with each message beside its field.
  const form = await call(t.app, "POST", `/family-dashboard/${team}/posts`, {
    cookie: w.cookies.parent,
    form: { postType: "kudos", content: "", playerId: "" },
    headers: SPANISH,
  });
  assert.equal(form.status, 422);
  const refused = await form.text();
  assert.ok(
    section(refused, "feed").includes('<p id="feed-content-error" class="field__error">Escriba algo para publicar</p>'),
  );
  assert.deepEqual(englishOfTheseAreas(refused), []);
});

Deno.test("[dashboard es] a person without a name is named in the reader's language: the feed, essentials and a new post", async () => {
  const { t, w } = await world();
  await using _ = t;
  const team = w.team.id;
  // A parent who set no name and links to no child: "A team member".
  const nameless = await createAccount(t.kv, {
    email: "nameless@example.com",
    teamId: team,
    firstName: "",
    lastName: "",
  });
  const cookie = await signIn(t, nameless.email);
  await createPost(t.kv, team, { userId: nameless.id }, { postType: "news", content: "Sin nombre" }, NOW);
  await addEssential(t.kv, team, { userId: nameless.id }, {
    category: "Equipment",
    subcategory: "Cleats",
    name: "Nike",
    description: "Para pasto.",
    link: "https://example.com/nike",
  }, NOW);
  const read = async (path: string, headers: Record<string, string>) => {
    const res = await call(t.app, "GET", path, { cookie, headers });
    assert.equal(res.status, 200);
    return await res.json();
  };
  type Named = { content?: string; name?: string; authorName?: string; userName?: string };
  const authorOf = (page: { values: Named[] }, content: string) =>
    page.values.find((p) => p.content === content)?.authorName;
  const spanishFeed = await read(`/api/teams/${team}/posts`, SPANISH);
  assert.equal(authorOf(spanishFeed, "Sin nombre"), "Un miembro del equipo");
  assert.equal(authorOf(spanishFeed, "Fotos del sábado"), "Test Person", "a name of one's own stays");
  const englishFeed = await read(`/api/teams/${team}/posts`, { "accept-language": "en-US" });
  assert.equal(authorOf(englishFeed, "Sin nombre"), "A team member");
  const essentials = await read(`/api/teams/${team}/essentials`, SPANISH);
  assert.equal(essentials.values.find((i: Named) => i.name === "Nike")?.userName, "Un miembro del equipo");

  const posted = await call(t.app, "POST", `/api/teams/${team}/posts`, {
    cookie,
    body: { postType: "news", content: "Hola" },
    headers: SPANISH,
  });
  assert.equal(posted.status, 201);
  assert.equal((await posted.json()).authorName, "Un miembro del equipo");

  const { html } = await getPage(t.app, `/family-dashboard/${team}`, { cookie, headers: SPANISH });
  assert.match(section(html, "feed"), /Un miembro del equipo/);
  assert.doesNotMatch(html, /A team member/);
});
