/**
 * The team admin's Settings page in Spanish (issue 24): the page with its form, a save without
 * JavaScript refused at its fields, Delete Team refused, and the settings API's JSON refusals.
 * The English page and messages are checked word for word by admin_pages_test.ts and
 * admin_settings_api_test.ts.
 */
import assert from "node:assert/strict";
import { call, createTestApp, getPage, postFormAs } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { englishLeftIn, readableText } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { fieldOfMessage } from "../../components/admin/settings/settings_form.ts";
import { JOIN_LINKS_PER_DAY, regenerateJoinLink } from "../../lib/join/links.ts";

const SPANISH = { "accept-language": "es-US,es;q=0.9,en;q=0.5" };
const es = messagesFor("es").adminSettings;
const en = messagesFor("en").adminSettings;
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];

/** A page in Spanish: its language, these texts, and no English catalogue text. */
function assertSpanish(html: string, where: string, texts: string[]): string {
  assert.equal(htmlLang(html), "es", `${where}: <html lang>`);
  const text = readableText(html);
  for (const expected of texts) assert.ok(text.includes(expected), `${where} lacks '${expected}'`);
  assert.deepEqual(englishLeftIn(html), [], `${where}: English catalogue texts left`);
  return text;
}

Deno.test("[admin settings es] the settings page: its sections, switches, zones and Delete Team in Spanish", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await adminWorld(t);
  const path = `/admin/${team.id}/settings`;
  const { res, html } = await getPage(t.app, path, { cookie: cookies.admin, headers: SPANISH });
  assert.equal(res.status, 200);
  assertSpanish(html, "the settings page", [
    es.title,
    es.team.heading,
    es.team.name,
    es.team.timeZone,
    es.team.publicRosterUrl,
    es.claims.heading,
    es.switches.allowSurnameFallback.label,
    es.switches.showPhotos.hint,
    es.visibility.heading,
    es.domains.hint,
    es.save,
    es.danger.text,
    format("es", es.danger.confirm, { team: team.name }),
    es.danger.delete,
    es.timeZones.losAngeles,
  ]);
  assert.match(html, new RegExp(`<title>${es.title} · `), "the document's title");
  assert.match(html, /<optgroup label="Estados Unidos">/, "the zones most teams are in, named in Spanish");
  assert.match(html, /<optgroup label="Europe">/, "the other zones keep their IANA names");
  // The island's words ride with its props, in the page's language only.
  const props = [...html.matchAll(/<script type="application\/json" id="island-props-\d+"[^>]*>(.*?)<\/script>/gs)]
    .map((m) => m[1]).find((p) => p.includes("settingsPath"))!;
  assert.match(props, /"lang":"es"/);
  assert.ok(props.includes(es.saved), "the toast's title comes along");
  assert.ok(!props.includes(en.saved), "and not the English one");

  const saved = await getPage(t.app, `${path}?notice=saved`, { cookie: cookies.admin, headers: SPANISH });
  assertSpanish(saved.html, "after a save", [es.saved]);

  // English is as before.
  const english = await getPage(t.app, path, cookies.admin);
  assert.equal(htmlLang(english.html), "en");
  assert.ok(readableText(english.html).includes("Allowed email domains"));
  assert.match(english.html, /<optgroup label="United States">/);
});

Deno.test("[admin settings es] without JavaScript: a refused save and Delete Team answer in Spanish at their fields", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await adminWorld(t);
  const path = `/admin/${team.id}/settings`;
  const good = {
    name: team.name,
    season: "Otoño 2026",
    orgName: "Club Los Ángeles",
    claimInstructions: "",
    allowedEmailDomains: "",
  };
  const post = (to: string, fields: Record<string, string>) =>
    call(t.app, "POST", to, { form: fields, cookie: cookies.admin, headers: SPANISH });

  const cases: [Record<string, string>, string, string][] = [
    [{ name: "  " }, "settings-name", es.rules.name],
    [{ season: "x".repeat(41) }, "settings-season", es.rules.season],
    [
      { allowedEmailDomains: "school.org\nno es dominio" },
      "settings-domain-list",
      "Dominio de correo no válido: no es dominio",
    ],
    [
      { allowedEmailDomains: Array.from({ length: 21 }, (_, i) => `d${i}.example`).join("\n") },
      "settings-domain-list",
      format("es", es.rules.tooManyDomains, { max: "20" }),
    ],
  ];
  for (const [fields, id, message] of cases) {
    const res = await post(path, { ...good, ...fields });
    assert.equal(res.status, 400, message);
    const html = await res.text();
    assertSpanish(html, message, [message, es.save]);
    assert.equal((html.match(/aria-invalid="true"/g) ?? []).length, 1, `${message}: one field is marked`);
    assert.ok(html.includes(`<p class="field__error" id="${id}-error">${message}</p>`), `${message} at ${id}`);
    assert.ok(html.includes(`<div class="notice notice--error" role="alert">${message}</div>`), "and above the form");
    assert.ok(html.includes('value="Club Los Ángeles"'), "what was typed is kept");
  }

  const wrong = await post(`${path}/delete`, { confirm: "no es el nombre" });
  assert.equal(wrong.status, 400);
  const refused = await wrong.text();
  assertSpanish(refused, "Delete Team refused", [es.rules.confirmDelete]);
  assert.ok(refused.includes(`<p class="field__error" id="settings-confirm-error">${es.rules.confirmDelete}</p>`));

  // In English the same post answers as before.
  const english = await postFormAs(t.app, path, { ...good, name: "" }, cookies.admin);
  assert.ok(
    (await english.text()).includes(`<p class="field__error" id="settings-name-error">Team name is required</p>`),
  );
});

Deno.test("[admin settings es] the settings API refuses in Spanish, and the form finds the field of each message", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await adminWorld(t);
  const patch = (body: unknown) =>
    call(t.app, "PATCH", `/api/admin/${team.id}/settings`, { cookie: cookies.admin, body, headers: SPANISH });

  // The API answers a message only (SPEC.md); the island finds its field from it, in the page's language.
  const cases: [unknown, string, string | null][] = [
    [{ name: "" }, es.rules.name, "name"],
    [{ orgName: 7 }, es.rules.notText.orgName, "orgName"],
    [{ claimInstructions: "x".repeat(501) }, es.rules.claimInstructions, "claimInstructions"],
    [{ timeZone: "Hora de Miami" }, es.rules.timeZone, "timeZone"],
    [{ allowedEmailDomains: ["no es dominio"] }, "Dominio de correo no válido: no es dominio", "allowedEmailDomains"],
    [{ allowedEmailDomains: "escuela.org" }, es.rules.domains, "allowedEmailDomains"],
    [{ openClaims: "sí" }, es.rules.notSwitch.openClaims, null],
    [{ slug: "nuevo" }, "Campo desconocido: slug", null],
    [[], es.rules.body, null],
  ];
  for (const [body, message, field] of cases) {
    const res = await patch(body);
    assert.equal(res.status, 400, message);
    assert.deepEqual(await res.json(), { message });
    assert.equal(fieldOfMessage(es, message), field, `the field of '${message}'`);
  }
  assert.equal(fieldOfMessage(en, "At most 20 email domains"), "allowedEmailDomains");
  assert.equal(fieldOfMessage(en, "Season must be text"), "season");

  const deleted = await call(t.app, "DELETE", `/api/admin/${team.id}`, {
    cookie: cookies.admin,
    body: { confirm: "otro nombre" },
    headers: SPANISH,
  });
  assert.equal(deleted.status, 400);
  assert.equal((await deleted.json()).message, es.rules.confirmDelete);

  const english = await call(t.app, "PATCH", `/api/admin/${team.id}/settings`, {
    cookie: cookies.admin,
    body: { name: "" },
  });
  assert.equal((await english.json()).message, "Team name is required");
});

Deno.test("[admin settings es] Generate New past its daily limit refuses in Spanish", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await adminWorld(t);
  const now = new Date();
  for (let i = 0; i < JOIN_LINKS_PER_DAY; i++) {
    await regenerateJoinLink(t.kv, team.id, "admin", "http://goalmates.test", now);
  }
  const res = await call(t.app, "POST", `/api/teams/${team.id}/join-link`, { cookie: cookies.admin, headers: SPANISH });
  assert.equal(res.status, 429);
  assert.match(
    (await res.json()).message,
    /^Demasiados enlaces de invitación nuevos hoy\. Inténtelo de nuevo en \d+ horas?\.$/,
  );
});
