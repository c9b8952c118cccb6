/**
 * The join and edit pages in Spanish (issue 24): by invite code and by slug, every step without
 * JavaScript, the join calls' refusals, the expired-link page and the edit link's page and calls.
 * Each page: `<html lang="es">`, its key texts, and nothing of the English catalogue left.
 */
import assert from "node:assert/strict";
import { createTestApp, get, getPage, postForm, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookiesFrom, tokenFromMail } from "../auth_helpers.ts";
import { englishLeftIn, readableText } from "../i18n_helpers.ts";
import { regenerateJoinLink } from "../../lib/join/links.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";

const SPANISH = { "accept-language": "es-US,es;q=0.9,en;q=0.5" };
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
/** The page's own title, without the site's name after it. */
const titleOf = (html: string) => /<title>([^<]*?)(?: · GoalMates)?<\/title>/.exec(html)?.[1];

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

/** A form post from a browser whose language is Spanish. */
const postSpanish = (app: App, path: string, form: Record<string, string>) =>
  app.request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { ...SPANISH, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

/** A page in Spanish: its language, these texts, and no English catalogue text. */
async function assertSpanish(res: Response, status: number, texts: string[], what: string): Promise<string> {
  assert.equal(res.status, status, what);
  const html = await res.text();
  assert.equal(htmlLang(html), "es", what);
  const text = readableText(html);
  for (const part of texts) assert.ok(text.includes(part), `${what} shows "${part}"`);
  assert.deepEqual(englishLeftIn(html), [], `${what}: nothing of the English catalogue left`);
  return html;
}

async function joinWorld() {
  const t = await createTestApp();
  const { team } = await seedTeam(t.kv, {
    name: "Riverside Hawks",
    season: "Spring 2027",
    ageGroup: "U12",
    settings: { allowSurnameFallback: true },
  });
  const link = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN);
  return { t, team, link };
}

Deno.test("[join es] the page by invite code and by slug: the team, the first step, the island's words in Spanish only", async () => {
  const { t, team, link } = await joinWorld();
  await using _ = t;
  for (const path of [`/join/${link.code}`, `/join/${team.slug}`]) {
    const html = await assertSpanish(await get(t.app, path, { headers: SPANISH }), 200, [
      "Únase a su equipo en GoalMates",
      "Riverside Hawks",
      "Verificar jugador",
      "Díganos quién es usted y a qué jugador de la plantilla pertenece.",
      "Padre o madre",
      "N.º de camiseta",
      "No sé el número de camiseta",
    ], path);
    assert.equal(titleOf(html), "Unirse a Riverside Hawks", path);
    // The island's messages ride with its props, in the page's language only.
    const props = /<script type="application\/json" id="island-props-\d+"[^>]*>(.*?)<\/script>/s.exec(html)![1];
    assert.match(props, /"lang":"es"/);
    assert.match(props, /¡Solicitud enviada!/, "the later steps' words come along");
    assert.ok(!html.includes("Verify Player Information"), `${path}: no English in the page, scripts included`);
  }
  // English is as before.
  const english = await getPage(t.app, `/join/${link.code}`);
  assert.equal(htmlLang(english.html), "en");
  assert.equal(titleOf(english.html), "Join Riverside Hawks");
  assert.ok(readableText(english.html).includes("Verify Player Information"));
});

Deno.test("[join es] without JavaScript: the checks, the notices and the success step in Spanish", async () => {
  const { t, link, team } = await joinWorld();
  await using _ = t;
  const path = `/join/${link.code}`;

  await assertSpanish(await postSpanish(t.app, path, { step: "identify" }), 400, [
    "Indique si es jugador o padre/madre",
    "El número de camiseta es obligatorio",
    "El apellido es obligatorio",
  ], "the identify step refused");
  await assertSpanish(
    await postSpanish(t.app, path, { step: "identify", userType: "parent", jerseyNumber: "4", lastName: "Smith" }),
    404,
    ["Jugador no encontrado", "No encontramos a ningún jugador con ese número de camiseta y ese apellido."],
    "no such player",
  );
  const identity = { step: "account", userType: "parent", jerseyNumber: "4", playerLastName: "okafor" };
  await assertSpanish(
    await postSpanish(t.app, path, { step: "identify", userType: "parent", jerseyNumber: "4", lastName: "okafor" }),
    200,
    ["Sus datos", "Jugador encontrado: Sofia O.", "Enviar solicitud", "Volver a verificar jugador"],
    "the account step",
  );
  const account = { firstName: "Ana", lastName: "Okafor", email: "ana@example.com", confirmEmail: "ana@example.org" };
  await assertSpanish(
    await postSpanish(t.app, path, { ...identity, ...account, action: "submit" }),
    400,
    ["Los correos electrónicos no coinciden"],
    "the addresses differ",
  );
  const done = { ...identity, ...account, confirmEmail: "ana@example.com", action: "submit" };
  await assertSpanish(await postSpanish(t.app, path, done), 200, [
    "¡Solicitud enviada!",
    "Le escribiremos a ana@example.com cuando el administrador del equipo apruebe su solicitud.",
    "Enviar otra solicitud",
  ], "the success step");
  await assertSpanish(await postSpanish(t.app, path, done), 409, [
    "No se pudo enviar la solicitud",
    "Ya tiene una solicitud pendiente para este jugador.",
  ], "a duplicate refused");

  // By slug, and by surname alone: the player is named as typed, and a team admin checks it.
  await assertSpanish(
    await postSpanish(t.app, `/join/${team.slug}`, {
      step: "identify",
      userType: "parent",
      mode: "surname",
      lastName: "Okafor",
    }),
    200,
    [
      "Jugador: Okafor (número de camiseta desconocido)",
      "Un administrador del equipo comprobará que este jugador está en la plantilla cuando revise su solicitud.",
    ],
    "by surname",
  );
});

Deno.test("[join es] the join calls answer in Spanish: a refused request, its fields, an unknown team", async () => {
  const { t, link } = await joinWorld();
  await using _ = t;
  const body = {
    userType: "parent",
    jerseyNumber: "4",
    playerLastName: "Okafor",
    firstName: "Ana",
    lastName: "Okafor",
    email: "ana@example.com",
    confirmEmail: "ana@example.com",
  };
  const send = (json: unknown, key = link.code) =>
    requestJson(t.app, `/api/teams/${key}/join-requests`, { body: json, headers: SPANISH });
  const first = await send(body);
  assert.equal(first.status, 201);
  assert.equal(
    (await first.json()).message,
    "Le escribiremos a ana@example.com cuando el administrador del equipo apruebe su solicitud.",
  );
  const again = await send(body);
  assert.equal(again.status, 409);
  assert.equal((await again.json()).message, "Ya tiene una solicitud pendiente para este jugador.");

  const refused = await send({ ...body, firstName: "", confirmEmail: "ana@example.org" });
  assert.deepEqual([refused.status, (await refused.json()).message], [400, "El nombre es obligatorio"]);
  const long = await send({ ...body, playerLastName: "\uFDFA".repeat(50) });
  assert.equal((await long.json()).message, "El apellido debe tener como máximo 50 caracteres");
  const odd = await send({ ...body, role: "TEAM_ADMIN" });
  assert.equal((await odd.json()).message, "Campo desconocido: role");

  const unknown = await send(body, "ZZZZZZZZZZZZZZZZ");
  assert.deepEqual([unknown.status, (await unknown.json()).message], [404, "No se encontró el equipo"]);
  const english = await requestJson(t.app, `/api/teams/ZZZZZZZZZZZZZZZZ/join-requests`, { body });
  assert.equal((await english.json()).message, "Team not found", "English is as before");
});

Deno.test("[join es] an unknown team, and an expired link with its claim and its ask for a new link", async () => {
  let now = Date.parse("2026-11-22T10:00:00Z");
  await using t = await createTestApp({ now: () => new Date(now) });
  const { team } = await seedTeam(t.kv, { name: "Riverside Hawks", settings: { openClaims: true } });
  const link = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN, new Date(now));

  const missing = await assertSpanish(await get(t.app, "/join/no-such-team", { headers: SPANISH }), 404, [
    "Equipo no encontrado",
    "El enlace del equipo que busca no existe o es posible que haya cambiado.",
    "Ir al inicio",
  ], "Team Not Found");
  assert.equal(titleOf(missing), "Equipo no encontrado");

  now += 7 * 24 * 60 * 60 * 1000 + 1000;
  const path = `/join/${link.code}`;
  const expired = await assertSpanish(await get(t.app, path, { headers: SPANISH }), 410, [
    "Este enlace de invitación ya venció",
    "Los enlaces de invitación funcionan 7 días, y uno nuevo reemplaza al anterior. " +
    "Todavía puede llegar a Riverside Hawks de dos maneras:",
    "Reclamar a su hijo",
    "Pedir un enlace nuevo",
  ], "the expired link");
  assert.equal(titleOf(expired), "Este enlace de invitación ya venció · Riverside Hawks");

  await assertSpanish(await postSpanish(t.app, path, { step: "ask-link", name: "", email: "nope" }), 400, [
    "Escriba su nombre",
    "Escriba un correo electrónico válido",
  ], "the ask refused");
  await assertSpanish(
    await postSpanish(t.app, path, { step: "ask-link", name: "Sam Lee", email: "sam@example.com" }),
    200,
    ["Le avisamos al administrador del equipo. Le enviará un enlace de invitación nuevo a sam@example.com."],
    "the ask sent",
  );
  // English is as before.
  const english = await postForm(t.app, path, { step: "ask-link", name: "", email: "nope" });
  assert.ok(readableText(await english.text()).includes("Please enter your name"));
});

Deno.test("[join es] the edit link: its page, the invalid-link page, and its calls' answers in Spanish", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv);
  const claim = await submitClaim(t.kv, team, { mode: "jersey", jerseyNumber: 4, email: "ana@example.com", note: "" });
  await approveClaim({
    kv: t.kv,
    teamId: team.id,
    claimId: claim.id,
    actor: "coach@example.com",
    appUrl: TEST_ORIGIN,
    now: new Date(),
  });
  const token = await tokenFromMail(t.kv, "ana@example.com", "/edit");
  const page = `/edit?token=${encodeURIComponent(token)}`;

  const html = await assertSpanish(await get(t.app, page, { headers: SPANISH }), 200, [
    "Validando el enlace de edición...",
    "Esta página necesita JavaScript.",
  ], "the edit page");
  assert.equal(titleOf(html), "Editar jugador");
  // The language switch comes back to the link itself (the page spends nothing).
  assert.match(html, new RegExp(`name="next" value="/edit\\?token=${encodeURIComponent(token)}"`));
  await assertSpanish(await get(t.app, "/edit", { headers: SPANISH }), 400, [
    "Enlace no válido",
    "No se recibió ningún token",
    "Ir a la plantilla",
  ], "the invalid-link page");

  const bad = await requestJson(t.app, `/api/edit?token=${"x".repeat(43)}`, { headers: SPANISH });
  assert.deepEqual([bad.status, (await bad.json()).message], [410, "El token no es válido o ya venció"]);
  const opened = await requestJson(t.app, `/api/edit?token=${encodeURIComponent(token)}`, { headers: SPANISH });
  assert.equal(opened.status, 200);
  const cookie = cookiesFrom(opened);
  const save = (body: unknown) =>
    requestJson(t.app, `/api/players/${players[1].id}`, { method: "PATCH", body, headers: { ...SPANISH, cookie } });
  const player = { firstName: "Sofia", lastName: "", jerseyNumber: "4", position: "", photoUrl: "" };
  const refused = await save(player);
  assert.deepEqual([refused.status, (await refused.json()).message], [400, "El apellido es obligatorio"]);
  const saved = await save({ ...player, lastName: "Okafor" });
  assert.equal((await saved.json()).message, "Los datos del jugador se actualizaron correctamente");
});
