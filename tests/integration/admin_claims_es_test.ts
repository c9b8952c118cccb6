/**
 * The team admin's Claims and Access pages in Spanish (issue 24): the claims page with pending and
 * processed claims (the board island's words ride in its props, in Spanish only), the Access page
 * with its forms, its members and a refused form's errors, and the JSON answers of a claim decision
 * and an Access change. The English pages are checked word for word by admin_pages_test.ts,
 * admin_claims_api_test.ts, admin_access_api_test.ts and member_removal_test.ts.
 */
import assert from "node:assert/strict";
import { call, createTestApp, getPage, requestJson, type TestContext } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { englishLeftIn, readableText } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from "../../lib/auth/password_policy.ts";

const SPANISH = { "accept-language": "es-US,es;q=0.9,en;q=0.5" };
const es = messagesFor("es");
const en = messagesFor("en");
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];

/** A page in Spanish: its language, these texts, and no English catalogue text. */
function assertSpanish(html: string, where: string, texts: string[]): string {
  assert.equal(htmlLang(html), "es", `${where}: <html lang>`);
  const text = readableText(html);
  for (const expected of texts) assert.ok(text.includes(expected), `${where} lacks '${expected}'`);
  assert.deepEqual(englishLeftIn(html), [], `${where}: English catalogue texts left`);
  return text;
}

const spanishPage = (t: TestContext, path: string, cookie: string) =>
  getPage(t.app, path, { cookie, headers: SPANISH });

let ip = 20;
async function claim(t: TestContext, slug: string, body: Record<string, unknown>): Promise<string> {
  const res = await requestJson(t.app, `/api/teams/${slug}/claims`, { body, ip: `198.51.100.${ip++}` });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).claimId;
}

/** The admin world; the parent is a guardian of Sofia Okafor. */
async function world(t: TestContext) {
  const w = await adminWorld(t);
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const op = stageGuardian(t.kv.atomic(), w.team.id, w.players[1].id, parent.id, new Date());
  assert.ok((await commitTeamChange(t.kv, op, w.team.id)).ok);
  return { ...w, parent, admin: (await getUserByEmail(t.kv, "admin@example.com"))! };
}

Deno.test("[admin claims es] the claims page: counts, pending with a choice, processed, the board's words in Spanish only", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await world(t);
  const claims = `/admin/${team.id}/claims`;

  const empty = await spanishPage(t, claims, cookies.admin);
  assertSpanish(empty.html, "the empty claims page", [
    es.adminClaims.empty.heading,
    es.adminClaims.empty.text,
    es.adminClaims.export,
    es.adminCommon.numbers.claims.pending,
  ]);

  const approved = await claim(t, team.slug, { mode: "jersey", jerseyNumber: 4, email: "okafor@example.com" });
  const denied = await claim(t, team.slug, { mode: "jersey", jerseyNumber: 12, email: "anderson@example.com" });
  await claim(t, team.slug, { mode: "jersey", jerseyNumber: 7, email: "maya@example.com", note: "Soy su mamá" });
  await claim(t, team.slug, { mode: "surname", childSurname: "Rodriguez", email: "rod@example.com" });
  for (const [id, decision] of [[approved, "approve"], [denied, "deny"]]) {
    const res = await call(t.app, "POST", `/api/admin/${team.id}/claims/${id}/${decision}`, { cookie: cookies.admin });
    assert.equal(res.status, 200, await res.clone().text());
  }

  const { res, html } = await spanishPage(t, claims, cookies.admin);
  assert.equal(res.status, 200);
  const text = assertSpanish(html, "the claims page", [
    es.adminClaims.pendingHeading,
    es.adminClaims.processedHeading,
    es.adminClaims.columns.target,
    es.adminClaims.columns.decided,
    es.adminClaims.actions.approve,
    es.adminClaims.actions.deny,
    es.adminClaims.actions.choosePlayer,
    es.adminClaims.status.approved,
    es.adminClaims.status.denied,
    "Soy su mamá",
  ]);
  assert.ok(text.includes("Aprobar la solicitud de maya@example.com"), "the buttons' names are Spanish");
  assert.ok(text.includes("Jugador para la solicitud de rod@example.com"), "the choice's label is Spanish");
  assert.match(html, /data-label="Camiseta \/ apellido"/, "the stacked table's labels are Spanish");
  assert.match(html, /<th scope="row" data-label="Padre o madre">/, "the row header's too");
  // The island's messages ride with its props, in the page's language only.
  const props = /<script type="application\/json" id="island-props-\d+"[^>]*>(.*?)<\/script>/s.exec(html)![1];
  assert.match(props, /"lang":"es"/);
  assert.ok(props.includes(es.adminClaims.actions.approvedTitle), "the toast's title comes along");
  assert.ok(!html.includes(en.adminClaims.processedHeading), "no English in the page, scripts included");

  // English is as before.
  const english = await getPage(t.app, claims, cookies.admin);
  assert.equal(htmlLang(english.html), "en");
  assert.ok(readableText(english.html).includes("Processed Claims"));
  assert.ok(english.html.includes('aria-label="Approve claim from maya@example.com"'));
});

Deno.test("[admin claims es] a claim decision in Spanish JSON: approved, refused, and a bad query", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await world(t);
  const id = await claim(t, team.slug, { mode: "jersey", jerseyNumber: 4, email: "okafor@example.com" });
  const decide = (decision: string) =>
    call(t.app, "POST", `/api/admin/${team.id}/claims/${id}/${decision}`, { cookie: cookies.admin, headers: SPANISH });

  const ok = await decide("approve");
  assert.equal(ok.status, 200);
  assert.equal((await ok.json()).message, es.claims.decisions.approved);
  const again = await decide("deny");
  assert.equal(again.status, 409);
  assert.equal((await again.json()).message, es.claims.decisions.alreadyDecided);

  const query = await call(t.app, "GET", `/api/admin/${team.id}/claims?status=nope`, {
    cookie: cookies.admin,
    headers: SPANISH,
  });
  assert.equal(query.status, 400);
  assert.equal(
    (await query.json()).message,
    format("es", es.adminClaims.statusQuery, { statuses: "pending, approved, denied, decided" }),
  );
});

Deno.test("[admin claims es] the access page: team login, admins, members, each form's refusal in Spanish", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await world(t);
  const access = `/admin/${team.id}/access`;
  const { res, html } = await spanishPage(t, access, cookies.admin);
  assert.equal(res.status, 200);
  const text = assertSpanish(html, "the access page", [
    es.adminAccess.login.heading,
    es.adminAccess.login.none,
    es.adminAccess.login.save,
    format("es", es.adminAccess.login.passwordHint, { min: String(MIN_PASSWORD_LENGTH) }),
    es.adminAccess.admins.heading,
    es.adminAccess.admins.you,
    es.adminAccess.admins.lastAdmin,
    es.adminAccess.admins.inviteLabel,
    es.adminAccess.members.heading,
    es.adminAccess.members.intro,
    es.adminAccess.members.removeFromTeam,
    "Padre o madre de Sofia Okafor",
    `¿Quitar a Test Person de ${team.name}? Le avisaremos por correo electrónico.`,
  ]);
  assert.ok(text.includes(es.adminAccess.members.roles.PLAYER));

  const post = (path: string, form: Record<string, string>) =>
    call(t.app, "POST", `${access}${path}`, { cookie: cookies.admin, headers: SPANISH, form });
  const short = await post("/login", { username: "rockets", password: "short" });
  assert.equal(short.status, 400);
  const shortHtml = await short.text();
  assertSpanish(shortHtml, "a refused team login", [
    format("es", es.auth.password.tooShort, { min: String(MIN_PASSWORD_LENGTH) }),
  ]);
  assert.match(shortHtml, /id="access-password-error">La contraseña debe tener al menos 12 caracteres\./);
  const badName = await post("/login", { username: "a", password: "a long team password" });
  assert.match(await badName.text(), new RegExp(`id="access-username-error">${es.adminAccess.messages.username}`));
  const badEmail = await post("/admins", { email: "not-an-email" });
  assert.equal(badEmail.status, 400);
  assertSpanish(await badEmail.text(), "a refused invite", [es.adminAccess.messages.email]);

  // Saved: the page names the username in its Spanish sentence.
  const saved = await post("/login", { username: "rockets", password: "a long team password" });
  assert.equal(saved.status, 303);
  const after = await spanishPage(t, `${access}?done=saved`, cookies.admin);
  assertSpanish(after.html, "the access page with a team login", [
    "Los ayudantes pueden iniciar sesión en la página de este equipo con el usuario rockets",
    es.adminAccess.messages.saved,
  ]);
  assert.match(after.html, /con el usuario <strong>rockets<\/strong>\./);

  // English is as before.
  const english = await getPage(t.app, access, cookies.admin);
  assert.equal(htmlLang(english.html), "en");
  assert.ok(readableText(english.html).includes("Remove Test Person from"));
});

Deno.test("[admin claims es] an access change refused in Spanish JSON; a removal answered in Spanish", async () => {
  await using t = await createTestApp();
  const { team, cookies, admin, parent } = await world(t);
  const api = (method: string, path: string, body?: unknown) =>
    call(t.app, method, `/api/admin/${team.id}${path}`, { cookie: cookies.admin, headers: SPANISH, body });

  const cases: [string, string, unknown, number, string][] = [
    ["PUT", "/access", { username: "a", password: "a long team password" }, 400, es.adminAccess.messages.username],
    [
      "PUT",
      "/access",
      { username: "rockets", password: "short" },
      400,
      format("es", es.auth.password.tooShort, { min: "12" }),
    ],
    ["PUT", "/access", { username: "rockets" }, 400, es.auth.password.missing],
    ["POST", "/admins", { email: "nope" }, 400, es.adminAccess.messages.email],
    ["DELETE", `/admins/${admin.id}`, undefined, 409, es.adminAccess.messages.lastAdmin],
    ["DELETE", `/members/${admin.id}`, undefined, 409, es.adminAccess.membership.removeSelf],
  ];
  for (const [method, path, body, status, message] of cases) {
    const res = await api(method, path, body);
    assert.equal(res.status, status, `${method} ${path}`);
    assert.equal((await res.json()).message, message, `${method} ${path}`);
  }

  const saved = await api("PUT", "/access", { username: "rockets", password: "a long team password" });
  assert.equal((await saved.json()).message, es.adminAccess.messages.saved);
  const invited = await api("POST", "/admins", { email: "helper@example.com" });
  assert.equal(invited.status, 201);
  assert.equal(
    (await invited.json()).message,
    "helper@example.com ahora es administrador de este equipo. Le enviamos por correo un enlace para iniciar sesión.",
  );
  // A member without a name of their own is named in the reader's language.
  const claimed = await claim(t, team.slug, { mode: "jersey", jerseyNumber: 7, email: "maya@example.com" });
  assert.equal((await api("POST", `/claims/${claimed}/approve`)).status, 200);
  const members = (await (await api("GET", "/members")).json()).members as { email: string; name: string }[];
  assert.equal(members.find((m) => m.email === "maya@example.com")?.name, "Familia de Maya");

  const removed = await api("DELETE", `/members/${parent.id}`);
  assert.equal(removed.status, 200);
  assert.equal(
    (await removed.json()).message,
    "Test Person ya no es miembro de este equipo. Le avisamos por correo electrónico.",
  );
});

Deno.test("[admin claims es] the password rule answers with the catalogue's English, word for word as before", () => {
  const texts = en.auth.password;
  assert.equal(texts.tooShort, "Password must be at least {min} characters.");
  assert.equal(passwordProblem(""), texts.missing);
  assert.equal(passwordProblem("short"), format("en", texts.tooShort, { min: String(MIN_PASSWORD_LENGTH) }));
  assert.equal(passwordProblem("x".repeat(200)), format("en", texts.tooLong, { max: String(MAX_PASSWORD_LENGTH) }));
  assert.equal(passwordProblem("password1234"), texts.common);
});
