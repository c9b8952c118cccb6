/**
 * Families (issue 9, item 4): the parent–player links that make a family (claim approval, an
 * approved parent's join, a co-parent's sign-in, signup; a player's own join changes none; two
 * families merge), what removing a player or the team leaves, and the five `/api/public/...`
 * calls for every kind of caller — a stranger, a person of another team, a parent, a player,
 * the team's admin and a system administrator — with e-mails and phones only for the team's
 * admins and the parent themselves. Every call is checked for its status, its body and KV.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, kvJson, kvValues, requestJson } from "../helpers.ts";
import { ADMIN_PREFIXES, type AdminWorld, adminWorld, call, type Identity, signIn } from "../admin_helpers.ts";
import { tokenFromMail } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { getUserByEmail, getUserEntry, updateUser, type User } from "../../lib/db/users.ts";
import type { Family, FamilyMemberLink } from "../../lib/db/families.ts";
import type { Player } from "../../lib/db/players.ts";
import { loadSoccerFamily } from "../../lib/families/mod.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const FAMILY_PREFIXES = ["families", "family_members", "family_of_member", ...ADMIN_PREFIXES, "users"];

async function familyOf(kv: Deno.Kv, teamId: string, type: "player" | "parent", id: string) {
  return (await kv.get<string>(keys.familyOfMember(teamId, type, id))).value;
}

async function familyRecord(kv: Deno.Kv, teamId: string, familyId: string) {
  return (await kv.get<Family>(keys.family(teamId, familyId))).value;
}

/** The members of a family as "type:id", sorted, read straight from KV. */
async function membersIn(kv: Deno.Kv, teamId: string, familyId: string) {
  const links = await kvValues<FamilyMemberLink>(kv, { prefix: keys.familyMembers(teamId, familyId) });
  return links.map((l) => `${l.memberType}:${l.memberId}`).sort();
}

async function setProfile(kv: Deno.Kv, email: string, changes: Partial<User>): Promise<User> {
  const user = (await getUserByEmail(kv, email))!;
  return await updateUser(kv, (await getUserEntry(kv, user.id)) as Deno.KvEntry<User>, changes);
}

/** A claim by jersey, approved by the admin through the API; returns the claimant's account. */
async function claimAndApprove(t: T, w: AdminWorld, jerseyNumber: number, email: string): Promise<User> {
  const claimed = await requestJson(t.app, `/api/teams/${w.team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber, email },
  });
  assert.equal(claimed.status, 201);
  const { claimId } = await claimed.json();
  const approved = await call(t.app, "POST", `/api/admin/${w.team.id}/claims/${claimId}/approve`, {
    cookie: w.cookies.admin,
  });
  assert.equal(approved.status, 200, await approved.clone().text());
  return (await getUserByEmail(t.kv, email))!;
}

/** A join request through the API, approved by the admin. */
async function joinAndApprove(
  t: T,
  w: AdminWorld,
  body: { userType: "player" | "parent"; jerseyNumber: string; playerLastName: string; firstName: string },
  email: string,
): Promise<User> {
  const asked = await requestJson(t.app, `/api/teams/${w.team.slug}/join-requests`, {
    body: { ...body, lastName: body.playerLastName, email, confirmEmail: email },
  });
  assert.equal(asked.status, 201, await asked.clone().text());
  const { requestId } = await asked.json();
  const approved = await call(t.app, "POST", `/api/admin/${w.team.id}/claims/${requestId}/approve`, {
    cookie: w.cookies.admin,
  });
  assert.equal(approved.status, 200, await approved.clone().text());
  return (await getUserByEmail(t.kv, email))!;
}

interface FamilyWorld extends AdminWorld {
  maya: Player;
  sofia: Player;
  diego: Player;
  ana: User;
  luis: User;
  dan: User;
  sofiaAccount: User;
  parent: User;
  rodriguez: string;
  diegoFamily: string;
  people: Record<"ana" | "luis" | "dan", string>;
}

/**
 * The admin world plus families made through the app: Ana claims Maya (#7) and Luis, invited
 * as Maya's co-parent, signs in (the Rodriguez family: Maya, Ana, Luis); Dan joins as Diego's
 * (#9) parent (a second family); Sofia (#4) joins as a player (no family).
 */
async function familyWorld(t: T): Promise<FamilyWorld> {
  const w = await adminWorld(t);
  const [maya, sofia, diego] = w.players;
  await claimAndApprove(t, w, 7, "ana@example.com");
  const ana = await setProfile(t.kv, "ana@example.com", {
    firstName: "Ana",
    lastName: "Rodriguez",
    phone: "555-0101",
    occupation: "Nurse",
    interests: ["Hiking"],
    funFacts: ["Ran a marathon"],
  });
  const invited = await call(t.app, "POST", `/api/players/${maya.id}/emails`, {
    cookie: w.cookies.admin,
    body: { email: "luis@example.com" },
  });
  assert.equal(invited.status, 200);
  const luisCookie = await signIn(t, "luis@example.com");
  const luis = await setProfile(t.kv, "luis@example.com", {
    firstName: "Luis",
    lastName: "Rodriguez",
    phone: "555-0102",
  });
  const dan = await joinAndApprove(t, w, {
    userType: "parent",
    jerseyNumber: "9",
    playerLastName: "Rodriguez",
    firstName: "Dan",
  }, "dan@example.com");
  await setProfile(t.kv, "dan@example.com", { phone: "555-0103" });
  const sofiaAccount = await joinAndApprove(t, w, {
    userType: "player",
    jerseyNumber: "4",
    playerLastName: "Okafor",
    firstName: "Sofia",
  }, "sofia.player@example.com");
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  return {
    ...w,
    maya,
    sofia,
    diego,
    ana,
    luis,
    dan,
    sofiaAccount,
    parent,
    rodriguez: (await familyOf(t.kv, w.team.id, "player", maya.id))!,
    diegoFamily: (await familyOf(t.kv, w.team.id, "player", diego.id))!,
    people: {
      ana: await signIn(t, "ana@example.com"),
      luis: luisCookie,
      dan: await signIn(t, "dan@example.com"),
    },
  };
}

const get = async (t: T, path: string, cookie = "") => {
  const res = await call(t.app, "GET", path, { cookie });
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get("cache-control") };
};

// ---- How families are made ----

Deno.test("[families] a claim approval makes parent and player one family; a co-parent joins it; a player's own join makes none", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, sofia, diego, ana, luis, dan, sofiaAccount, rodriguez } = w;

  assert.match(rodriguez, new RegExp(`^${team.id}-[0-9A-HJKMNP-TV-Z]{26}$`), "the family id carries its team");
  const family = (await familyRecord(t.kv, team.id, rodriguez))!;
  assert.equal(family.familyName, "The Rodriguez Family");
  assert.equal(family.memberCount, 3);
  assert.deepEqual(
    await membersIn(t.kv, team.id, rodriguez),
    [`parent:${ana.id}`, `parent:${luis.id}`, `player:${maya.id}`].sort(),
  );
  assert.equal(await familyOf(t.kv, team.id, "parent", ana.id), rodriguez);
  assert.equal(await familyOf(t.kv, team.id, "parent", luis.id), rodriguez, "the co-parent joined at sign-in");
  const links = await kvValues<FamilyMemberLink>(t.kv, { prefix: keys.familyMembers(team.id, rodriguez) });
  assert.deepEqual(
    links.map((l) => [l.memberType, l.relationship]).sort(),
    [["parent", "Parent"], ["parent", "Parent"], ["player", "Child"]],
  );

  // Dan's approved join as Diego's parent: a family of their own.
  assert.ok(w.diegoFamily && w.diegoFamily !== rodriguez);
  assert.deepEqual(await membersIn(t.kv, team.id, w.diegoFamily), [`parent:${dan.id}`, `player:${diego.id}`].sort());
  // Sofia's own account (a player, not a parent): no family for her or her account.
  assert.equal(await familyOf(t.kv, team.id, "player", sofia.id), null);
  assert.equal(await familyOf(t.kv, team.id, "parent", sofiaAccount.id), null);
  // Exactly the two families, and an index entry for each member.
  assert.equal((await kvValues(t.kv, { prefix: keys.teamFamilies(team.id) })).length, 2);
  assert.equal((await kvValues(t.kv, { prefix: keys.teamFamilyOfMember(team.id) })).length, 5);
});

Deno.test("[families] a parent of two families' children merges them in the approval's commit", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, diego, ana, luis, dan, rodriguez, diegoFamily } = w;
  // Ana also claims Diego: her family (3) takes in Diego's (2), which is deleted.
  await claimAndApprove(t, w, 9, "ana@example.com");
  assert.equal(await familyRecord(t.kv, team.id, diegoFamily), null);
  assert.deepEqual(await membersIn(t.kv, team.id, diegoFamily), []);
  assert.deepEqual(
    await membersIn(t.kv, team.id, rodriguez),
    [`parent:${ana.id}`, `parent:${luis.id}`, `parent:${dan.id}`, `player:${maya.id}`, `player:${diego.id}`].sort(),
  );
  assert.equal((await familyRecord(t.kv, team.id, rodriguez))!.memberCount, 5);
  for (const [type, id] of [["player", diego.id], ["parent", dan.id]] as const) {
    assert.equal(await familyOf(t.kv, team.id, type, id), rodriguez);
  }
  assert.equal((await kvValues(t.kv, { prefix: keys.teamFamilies(team.id) })).length, 1);
});

Deno.test("[families] signup: the admin and the first player are the team's first family", async () => {
  await using t = await createTestApp();
  const started = await requestJson(t.app, "/api/signup/create-pending-intent", {
    body: {
      firstName: "Jordan",
      lastName: "Lee",
      email: "jordan@example.com",
      ageConfirmation: true,
      teamName: "Harbor Hawks",
      ageGroup: "U11",
      teamType: "girls",
      playerFirstName: "Riley",
      playerLastName: "Lee",
      playerJerseyNumber: 8,
    },
  });
  assert.equal(started.status, 200, await started.clone().text());
  const token = await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify");
  const verified = await requestJson(t.app, "/api/signup/verify-token", { body: { token } });
  assert.equal(verified.status, 200, await verified.clone().text());
  const [team] = await kvValues<{ id: string }>(t.kv, { prefix: ["teams"] });
  const [player] = await kvValues<Player>(t.kv, { prefix: keys.teamPlayers(team.id) });
  const admin = (await getUserByEmail(t.kv, "jordan@example.com"))!;
  const familyId = (await familyOf(t.kv, team.id, "player", player.id))!;
  assert.equal((await familyRecord(t.kv, team.id, familyId))!.familyName, "The Lee Family");
  assert.equal(await familyOf(t.kv, team.id, "parent", admin.id), familyId);
  assert.deepEqual(await membersIn(t.kv, team.id, familyId), [`parent:${admin.id}`, `player:${player.id}`].sort());
});

Deno.test("[families] removing a player removes its family membership; an emptied family goes too", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, diego, dan, rodriguez, diegoFamily } = w;
  const remove = (id: string) =>
    call(t.app, "DELETE", `/api/admin/${team.id}/players/${id}`, { cookie: w.cookies.admin });
  assert.equal((await remove(maya.id)).status, 200);
  assert.equal(await familyOf(t.kv, team.id, "player", maya.id), null);
  assert.deepEqual(await membersIn(t.kv, team.id, rodriguez), [`parent:${w.ana.id}`, `parent:${w.luis.id}`].sort());
  assert.equal((await familyRecord(t.kv, team.id, rodriguez))!.memberCount, 2, "the parents stay a family");

  assert.equal((await remove(diego.id)).status, 200);
  assert.equal((await familyRecord(t.kv, team.id, diegoFamily))!.memberCount, 1);
  assert.deepEqual(await membersIn(t.kv, team.id, diegoFamily), [`parent:${dan.id}`]);
  // A family whose only member is a removed player goes with it.
  const { kv } = t;
  const solo = await claimAndApprove(t, w, 12, "chloe.mum@example.com");
  const chloeFamily = (await familyOf(kv, team.id, "parent", solo.id))!;
  const links = await kvValues<FamilyMemberLink>(kv, { prefix: keys.familyMembers(team.id, chloeFamily) });
  assert.equal(links.length, 2);
  // Make the family the player's alone, then remove her.
  const op = kv.atomic()
    .delete(keys.familyMember(team.id, chloeFamily, "parent", solo.id))
    .delete(keys.familyOfMember(team.id, "parent", solo.id));
  assert.ok((await op.commit()).ok);
  assert.equal((await remove(w.players[3].id)).status, 200);
  assert.equal(await familyRecord(kv, team.id, chloeFamily), null);
  assert.deepEqual(await membersIn(kv, team.id, chloeFamily), []);
});

Deno.test("[families] deleting the team removes every family record with it", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  assert.ok((await kvValues(t.kv, { prefix: keys.teamFamilyMembers(w.team.id) })).length > 0);
  const res = await call(t.app, "DELETE", `/api/admin/${w.team.id}`, {
    cookie: w.cookies.admin,
    body: { confirm: w.team.name },
  });
  assert.equal(res.status, 200);
  const left: string[] = [];
  for await (const e of t.kv.list({ prefix: [] })) {
    const key = JSON.stringify(e.key);
    const value = kvJson(e.value);
    if (key.includes(w.team.id) || [w.rodriguez, w.diegoFamily].some((id) => value.includes(id))) left.push(key);
  }
  assert.deepEqual(left, [], "no key names the team, no value names one of its families");
});

// ---- The calls ----

const EVERYONE: Identity[] = ["anonymous", "otherAdmin", "parent", "player", "admin", "sysadmin"];
const MEMBERS: Identity[] = ["parent", "player", "admin", "sysadmin"];

Deno.test("[families] GET /api/public/teams/:teamId: the team's public fields for anyone, by id or slug; 404 otherwise", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const { id, name, season, slug, ageGroup, orgName } = w.team;
  const before = await dumpKv(t.kv, FAMILY_PREFIXES);
  for (const who of EVERYONE) {
    for (const key of [id, slug]) {
      const res = await get(t, `/api/public/teams/${key}`, w.cookies[who]);
      assert.equal(res.status, 200, who);
      assert.deepEqual(res.body, { id, name, season, slug, ageGroup, orgName }, who);
      assert.equal(res.cacheControl, "no-store");
    }
  }
  const missing = await get(t, "/api/public/teams/no-such-team");
  assert.equal(missing.status, 404);
  assert.deepEqual(missing.body, { message: "Team not found" });
  assert.equal((await call(t.app, "GET", "/api/public/teams/bad%20key")).status, 404);
  assert.deepEqual(await dumpKv(t.kv, FAMILY_PREFIXES), before, "reading changes nothing");
});

Deno.test("[families] GET /players: the public roster's fields without a session of the team; every field with one", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, ana, luis } = w;
  await t.kv.set(keys.player(team.id, maya.id), { ...maya, photoUrl: "/objects/maya.jpg" });
  const path = `/api/public/teams/${team.id}/players`;
  const before = await dumpKv(t.kv, FAMILY_PREFIXES);

  for (const who of ["anonymous", "otherAdmin"] as const) {
    const res = await get(t, path, w.cookies[who]);
    assert.equal(res.status, 200, who);
    assert.equal(res.body.cursor, "");
    const shown = res.body.values.find((p: { id: string }) => p.id === maya.id);
    // Exactly what the public roster API shows (first name, last initial, no photo by default).
    const roster = await (await call(t.app, "GET", `/api/teams/${team.slug}/roster`)).json();
    assert.deepEqual(shown, roster.players.find((p: { id: string }) => p.id === maya.id), who);
    assert.equal(shown.lastName, "R.");
    assert.equal(shown.photoUrl, null);
    for (const key of ["isNew", "parents", "familyId"]) assert.ok(!(key in shown), `${who} sees ${key}`);
    const text = JSON.stringify(res.body);
    for (const secret of ["Rodriguez", "@example.com", "555-", ana.id]) assert.ok(!text.includes(secret), secret);
  }

  for (const who of MEMBERS) {
    const res = await get(t, path, w.cookies[who]);
    assert.equal(res.status, 200, who);
    assert.equal(res.cacheControl, "no-store");
    assert.deepEqual(res.body.values.map((p: { id: string }) => p.id), w.players.map((p) => p.id), "creation order");
    const shown = res.body.values[0];
    assert.deepEqual(shown, {
      id: maya.id,
      firstName: "Maya",
      lastName: "Rodriguez",
      jerseyNumber: 7,
      position: "Forward",
      photoUrl: "/objects/maya.jpg",
      photoUrlSmall: null,
      photoUrlMedium: null,
      age: new Date().getUTCFullYear() - 2016,
      yearsPlaying: null,
      isNew: true,
      familyId: w.rodriguez,
      parents: [
        { id: ana.id, firstName: "Ana", lastName: "Rodriguez", photoUrl: null },
        { id: luis.id, firstName: "Luis", lastName: "Rodriguez", photoUrl: null },
      ].sort((a, b) => a.id < b.id ? -1 : 1),
    }, who);
    assert.ok(!JSON.stringify(res.body).includes("@example.com"), "no e-mail in the players");
  }

  // Paged: two, then the other two; malformed paging is a 400 with a message.
  const first = await get(t, `${path}?limit=2`, w.cookies.parent);
  assert.equal(first.body.values.length, 2);
  assert.ok(first.body.cursor);
  const rest = await get(t, `${path}?limit=2&cursor=${first.body.cursor}`, w.cookies.parent);
  assert.deepEqual(
    [...first.body.values, ...rest.body.values].map((p: { id: string }) => p.id),
    w.players.map((p) => p.id),
  );
  const anonymousPage = await get(t, `${path}?limit=3`);
  assert.equal(anonymousPage.body.values.length, 3);
  for (const query of ["limit=0", "limit=501", "limit=x", "cursor=%21%21", "cursor=garbage"]) {
    const res = await get(t, `${path}?${query}`, w.cookies.parent);
    assert.equal(res.status, 400, query);
    assert.equal(typeof res.body.message, "string");
  }
  assert.equal((await get(t, "/api/public/teams/no-such-team/players")).status, 404);
  assert.deepEqual(await dumpKv(t.kv, FAMILY_PREFIXES), before, "reading changes nothing");
});

Deno.test("[families] GET /parents: 401 and 403 outside the team; e-mails and phones only for admins and the parent", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, ana, luis, dan, parent } = w;
  const path = `/api/public/teams/${team.id}/parents`;
  const before = await dumpKv(t.kv, FAMILY_PREFIXES);
  assert.equal((await get(t, path)).status, 401);
  const other = await get(t, path, w.cookies.otherAdmin);
  assert.equal(other.status, 403);
  assert.equal(typeof other.body.message, "string");

  const expectedIds = [ana.id, luis.id, dan.id, parent.id].sort();
  const callers: [string, string, string[]][] = [
    ["parent", w.cookies.parent, [parent.id]],
    ["player", w.cookies.player, []],
    ["ana", w.people.ana, [ana.id]],
    ["admin", w.cookies.admin, expectedIds],
    // The system administrator reads the team's families, but contact details stay with the team.
    ["sysadmin", w.cookies.sysadmin, []],
  ];
  for (const [who, cookie, contactable] of callers) {
    const res = await get(t, path, cookie);
    assert.equal(res.status, 200, who);
    assert.equal(res.cacheControl, "no-store");
    assert.deepEqual(res.body.values.map((p: { id: string }) => p.id), expectedIds, who);
    for (const p of res.body.values) {
      const shown = contactable.includes(p.id);
      assert.equal("email" in p, shown, `${who} sees ${p.id}'s e-mail: ${shown}`);
      assert.equal("phone" in p, shown, `${who} sees ${p.id}'s phone: ${shown}`);
    }
  }
  const byAdmin = (await get(t, path, w.cookies.admin)).body.values;
  const anaShown = byAdmin.find((p: { id: string }) => p.id === ana.id);
  assert.deepEqual(anaShown, {
    id: ana.id,
    firstName: "Ana",
    lastName: "Rodriguez",
    email: "ana@example.com",
    phone: "555-0101",
    photoUrl: null,
    isNew: true,
    familyRole: "Parent",
    familyId: w.rodriguez,
    player: { id: maya.id, firstName: "Maya", lastName: "Rodriguez", jerseyNumber: 7, photoUrl: null },
    players: [{ id: maya.id, firstName: "Maya", lastName: "Rodriguez", jerseyNumber: 7, photoUrl: null }],
  });
  // A parent with the role but no child yet is a parent too, without a family.
  const lone = byAdmin.find((p: { id: string }) => p.id === parent.id);
  assert.equal(lone.player, null);
  assert.equal(lone.familyId, null);
  // The player's view: no address of anyone.
  const byPlayer = JSON.stringify((await get(t, path, w.cookies.player)).body);
  for (const secret of ["@example.com", "555-"]) assert.ok(!byPlayer.includes(secret), secret);
  // Paging by id.
  const first = await get(t, `${path}?limit=3`, w.cookies.parent);
  assert.equal(first.body.values.length, 3);
  const rest = await get(t, `${path}?limit=3&cursor=${first.body.cursor}`, w.cookies.parent);
  assert.deepEqual([...first.body.values, ...rest.body.values].map((p: { id: string }) => p.id), expectedIds);
  assert.equal(rest.body.cursor, "");
  for (const query of ["limit=0", "cursor=garbage", "cursor=%21"]) {
    assert.equal((await get(t, `${path}?${query}`, w.cookies.parent)).status, 400, query);
  }
  assert.deepEqual(await dumpKv(t.kv, FAMILY_PREFIXES), before, "reading changes nothing");
});

Deno.test("[families] GET /families: 401 and 403 outside the team; each family with its member links", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, diego, ana, luis, dan } = w;
  const path = `/api/public/teams/${team.slug}/families`;
  const before = await dumpKv(t.kv, FAMILY_PREFIXES);
  assert.equal((await get(t, path)).status, 401);
  assert.equal((await get(t, path, w.cookies.otherAdmin)).status, 403);
  for (const who of MEMBERS) {
    const res = await get(t, path, w.cookies[who]);
    assert.equal(res.status, 200, who);
    assert.equal(res.cacheControl, "no-store");
    assert.equal(res.body.cursor, "");
    const families = res.body.values;
    assert.deepEqual(families.map((f: { id: string }) => f.id).sort(), [w.rodriguez, w.diegoFamily].sort());
    const rodriguez = families.find((f: { id: string }) => f.id === w.rodriguez);
    assert.equal(rodriguez.familyName, "The Rodriguez Family");
    const person = (u: User) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, photoUrl: null });
    const mayaRef = { id: maya.id, firstName: "Maya", lastName: "Rodriguez", jerseyNumber: 7, photoUrl: null };
    const expected = [
      { memberId: ana.id, memberType: "parent", relationship: "Parent", player: null, parent: person(ana) },
      { memberId: luis.id, memberType: "parent", relationship: "Parent", player: null, parent: person(luis) },
      { memberId: maya.id, memberType: "player", relationship: "Child", player: mayaRef, parent: null },
    ];
    const order = (a: { memberId: string }, b: { memberId: string }) => a.memberId < b.memberId ? -1 : 1;
    assert.deepEqual([...rodriguez.members].sort(order), expected.sort(order), who);
    const second = families.find((f: { id: string }) => f.id === w.diegoFamily);
    assert.deepEqual(second.members.map((m: { memberId: string }) => m.memberId).sort(), [dan.id, diego.id].sort());
    assert.ok(!JSON.stringify(res.body).includes("@example.com"), "no e-mails in the families");
  }
  const paged = await get(t, `${path}?limit=1`, w.cookies.parent);
  assert.equal(paged.body.values.length, 1);
  assert.ok(paged.body.cursor);
  assert.equal((await get(t, `${path}?limit=nope`, w.cookies.parent)).status, 400);
  assert.deepEqual(await dumpKv(t.kv, FAMILY_PREFIXES), before, "reading changes nothing");
});

Deno.test("[families] GET /families/:familyId/members: 401; 404 for another team, an unknown or malformed id; contact details for admins and self", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, ana, luis } = w;
  const path = `/api/public/families/${w.rodriguez}/members`;
  const before = await dumpKv(t.kv, FAMILY_PREFIXES);

  const anonymous = await get(t, path);
  assert.equal(anonymous.status, 401);
  assert.equal(typeof anonymous.body.message, "string");
  // A person of another team learns nothing: the same 404 as for a family that does not exist.
  const other = await get(t, path, w.cookies.otherAdmin);
  assert.equal(other.status, 404);
  assert.deepEqual(other.body, { message: "Family not found" });
  const unknownIds = [
    `${team.id}-01ARZ3NDEKTSV4RRFFQ69G5FAV`,
    "01ARZ3NDEKTSV4RRFFQ69G5FAV",
    `${w.otherTeam.id}-01ARZ3NDEKTSV4RRFFQ69G5FAV`,
    "not-a-family",
  ];
  for (const id of unknownIds) {
    const res = await get(t, `/api/public/families/${id}/members`, w.cookies.parent);
    assert.equal(res.status, 404, id);
    assert.deepEqual(res.body, { message: "Family not found" }, id);
    assert.equal((await get(t, `/api/public/families/${id}/members`)).status, 401, `anonymous ${id}`);
  }
  for (const malformed of ["%2E%2E", "a%20b", "x".repeat(200)]) {
    assert.equal((await get(t, `/api/public/families/${malformed}/members`, w.cookies.parent)).status, 404);
  }

  const contactable: [string, string, string[]][] = [
    ["parent", w.cookies.parent, []],
    ["player", w.cookies.player, []],
    ["ana", w.people.ana, [ana.id]],
    ["luis", w.people.luis, [luis.id]],
    ["dan", w.people.dan, []],
    ["admin", w.cookies.admin, [ana.id, luis.id]],
    ["sysadmin", w.cookies.sysadmin, []],
  ];
  for (const [who, cookie, shown] of contactable) {
    const res = await get(t, path, cookie);
    assert.equal(res.status, 200, who);
    assert.equal(res.cacheControl, "no-store");
    assert.deepEqual(res.body.family, { id: w.rodriguez, familyName: "The Rodriguez Family" });
    assert.equal(res.body.cursor, "");
    assert.deepEqual(res.body.values.map((m: { id: string }) => m.id).sort(), [ana.id, luis.id, maya.id].sort());
    for (const m of res.body.values) {
      assert.equal("email" in m, shown.includes(m.id), `${who}: ${m.type} ${m.id} e-mail`);
      assert.equal("phone" in m, shown.includes(m.id), `${who}: ${m.type} ${m.id} phone`);
    }
  }
  const byAdmin = (await get(t, path, w.cookies.admin)).body.values;
  assert.deepEqual(byAdmin.find((m: { id: string }) => m.id === maya.id), {
    id: maya.id,
    type: "player",
    firstName: "Maya",
    lastName: "Rodriguez",
    photoUrl: null,
    jerseyNumber: 7,
    position: "Forward",
    relationship: "Child",
    age: new Date().getUTCFullYear() - 2016,
    yearsPlaying: null,
    favoritePosition: "Forward",
    occupation: null,
    interests: [],
    funFacts: [],
    isNew: true,
  });
  assert.deepEqual(byAdmin.find((m: { id: string }) => m.id === ana.id), {
    id: ana.id,
    type: "parent",
    firstName: "Ana",
    lastName: "Rodriguez",
    photoUrl: null,
    jerseyNumber: null,
    position: null,
    relationship: "Parent",
    age: null,
    yearsPlaying: null,
    favoritePosition: null,
    occupation: "Nurse",
    interests: ["Hiking"],
    funFacts: ["Ran a marathon"],
    isNew: true,
    email: "ana@example.com",
    phone: "555-0101",
  });
  const paged = await get(t, `${path}?limit=2`, w.cookies.parent);
  assert.equal(paged.body.values.length, 2);
  const rest = await get(t, `${path}?limit=2&cursor=${paged.body.cursor}`, w.cookies.parent);
  assert.equal(rest.body.values.length, 1);
  assert.equal((await get(t, `${path}?limit=-1`, w.cookies.parent)).status, 400);
  assert.deepEqual(await dumpKv(t.kv, FAMILY_PREFIXES), before, "reading changes nothing");
});

Deno.test("[families] isNew: a player or parent who joined within the last 14 days", async () => {
  let clock = new Date();
  await using t = await createTestApp({ now: () => clock });
  const w = await familyWorld(t);
  const path = `/api/public/families/${w.rodriguez}/members`;
  const isNew = async () =>
    Object.fromEntries(
      (await get(t, path, w.people.ana)).body.values.map((m: { id: string; isNew: boolean }) => [m.id, m.isNew]),
    );
  assert.deepEqual(await isNew(), { [w.ana.id]: true, [w.luis.id]: true, [w.maya.id]: true });
  clock = new Date(clock.getTime() + 13 * 86_400_000);
  assert.deepEqual(await isNew(), { [w.ana.id]: true, [w.luis.id]: true, [w.maya.id]: true });
  clock = new Date(clock.getTime() + 2 * 86_400_000);
  assert.deepEqual(await isNew(), { [w.ana.id]: false, [w.luis.id]: false, [w.maya.id]: false });
});

// ---- Meet Your Soccer Family ----

Deno.test("[families] loadSoccerFamily: cards with abbreviations, avatars and the You/Family/New badges per viewer", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, ana, luis } = w;
  const viewer = (userId: string | null, role: "TEAM_STANDARD" | "PLAYER" | "TEAM_ADMIN", isAdmin = false) => ({
    teamId: team.id,
    userId,
    role,
    isAdmin,
    displayName: "x",
  });
  const asAna = await loadSoccerFamily(t.kv, viewer(ana.id, "TEAM_STANDARD"), new Date());
  assert.deepEqual(asAna.players.map((p) => [p.jerseyNumber, p.shortName, p.positionAbbr]), [
    [7, "Maya R.", "FWD"],
    [4, "Sofia O.", "DEF"],
    [9, "Diego R.", "FWD"],
    [12, "Chloe A.", null],
  ]);
  const mayaCard = asAna.players[0];
  assert.deepEqual(mayaCard.related.sort(), [`parent:${ana.id}`, `parent:${luis.id}`].sort());
  assert.deepEqual([mayaCard.isNew, mayaCard.isYou, mayaCard.isFamily], [true, false, true]);
  assert.equal(mayaCard.familyName, "The Rodriguez Family");
  const anaCard = asAna.parents.find((p) => p.id === ana.id)!;
  assert.deepEqual([anaCard.isYou, anaCard.isFamily], [true, false]);
  assert.equal(anaCard.email, "ana@example.com", "her own address");
  const luisCard = asAna.parents.find((p) => p.id === luis.id)!;
  assert.deepEqual([luisCard.isYou, luisCard.isFamily], [false, true]);
  assert.ok(!("email" in luisCard) && !("phone" in luisCard), "not another parent's");
  assert.equal(asAna.players[1].isFamily, false, "Sofia is not in Ana's family");

  // Maya's own account: 'You' on Maya, 'Family' on her parents.
  const asMaya = await loadSoccerFamily(
    t.kv,
    viewer((await getUserByEmail(t.kv, "player@example.com"))!.id, "PLAYER"),
    new Date(),
  );
  assert.equal(asMaya.players.find((p) => p.id === maya.id)!.isYou, true);
  assert.ok(
    asMaya.parents.filter((p) => p.isFamily).map((p) => p.id).sort().join() === [ana.id, luis.id].sort().join(),
  );
  assert.ok(asMaya.parents.every((p) => !("email" in p)));
  // The admin sees every address.
  const asAdmin = await loadSoccerFamily(t.kv, viewer(null, "TEAM_ADMIN", true), new Date());
  assert.ok(asAdmin.parents.every((p) => "email" in p && "phone" in p));
  assert.ok(asAdmin.players.every((p) => !p.isYou && !p.isFamily));
});

Deno.test("[families] Meet Your Soccer Family: the viewer's own player first (their child, or themselves), then the rest as before", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, sofia, diego, ana, dan, sofiaAccount } = w;
  const viewer = (userId: string | null, role: "TEAM_STANDARD" | "PLAYER" | "TEAM_ADMIN") => ({
    teamId: team.id,
    userId,
    role,
    isAdmin: role === "TEAM_ADMIN",
    displayName: "x",
  });
  const ids = (cards: { id: string }[]) => cards.map((c) => c.id);
  const load = (userId: string | null, role: "TEAM_STANDARD" | "PLAYER" | "TEAM_ADMIN") =>
    loadSoccerFamily(t.kv, viewer(userId, role), new Date());
  // Someone with no child of the team sees everyone as before: players by jersey, parents by name.
  const before = await load(null, "TEAM_ADMIN");
  assert.deepEqual(before.players.map((p) => p.jerseyNumber), [4, 7, 9, 12]);
  const rest = (all: string[], first: string[]) => [...first, ...all.filter((id) => !first.includes(id))];

  const asAna = await load(ana.id, "TEAM_STANDARD");
  assert.deepEqual(ids(asAna.players), rest(ids(before.players), [maya.id]), "Maya (#7), Ana's child, first");
  assert.deepEqual(ids(asAna.parents), ids(before.parents), "the parents by name, as before");
  const asDan = await load(dan.id, "TEAM_STANDARD");
  assert.deepEqual(ids(asDan.players), rest(ids(before.players), [diego.id]), "Diego (#9), Dan's child, first");
  // A player's own account: themselves first.
  const asMaya = await load((await getUserByEmail(t.kv, "player@example.com"))!.id, "PLAYER");
  assert.deepEqual(ids(asMaya.players), rest(ids(before.players), [maya.id]));
  const asSofia = await load(sofiaAccount.id, "PLAYER");
  assert.deepEqual(ids(asSofia.players), rest(ids(before.players), [sofia.id]));

  // The page: the first card a parent sees is their own child's.
  const res = await call(t.app, "GET", `/family-dashboard/${team.id}`, { cookie: w.people.dan });
  assert.equal(res.status, 200);
  const firstCard = /href="\?member=player:([0-9A-Z]{26})#family-dialog"/.exec(await res.text());
  assert.equal(firstCard?.[1], diego.id, "Diego's card comes first on Dan's dashboard");
});

Deno.test("[families] the dashboard section: cards as links, and ?member= opens a dialog, the parents or the Explorer without JavaScript", async () => {
  await using t = await createTestApp();
  const w = await familyWorld(t);
  const { team, maya, ana } = w;
  const page = async (query = "") => {
    const res = await call(t.app, "GET", `/family-dashboard/${team.id}${query}`, { cookie: w.people.ana });
    assert.equal(res.status, 200, query);
    return await res.text();
  };
  const plain = await page();
  assert.match(plain, /<h2 id="family-title">Meet Your Soccer Family<\/h2>/);
  assert.ok(plain.includes(`href="?member=player:${maya.id}#family-dialog"`));
  assert.match(plain, /aria-pressed="true"[^>]*>Players</);
  assert.ok(plain.includes("family-cards family-cards--bounce") === false, "4 players: no bounce");
  assert.ok(!plain.includes('id="family-dialog-title"'), "no dialog open");

  const opened = await page(`?member=player:${maya.id}`);
  assert.match(opened, /<dialog[^>]*id="family-dialog"[^>]*open=""/);
  assert.ok(opened.includes(">Maya Rodriguez</h2>"));
  assert.ok(opened.includes(`href="?member=explore:player:${maya.id}#family-explorer"`), "Explore Family");
  assert.ok(opened.includes(`href="?member=players#family-card-player-${maya.id}"`), "Close back to the card");

  const parents = await page("?member=parents");
  assert.match(parents, /aria-pressed="true"[^>]*>Parents</);
  assert.ok(parents.includes(`href="?member=parent:${ana.id}#family-dialog"`));

  const explorer = await page(`?member=explore:player:${maya.id}`);
  assert.match(explorer, /<dialog[^>]*id="family-explorer"[^>]*open=""/);
  assert.ok(explorer.includes("1 of 3"));
  assert.ok(explorer.includes('aria-label="Next member"'));

  // Nonsense in ?member= is ignored.
  const odd = await page("?member=player:NOPE");
  assert.ok(!odd.includes('id="family-dialog-title"'));
});
