/**
 * The family dashboard in Spanish (issue 24): its shell, the Photo Gallery (the section, the
 * View All page and the islands' messages) and Meet Your Soccer Family (the cards, the member
 * dialog and the Family Explorer that work without JavaScript), with nothing of their English
 * catalogue texts left; the page cache keeping one page per viewer and language; and the photos
 * calls answering their refusals in Spanish. English is checked by the existing dashboard,
 * gallery and family tests, unchanged. The feed, essentials, events and campaigns sections have
 * their own test (dashboard_feed_es_test.ts).
 */
import assert from "node:assert/strict";
import { createTestApp, getPage, requestJson } from "../helpers.ts";
import { type AdminWorld, adminWorld, call, signIn } from "../admin_helpers.ts";
import { islandDataIn, readableText } from "../i18n_helpers.ts";
import { isPlural } from "../../lib/i18n/format.ts";
import { type Area, messagesFor } from "../../lib/i18n/catalog.ts";
import { islandMessages as messagesOfIsland } from "../../lib/i18n/island_areas.ts";
import { newPhotoId, type PhotoRecord, stagePhoto } from "../../lib/db/gallery.ts";

const SPANISH = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const ENGLISH = { "accept-language": "en-US,en;q=0.9" };
const es = messagesFor("es");
const NOW = new Date("2026-05-04T17:00:05.000Z");

const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** Text as the page writes it (`&#x27;` for an apostrophe, React's `<!-- -->` between text parts gone). */
const plain = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/**
 * The English texts of this slice's areas still readable in `html` (other slices write other parts
 * of the page and check theirs): as `englishLeftIn` (tests/i18n_helpers.ts) counts them, the
 * longest literal part of each text Spanish words differently, from 10 characters on.
 */
function englishOfOurAreasLeftIn(html: string): string[] {
  const leaves = (node: unknown, path = "", out = new Map<string, string[]>()) => {
    if (typeof node === "string") out.set(path, [node]);
    else if (isPlural(node)) out.set(path, [node.one, node.other]);
    else if (typeof node === "object" && node !== null) {
      for (const [key, child] of Object.entries(node)) leaves(child, `${path}.${key}`, out);
    }
    return out;
  };
  const text = readableText(html);
  const left: string[] = [];
  for (const area of ["dashboard", "photos", "family"] as const) {
    const spanish = leaves(es[area]);
    for (const [path, texts] of leaves(messagesFor("en")[area])) {
      for (const english of texts) {
        const literal = english.split(/\{\w+\}/).map((part) => part.trim()).sort((a, b) => b.length - a.length)[0];
        if (literal.length < 10 || spanish.get(path)?.includes(english)) continue;
        if (text.includes(literal)) left.push(literal);
      }
    }
  }
  return left;
}

const dashboardOf = (w: AdminWorld) => `/family-dashboard/${w.team.id}`;

/** `count` gallery photos saved through the repository (by the team's shared login), oldest first. */
async function savePhotos(kv: Deno.Kv, teamId: string, count: number) {
  for (let n = 1; n <= count; n++) {
    const at = NOW.getTime() - (count - n + 1) * 60_000;
    const id = newPhotoId(at);
    const path = (size: string) => `/objects/${teamId}/${id}${size}`;
    const photo: PhotoRecord = {
      id,
      objectPath: path(""),
      thumbnailPath: path("t"),
      mediumPath: path("m"),
      urls: { thumbnail: path("t"), medium: path("m"), full: path("") },
      caption: `Partido ${n}`,
      uploaderType: "parent",
      uploaderId: null,
      createdAt: new Date(at).toISOString(),
    };
    assert.ok((await stagePhoto(kv.atomic(), teamId, photo).commit()).ok);
  }
}

Deno.test("[dashboard es] the shell, an empty Photo Gallery and Meet Your Soccer Family in Spanish; the islands' messages too", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const { res, html } = await getPage(t.app, dashboardOf(w), { cookie: w.cookies.admin, headers: SPANISH });
  assert.equal(res.status, 200);
  assert.equal(htmlLang(html), "es");
  assert.equal(plain(titleOf(html)!), `${w.team.name} · Panel familiar · GoalMates`);
  const text = plain(html);
  for (
    const expected of [
      `<span class="visually-hidden">${w.team.name}:</span> Panel familiar</h1>`,
      `href="/home">${es.layout.header.hub}</a>`,
      `href="/teams/${w.team.id}">${es.layout.menu.teamAdmin}</a>`,
      `<nav aria-label="${es.layout.header.nav}" class="site-nav">`,
      // The Photo Gallery, empty.
      '<h2 id="photos-title" tabindex="-1">Galería de fotos</h2>',
      ">Agregar fotos</a>",
      'Ver todas <span class="visually-hidden">las fotos</span>',
      "Todavía no hay fotos",
      "Comparta la primera foto del equipo con Agregar fotos.",
      // Meet Your Soccer Family: the toggle and the players' cards.
      '<h2 id="family-title">Conozca a su familia futbolera</h2>',
      'aria-label="Mostrar jugadores o padres"',
      ">Jugadores</button>",
      ">Padres</button>",
      '<ul class="family-cards" aria-label="Jugadores">',
      '<span class="visually-hidden">Camiseta</span>',
    ]
  ) assert.ok(text.includes(expected), expected);
  assert.deepEqual(englishOfOurAreasLeftIn(html), []);

  // Each island gets its areas, in Spanish, and no other part of the catalogue.
  const areasOf = (name: string) => Object.keys(islandDataIn(html, name).messages.m).sort();
  assert.deepEqual(areasOf("PhotoGallery"), ["common", "photos"]);
  assert.deepEqual(areasOf("PhotoUpload"), ["common", "photos"]);
  assert.deepEqual(areasOf("FamilyExplorer"), ["childPrivacy", "common", "family", "headshots"]);
  for (const [island, area] of [["PhotoGallery", "photos"], ["FamilyExplorer", "family"]] as const) {
    const { lang, m } = islandDataIn(html, island).messages;
    assert.equal(lang, "es", island);
    // The entries of the area the island reads (lib/i18n/island_areas.ts), in Spanish.
    assert.deepEqual(m[area as Area], messagesOfIsland("es", island)[area as Area], island);
    for (const [key, text] of Object.entries(m[area as Area] ?? {})) {
      assert.deepEqual(text, (es[area as Area] as Record<string, unknown>)[key], `${island}: ${area}.${key}`);
    }
  }
});

Deno.test("[dashboard es] photos: the carousel's page and arrows, and the View All page in Spanish", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  await savePhotos(t.kv, w.team.id, 14);
  const { html } = await getPage(t.app, dashboardOf(w), { cookie: w.cookies.parent, headers: SPANISH });
  const text = plain(html);
  for (
    const expected of [
      'aria-roledescription="carousel" aria-label="Fotos del equipo"',
      'aria-label="Fotos 1–6 de 10+"',
      '<p class="gallery__count" aria-live="polite">1–6 de 10+</p>',
      '<span aria-hidden="true">‹</span> Anteriores <span class="visually-hidden">fotos</span>',
      'Siguientes <span class="visually-hidden">fotos</span> <span aria-hidden="true">›</span>',
    ]
  ) assert.ok(text.includes(expected), expected);
  assert.deepEqual(englishOfOurAreasLeftIn(html), []);

  // View All, as the admin (who may delete every photo).
  const viewAll = await getPage(t.app, `${dashboardOf(w)}/photos`, { cookie: w.cookies.admin, headers: SPANISH });
  assert.equal(viewAll.res.status, 200);
  assert.equal(htmlLang(viewAll.html), "es");
  assert.equal(plain(titleOf(viewAll.html)!), `${w.team.name} · Galería de fotos · GoalMates`);
  const page = plain(viewAll.html);
  for (
    const expected of [
      `href="${dashboardOf(w)}#photos">← Volver al Panel familiar</a>`,
      "> Galería de fotos</h1>",
      "Fotos 1–14, de la más reciente a la más antigua",
      'alt="Foto 1"',
      "<summary>Eliminar</summary>",
      ">Eliminar esta foto</button>",
      '<h2 id="add-photos-title">Agregar fotos</h2>',
      "Para agregar fotos se necesita JavaScript",
      `<a href="${dashboardOf(w)}#photos">Galería de fotos del Panel familiar</a>.`,
    ]
  ) assert.ok(page.includes(expected), expected);
  assert.deepEqual(englishOfOurAreasLeftIn(viewAll.html), []);

  // Past the last photo, and a malformed offset (the error page, in Spanish).
  const past = await getPage(t.app, `${dashboardOf(w)}/photos?offset=48`, {
    cookie: w.cookies.admin,
    headers: SPANISH,
  });
  assert.ok(past.html.includes("No hay más fotos"));
  const bad = await getPage(t.app, `${dashboardOf(w)}/photos?offset=x`, { cookie: w.cookies.admin, headers: SPANISH });
  assert.equal(bad.res.status, 400);
  assert.ok(bad.html.includes("offset debe ser un número entero de 0 a 10000"));
});

Deno.test("[dashboard es] a family: the parent's card, the member dialog and the Family Explorer in Spanish, without JavaScript", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const maya = w.players.find((p) => p.jerseyNumber === 7) ?? w.players[0];
  const claimed = await requestJson(t.app, `/api/teams/${w.team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber: maya.jerseyNumber, email: "ana@example.com" },
  });
  assert.equal(claimed.status, 201);
  const { claimId } = await claimed.json();
  const approved = await call(t.app, "POST", `/api/admin/${w.team.id}/claims/${claimId}/approve`, {
    cookie: w.cookies.admin,
  });
  assert.equal(approved.status, 200);
  const ana = await signIn(t, "ana@example.com");
  const shortName = `${maya.firstName} ${maya.lastName[0]}.`;

  // The parents' list: Ana's card names her child.
  const parents = plain(
    (await getPage(t.app, `${dashboardOf(w)}?member=parents`, { cookie: ana, headers: SPANISH })).html,
  );
  assert.ok(parents.includes(`Padre o madre de ${shortName}`));
  assert.ok(parents.includes('<ul class="family-cards" aria-label="Padres">'));
  assert.ok(parents.includes("¡Nuevo!") && parents.includes(">Usted</span>"));

  // Maya's dialog, as her parent sees it: her family, her details, the privacy form.
  const dialog = await getPage(t.app, `${dashboardOf(w)}?member=player:${maya.id}`, {
    cookie: ana,
    headers: SPANISH,
  });
  const text = plain(dialog.html);
  for (
    const expected of [
      `Hijo/a · La familia ${maya.lastName}`,
      `<dt>Camiseta</dt><dd>#${maya.jerseyNumber}</dd>`,
      ">Padres</h3>",
      ">Explorar familia</a>",
      ">Cerrar</a>",
      es.childPrivacy.heading,
      ">¡Nuevo!</span>",
    ]
  ) assert.ok(text.includes(expected), expected);
  assert.deepEqual(englishOfOurAreasLeftIn(dialog.html), []);

  // The Family Explorer at Maya: the counter, the arrows and the dots.
  const explorer = plain(
    (await getPage(t.app, `${dashboardOf(w)}?member=explore:player:${maya.id}`, { cookie: ana, headers: SPANISH }))
      .html,
  );
  for (
    const expected of [
      `<h2 id="family-explorer-title" class="dialog__title">La familia ${maya.lastName}</h2>`,
      '<p class="family-explorer__counter">1 de 2</p>',
      'aria-label="Miembro anterior"',
      'aria-label="Miembro siguiente"',
      `aria-label="Ver a ${maya.firstName} ${maya.lastName}"`,
    ]
  ) assert.ok(explorer.includes(expected), expected);

  // In English the stored name reads as it was made.
  const english = plain(
    (await getPage(t.app, `${dashboardOf(w)}?member=player:${maya.id}`, { cookie: ana, headers: ENGLISH })).html,
  );
  assert.ok(english.includes(`Child · The ${maya.lastName} Family`));
});

Deno.test("[dashboard es] the page cache: one page per viewer and language, for the same team in the same minute", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const page = async (cookie: string, headers: Record<string, string>) =>
    (await getPage(t.app, dashboardOf(w), { cookie, headers })).html;
  const spanish = (html: string) => htmlLang(html) === "es" && html.includes("Conozca a su familia futbolera");
  const english = (html: string) => htmlLang(html) === "en" && html.includes("Meet Your Soccer Family");

  // An English viewer and a Spanish viewer of the same team, each twice (the second from the cache).
  for (let round = 0; round < 2; round++) {
    assert.ok(english(await page(w.cookies.parent, ENGLISH)), `parent, English, round ${round}`);
    assert.ok(spanish(await page(w.cookies.admin, SPANISH)), `admin, Spanish, round ${round}`);
  }
  // One person changing language within the minute gets the page in each, not the kept one.
  assert.ok(spanish(await page(w.cookies.parent, SPANISH)));
  assert.ok(english(await page(w.cookies.parent, ENGLISH)));
  // The switch's cookie wins over the browser's language, and makes a page of its own too.
  assert.ok(spanish(await page(`${w.cookies.parent}; gm_lang=es`, ENGLISH)));
});

Deno.test("[dashboard es] a section's plain form sent back refused: its message in Spanish, in a Spanish page", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const res = await call(t.app, "POST", `${dashboardOf(w)}/posts`, {
    cookie: w.cookies.parent,
    headers: SPANISH,
    form: { postType: "news", content: "   " },
  });
  assert.equal(res.status, 422);
  const html = await res.text();
  assert.equal(htmlLang(html), "es");
  assert.ok(plain(html).includes(es.feed.errors.content), es.feed.errors.content);
  assert.ok(!html.includes(messagesFor("en").feed.errors.content), "no English refusal");
});

Deno.test("[dashboard es] the photos calls answer their refusals in Spanish", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const ask = (body: Record<string, unknown>, headers = SPANISH) =>
    call(t.app, "POST", "/api/objects/upload", {
      cookie: w.cookies.parent,
      headers,
      body: { teamId: w.team.id, purpose: "gallery", size: 1000, contentType: "image/jpeg", ...body },
    });
  const refusals = es.dashboard.photoRefusals;
  const cases: [Record<string, unknown>, number, string][] = [
    [{ purpose: "avatar" }, 400, refusals.purpose],
    [{ size: 0 }, 400, refusals.size],
    [{ size: 10 * 1024 * 1024 + 1 }, 413, es.photos.spec.fileTooLarge],
    [{ contentType: "image/gif" }, 415, es.photos.spec.invalidFileType],
    [{ purpose: "headshot", playerId: w.players[1].id }, 404, refusals.playerNotFound],
  ];
  for (const [body, status, message] of cases) {
    const res = await ask(body);
    assert.equal(res.status, status, JSON.stringify(body));
    assert.deepEqual(await res.json(), { message }, JSON.stringify(body));
  }
  // Three uploads under way at most: the fourth is 'Too many photos', in Spanish.
  for (let i = 0; i < 3; i++) assert.equal((await ask({})).status, 200);
  assert.deepEqual(await (await ask({})).json(), { message: "Demasiadas fotos" });
  assert.deepEqual(await (await ask({}, ENGLISH)).json(), { message: "Too many photos" });
  // Deleting a photo that is not there; a system administrator's read-only refusal.
  const gone = await call(t.app, "DELETE", `/api/teams/${w.team.id}/photos/01J0000000000000000000000X`, {
    cookie: w.cookies.parent,
    headers: SPANISH,
  });
  assert.equal(gone.status, 404);
  assert.deepEqual(await gone.json(), { message: refusals.photoNotFound });
  const readOnly = await call(t.app, "POST", "/api/objects/upload", {
    cookie: w.cookies.sysadmin,
    headers: SPANISH,
    body: { teamId: w.team.id, purpose: "gallery", size: 1000, contentType: "image/jpeg" },
  });
  assert.equal(readOnly.status, 403);
  assert.deepEqual(await readOnly.json(), { message: refusals.readOnly });
});
