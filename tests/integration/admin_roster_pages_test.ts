/** The team admin's roster, print and settings pages, with and without JavaScript (forms posting to page routes). */
import assert from "node:assert/strict";
import { createTestApp, get, postFormAs, TEST_ORIGIN } from "../helpers.ts";
import { adminWorld, IDENTITIES } from "../admin_helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { listPlayers, type Player } from "../../lib/db/players.ts";
import { getTeam } from "../../lib/db/teams.ts";

const PREFIXES = ["admin", "teams"] as const;

/** The player names in the roster table's rows (row headers), in page order. */
function tableNames(html: string): string[] {
  return [...html.matchAll(/<th scope="row">([^<]*)<\/th>/g)].map((m) => m[1]);
}

function count(html: string, label: string): number {
  const match = html.match(new RegExp(`<dt>${label}</dt><dd>(\\d+)</dd>`));
  assert.ok(match, `count ${label} is on the page`);
  return Number(match[1]);
}

const byName = (players: Player[], firstName: string) => players.find((p) => p.firstName === firstName);

Deno.test("admin pages: who may open roster, print and settings under both prefixes", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  for (const prefix of PREFIXES) {
    for (const page of ["roster", "roster/print", "settings"]) {
      const path = `/${prefix}/${world.team.id}/${page}`;
      for (const identity of IDENTITIES) {
        const res = await get(t.app, path, world.cookies[identity]);
        await res.body?.cancel();
        const where = `${identity} GET ${path}`;
        if (identity === "anonymous") {
          assert.equal(res.status, 303, where);
          assert.equal(res.headers.get("location"), `/team-login?next=${encodeURIComponent(path)}`, where);
        } else if (identity === "admin" || identity === "sysadmin") {
          assert.equal(res.status, 200, where);
          assert.equal(res.headers.get("cache-control"), "no-store", where);
        } else {
          assert.equal(res.status, 403, where);
        }
      }
    }
  }
});

Deno.test("admin roster page: search by name and jersey, counts, links", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const cookie = world.cookies.admin;
  const roster = `/admin/${world.team.id}/roster`;

  const all = await (await get(t.app, roster, cookie)).text();
  assert.deepEqual(tableNames(all), ["Sofia Okafor", "Maya Rodriguez", "Diego Rodriguez", "Chloe Anderson"]);
  assert.match(all, /<h1>Roster Management<\/h1>/);
  assert.match(all, /Search by name or jersey number/);
  assert.ok(all.includes(`href="/api/admin/${world.team.id}/players/export"`), "Export CSV link");
  assert.ok(all.includes(`href="${roster}/print"`), "Generate PDF link");
  assert.equal(count(all, "Players"), 4);
  assert.equal(count(all, "With photos"), 0);
  assert.equal(count(all, "With positions"), 3);
  assert.equal(count(all, "Players with a parent"), 0);
  assert.equal((all.match(/>No parent yet</g) ?? []).length, 4);
  assert.ok(!/>(Inactive|Active|Claimed)</.test(all), "the old words are gone");

  const byNameQuery = await (await get(t.app, `${roster}?q=rodriguez`, cookie)).text();
  assert.deepEqual(tableNames(byNameQuery), ["Maya Rodriguez", "Diego Rodriguez"]);
  const byJersey = await (await get(t.app, `/teams/${world.team.id}/roster?q=4`, cookie)).text();
  assert.deepEqual(tableNames(byJersey), ["Sofia Okafor"]);
  const none = await (await get(t.app, `${roster}?q=zzz`, cookie)).text();
  assert.deepEqual(tableNames(none), []);
  assert.match(none, /No players match &quot;zzz&quot;\./);

  // A parent linked to Maya (an approved claim) gives her a parent.
  const maya = byName(world.players, "Maya")!;
  const parent = await createAccount(t.kv, {
    email: "maya-mum@example.com",
    teamId: world.team.id,
    role: "TEAM_STANDARD",
  });
  const link = { teamId: world.team.id, playerId: maya.id, userId: parent.id, createdAt: new Date().toISOString() };
  await t.kv.set([...keys.playerGuardians(world.team.id, maya.id), parent.id], link);
  const claimed = await (await get(t.app, roster, cookie)).text();
  assert.equal(count(claimed, "Players with a parent"), 1);
  assert.equal((claimed.match(/>Has a parent</g) ?? []).length, 1);
  assert.equal((claimed.match(/>No parent yet</g) ?? []).length, 3);
});

Deno.test("admin roster page: add, edit and remove without JavaScript", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const cookie = world.cookies.admin;
  const base = `/admin/${world.team.id}/roster`;

  const opened = await (await get(t.app, `${base}?add=1`, cookie)).text();
  assert.match(opened, /<h2 id="roster-panel-title"[^>]*>Add Player<\/h2>/);
  assert.ok(opened.includes(`action="${base}/players"`));

  const blank = await postFormAs(t.app, `${base}/players`, { firstName: "", lastName: "", jerseyNumber: "5" }, cookie);
  assert.equal(blank.status, 400);
  const blankHtml = await blank.text();
  assert.match(blankHtml, /First name is required/);
  assert.match(blankHtml, /Last name is required/);
  const badJersey = await postFormAs(t.app, `${base}/players`, {
    firstName: "Lena",
    lastName: "Fischer",
    jerseyNumber: "100",
  }, cookie);
  assert.equal(badJersey.status, 400);
  const badJerseyHtml = await badJersey.text();
  assert.match(badJerseyHtml, /Jersey number must be between 0 and 99/);
  assert.match(badJerseyHtml, /value="Lena"/, "the refused form keeps what was typed");
  assert.equal((await listPlayers(t.kv, world.team.id)).length, 4, "nothing saved");

  const added = await postFormAs(t.app, `${base}/players`, {
    firstName: "Lena",
    lastName: "Fischer",
    jerseyNumber: "23",
    position: "Midfielder",
  }, cookie);
  assert.equal(added.status, 303);
  assert.equal(added.headers.get("location"), `${base}?notice=added`);
  const lena = byName(await listPlayers(t.kv, world.team.id), "Lena");
  assert.deepEqual([lena?.lastName, lena?.jerseyNumber, lena?.position], ["Fischer", 23, "Midfielder"]);
  const landed = await (await get(t.app, added.headers.get("location")!, cookie)).text();
  assert.match(landed, /Player added/);
  assert.ok(tableNames(landed).includes("Lena Fischer"));

  // Edit under the /teams prefix, with the details and season stats.
  const teamsBase = `/teams/${world.team.id}/roster`;
  const editForm = await (await get(t.app, `${teamsBase}?edit=${lena!.id}`, cookie)).text();
  assert.ok(editForm.includes(`action="${teamsBase}/players/${lena!.id}"`));
  assert.match(editForm, /Games played/);
  const refused = await postFormAs(t.app, `${teamsBase}/players/${lena!.id}`, {
    firstName: "Lena",
    lastName: "",
    jerseyNumber: "23",
  }, cookie);
  assert.equal(refused.status, 400);
  assert.match(await refused.text(), /Last name is required/);
  const edited = await postFormAs(t.app, `${teamsBase}/players/${lena!.id}`, {
    firstName: "Lena",
    lastName: "Fischer-Lang",
    jerseyNumber: "24",
    position: "",
    birthYear: "2016",
    yearsPlaying: "3",
    gamesPlayed: "10",
    goals: "4",
    assists: "2",
  }, cookie);
  assert.equal(edited.status, 303);
  assert.equal(edited.headers.get("location"), `${teamsBase}?notice=updated`);
  const saved = (await t.kv.get<Player>(keys.player(world.team.id, lena!.id))).value!;
  assert.deepEqual(
    [saved.lastName, saved.jerseyNumber, saved.position, saved.birthYear, saved.yearsPlaying, saved.stats],
    ["Fischer-Lang", 24, null, 2016, 3, { gamesPlayed: 10, goals: 4, assists: 2 }],
  );

  const confirm = await (await get(t.app, `${base}?remove=${lena!.id}`, cookie)).text();
  assert.match(confirm, /Remove #24 Lena Fischer-Lang/);
  const removed = await postFormAs(t.app, `${base}/players/${lena!.id}/remove`, {}, cookie);
  assert.equal(removed.status, 303);
  assert.equal(removed.headers.get("location"), `${base}?notice=removed`);
  assert.equal((await t.kv.get(keys.player(world.team.id, lena!.id))).value, null);

  // Another team's admin cannot post to this team's forms.
  const foreign = await postFormAs(t.app, `${base}/players`, {
    firstName: "X",
    lastName: "Y",
    jerseyNumber: "1",
  }, world.cookies.otherAdmin);
  assert.equal(foreign.status, 403);
});

Deno.test("admin roster page: CSV import shows the preview before anything is saved", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const cookie = world.cookies.admin;
  const base = `/admin/${world.team.id}/roster`;
  const header = "firstName,lastName,jerseyNumber,position,parentEmails";
  const bad = `${header}\nNoah,Berg,30,Keeper,noah.parent@example.com\n,Kim,31,,\n`;

  const preview = await postFormAs(t.app, `${base}/import`, { csv: bad, action: "preview" }, cookie);
  assert.equal(preview.status, 200);
  const previewHtml = await preview.text();
  assert.match(previewHtml, /1 row ready to import, 1 with errors\./);
  assert.match(previewHtml, /First name is required/);
  assert.match(
    previewHtml,
    /<button[^>]*value="import"[^>]*disabled=""/,
    "Import is disabled while a row has an error",
  );
  assert.equal((await listPlayers(t.kv, world.team.id)).length, 4, "a preview saves nothing");

  const refused = await postFormAs(t.app, `${base}/import`, { csv: bad, action: "import" }, cookie);
  assert.equal(refused.status, 400);
  assert.match(await refused.text(), /1 row has errors; nothing was imported/);
  assert.equal((await listPlayers(t.kv, world.team.id)).length, 4);

  const good = `${header}\nNoah,Berg,30,Keeper,noah.parent@example.com\nJun,Kim,31,,\n`;
  const confirm = await postFormAs(t.app, `${base}/import`, { csv: good, action: "preview" }, cookie);
  const confirmHtml = await confirm.text();
  assert.match(confirmHtml, /2 rows ready to import, 0 with errors\./);
  assert.ok(confirmHtml.includes("Noah,Berg,30"), "the confirm form carries the CSV text");
  const imported = await postFormAs(t.app, `${base}/import`, { csv: good, action: "import" }, cookie);
  assert.equal(imported.status, 303);
  assert.equal(imported.headers.get("location"), `${base}?notice=imported&count=2`);
  const players = await listPlayers(t.kv, world.team.id);
  assert.equal(players.length, 6);
  assert.equal(byName(players, "Noah")?.position, "Keeper");
  assert.match(await (await get(t.app, imported.headers.get("location")!, cookie)).text(), /2 players imported/);

  // The print page lists the roster with the parents' e-mails.
  const print = await get(t.app, `/teams/${world.team.id}/roster/print`, cookie);
  assert.equal(print.status, 200);
  const printHtml = await print.text();
  assert.ok(printHtml.includes(`<h1>${world.team.name}</h1>`));
  assert.match(printHtml, /Fall 2026/);
  assert.match(printHtml, /Print \/ Save as PDF/);
  assert.match(printHtml, /<th scope="col">Parents&#x27; emails<\/th>/);
  assert.match(
    printHtml,
    /<td>30<\/td><th scope="row">Noah Berg<\/th><td>Keeper<\/td><td>noah.parent@example.com<\/td>/,
  );
  assert.equal(tableNames(printHtml).length, 6);
});

Deno.test("admin settings page: a save without JavaScript changes the team and the public roster", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const cookie = world.cookies.admin;
  const path = `/teams/${world.team.id}/settings`;

  const page = await (await get(t.app, path, cookie)).text();
  assert.match(page, /<h1>Team Settings<\/h1>/);
  assert.ok(page.includes(`value="${TEST_ORIGIN}/t/${world.team.slug}/roster"`), "public roster URL");
  for (const label of ["Open claims", "Allow surname fallback", "Show photos", "Show positions", "Show last names"]) {
    assert.match(
      page,
      new RegExp(`<input id="settings-\\w+" type="checkbox"[^>]*/><label for="settings-\\w+">${label}</label>`),
    );
  }

  const before = await (await get(t.app, `/api/teams/${world.team.slug}/roster`, "")).json();
  assert.ok(before.players.some((p: { lastName: string }) => p.lastName === "R."), "last initials by default");

  const refused = await postFormAs(t.app, path, { name: "", season: "Fall 2026", orgName: "" }, cookie);
  assert.equal(refused.status, 400);
  assert.match(await refused.text(), /Team name is required/);

  const saved = await postFormAs(t.app, path, {
    name: "Renamed Rockets",
    season: "Spring 2027",
    orgName: "City FC",
    claimInstructions: "Use the jersey number.",
    allowedEmailDomains: "school.org\nclub.example",
    allowSurnameFallback: "on",
    showPositions: "on",
    showLastNames: "on",
  }, cookie);
  assert.equal(saved.status, 303);
  assert.equal(saved.headers.get("location"), `${path}?notice=saved`);
  const team = (await getTeam(t.kv, world.team.id))!;
  assert.deepEqual([team.name, team.season, team.orgName], ["Renamed Rockets", "Spring 2027", "City FC"]);
  assert.deepEqual(team.settings, {
    openClaims: false,
    allowSurnameFallback: true,
    claimInstructions: "Use the jersey number.",
    showPhotos: false,
    showPositions: true,
    showParentNames: false,
    showLastNames: true,
    allowedEmailDomains: ["school.org", "club.example"],
    // A form without a zone keeps the team's zone, still unchosen (a first calendar sync may set it).
    timeZone: "America/New_York",
    timeZoneSource: "default",
  });
  assert.match(await (await get(t.app, saved.headers.get("location")!, cookie)).text(), /Settings saved/);
  const after = await (await get(t.app, `/api/teams/${world.team.slug}/roster`, "")).json();
  assert.ok(after.players.some((p: { lastName: string }) => p.lastName === "Rodriguez"), "full last names now");
});

Deno.test("admin settings page: Delete Team needs the exact team name", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const cookie = world.cookies.admin;
  const deletePath = `/admin/${world.team.id}/settings/delete`;

  const wrong = await postFormAs(t.app, deletePath, { confirm: world.team.name.toLowerCase() }, cookie);
  assert.equal(wrong.status, 400);
  assert.match(await wrong.text(), /Type the team name to confirm\./);
  assert.ok(await getTeam(t.kv, world.team.id), "the team is still there");

  const parentTry = await postFormAs(t.app, deletePath, { confirm: world.team.name }, world.cookies.parent);
  assert.equal(parentTry.status, 403);

  const right = await postFormAs(t.app, deletePath, { confirm: world.team.name }, cookie);
  assert.equal(right.status, 303);
  assert.equal(right.headers.get("location"), "/home");
  assert.equal(await getTeam(t.kv, world.team.id), null);
  assert.equal((await listPlayers(t.kv, world.team.id)).length, 0);
  const gone = await get(t.app, `/t/${world.team.slug}/roster`, "");
  await gone.body?.cancel();
  assert.equal(gone.status, 404);
});
