/**
 * A person's own pages in Spanish (issue 24): /account (with its notifications), the data and
 * privacy page, the e-mail change link's pages, the deleted and signed-out pages, the family
 * calendar page, what a team's shared login sees on them, and their refusals — in the no-JS
 * forms and as JSON. The English pages are checked word for word by account_pages_test.ts,
 * account_privacy_page_test.ts, family_calendar_test.ts, profile_api_test.ts and the e2e tests.
 */
import assert from "node:assert/strict";
import { call, createTestApp, getPage, type TestContext } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { cookiesFrom, setCheapTeamLogin, tokenFromMail } from "../auth_helpers.ts";
import { englishLeftIn } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { getUserByEmail, setMembership } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";
import { keys } from "../../lib/db/keys.ts";
import { RETENTION_PERIODS } from "../../lib/retention.ts";
import { PROFILE_MESSAGES } from "../../lib/accounts/profile_rules.ts";

const SPANISH = { "accept-language": "es-US,es;q=0.9,en;q=0.5" };
const es = messagesFor("es");
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
/** The texts on a page as a visitor reads them: inline elements' words stay in their sentence. */
const textOf = (html: string) =>
  html.replace(/<!-- -->|<\/?(?:strong|code|a|em|span)\b[^>]*>/g, "").replace(/<[^>]+>/g, " ")
    .replace(/&(#?\w+);/g, (whole, name) => ENTITIES[name] ?? whole).replace(/\s+/g, " ");

function assertSpanish(html: string, where: string, texts: string[]): void {
  assert.equal(htmlLang(html), "es", `${where}: <html lang>`);
  const text = textOf(html);
  for (const expected of texts) assert.ok(text.includes(expected), `${where} lacks '${expected}'`);
  assert.deepEqual(englishLeftIn(html), [], `${where}: English catalogue texts left`);
}

/** A page in Spanish for a session `cookie` ("" for nobody). */
const spanishPage = (t: TestContext, path: string, cookie = "") => getPage(t.app, path, { cookie, headers: SPANISH });

/** The admin world; the parent is a guardian of the team's first player and a parent in the other team. */
async function world(t: TestContext) {
  const w = await adminWorld(t);
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const op = stageGuardian(t.kv.atomic(), w.team.id, w.players[0].id, parent.id, new Date());
  assert.ok((await commitTeamChange(t.kv, op, w.team.id)).ok);
  await setMembership(t.kv, parent.id, w.otherTeam.id, "TEAM_STANDARD");
  return { w, parent };
}

/** A session of the team's shared login. */
async function teamLoginCookie(t: TestContext, teamId: string): Promise<string> {
  await setCheapTeamLogin(t.kv, teamId, "rockets", "the team password");
  return cookiesFrom(
    await call(t.app, "POST", `/api/teams/${teamId}/login`, {
      body: { username: "rockets", password: "the team password" },
    }),
  );
}

Deno.test("[account es] /account in Spanish: every section, the notification kinds, the notices", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  const { res, html } = await spanishPage(t, "/account", w.cookies.parent);
  assert.equal(res.status, 200);
  assertSpanish(html, "/account", [
    "Su cuenta",
    "Sesión iniciada como parent@example.com",
    "Su nombre",
    "Guardar nombre",
    "Crear una contraseña",
    "Al menos 12 caracteres.",
    "Crear contraseña",
    "Notificaciones",
    es.notifications.kinds.teamNews.label,
    es.notifications.kinds.weeklyDigest.hint,
    "Guardar notificaciones",
    "Sus datos y privacidad",
    "Cerrar todas las sesiones",
  ]);
  for (
    const [query, notice] of [
      ["done=name", es.account.messages.nameSaved],
      ["done=password-set", es.account.messages.passwordSet],
      ["done=password", es.auth.messages.passwordChanged],
      ["saved=notifications", es.account.messages.notifications.saved],
    ]
  ) {
    const page = await spanishPage(t, `/account?${query}`, w.cookies.parent);
    assertSpanish(page.html, query, [notice]);
  }
});

Deno.test("[account es] a refused no-JS form comes back in Spanish, next to its fields", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  const name = await call(t.app, "POST", "/account/name", {
    cookie: w.cookies.parent,
    headers: SPANISH,
    form: { firstName: "", lastName: "x".repeat(51) },
  });
  assert.equal(name.status, 400);
  const html = await name.text();
  assertSpanish(html, "name refused", [es.accountSettings.rules.firstName, "El apellido debe tener como máximo 50"]);
  assert.match(html, new RegExp(`id="account-first-name-error">${es.accountSettings.rules.firstName}<`));

  const password = await call(t.app, "POST", "/account/password", {
    cookie: w.cookies.parent,
    headers: SPANISH,
    form: { newPassword: "a long sunny saturday at the pitch", confirmPassword: "a long rainy sunday" },
  });
  assert.equal(password.status, 400);
  assertSpanish(await password.text(), "password refused", [es.account.messages.confirmPassword]);
});

Deno.test("[account es] the calls answer their refusals in Spanish", async () => {
  await using t = await createTestApp();
  const { w, parent } = await world(t);
  const profile = await call(t.app, "PUT", `/api/teams/${w.team.id}/parents/${parent.id}`, {
    cookie: w.cookies.parent,
    headers: SPANISH,
    body: { firstName: "", lastName: "Chen", email: "not an address", phone: "" },
  });
  assert.equal(profile.status, 400);
  assert.deepEqual(await profile.json(), { message: "El nombre es obligatorio" });
  for (
    const [change, message] of [
      [{ lastName: "x".repeat(51) }, "El apellido debe tener como máximo 50 caracteres"],
      [{ email: "nope" }, "Ingrese un correo electrónico válido"],
      [{ interests: Array(11).fill("a") }, "Intereses: como máximo 10, cada uno de 100 caracteres como máximo"],
      [{ photoUrl: "/objects/me.jpg" }, "Campo desconocido: photoUrl"],
    ] as const
  ) {
    const refused = await call(t.app, "PUT", `/api/teams/${w.team.id}/parents/${parent.id}`, {
      cookie: w.cookies.parent,
      headers: SPANISH,
      body: { firstName: "Wei", lastName: "Chen", email: "wei@example.com", phone: "", ...change },
    });
    assert.equal(refused.status, 400);
    assert.equal((await refused.json()).message, message);
  }
  // The same call in English keeps the spec's words.
  const english = await call(t.app, "PUT", `/api/teams/${w.team.id}/parents/${parent.id}`, {
    cookie: w.cookies.parent,
    body: { firstName: "", lastName: "Chen", email: "wei@example.com", phone: "" },
  });
  assert.equal((await english.json()).message, PROFILE_MESSAGES.firstName);

  const notifications = await call(t.app, "PUT", "/api/account/notifications", {
    cookie: w.cookies.parent,
    headers: SPANISH,
    body: { teamNews: "yes" },
  });
  assert.equal(notifications.status, 400);
  assert.equal((await notifications.json()).message, "teamNews debe ser true o false.");

  const deletion = await call(t.app, "DELETE", "/api/account", {
    cookie: w.cookies.parent,
    headers: SPANISH,
    body: { confirm: "someone@example.com" },
  });
  assert.equal(deletion.status, 400);
  assert.equal((await deletion.json()).message, es.account.messages.delete.mismatch);
});

Deno.test("[account es] /account/privacy in Spanish: what is kept, the child's choices and waiting request, the notices", async () => {
  await using t = await createTestApp();
  const { w, parent } = await world(t);
  const child = w.players[0];
  const requestId = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
  await t.kv.set(keys.removalRequest(w.team.id, child.id, requestId), {
    id: requestId,
    teamId: w.team.id,
    playerId: child.id,
    requestedBy: parent.id,
    reason: "",
    status: "pending",
    createdAt: "2026-11-20T12:00:00.000Z",
    decidedAt: null,
    denyReason: null,
  });
  const { res, html } = await spanishPage(t, "/account/privacy", w.cookies.parent);
  assert.equal(res.status, 200);
  assertSpanish(html, "/account/privacy", [
    "Sus datos y privacidad",
    "Qué guardamos y por cuánto tiempo",
    es.account.privacy.kept.untilRemoved.children.text,
    ...RETENTION_PERIODS.map((period) => es.retention[period.kind].text),
    "Quién puede ver cada cosa está en nuestra página de privacidad.",
    "Descargar mis datos",
    "Salir de un equipo",
    `Salir de ${w.otherTeam.name}`,
    "Padre o madre",
    format("es", es.childPrivacy.hideLastName, { firstName: child.firstName }),
    `Guardar opciones de ${child.firstName}`,
    `El 20 nov 2026 pidió que quitaran a ${child.firstName} de la plantilla.`,
    "Eliminar mi cuenta",
    "Esto no se puede deshacer.",
    "Es parent@example.com.",
  ]);
  for (
    const [query, notice] of [
      ["left=1", es.account.messages.privacy.left],
      ["child=requested", es.childPrivacy.notices.requested],
      ["child=saved", es.childPrivacy.notices.saved],
      ["child-error=alreadyRequested", es.childPrivacy.notices.alreadyRequested],
      ["child-error=reasonTooLong", "El motivo debe tener menos de 500 caracteres."],
    ]
  ) {
    assertSpanish((await spanishPage(t, `/account/privacy?${query}`, w.cookies.parent)).html, query, [notice]);
  }
  // The team's only admin: why they cannot leave, and who must take over before a deletion.
  const admin = await spanishPage(t, "/account/privacy", w.cookies.admin);
  assertSpanish(admin.html, "only admin", [
    es.account.messages.privacy.onlyAdmin,
    `Usted es el único administrador de ${w.team.name}.`,
    "Administrador del equipo",
  ]);
});

Deno.test("[account es] the privacy page's refused forms come back in Spanish in their section", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  const deletion = await call(t.app, "POST", "/account/privacy/delete", {
    cookie: w.cookies.parent,
    headers: SPANISH,
    form: { confirm: "someone@example.com" },
  });
  assert.equal(deletion.status, 400);
  const deleted = await deletion.text();
  assertSpanish(deleted, "delete refused", [es.account.messages.delete.mismatch, "Ir a Eliminar mi cuenta"]);
  assert.match(deleted, new RegExp(`id="privacy-delete-error">${es.account.messages.delete.mismatch}<`));

  const leave = await call(t.app, "POST", "/account/privacy/leave", {
    cookie: w.cookies.admin,
    headers: SPANISH,
    form: { teamId: w.team.id },
  });
  assert.equal(leave.status, 409);
  assertSpanish(await leave.text(), "leave refused", [
    es.account.messages.privacy.onlyAdmin,
    "Ir a Salir de un equipo",
  ]);
});

Deno.test("[account es] a team's shared login on a person's pages: the personal-account card in Spanish", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  const cookie = await teamLoginCookie(t, w.team.id);
  const account = await spanishPage(t, "/account", cookie);
  assertSpanish(account.html, "/account (team login)", [
    "Su cuenta",
    "Sesión iniciada con el acceso del equipo",
    es.account.teamLogin.whyAccount.slice(2),
    es.auth.messages.teamAccountNoPassword,
    "Entrar con su correo",
  ]);
  const privacy = await spanishPage(t, "/account/privacy", cookie);
  assertSpanish(privacy.html, "/account/privacy (team login)", [es.account.messages.privacy.personalAccountNeeded]);
  const calendar = await spanishPage(t, "/account/calendar", cookie);
  assertSpanish(calendar.html, "/account/calendar (team login)", [
    "Su calendario familiar",
    "Se necesita una cuenta personal",
    es.familyCalendar.messages.personalAccountNeeded,
  ]);
});

Deno.test("[account es] signed out everywhere, and the deleted account's page, in Spanish", async () => {
  await using t = await createTestApp();
  const signedOut = await spanishPage(t, "/account/signed-out");
  assertSpanish(signedOut.html, "/account/signed-out", [
    "Sesiones cerradas en todas partes",
    es.account.signedOut.text,
  ]);
  const deleted = await spanishPage(t, "/account/deleted");
  assertSpanish(deleted.html, "/account/deleted", ["Su cuenta fue eliminada", "Ir a la página de inicio"]);
  assert.match(deleted.html, /<title>Cuenta eliminada/);
});

Deno.test("[account es] the e-mail change link's pages in Spanish: confirm, done, and an unusable link", async () => {
  await using t = await createTestApp();
  const { w, parent } = await world(t);
  const put = await call(t.app, "PUT", `/api/teams/${w.team.id}/parents/${parent.id}`, {
    cookie: w.cookies.parent,
    headers: SPANISH,
    body: { firstName: "Wendy", lastName: "Chen", email: "wendy.new@example.com", phone: "" },
  });
  assert.equal(put.status, 200);
  assert.equal(
    (await put.json()).message,
    "Enviamos un enlace de confirmación a wendy.new@example.com. Su correo cambiará cuando lo abra.",
  );
  const token = await tokenFromMail(t.kv, "wendy.new@example.com", "/account/email");
  const confirm = await spanishPage(t, `/account/email?token=${token}`);
  assertSpanish(confirm.html, "confirm", ["Pulse Confirmar para que wendy.new@example.com sea el correo"]);
  const done = await call(t.app, "POST", "/account/email", { headers: SPANISH, form: { token } });
  assert.equal(done.status, 200);
  assertSpanish(await done.text(), "done", [
    "Correo cambiado",
    "Su correo ahora es wendy.new@example.com.",
    "Ir a su panel",
  ]);
  const again = await call(t.app, "POST", "/account/email", { headers: SPANISH, form: { token } });
  assert.equal(again.status, 400);
  assertSpanish(await again.text(), "spent", ["No se cambió el correo", es.account.messages.emailChange.invalid]);
  const bad = await spanishPage(t, "/account/email?token=nothing");
  assert.equal(bad.res.status, 400);
  assertSpanish(bad.html, "bad link", [es.account.messages.emailChange.invalid]);
});

Deno.test("[account es] /account/calendar in Spanish, before and after the link is made", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  const empty = await spanishPage(t, "/account/calendar", w.cookies.parent);
  assertSpanish(empty.html, "no link", [
    "Su calendario familiar",
    es.familyCalendar.link.none,
    ", y cualquier equipo al que se una después",
    "Crear mi enlace de calendario",
    "Agregar calendario → Suscribirse desde la web",
  ]);
  // The teams in a sentence, with the Spanish "y".
  assert.match(textOf(empty.html), /Incluirá Test Team \d+ y Test Team \d+, y cualquier equipo/);
  const created = await call(t.app, "POST", "/account/calendar", { cookie: w.cookies.parent });
  assert.equal(created.status, 303);
  const withLink = await spanishPage(t, created.headers.get("location")!, w.cookies.parent);
  assertSpanish(withLink.html, "with link", [
    es.familyCalendar.messages.created,
    "Enlace del calendario",
    "Agregar a Google Calendar",
    "Abrir en Calendario de Apple",
    "Enlace creado el ",
    "Manténgalo privado",
    "Restablecer enlace",
  ]);
  // The Copy button's words ride in the island's props, in Spanish.
  assert.ok(withLink.html.includes(es.familyCalendar.link.copied));
});
