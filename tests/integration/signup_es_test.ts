/**
 * The signup wizard in Spanish (issue 24): every step without JavaScript, a refused step's field
 * errors (the no-JS page and the JSON call), the verification page, the success step and the
 * celebration. Each page: `<html lang="es">`, its key texts, and nothing of the English catalogue left.
 */
import assert from "node:assert/strict";
import { call, createTestApp, get, requestJson } from "../helpers.ts";
import { cookiesFrom, queuedMail, tokenFromMail } from "../auth_helpers.ts";
import { englishLeftIn, readableText } from "../i18n_helpers.ts";

const SPANISH = { "accept-language": "es-US,es;q=0.9,en;q=0.5" };
const ACCOUNT = { firstName: "Lupe", lastName: "Ramírez", email: "Lupe@Example.com", ageConfirmation: "true" };
const TEAM = { teamName: "Halcones FC", ageGroup: "U11", teamType: "coed" };
const PLAYER = { playerFirstName: "Mateo", playerLastName: "Ramírez", playerJerseyNumber: "8" };
const EVERYTHING = { ...ACCOUNT, ...TEAM, ...PLAYER };

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
/** The page's own title, without the site's name after it. */
const titleOf = (html: string) => /<title>([^<]*?)(?: · GoalMates)?<\/title>/.exec(html)?.[1];
const stepHeading = (html: string) => readableText(/id="signup-step-heading"[^>]*>([^<]*)</.exec(html)?.[1] ?? "");

/** A wizard form post from a browser whose language is Spanish (no JavaScript). */
const postSpanish = (app: App, path: string, form: Record<string, string>, cookie = "") =>
  call(app, "POST", path, { form, headers: SPANISH, cookie, ip: "203.0.113.24" });

/** A page in Spanish: its status, its language, these texts, and no English catalogue text. */
async function assertSpanish(res: Response, status: number, texts: string[], what: string): Promise<string> {
  assert.equal(res.status, status, what);
  const html = await res.text();
  assert.equal(htmlLang(html), "es", what);
  const text = readableText(html);
  for (const part of texts) assert.ok(text.includes(part), `${what} shows "${part}"`);
  assert.deepEqual(englishLeftIn(html), [], `${what}: nothing of the English catalogue left`);
  return html;
}

Deno.test("[signup es] every step of the wizard without JavaScript, then the mailed link, in Spanish", async () => {
  await using t = await createTestApp();
  const first = await assertSpanish(await get(t.app, "/signup", { headers: SPANISH }), 200, [
    "Cree su equipo",
    "GoalMates es gratis para todo el equipo.",
    "Paso 1 de 6",
    "Confirmo que tengo 18 años o más",
    "¿Ya tiene una cuenta? Iniciar sesión",
    "Continuar",
  ], "step 1");
  assert.equal(titleOf(first), "Cree su equipo");
  assert.equal(stepHeading(first), "Sus datos");
  assert.ok(first.includes('<label for="signup-firstName">Nombre</label>'));
  assert.ok(first.includes('aria-label="Progreso del registro"'));
  // The island gets the signup area in Spanish with its props.
  assert.ok(first.includes('"continue":"Continuar"'), "the island's words come in Spanish");

  const team = await assertSpanish(
    await postSpanish(t.app, "/signup", { step: "account", action: "continue", ...ACCOUNT }),
    200,
    ["Paso 2 de 6", "Nombre del equipo", "Elija la categoría", "Elija el tipo de equipo", "Niñas", "Mixto", "Atrás"],
    "step 2",
  );
  assert.equal(stepHeading(team), "Su equipo");

  const player = await assertSpanish(
    await postSpanish(t.app, "/signup", { step: "team", action: "continue", ...ACCOUNT, ...TEAM }),
    200,
    [
      "Paso 3 de 6",
      "¿Tiene un hijo o una hija en este equipo?",
      "Soy el entrenador / no tengo hijos en el equipo",
      "Número de camiseta (1–99)",
    ],
    "step 3",
  );
  assert.equal(stepHeading(player), "Su jugador");

  const review = await assertSpanish(
    await postSpanish(t.app, "/signup", { step: "player", action: "continue", ...EVERYTHING }),
    200,
    ["Paso 4 de 6", "Le enviaremos un enlace por correo", "Halcones FC", "Mixto", "Mateo Ramírez", "Editar"],
    "review",
  );
  assert.equal(stepHeading(review), "Verifique sus datos");
  assert.ok(review.includes('aria-label="Editar su equipo"'));
  assert.ok(readableText(review).includes("Terminar y verificar por correo"));

  const verify = await assertSpanish(
    await postSpanish(t.app, "/signup", { step: "review", action: "finish", ...EVERYTHING }),
    200,
    [
      "¡Correo enviado!",
      "Enviamos un enlace de verificación a lupe@example.com.",
      "Ábralo en las próximas 24 horas para crear Halcones FC.",
      "Reenviar correo",
      "Cambiar correo",
    ],
    "check your e-mail",
  );
  assert.equal(stepHeading(verify), "Revise su correo");
  assert.ok(verify.includes("Enviamos un enlace de verificación a <strong>lupe@example.com</strong>."));
  // The verification mail is in the language of the request that asked for it.
  const [mail] = await queuedMail(t.kv);
  assert.equal(mail.mail.subject, "Verifique su correo para crear Halcones FC en GoalMates");

  await assertSpanish(
    await postSpanish(t.app, "/signup", { step: "verify", action: "resend", ...EVERYTHING, email: "lupe@example.com" }),
    200,
    [
      "¡Correo reenviado!",
      "Si hay un registro pendiente para ese correo, le enviamos un nuevo enlace de verificación.",
    ],
    "resent",
  );

  // The mailed link's page, its no-JS button, then the success step.
  const token = await tokenFromMail(t.kv, "lupe@example.com", "/signup/verify");
  const page = await assertSpanish(
    await get(t.app, `/signup/verify?token=${token}`, { headers: SPANISH }),
    200,
    [
      "Verificación del correo",
      "Verificando su correo...",
      "Pulse el botón para terminar de verificar",
      "Verificar mi correo",
    ],
    "verify page",
  );
  assert.equal(titleOf(page), "Verificación del correo");
  const verified = await postSpanish(t.app, "/signup/verify", { token });
  assert.equal(verified.status, 303);
  const session = cookiesFrom(verified);
  const success = await assertSpanish(
    await get(t.app, verified.headers.get("location")!, { headers: SPANISH, cookie: session }),
    200,
    [
      "Paso 6 de 6",
      "¡Equipo creado con éxito!",
      "lupe@example.com quedó verificado y usted ya inició sesión como administrador del equipo.",
      "Ir al panel",
    ],
    "success step",
  );
  assert.equal(stepHeading(success), "Equipo creado");

  // Opened again, the link is used: the page says so in Spanish.
  await assertSpanish(
    await postSpanish(t.app, "/signup/verify", { token }),
    409,
    ["Este correo ya está verificado y su equipo está listo. Inicie sesión.", "Iniciar sesión"],
    "a used link",
  );
});

Deno.test("[signup es] a refused step without JavaScript: the summary and each field's error in Spanish (400)", async () => {
  await using t = await createTestApp();
  const empty = await assertSpanish(
    await postSpanish(t.app, "/signup", { step: "account", action: "continue" }),
    400,
    [
      "Complete todos los campos obligatorios",
      "Todos los campos son obligatorios, incluida la confirmación de mayoría de edad.",
      "El nombre es obligatorio.",
      "El correo electrónico es obligatorio.",
      "Debe confirmar que tiene 18 años o más.",
    ],
    "an empty first step",
  );
  assert.ok(empty.includes('id="signup-firstName-error">El nombre es obligatorio.</p>'));

  await assertSpanish(
    await postSpanish(t.app, "/signup", {
      step: "player",
      action: "continue",
      ...EVERYTHING,
      playerJerseyNumber: "100",
    }),
    400,
    ["Número de camiseta no válido", "El número de camiseta debe estar entre 1 y 99."],
    "a jersey out of range",
  );
  await assertSpanish(
    await postSpanish(t.app, "/signup", {
      step: "team",
      action: "continue",
      ...ACCOUNT,
      ...TEAM,
      teamName: "x".repeat(81),
    }),
    400,
    ["Demasiado largo", "El nombre del equipo debe tener como máximo 80 caracteres."],
    "a team name too long",
  );
  // A refusal from lib/ (an address that is none) shown in the page's banner, in Spanish.
  await assertSpanish(
    await postSpanish(t.app, "/signup", { step: "verify", action: "resend", ...EVERYTHING, email: "nobody" }),
    400,
    ["Escriba un correo electrónico válido."],
    "resend to no address",
  );
});

Deno.test("[signup es] the signup calls answer in Spanish: their refusals and the sent message", async () => {
  await using t = await createTestApp();
  const refused = await requestJson(t.app, "/api/signup/create-pending-intent", {
    body: { ...EVERYTHING, ageConfirmation: true, playerJerseyNumber: 0 },
    headers: SPANISH,
  });
  assert.equal(refused.status, 400);
  assert.equal((await refused.json()).message, "El número de camiseta debe estar entre 1 y 99.");

  const notObject = await requestJson(t.app, "/api/signup/create-pending-intent", { body: [1], headers: SPANISH });
  assert.equal((await notObject.json()).message, "Envíe el registro como un objeto JSON.");

  const sent = await requestJson(t.app, "/api/signup/create-pending-intent", {
    body: { ...EVERYTHING, ageConfirmation: true, playerJerseyNumber: 8 },
    headers: SPANISH,
  });
  assert.equal(sent.status, 200);
  assert.equal((await sent.json()).message, "Enviamos un enlace de verificación a lupe@example.com.");

  const badLink = await requestJson(t.app, "/api/signup/verify-token", { body: { token: "nope" }, headers: SPANISH });
  assert.equal(
    (await badLink.json()).message,
    "El enlace de verificación no es válido o ya venció. Intente registrarse de nuevo.",
  );
  const badAddress = await requestJson(t.app, "/api/signup/resend-verification", {
    body: { email: "nobody" },
    headers: { cookie: "gm_lang=es" },
  });
  assert.equal(badAddress.status, 400);
  assert.equal((await badAddress.json()).message, "Escriba un correo electrónico válido.");
});

Deno.test("[signup es] the verification page without a link, and the celebration, in Spanish", async () => {
  await using t = await createTestApp();
  await assertSpanish(
    await get(t.app, "/signup/verify", { headers: SPANISH }),
    400,
    [
      "Verificación del correo",
      "No se pudo verificar",
      "El enlace de verificación no es válido o ya venció.",
      "Volver al registro",
    ],
    "no link",
  );

  const plain = await assertSpanish(
    await get(t.app, "/signup-success", { headers: SPANISH }),
    200,
    ["¡Su equipo ya está en GoalMates!", "Invite a las familias de su equipo", "Ir al panel familiar"],
    "celebration",
  );
  assert.equal(titleOf(plain), "Equipo creado");
  await assertSpanish(
    await get(t.app, "/signup-success?teamName=Halcones%20FC", { cookie: "gm_lang=es" }),
    200,
    ["¡Halcones FC ya está en GoalMates!"],
    "a named celebration",
  );
});
