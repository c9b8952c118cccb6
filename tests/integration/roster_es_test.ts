/**
 * The public roster in Spanish (issue 24): what a parent meets there — the roster in both views,
 * the player card, the claim dialog's messages, the claim form that works without JavaScript, the
 * roster's 404 — and the claim call's answers, all in the request's language, with nothing of the
 * English catalogue left; the player photo's buttons and the guardian's photo choice too. English
 * is checked by the existing roster and claim tests, unchanged.
 */
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { createTestApp, getPage, postForm, requestJson, seedTeam } from "../helpers.ts";
import { adminWorld, call } from "../admin_helpers.ts";
import { englishLeftIn, islandDataIn } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { I18nProvider } from "../../lib/i18n/context.tsx";
import { CLAIM_MESSAGES } from "../../lib/claims/mod.ts";
import { CLAIM_RULE_TEXTS } from "../../lib/claims/rules.ts";
import { ChangePhotoButton } from "../../components/photos/ChangePhotoButton.tsx";
import { HeadshotConsentForm } from "../../components/photos/HeadshotConsentForm.tsx";

const SPANISH = { "accept-language": "es-US,es;q=0.9,en;q=0.5" };
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];

Deno.test("[roster es] the roster in game mode: Spanish throughout, the claim dialog's messages in Spanish", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const { res, html } = await getPage(t.app, `/t/${team.slug}/roster`, { headers: SPANISH });
  assert.equal(res.status, 200);
  assert.equal(htmlLang(html), "es");
  assert.match(html, new RegExp(`<title>Plantilla de ${team.name}`));
  assert.match(
    html,
    new RegExp(`<meta name="description" content="La plantilla de ${team.name}, temporada Fall 2026."`),
  );
  for (
    const text of [
      'aria-label="Vista de la plantilla"',
      ">Partido</a>",
      ">Detalle</a>",
      ">4 jugadores<",
      'aria-label="Jugadores"',
      'aria-label="Camiseta 7"',
      'aria-label="Solicitar un jugador"',
      "Solicitar o actualizar jugador",
      "Cómo funciona",
    ]
  ) assert.ok(html.includes(text), text);
  assert.deepEqual(englishLeftIn(html), []);
  // The dialog's island gets the claims area, in Spanish, and nothing else of the catalogue.
  const { messages } = islandDataIn(html, "ClaimDialog");
  assert.equal(messages.lang, "es");
  assert.deepEqual(Object.keys(messages.m).sort(), ["claims", "common"]);
  assert.deepEqual(messages.m.claims, messagesFor("es").claims);
  // English visitors still get the English page (the render cache keeps one per language).
  const english = await getPage(t.app, `/t/${team.slug}/roster`);
  assert.equal(htmlLang(english.html), "en");
  assert.ok(english.html.includes(">4 Players<") && english.html.includes("Claim or update this player"));
});

Deno.test("[roster es] detail view, groups, the player card, the confirmation, an empty roster and the 404", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv, { settings: { showPositions: true } });
  const maya = players.find((p) => p.jerseyNumber === 7)!;
  const detail = await getPage(t.app, `/t/${team.slug}/roster?mode=detail&player=${maya.id}&claimed=1`, {
    headers: SPANISH,
  });
  for (
    const text of [
      "Solicitud enviada",
      "Su solicitud se envió correctamente.",
      "Ordenar jugadores",
      ">Ordenar por número</option>",
      ">Sin agrupar</option>",
      ">Aplicar</button>",
      "Todos los jugadores ",
      "Padres:",
      "Contacto a través de las solicitudes del equipo",
      "Datos del jugador:",
      "Camiseta #7 · ",
      "Todavía sin posición",
      "Ver ficha del jugador",
      "<dt>Camiseta</dt>",
      "<dt>Posición</dt>",
      ">Cerrar</a>",
    ]
  ) assert.ok(detail.html.includes(text), text);
  assert.deepEqual(englishLeftIn(detail.html), []);

  const grouped = await getPage(t.app, `/t/${team.slug}/roster?mode=detail&group=position`, { headers: SPANISH });
  assert.ok(grouped.html.includes("Sin posición "), "players without a position, grouped in Spanish");
  assert.ok(!grouped.html.includes("No Position"));
  assert.deepEqual(englishLeftIn(grouped.html), []);

  const empty = await seedTeam(t.kv, {}, []);
  const emptyPage = await getPage(t.app, `/t/${empty.team.slug}/roster`, { headers: SPANISH });
  assert.ok(emptyPage.html.includes("No hay jugadores") && emptyPage.html.includes(">0 jugadores<"));
  assert.deepEqual(englishLeftIn(emptyPage.html), []);

  const closed = await seedTeam(t.kv, { settings: { openClaims: false } });
  const closedPage = await getPage(t.app, `/t/${closed.team.slug}/roster`, { headers: SPANISH });
  assert.ok(closedPage.html.includes("Este equipo no está aceptando solicitudes en este momento."));

  const missing = await getPage(t.app, "/t/no-such-team/roster", { headers: SPANISH });
  assert.equal(missing.res.status, 404);
  assert.equal(htmlLang(missing.html), "es");
  assert.match(missing.html, /<title>Plantilla no encontrada/);
  assert.ok(missing.html.includes("No encontramos la plantilla de ese equipo."));
  assert.deepEqual(englishLeftIn(missing.html), []);
});

Deno.test("[roster es] the claim form without JavaScript: the page, a field error and a refusal in Spanish", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const form = await getPage(t.app, `/t/${team.slug}/claim?jersey=7`, { headers: SPANISH });
  assert.equal(form.res.status, 200);
  assert.equal(htmlLang(form.html), "es");
  assert.match(form.html, new RegExp(`<title>Solicitar un jugador · ${team.name}`));
  for (
    const text of [
      `Solicitar un jugador de ${team.name}`,
      "¿Cómo quiere encontrar a su hijo?",
      "Por número de camiseta",
      "Por apellido",
      ">Número de camiseta</label>",
      ">Su correo electrónico</label>",
      ">Nota (opcional)</label>",
      "Enviar solicitud",
      "Cancelar",
    ]
  ) assert.ok(form.html.includes(text), text);
  assert.deepEqual(englishLeftIn(form.html), []);

  const cookie = "gm_lang=es";
  const bad = await call(t.app, "POST", `/t/${team.slug}/claim`, {
    form: { mode: "jersey", jerseyNumber: "100", email: "nope" },
    cookie,
  });
  assert.equal(bad.status, 400);
  const badHtml = await bad.text();
  assert.ok(badHtml.includes("El número de camiseta debe estar entre 0 y 99"));
  assert.ok(badHtml.includes("Ingrese un correo electrónico válido"));
  assert.deepEqual(englishLeftIn(badHtml), []);

  const nobody = await call(t.app, "POST", `/t/${team.slug}/claim`, {
    form: { mode: "jersey", jerseyNumber: "55", email: "parent@example.com" },
    cookie,
  });
  assert.equal(nobody.status, 404);
  assert.ok((await nobody.text()).includes("Ningún jugador de esta plantilla usa el número 55."));

  // In English the same refusal reads as SPEC.md has it.
  const english = await postForm(t.app, `/t/${team.slug}/claim`, { mode: "jersey", jerseyNumber: "100", email: "x" });
  assert.ok((await english.text()).includes("Jersey number must be between 0 and 99"));
});

Deno.test("[roster es] the claim call answers in the request's language: refusals, fields and success", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { settings: { allowedEmailDomains: ["club.example"] } });
  const path = `/api/teams/${team.slug}/claims`;
  const claim = (body: unknown, headers: Record<string, string> = SPANISH) =>
    requestJson(t.app, path, { body, headers });

  const invalid = await claim({ mode: "jersey", jerseyNumber: 100, email: "x" });
  assert.equal(invalid.status, 400);
  assert.equal(invalid.headers.get("content-language"), "es");
  assert.equal((await invalid.json()).message, "El número de camiseta debe estar entre 0 y 99");

  const domain = await claim({ mode: "jersey", jerseyNumber: 7, email: "p@else.example" });
  assert.equal(domain.status, 403);
  assert.equal(
    (await domain.json()).message,
    "Use un correo electrónico de club.example para solicitar un jugador de este equipo.",
  );

  const nobody = await claim({ mode: "jersey", jerseyNumber: 55, email: "p@club.example" });
  assert.equal(nobody.status, 404);
  assert.equal((await nobody.json()).message, "Ningún jugador de esta plantilla usa el número 55.");

  const made = await claim({ mode: "jersey", jerseyNumber: 7, email: "p@club.example" });
  assert.equal(made.status, 201);
  assert.equal((await made.json()).message, "Su solicitud se envió correctamente.");
  const again = await claim({ mode: "jersey", jerseyNumber: 7, email: "p@club.example" });
  assert.equal(again.status, 409);
  assert.equal((await again.json()).message, "Ya tiene una solicitud pendiente para este jugador.");

  const english = await claim({ mode: "jersey", jerseyNumber: 55, email: "p@club.example" }, {});
  assert.equal((await english.json()).message, "No player wears jersey number 55 on this roster.");

  const noTeam = await requestJson(t.app, "/api/teams/no-such-team/roster", { headers: SPANISH });
  assert.equal(noTeam.status, 404);
  assert.deepEqual(await noTeam.json(), { message: "No se encontró el equipo" });
});

Deno.test("[roster es] lib's claim messages are the English catalogue's, word for word as they were", () => {
  const rules = messagesFor("en").claims.rules;
  // What checkClaim writes in the browser is the catalogue's English, filled.
  for (const [key, text] of Object.entries(CLAIM_RULE_TEXTS)) {
    assert.equal(CLAIM_MESSAGES[key as keyof typeof CLAIM_RULE_TEXTS], text, key);
  }
  assert.equal(CLAIM_MESSAGES.jersey, rules.jersey);
  assert.equal(CLAIM_MESSAGES.surnameLength, "Child's surname must be at most 60 characters");
  assert.equal(CLAIM_MESSAGES.note, "Note must be at most 500 characters");
  assert.equal(
    CLAIM_MESSAGES.tooManyPending(5),
    "You already have 5 claims waiting for the team admin's review. Please wait until they are reviewed.",
  );
  assert.equal(CLAIM_MESSAGES.rateLimited(1), "Too many claims from here. Please try again in 1 minute.");
  assert.equal(CLAIM_MESSAGES.rateLimited(25), "Too many claims from here. Please try again in 25 minutes.");
  assert.equal(CLAIM_MESSAGES.noJersey(7), "No player wears jersey number 7 on this roster.");
  assert.equal(
    CLAIM_MESSAGES.domain(["a.example", "b.example"]),
    "Please use an email address at a.example, b.example to claim a player on this team.",
  );
});

Deno.test("[roster es] 'Change photo' and the guardian's photo choice in Spanish; the islands that carry them get their words", async () => {
  const spanish = (node: ReturnType<typeof createElement>) =>
    renderToString(createElement(I18nProvider, { value: { lang: "es", m: messagesFor("es") }, children: node }));
  const button = spanish(
    createElement(ChangePhotoButton, { target: { playerId: "P1", name: "Maya R.", photoUrl: null } }),
  );
  assert.ok(button.includes("Cambiar foto"));
  assert.ok(button.includes("de Maya R."));
  assert.ok(button.includes("Para cambiar una foto se necesita JavaScript."));
  const choice = { teamId: "T1", consented: true, teamShowsPhotos: false };
  const consent = spanish(createElement(HeadshotConsentForm, { playerId: "P1", firstName: "Maya", choice }));
  assert.ok(consent.includes("Mostrar la foto de Maya en la plantilla pública"));
  assert.ok(consent.includes("Usted lo autorizó. La foto de Maya seguirá oculta"));
  assert.ok(consent.includes("Guardar preferencia"));
  assert.deepEqual(englishLeftIn(button + consent), []);

  // On the admin's roster the photo dialog gets the headshots area, and the rows' buttons (RosterManager)
  // its "Change photo" words, in the page's language.
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const { html } = await getPage(t.app, `/admin/${w.team.id}/roster`, { cookie: w.cookies.admin, headers: SPANISH });
  for (const island of ["PlayerPhoto", "RosterManager"]) {
    const { lang, m } = islandDataIn(html, island).messages;
    assert.equal(lang, htmlLang(html), island);
    const all = messagesFor(lang as "en" | "es").headshots;
    if (island === "PlayerPhoto") assert.deepEqual(m.headshots, all, island);
    else {assert.deepEqual(m.headshots, {
        change: all.change,
        changeOf: all.changeOf,
        needsJavaScript: all.needsJavaScript,
      });}
  }

  // A parent who is not the player's guardian is refused in Spanish.
  const refused = await call(t.app, "PUT", `/api/teams/${w.team.id}/players/${w.players[0].id}/headshot-consent`, {
    cookie: w.cookies.parent,
    body: { public: true },
    headers: SPANISH,
  });
  assert.equal(refused.status, 403);
  assert.equal(
    (await refused.json()).message,
    "Solo el padre o la madre de este jugador puede decidir si su foto aparece en la plantilla pública.",
  );
});
