/**
 * Signing in and out in Spanish (issue 24): the team login page, its no-JavaScript refusals,
 * the sign-in link's pages, the sign-out question, and the sign-in calls' JSON messages. The
 * English pages are checked word for word by login_pages_test.ts, auth_*_test.ts and the e2e tests.
 */
import assert from "node:assert/strict";
import { call, createTestApp, getPage, requestJson, seedTeam } from "../helpers.ts";
import { createAccount, tokenFromMail } from "../auth_helpers.ts";
import { manualClock } from "./auth_fixtures.ts";
import { englishLeftIn } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { AUTH_MESSAGES } from "../../lib/auth/login.ts";
import { ENGLISH_CLIENT_TEXTS } from "../../lib/i18n/client_texts.ts";

const SPANISH = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const en = messagesFor("en");
const es = messagesFor("es");
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
/** The texts on a page, as a visitor reads them: words in a sentence's inline elements stay in the sentence. */
const textOf = (html: string) =>
  html.replace(/<!-- -->|<\/?(?:strong|code|a|em|span)\b[^>]*>/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

function assertSpanish(html: string, where: string, texts: string[]): void {
  assert.equal(htmlLang(html), "es", `${where}: <html lang>`);
  const text = textOf(html);
  for (const expected of texts) assert.ok(text.includes(expected), `${where} lacks '${expected}'`);
  assert.deepEqual(englishLeftIn(html), [], `${where}: English catalogue texts left`);
}

Deno.test("[login es] the forms' own words are lib/auth's, in both languages; English as the spec has it", () => {
  for (const lang of ["en", "es"] as const) {
    const { login, auth } = messagesFor(lang);
    assert.equal(login.refused.checkEmail, auth.messages.checkEmail, lang);
    assert.equal(login.refused.invalidLogin, auth.messages.loginFailed, lang);
    assert.equal(login.refused.invalidTeamLogin, auth.messages.teamLoginFailed, lang);
    assert.equal(login.refused.missingLogin, auth.messages.sysadminMissing, lang);
    assert.equal(login.refused.invalidCredentials, auth.messages.sysadminFailed, lang);
    assert.equal(login.toasts.magicLinkSent, auth.messages.magicLinkSent, lang);
  }
  assert.equal(en.auth.teamLogin.signedOut, ENGLISH_CLIENT_TEXTS.signedOut);
  assert.equal(en.common.client.cannotConnect, ENGLISH_CLIENT_TEXTS.cannotConnect);
  assert.equal(AUTH_MESSAGES.loginFailed, "Invalid email or password. Please try again.");
  assert.equal(AUTH_MESSAGES.tooManyLinks(1), "Too many sign-in links requested. Please try again in 1 minute.");
  assert.equal(AUTH_MESSAGES.tooManyAttempts(1440), "Too many sign-in attempts. Please try again in 1440 minutes.");
});

Deno.test("[login es] /team-login in Spanish: both tabs, the island's texts, the logged-out notice", async () => {
  await using t = await createTestApp();
  const magic = await getPage(t.app, "/team-login?reason=logged-out", { headers: SPANISH });
  assert.equal(magic.res.status, 200);
  assertSpanish(magic.html, "/team-login", [
    "Acceso al equipo",
    "Inicie sesión en su equipo de GoalMates.",
    "Enlace de acceso",
    "Correo y contraseña",
    "Le enviaremos por correo un enlace para iniciar sesión.",
    "Enviar enlace de acceso",
    "Volver al inicio",
    es.auth.teamLogin.signedOut,
  ]);
  assert.match(magic.html, /<title>Acceso al equipo/);
  assert.match(magic.html, /aria-label="Cómo iniciar sesión"/);
  assert.match(magic.html, /<meta name="description" content="Inicie sesión en su equipo de GoalMates con/);
  // The island gets its messages with its props: the `login` area, in Spanish.
  assert.ok(magic.html.includes('"lang":"es"') && magic.html.includes(JSON.stringify(es.login.magic.send)));
  assert.ok(!magic.html.includes(JSON.stringify(en.login.magic.send)), "no English texts in the island's props");

  const password = await getPage(t.app, "/team-login?tab=password", { cookie: "gm_lang=es" });
  assertSpanish(password.html, "/team-login?tab=password", [
    "Para administradores de equipo que ya crearon una contraseña.",
    "Contraseña",
    "Iniciar sesión",
  ]);

  // English stays English, word for word.
  const english = await getPage(t.app, "/team-login?reason=logged-out");
  assert.equal(htmlLang(english.html), "en");
  for (const text of ["Team Login", "Send Magic Link", ENGLISH_CLIENT_TEXTS.signedOut]) {
    assert.ok(english.html.includes(text));
  }
});

Deno.test("[login es] development mode's demo accounts in Spanish", async () => {
  await using t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const { html } = await getPage(t.app, "/team-login", { headers: SPANISH });
  assertSpanish(html, "/team-login (development)", [
    "Modo de desarrollo: cuentas de demostración",
    "coach@example.com, el administrador del equipo de demostración (contraseña rockets-demo-2026)",
    "parent@example.com, un padre de familia",
    "los enlaces de acceso llegan a la bandeja de salida en /email-test.",
  ]);
  const english = textOf((await getPage(t.app, "/team-login")).html);
  assert.ok(english.includes("coach@example.com, the demo team admin (password rockets-demo-2026)"));
  assert.ok(english.includes("Without SMTP settings, magic links land in the outbox at /email-test."));
});

Deno.test("[login es] no-JavaScript posts answer in Spanish: link sent, blank, wrong password, throttled", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const password = "correct horse battery";
  await createAccount(t.kv, { email: "coach@team.test", teamId: team.id, role: "TEAM_ADMIN", password });
  const post = (form: Record<string, string>) => call(t.app, "POST", "/team-login", { form, headers: SPANISH });

  const sent = await post({ action: "magic", email: "coach@team.test", next: "" });
  assert.equal(sent.status, 200);
  assertSpanish(await sent.text(), "link sent", [
    "Revise su correo",
    "Si coach@team.test pertenece a una cuenta de GoalMates, le llegará un enlace de acceso.",
    "Cambiar correo",
  ]);

  const blank = await post({ action: "magic", email: "" });
  assert.equal(blank.status, 400);
  assertSpanish(await blank.text(), "blank address", [es.auth.messages.checkEmail]);

  const wrong = await post({ action: "password", email: "coach@team.test", password: "not the password" });
  assert.equal(wrong.status, 401);
  assertSpanish(await wrong.text(), "wrong password", [es.auth.messages.loginFailed]);

  let last: Response | undefined;
  for (let i = 0; i < 6; i++) {
    last = await post({ action: "magic", email: "busy@team.test" });
    await last.body?.cancel();
  }
  const throttled = await post({ action: "magic", email: "busy@team.test" });
  assert.equal(throttled.status, 429);
  const html = await throttled.text();
  assertSpanish(html, "throttled", ["Se pidieron demasiados enlaces de acceso. Inténtelo de nuevo en"]);
  assert.match(textOf(html), /Inténtelo de nuevo en \d+ minutos?\./);
});

Deno.test("[login es] the sign-in calls answer their message in Spanish", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, {
    email: "coach@team.test",
    teamId: team.id,
    role: "TEAM_ADMIN",
    password: "correct horse battery",
  });
  const wrong = await requestJson(t.app, "/api/team-admin/login", {
    body: { email: "coach@team.test", password: "not the password" },
    headers: SPANISH,
  });
  assert.equal(wrong.status, 401);
  assert.equal((await wrong.json()).message, es.auth.messages.loginFailed);

  const teamLogin = await requestJson(t.app, `/api/teams/${team.id}/login`, {
    body: { username: "nobody", password: "not the password" },
    headers: { cookie: "gm_lang=es" },
  });
  assert.equal(teamLogin.status, 401);
  assert.equal((await teamLogin.json()).message, es.auth.messages.teamLoginFailed);

  const sent = await requestJson(t.app, "/api/team/magic-link", { body: { email: "a@team.test" }, headers: SPANISH });
  assert.equal((await sent.json()).message, es.auth.messages.magicLinkSent);
  const english = await requestJson(t.app, "/api/team-admin/login", {
    body: { email: "coach@team.test", password: "not the password" },
  });
  assert.equal((await english.json()).message, AUTH_MESSAGES.loginFailed);
});

Deno.test("[login es] the sign-in link's pages: Continue, expired, a fresh link sent", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@team.test", teamId: team.id });
  await requestJson(t.app, "/api/team/magic-link", { body: { email: "ana@team.test" } });
  const token = await tokenFromMail(t.kv, "ana@team.test", "/auth/magic");

  const open = await getPage(t.app, `/auth/magic?token=${token}`, { headers: SPANISH });
  assert.equal(open.res.status, 200);
  assertSpanish(open.html, "/auth/magic", [
    "Inicie sesión en GoalMates",
    "Presione Continuar para terminar de iniciar sesión en este dispositivo.",
    "Continuar",
  ]);
  assert.match(open.html, /<title>Iniciar sesión/);

  const unknown = await getPage(t.app, "/auth/magic?token=not-a-token", { headers: SPANISH });
  assert.equal(unknown.res.status, 400);
  assertSpanish(unknown.html, "an unknown link", ["Enlace vencido", "Pedir un enlace nuevo"]);

  clock.advance(16 * 60_000);
  const expired = await getPage(t.app, `/auth/magic?token=${token}`, { headers: SPANISH });
  assert.equal(expired.res.status, 400);
  assertSpanish(expired.html, "an expired link", [
    "Enlace vencido",
    "Los enlaces de acceso funcionan una sola vez, durante 15 minutos.",
    "Podemos enviarle un enlace nuevo a la misma dirección de correo.",
    "Enviarme un enlace nuevo",
    "Iniciar sesión de otra forma",
  ]);

  const resent = await call(t.app, "POST", "/auth/magic/resend", { form: { token }, cookie: "gm_lang=es" });
  assert.equal(resent.status, 200);
  assertSpanish(await resent.text(), "a fresh link sent", [
    "Revise su correo",
    "Le enviamos un enlace nuevo a su correo.",
    "¿No le llegó? Revise su carpeta de spam o inicie sesión de otra forma.",
  ]);
});

Deno.test("[login es] the sign-out question in Spanish", async () => {
  await using t = await createTestApp();
  const { res, html } = await getPage(t.app, "/sign-out", { headers: SPANISH });
  assert.equal(res.status, 200);
  assertSpanish(html, "/sign-out", [
    "¿Cerrar sesión?",
    "¿Desea cerrar sesión en GoalMates en este dispositivo?",
    "Cerrar sesión",
    "No, mantener la sesión abierta",
  ]);
});
