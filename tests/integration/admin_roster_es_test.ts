/**
 * The team admin's roster management in Spanish (issue 24): the roster page with its island's
 * messages, the print page, the forms that work without JavaScript (a refused add, a refused CSV
 * import with its preview's row problems, the notices after a change), and the players API's
 * refusals, all in the request's language with nothing of the English catalogue left. English
 * is checked by the existing admin roster and players tests, unchanged.
 */
import assert from "node:assert/strict";
import { createTestApp, get, postFormAs } from "../helpers.ts";
import { adminWorld, call } from "../admin_helpers.ts";
import { englishLeftIn, islandDataIn } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { IMPORT_COLUMNS, IMPORT_MESSAGES } from "../../lib/roster/import.ts";
import { listPlayers } from "../../lib/db/players.ts";

const SPANISH = { "accept-language": "es-US,es;q=0.9,en;q=0.5" };
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
const HEADER = IMPORT_COLUMNS.join(",");

async function spanishPage(t: { app: Parameters<typeof get>[0] }, path: string, cookie: string) {
  const res = await get(t.app, path, { cookie, headers: SPANISH });
  return { status: res.status, html: await res.text() };
}

const postSpanish = (app: Parameters<typeof get>[0], path: string, form: Record<string, string>, cookie: string) =>
  call(app, "POST", path, { form, cookie, headers: SPANISH });

Deno.test("[admin roster es] the roster page, its island's messages and the print page are in Spanish", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const cookie = world.cookies.admin;
  const roster = `/admin/${world.team.id}/roster`;

  const { status, html } = await spanishPage(t, roster, cookie);
  assert.equal(status, 200);
  assert.equal(htmlLang(html), "es");
  assert.match(html, new RegExp(`<title>Gestión de la plantilla · ${world.team.name}`));
  for (
    const text of [
      "<h1>Gestión de la plantilla</h1>",
      ">Agregar jugador<",
      ">Importar CSV<",
      ">Exportar CSV<",
      ">Generar PDF<",
      "<dt>Jugadores</dt><dd>4</dd>",
      "<dt>Con posición</dt><dd>3</dd>",
      'data-label="Camiseta"',
      "Buscar por nombre o número de camiseta",
      "Mostrando 4 de 4 jugadores",
      '<caption class="visually-hidden">Jugadores</caption>',
    ]
  ) assert.ok(html.includes(text), text);
  assert.deepEqual(englishLeftIn(html), []);
  // The islands carry their words in Spanish: the roster its own, the team's numbers and 'Change photo';
  // the forms' panel its own and the player rules.
  const { messages: manager } = islandDataIn(html, "RosterManager");
  assert.equal(manager.lang, "es");
  assert.deepEqual(Object.keys(manager.m).sort(), ["adminCommon", "adminRoster", "common", "headshots"]);
  assert.deepEqual(manager.m.adminRoster, messagesFor("es").adminRoster);
  assert.deepEqual(manager.m.adminCommon, { numbers: messagesFor("es").adminCommon.numbers });
  const { messages: panel } = islandDataIn(html, "RosterPanel");
  assert.equal(panel.lang, "es");
  assert.deepEqual(Object.keys(panel.m).sort(), ["adminRosterForms", "common", "players"]);
  assert.deepEqual(panel.m.adminRosterForms, messagesFor("es").adminRosterForms);

  // A search that finds nobody, the add form and the remove confirmation.
  const none = await spanishPage(t, `${roster}?q=zzz`, cookie);
  assert.ok(none.html.includes("Ningún jugador coincide con «zzz»."));
  assert.ok(none.html.includes("Mostrando 0 de 4 jugadores"));
  const add = await spanishPage(t, `${roster}?add=1`, cookie);
  for (const text of ["Nombre", "Apellido", "Camiseta (0–99)", ">Cancelar<"]) {
    assert.ok(add.html.includes(text), text);
  }
  assert.deepEqual(englishLeftIn(add.html), []);
  const sofia = world.players.find((p) => p.firstName === "Sofia")!;
  const edit = await spanishPage(t, `${roster}?edit=${sofia.id}`, cookie);
  for (const text of ["Estadísticas de la temporada", "Partidos jugados", "Año de nacimiento", ">Guardar cambios<"]) {
    assert.ok(edit.html.includes(text), text);
  }
  assert.deepEqual(englishLeftIn(edit.html), []);
  const remove = await spanishPage(t, `${roster}?remove=${sofia.id}`, cookie);
  assert.match(remove.html, new RegExp(`Quitar #${sofia.jerseyNumber} Sofia Okafor`));
  assert.ok(remove.html.includes("No se puede deshacer."));
  assert.deepEqual(englishLeftIn(remove.html), []);
  const importForm = await spanishPage(t, `${roster}?import=1`, cookie);
  assert.ok(
    importForm.html.includes(`Fila de encabezado: ${IMPORT_COLUMNS.join(", ")}.`),
    "the hint names the columns",
  );
  assert.deepEqual(englishLeftIn(importForm.html), []);

  // The print page.
  const print = await spanishPage(t, `/teams/${world.team.id}/roster/print`, cookie);
  assert.equal(print.status, 200);
  assert.equal(htmlLang(print.html), "es");
  assert.match(print.html, new RegExp(`<title>Plantilla de ${world.team.name} \\(para imprimir\\)`));
  for (
    const text of [">Volver a la plantilla<", "Imprimir / Guardar PDF", "Correos de los padres", ">4 jugadores<"]
  ) assert.ok(print.html.includes(text), text);
  assert.deepEqual(englishLeftIn(print.html), []);
});

Deno.test("[admin roster es] without JavaScript: a refused player, a refused import and the notices, in Spanish", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const cookie = world.cookies.admin;
  const base = `/admin/${world.team.id}/roster`;

  const blank = await postSpanish(
    t.app,
    `${base}/players`,
    { firstName: "", lastName: "", jerseyNumber: "100" },
    cookie,
  );
  assert.equal(blank.status, 400);
  const blankHtml = await blank.text();
  assert.equal(htmlLang(blankHtml), "es");
  for (const text of ["El nombre es obligatorio", "El apellido es obligatorio", "entre 0 y 99"]) {
    assert.ok(blankHtml.includes(text), text);
  }
  assert.deepEqual(englishLeftIn(blankHtml), []);

  // A file with a bad row: the preview's problems and the refusal in Spanish, nothing saved.
  const bad = `${HEADER}\nNoah,Berg,7,Keeper,not-an-email\n,Kim,31,,\n`;
  const preview = await postSpanish(t.app, `${base}/import`, { csv: bad, action: "preview" }, cookie);
  assert.equal(preview.status, 200);
  const previewHtml = await preview.text();
  for (
    const text of [
      "0 filas listas para importar, 2 con errores. Corrija las filas con errores antes de importar.",
      "Correo de padre o madre no válido: not-an-email",
      "El nombre es obligatorio",
      "(sin nombre)",
      "Vista previa de la importación",
    ]
  ) assert.ok(previewHtml.includes(text), text);
  assert.deepEqual(englishLeftIn(previewHtml), []);
  const refused = await postSpanish(t.app, `${base}/import`, { csv: bad, action: "import" }, cookie);
  assert.equal(refused.status, 400);
  const refusedHtml = await refused.text();
  assert.ok(refusedHtml.includes("2 filas tienen errores; no se importó nada."), "the refusal");
  assert.deepEqual(englishLeftIn(refusedHtml), []);
  assert.equal((await listPlayers(t.kv, world.team.id)).length, 4, "nothing saved");
  // A file the reader cannot read, and one without the header row.
  const broken = await postSpanish(t.app, `${base}/import`, { csv: `${HEADER}\n"Ana,Ruiz,3,,`, action: "x" }, cookie);
  assert.ok((await broken.text()).includes("Línea 2: un campo entre comillas no se cierra nunca"));
  const noHeader = await postSpanish(t.app, `${base}/import`, { csv: "Ana,Ruiz,3\n", action: "x" }, cookie);
  assert.ok((await noHeader.text()).includes("Columna desconocida: Ana."));

  // A jersey someone wears already is a warning, not an error; then the import and its notice.
  const good = `${HEADER}\nNoah,Berg,30,Keeper,\nJun,Kim,${world.players[0].jerseyNumber},,\n`;
  const confirm = await (await postSpanish(t.app, `${base}/import`, { csv: good, action: "x" }, cookie)).text();
  assert.ok(confirm.includes("2 filas listas para importar, 0 con errores."));
  assert.ok(confirm.includes(`OK. La camiseta #${world.players[0].jerseyNumber} también la usa`));
  const imported = await postFormAs(t.app, `${base}/import`, { csv: good, action: "import" }, cookie);
  assert.equal(imported.headers.get("location"), `${base}?notice=imported&count=2`);
  const landed = await spanishPage(t, imported.headers.get("location")!, cookie);
  assert.ok(landed.html.includes("2 jugadores importados"));
  assert.deepEqual(englishLeftIn(landed.html), []);
  for (const [notice, text] of [["added", "Jugador agregado"], ["removed", "Jugador quitado"]]) {
    assert.ok((await spanishPage(t, `${base}?notice=${notice}`, cookie)).html.includes(text), text);
  }
});

Deno.test("[admin roster es] the players API answers its refusals in Spanish", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const cookie = world.cookies.admin;
  const api = `/api/admin/${world.team.id}/players`;

  const added = await call(t.app, "POST", api, { cookie, headers: SPANISH, body: { firstName: "", jerseyNumber: 5 } });
  assert.equal(added.status, 400);
  assert.equal((await added.json()).message, "El nombre es obligatorio");

  const notCsv = await call(t.app, "POST", `${api}/import`, { cookie, headers: SPANISH, body: { rows: [] } });
  assert.equal(notCsv.status, 415);
  assert.equal((await notCsv.json()).message, messagesFor("es").adminRosterPage.import.notCsv);

  const refused = await call(t.app, "POST", `${api}/import`, {
    cookie,
    headers: SPANISH,
    csv: `${HEADER}\nAna,Ruiz,300,,\n`,
  });
  assert.equal(refused.status, 400);
  const body = await refused.json();
  assert.equal(body.message, "1 fila tiene errores; no se importó nada. Corríjala e intente de nuevo.");
  assert.deepEqual(body.rows[0].errors, ["El número de camiseta debe estar entre 0 y 99"]);

  const missing = await call(t.app, "PATCH", `${api}/nope`, { cookie, headers: SPANISH, body: { position: "Keeper" } });
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).message, "Jugador no encontrado");

  // In English the same refusal is the catalogue's English, word for word.
  const english = await call(t.app, "POST", `${api}/import`, { cookie, csv: `${HEADER}\nAna,Ruiz,300,,\n` });
  assert.equal((await english.json()).message, IMPORT_MESSAGES.invalid(1));
});
