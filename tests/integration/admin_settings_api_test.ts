import assert from "node:assert/strict";
import { createPlayer, createTestApp, dumpKv, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { createAccount, setCheapTeamLogin } from "../auth_helpers.ts";
import {
  ADMIN_PREFIXES,
  adminWorld,
  call,
  EXPECTED_STATUS,
  IDENTITIES,
  signIn,
  statusMatches,
} from "../admin_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { DEFAULT_TEAM_SETTINGS, getTeamEntry, type Team } from "../../lib/db/teams.ts";
import { getUserByEmail, setMembership } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { listAudit, stageAuditEntry } from "../../lib/db/audit.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";
import { regenerateJoinLink } from "../../lib/join/links.ts";
import { resumeTeamDeletions } from "../../lib/teams/deletion.ts";

const HEADER = "firstName,lastName,jerseyNumber,position,parentEmails";

Deno.test("[admin settings] authorisation matrix: 401 anonymous, 403 parent/player/other admin, 2xx admin and sysadmin", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const routes = [
    {
      name: "GET settings",
      send: (cookie: string) => call(t.app, "GET", `/api/admin/${w.team.id}/settings`, { cookie }),
    },
    {
      name: "PATCH settings",
      send: (cookie: string) =>
        call(t.app, "PATCH", `/api/admin/${w.team.id}/settings`, { cookie, body: { season: `S${Math.random()}` } }),
    },
  ];
  for (const route of routes) {
    for (const who of IDENTITIES) {
      const before = await dumpKv(t.kv, ADMIN_PREFIXES);
      const res = await route.send(w.cookies[who]);
      await res.body?.cancel();
      assert.ok(statusMatches(EXPECTED_STATUS[who], res.status), `${route.name} as ${who}: ${res.status}`);
      if (EXPECTED_STATUS[who] !== "2xx") assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
    }
  }
  // DELETE: the refused first (all on this team, with the right confirmation), then the admin
  // deletes this team and the system administrator deletes the other one.
  for (const who of IDENTITIES.filter((w) => EXPECTED_STATUS[w] !== "2xx")) {
    const before = await dumpKv(t.kv, ADMIN_PREFIXES);
    const res = await call(t.app, "DELETE", `/api/admin/${w.team.id}`, {
      cookie: w.cookies[who],
      body: { confirm: w.team.name },
    });
    await res.body?.cancel();
    assert.equal(res.status, Number(EXPECTED_STATUS[who]), `DELETE team as ${who}`);
    assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
  }
  const byAdmin = await call(t.app, "DELETE", `/api/admin/${w.team.id}`, {
    cookie: w.cookies.admin,
    body: { confirm: w.team.name },
  });
  assert.equal(byAdmin.status, 200);
  const bySysadmin = await call(t.app, "DELETE", `/api/admin/${w.otherTeam.slug}`, {
    cookie: w.cookies.sysadmin,
    body: { confirm: w.otherTeam.name },
  });
  assert.equal(bySysadmin.status, 200);
  const deletions = (await listAudit(t.kv)).values.filter((e) => e.action === "team.deleted");
  assert.deepEqual(deletions.map((e) => [e.targetId, e.actor]).reverse(), [
    [w.team.id, "admin@example.com"],
    [w.otherTeam.id, "sysadmin:root@example.com"],
  ]);
});

Deno.test("[admin settings] GET: the team's names, public roster URL and every setting", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  for (const key of [w.team.id, w.team.slug]) {
    const res = await call(t.app, "GET", `/api/admin/${key}/settings`, { cookie: w.cookies.admin });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.deepEqual(await res.json(), {
      team: {
        name: w.team.name,
        season: "Fall 2026",
        orgName: "Test Club",
        slug: w.team.slug,
        publicRosterUrl: `${TEST_ORIGIN}/t/${w.team.slug}/roster`,
      },
      settings: DEFAULT_TEAM_SETTINGS,
    });
  }
});

Deno.test("[admin settings] PATCH saves any subset in one commit with one audit entry; the slug stays", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const path = `/api/admin/${w.team.id}/settings`;
  const oldPage = await (await call(t.app, "GET", `/t/${w.team.slug}/roster`)).text();
  assert.ok(oldPage.includes(w.team.name));
  const res = await call(t.app, "PATCH", path, {
    cookie: w.cookies.admin,
    body: {
      name: "  Lightning FC ",
      season: "Spring 2027",
      orgName: "Riverside Youth Soccer",
      openClaims: false,
      allowSurnameFallback: false,
      claimInstructions: "  Use the jersey number on the team sheet. ",
      showPhotos: true,
      showPositions: false,
      showParentNames: true,
      showLastNames: true,
      allowedEmailDomains: ["School.ORG", "@club.example.com", " ", "school.org"],
    },
  });
  assert.equal(res.status, 200);
  const expected = {
    team: {
      name: "Lightning FC",
      season: "Spring 2027",
      orgName: "Riverside Youth Soccer",
      slug: w.team.slug,
      publicRosterUrl: `${TEST_ORIGIN}/t/${w.team.slug}/roster`,
    },
    settings: {
      openClaims: false,
      allowSurnameFallback: false,
      claimInstructions: "Use the jersey number on the team sheet.",
      showPhotos: true,
      showPositions: false,
      showParentNames: true,
      showLastNames: true,
      allowedEmailDomains: ["school.org", "club.example.com"],
      // Untouched by this patch: New York, chosen by no one (tests/integration/time_zone_test.ts).
      timeZone: "America/New_York",
      timeZoneSource: "default",
    },
  };
  assert.deepEqual(await res.json(), expected);
  const stored = (await t.kv.get<Team>(keys.team(w.team.id))).value!;
  assert.equal(stored.name, "Lightning FC");
  assert.equal(stored.slug, w.team.slug, "renaming keeps the slug");
  assert.equal((await t.kv.get(keys.teamBySlug(w.team.slug))).value, w.team.id);
  assert.deepEqual(stored.settings, expected.settings);
  assert.deepEqual(await (await call(t.app, "GET", path, { cookie: w.cookies.admin })).json(), expected);
  const audit = (await listAudit(t.kv, { teamId: w.team.id })).values;
  assert.equal(audit.length, 1);
  assert.equal(audit[0].action, "settings.updated");
  assert.equal(audit[0].actor, "admin@example.com");
  assert.equal(
    audit[0].detail,
    "name, season, orgName, openClaims, allowSurnameFallback, claimInstructions, showPhotos, showPositions, " +
      "showParentNames, showLastNames, allowedEmailDomains",
  );
  const page = await (await call(t.app, "GET", `/t/${w.team.slug}/roster`)).text();
  assert.ok(page.includes("Lightning FC"), "the cached public page was dropped");

  const one = await call(t.app, "PATCH", path, { cookie: w.cookies.admin, body: { showPhotos: false } });
  assert.equal((await one.json()).settings.showPhotos, false);
  assert.equal((await listAudit(t.kv, { teamId: w.team.id })).values[0].detail, "showPhotos");

  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  for (const body of [{}, { showPhotos: false, name: "Lightning FC" }]) {
    const same = await call(t.app, "PATCH", path, { cookie: w.cookies.admin, body });
    assert.equal(same.status, 200);
    assert.equal((await same.json()).team.name, "Lightning FC");
  }
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before, "a patch that changes nothing writes nothing");
});

Deno.test("[admin settings] PATCH refuses bad input with a message and changes nothing", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const cases: [unknown, string][] = [
    [{ name: "" }, "Team name is required"],
    [{ name: "   " }, "Team name is required"],
    [{ name: null }, "Team name is required"],
    [{ name: "x".repeat(81) }, "Team name must be at most 80 characters"],
    [{ season: "x".repeat(41) }, "Season must be at most 40 characters"],
    [{ season: 2027 }, "Season must be text"],
    [{ orgName: "x".repeat(81) }, "Organization name must be at most 80 characters"],
    [{ claimInstructions: "x".repeat(501) }, "Claim instructions must be at most 500 characters"],
    [{ openClaims: "yes" }, "Open claims must be true or false"],
    [{ showParentNames: 1 }, "Show parent names must be true or false"],
    [{ allowedEmailDomains: "school.org" }, "Allowed email domains must be a list of domains"],
    [{ allowedEmailDomains: ["school.org", "not a domain"] }, "Invalid email domain: not a domain"],
    [{ allowedEmailDomains: ["localhost"] }, "Invalid email domain: localhost"],
    [{ allowedEmailDomains: Array.from({ length: 21 }, (_, i) => `d${i}.org`) }, "At most 20 email domains"],
    [{ slug: "new-slug" }, "Unknown field: slug"],
    [{ teamId: w.otherTeam.id }, "Unknown field: teamId"],
    [{ settings: { showPhotos: true } }, "Unknown field: settings"],
    [{ name: "Fine", role: "SYSADMIN" }, "Unknown field: role"],
    [["name"], "Please send the settings as a JSON object"],
  ];
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  for (const [body, message] of cases) {
    const res = await call(t.app, "PATCH", `/api/admin/${w.team.id}/settings`, { cookie: w.cookies.admin, body });
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal((await res.json()).message, message, JSON.stringify(body));
  }
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
});

Deno.test("[admin settings] claim settings take effect on the public claim API at once", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const patch = (body: unknown) =>
    call(t.app, "PATCH", `/api/admin/${w.team.id}/settings`, { cookie: w.cookies.admin, body });
  const claim = (body: unknown) => call(t.app, "POST", `/api/teams/${w.team.slug}/claims`, { body });
  await patch({ openClaims: false });
  const closed = await claim({ mode: "jersey", jerseyNumber: 7, email: "a@example.com" });
  assert.equal(closed.status, 403);
  assert.equal((await closed.json()).message, "This team is not accepting claims right now.");
  await patch({ openClaims: true, allowSurnameFallback: false, allowedEmailDomains: ["School.org"] });
  const surname = await claim({ mode: "surname", childSurname: "Okafor", email: "a@school.org" });
  assert.equal(surname.status, 400);
  assert.equal((await surname.json()).message, "This team accepts claims by jersey number only.");
  const elsewhere = await claim({ mode: "jersey", jerseyNumber: 7, email: "a@gmail.com" });
  assert.equal(elsewhere.status, 403);
  const allowed = await claim({ mode: "jersey", jerseyNumber: 7, email: "a@SCHOOL.org" });
  assert.equal(allowed.status, 201);
});

Deno.test("[admin settings] the public roster API and page honour every visibility switch", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const maya = w.players[0];
  await t.kv.set(keys.player(w.team.id, maya.id), {
    ...maya,
    photoUrl: "/objects/maya.jpg",
    photoUrlMedium: "/objects/maya-m.jpg",
  });
  const ana = await createAccount(t.kv, { email: "ana.parent@example.com", teamId: w.team.id, firstName: "Ana" });
  const nameless = await createAccount(t.kv, { email: "nameless@example.com", teamId: w.team.id, firstName: "" });
  for (const parent of [ana, nameless]) await stageGuardian(t.kv.atomic(), w.team.id, maya.id, parent.id).commit();
  // A guardian change is a team change like any other.
  await createPlayer(t.kv, w.team.id, { firstName: "Bump", lastName: "Revision", jerseyNumber: 98 });

  const patch = async (body: Record<string, boolean>) => {
    const res = await call(t.app, "PATCH", `/api/admin/${w.team.id}/settings`, { cookie: w.cookies.admin, body });
    assert.equal(res.status, 200);
  };
  const apiMaya = async () => {
    const body = await (await call(t.app, "GET", `/api/teams/${w.team.slug}/roster`)).json();
    const text = JSON.stringify(body);
    for (const secret of ["@example.com", "phone"]) assert.ok(!text.includes(secret), `roster API leaks ${secret}`);
    return body.players.find((p: { id: string }) => p.id === maya.id);
  };
  const detailPage = async () => await (await call(t.app, "GET", `/t/${w.team.slug}/roster?mode=detail`)).text();
  const cardPage = async () => await (await call(t.app, "GET", `/t/${w.team.slug}/roster?player=${maya.id}`)).text();

  // Defaults: first name, last initial, position; no photo, no parents.
  let shown = await apiMaya();
  assert.equal(shown.lastName, "R.");
  assert.equal(shown.position, "Forward");
  assert.equal(shown.photoUrl, null);
  assert.equal(shown.photoUrlMedium, null);
  assert.ok(!("parentNames" in shown), "no parentNames key while parent names are hidden");
  let detail = await detailPage();
  assert.ok(detail.includes("Maya R."));
  assert.ok(detail.includes("Contact via claim system"));
  assert.ok(!detail.includes("Ana"));
  assert.ok(!(await cardPage()).includes("/objects/maya"));

  await patch({ showPhotos: true });
  // R41: the team's switch alone shows no photo; a guardian of Maya must also agree.
  assert.equal((await apiMaya()).photoUrl, null, "the switch alone");
  assert.ok(!(await cardPage()).includes("/objects/maya"));
  const consent = await call(t.app, "PUT", `/api/teams/${w.team.id}/players/${maya.id}/headshot-consent`, {
    cookie: await signIn(t, "ana.parent@example.com"),
    body: { public: true },
  });
  assert.equal(consent.status, 200, await consent.clone().text());
  shown = await apiMaya();
  assert.equal(shown.photoUrl, "/objects/maya.jpg");
  assert.ok((await cardPage()).includes('src="/objects/maya-m.jpg"'));

  await patch({ showPositions: false });
  assert.equal((await apiMaya()).position, null);
  detail = await detailPage();
  assert.ok(!detail.includes("Forward"), "positions hidden on the page");
  assert.ok(!detail.includes("Defender"));

  await patch({ showLastNames: true });
  assert.equal((await apiMaya()).lastName, "Rodriguez");
  assert.ok((await detailPage()).includes("Maya Rodriguez"));

  await patch({ showParentNames: true });
  assert.deepEqual((await apiMaya()).parentNames, ["Ana"], "first names only; blank names left out");
  detail = await detailPage();
  assert.match(detail, /Parent Information:<\/p><p>Ana<\/p>/);
  for (const secret of ["ana.parent@example.com", "nameless@example.com", "Person"]) {
    assert.ok(!detail.includes(secret), `roster page leaks ${secret}`);
  }

  await patch({ showPhotos: false, showPositions: true, showLastNames: false, showParentNames: false });
  shown = await apiMaya();
  assert.equal(shown.photoUrl, null);
  assert.equal(shown.position, "Forward");
  assert.equal(shown.lastName, "R.");
  assert.ok(!("parentNames" in shown));
  assert.ok(!(await detailPage()).includes("Ana"));
});

// ---- Deleting the team ----

async function populate(t: { app: Parameters<typeof call>[0]; kv: Deno.Kv }, team: Team, adminCookie: string) {
  const pending = await submitClaim(t.kv, team, { mode: "jersey", jerseyNumber: 4, email: "p@example.com", note: "" });
  const approved = await submitClaim(t.kv, team, { mode: "jersey", jerseyNumber: 9, email: "q@example.com", note: "" });
  await approveClaim({
    kv: t.kv,
    teamId: team.id,
    claimId: approved.id,
    actor: "admin@example.com",
    appUrl: TEST_ORIGIN,
    now: new Date(),
  });
  // Enough rows with parent e-mails that removing them takes several commits (> 1000 keys).
  const rows = Array.from({ length: 300 }, (_, i) => `Kid${i},Fam${i},${i % 100},,a${i}@ex.com;b${i}@ex.com`);
  const imported = await call(t.app, "POST", `/api/admin/${team.id}/players/import`, {
    cookie: adminCookie,
    csv: [HEADER, ...rows].join("\n"),
  });
  assert.equal(imported.status, 201);
  await regenerateJoinLink(t.kv, team.id, "admin@example.com", TEST_ORIGIN);
  await setCheapTeamLogin(t.kv, team.id, `team-${team.slug}`, "a long team password");
  const patched = await call(t.app, "PATCH", `/api/admin/${team.id}/settings`, {
    cookie: adminCookie,
    body: { showParentNames: true },
  });
  assert.equal(patched.status, 200);
  return { pending };
}

const keysMentioning = async (kv: Deno.Kv, needle: string) => {
  const found: string[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    if (e.key.some((part) => typeof part === "string" && part.includes(needle))) found.push(JSON.stringify(e.key));
  }
  return found;
};

async function snapshot(kv: Deno.Kv, teamId: string) {
  const out: [string, unknown][] = [];
  for await (const e of kv.list({ prefix: [] })) {
    if (e.key.includes(teamId)) out.push([JSON.stringify(e.key), e.value]);
  }
  return out;
}

Deno.test("[admin settings] DELETE team: needs the exact name, else 400 and nothing changes", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const path = `/api/admin/${w.team.id}`;
  const confirm = "Type the team name to confirm.";
  const cases: [unknown, string][] = [
    [{ confirm: "" }, confirm],
    [{ confirm: w.team.name.toUpperCase() }, confirm],
    [{ confirm: ` ${w.team.name}` }, confirm],
    [{ confirm: w.otherTeam.name }, confirm],
    [{ confirm: 42 }, confirm],
    [{}, confirm],
    [undefined, confirm],
    [{ confirm: w.team.name, teamId: w.otherTeam.id }, "Unknown field: teamId"],
  ];
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  for (const [body, message] of cases) {
    const res = await call(t.app, "DELETE", path, { cookie: w.cookies.admin, body });
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal((await res.json()).message, message, JSON.stringify(body));
  }
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
});

Deno.test("[admin settings] DELETE team removes every record of the team and nothing of any other", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const otherAdminCookie = w.cookies.otherAdmin;
  await populate(t, w.team, w.cookies.admin);
  await populate(t, w.otherTeam, otherAdminCookie);
  // A person in both teams keeps the other membership.
  const both = await getUserByEmail(t.kv, "parent@example.com");
  await setMembership(t.kv, both!.id, w.otherTeam.id, "TEAM_STANDARD");
  const otherBefore = await snapshot(t.kv, w.otherTeam.id);
  const rosterPage = `/t/${w.team.slug}/roster`;
  assert.equal((await call(t.app, "GET", rosterPage)).status, 200, "cached before the deletion");
  assert.ok((await keysMentioning(t.kv, w.team.id)).length > 1000, "enough keys to need several commits");

  const res = await call(t.app, "DELETE", `/api/admin/${w.team.id}`, {
    cookie: w.cookies.admin,
    body: { confirm: w.team.name },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });

  assert.deepEqual(await keysMentioning(t.kv, w.team.id), [], "no key holds the team id");
  assert.equal((await t.kv.get(keys.teamBySlug(w.team.slug))).versionstamp, null);
  for await (const e of t.kv.list<string>({ prefix: ["join_codes"] })) assert.notEqual(e.value, w.team.id);
  assert.deepEqual(await snapshot(t.kv, w.otherTeam.id), otherBefore, "the other team is untouched");

  const [deleted] = (await listAudit(t.kv)).values.filter((e) => e.action === "team.deleted");
  assert.equal(deleted.targetId, w.team.id);
  assert.equal(deleted.teamId, null);
  assert.equal(deleted.actor, "admin@example.com");
  // 4 seeded + 300 imported players; 2 claims; admin, parent, player and the approved claimant.
  assert.equal(deleted.detail, "players: 304, claims: 2, members: 4 removed");
  const kept = (await listAudit(t.kv, { limit: 500 })).values.filter((e) => e.teamId === w.team.id);
  assert.deepEqual(kept, [], "the team's entries leave the global log too");
  const otherKept = (await listAudit(t.kv, { limit: 500 })).values.filter((e) => e.teamId === w.otherTeam.id);
  assert.ok(otherKept.some((e) => e.action === "players.imported"), "the other team's history stays");

  assert.equal((await call(t.app, "GET", `/api/teams/${w.team.slug}/roster`)).status, 404);
  assert.equal((await call(t.app, "GET", rosterPage)).status, 404, "the cached page was dropped");
  assert.equal((await call(t.app, "GET", `/api/admin/${w.team.id}/settings`, { cookie: w.cookies.admin })).status, 403);
  const session =
    await (await call(t.app, "GET", "/api/v2/auth/session", { cookie: await signIn(t, "parent@example.com") }))
      .json();
  assert.deepEqual(session.user.teams.map((team: { id: string }) => team.id), [w.otherTeam.id]);
  assert.ok(await getUserByEmail(t.kv, "admin@example.com"), "accounts stay");
});

/** Every key and value in the database as text (KvU64 and other bigints as digits). */
async function everyKeyAndValue(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  const text = (_: string, v: unknown) =>
    typeof v === "bigint" ? String(v) : v instanceof Uint8Array ? new TextDecoder().decode(v) : v;
  for await (const e of kv.list({ prefix: [] })) out.push(JSON.stringify([e.key, e.value], text));
  return out;
}

Deno.test("[admin settings] DELETE team: nothing left in KV names the team, its children or their parents (R43)", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { name: "Quetzal Wanderers Xq" }, []);
  await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const other = await seedTeam(t.kv);
  const admin = await signIn(t, "admin@example.com");
  const secrets = ["Zelda", "Uniquename", "zelda.parent@example.com", team.name, team.slug];

  // The child through every path that writes her name or her parent's e-mail: a CSV import with
  // the parent's address, an admin's add (player.created) and edit (player.updated), a claim by
  // surname with that address, its denial (claim.denied names both) and a pending claim.
  const csv = `${HEADER}\nZelda,Uniquename,42,Keeper,zelda.parent@example.com`;
  assert.equal((await call(t.app, "POST", `/api/admin/${team.id}/players/import`, { cookie: admin, csv })).status, 201);
  const added = await call(t.app, "POST", `/api/admin/${team.id}/players`, {
    cookie: admin,
    body: { firstName: "Zelda", lastName: "Uniquename", jerseyNumber: 43 },
  });
  assert.equal(added.status, 201);
  const { player } = await added.json();
  const edited = await call(t.app, "PATCH", `/api/admin/${team.id}/players/${player.id}`, {
    cookie: admin,
    body: { position: "Forward" },
  });
  assert.equal(edited.status, 200);
  // Submitted in the domain, not through the public API: its per-e-mail rate-limit counter
  // (["rate_limits", "claims-email", address, window], kept two hours) is not team data.
  const claim = await submitClaim(t.kv, team, {
    mode: "jersey",
    jerseyNumber: 42,
    email: "zelda.parent@example.com",
    note: "Zelda Uniquename's mum",
  });
  const denied = await call(t.app, "POST", `/api/admin/${team.id}/claims/${claim.id}/deny`, { cookie: admin });
  assert.equal(denied.status, 200);
  await submitClaim(t.kv, team, {
    mode: "surname",
    childSurname: "Uniquename",
    email: "zelda.parent@example.com",
    note: "",
  });
  assert.equal((await call(t.app, "GET", `/t/${team.slug}/roster`)).status, 200, "the page is cached");

  const before = await everyKeyAndValue(t.kv);
  for (const secret of secrets) assert.ok(before.some((row) => row.includes(secret)), `${secret} stored before`);
  const globalCopies = (await listAudit(t.kv, { limit: 500 })).values.filter((e) => e.teamId === team.id);
  assert.ok(globalCopies.some((e) => e.detail.includes("zelda.parent@example.com for Zelda Uniquename")));

  const res = await call(t.app, "DELETE", `/api/admin/${team.id}`, { cookie: admin, body: { confirm: team.name } });
  assert.equal(res.status, 200);

  const after = await everyKeyAndValue(t.kv);
  for (const secret of secrets) {
    assert.deepEqual(after.filter((row) => row.includes(secret)), [], `${secret} outlives the team`);
  }
  const global = (await listAudit(t.kv, { limit: 500 })).values;
  assert.deepEqual(global.map((e) => [e.teamId, e.action, e.targetId, e.actor, e.detail]), [
    [null, "team.deleted", team.id, "admin@example.com", "players: 2, claims: 2, members: 1 removed"],
  ]);
  assert.ok((await getTeamEntry(t.kv, other.team.id)).value, "the other team stays");
});

Deno.test("[admin settings] a deletion cut short after its first commit is finished by resumeTeamDeletions", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "mom@example.com", teamId: team.id });
  const audited = t.kv.atomic();
  const entry = stageAuditEntry(audited, {
    teamId: team.id,
    action: "player.created",
    targetId: "p1",
    actor: "admin@example.com",
    detail: "Zelda Uniquename #42",
  });
  assert.ok((await audited.commit()).ok);
  const otherBefore = await snapshot(t.kv, other.team.id);
  // What the first commit leaves: the team and slug gone, the marker written.
  await t.kv.atomic()
    .delete(keys.team(team.id))
    .delete(keys.teamBySlug(team.slug))
    .set(keys.teamDeletion(team.id), { teamId: team.id, name: team.name, slug: team.slug, startedAt: "" })
    .commit();
  assert.ok((await keysMentioning(t.kv, team.id)).length > 0);
  assert.equal(await resumeTeamDeletions(t.kv), 1);
  assert.deepEqual(await keysMentioning(t.kv, team.id), []);
  assert.equal((await t.kv.get(keys.auditEntry(entry.id))).versionstamp, null, "the global copy went too");
  assert.deepEqual(await snapshot(t.kv, other.team.id), otherBefore);
  assert.equal(await resumeTeamDeletions(t.kv), 0);
});
