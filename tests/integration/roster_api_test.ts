import assert from "node:assert/strict";
import { createPlayer, createTestApp, requestJson, seedTeam } from "../helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import type { Team } from "../../lib/db/teams.ts";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { getHeadshotConsentEntry, stageHeadshotConsent } from "../../lib/db/headshot_consents.ts";
import { createAccount } from "../auth_helpers.ts";

Deno.test("[api] roster: public fields only — first name, last initial, jersey, position", async () => {
  await using t = await createTestApp({ now: () => new Date("2026-11-22T12:00:00Z") });
  const { team, players } = await seedTeam(t.kv);
  const res = await requestJson(t.app, `/api/teams/${team.slug}/roster`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /^application\/json/);
  const body = await res.json();
  assert.deepEqual(body.team, {
    id: team.id,
    name: team.name,
    season: "Fall 2026",
    slug: team.slug,
    ageGroup: "U10",
    orgName: "Test Club",
  });
  assert.deepEqual(body.players.map((p: { firstName: string }) => p.firstName), ["Chloe", "Diego", "Maya", "Sofia"]);
  const maya = body.players.find((p: { id: string }) => p.id === players[0].id);
  assert.deepEqual(maya, {
    id: players[0].id,
    firstName: "Maya",
    lastName: "R.",
    jerseyNumber: 7,
    position: "Forward",
    photoUrl: null,
    photoUrlSmall: null,
    photoUrlMedium: null,
    age: 10,
    yearsPlaying: null,
    stats: null,
  });
  const text = JSON.stringify(body);
  for (const secret of ["Rodriguez", "Okafor", "Anderson", "@", "teamId", "createdAt", "birthYear"]) {
    assert.ok(!text.includes(secret), `roster API leaks ${secret}`);
  }
});

Deno.test("[api] roster: visibility settings decide last names, positions and photos", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv, {
    settings: { showLastNames: true, showPositions: false, showPhotos: true },
  }, [{ firstName: "Ana", lastName: "Lopez", jerseyNumber: 3, position: "Forward", photoUrl: "/objects/a.jpg" }]);
  const roster = async () => (await (await requestJson(t.app, `/api/teams/${team.id}/roster`)).json()).players;
  const [ana] = await roster();
  assert.equal(ana.lastName, "Lopez");
  assert.equal(ana.position, null);
  assert.equal(ana.photoUrl, null, "R41: the team's switch alone shows no photo");
  // With a guardian's consent (and the revision rewritten in the same commit, as the app does).
  const mom = await createAccount(t.kv, { email: "mom@example.com", teamId: team.id });
  const op = stageGuardian(t.kv.atomic(), team.id, players[0].id, mom.id);
  const none = await getHeadshotConsentEntry(t.kv, team.id, players[0].id);
  stageHeadshotConsent(op, none, {
    teamId: team.id,
    playerId: players[0].id,
    userId: mom.id,
    consentedAt: new Date().toISOString(),
  });
  assert.ok((await commitTeamChange(t.kv, op, team.id)).ok);
  assert.equal((await roster())[0].photoUrl, "/objects/a.jpg");
});

Deno.test("[api] roster: unknown team → 404 { message }", async () => {
  await using t = await createTestApp();
  for (const key of ["nope", "x".repeat(100)]) {
    const res = await requestJson(t.app, `/api/teams/${key}/roster`);
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { message: "Team not found" });
  }
  // A key that cannot be a team id or slug is refused by the path guard before any lookup.
  const malformed = await requestJson(t.app, "/api/teams/a%2Fb/roster");
  assert.equal(malformed.status, 404);
  assert.deepEqual(await malformed.json(), { message: "Not found" });
});

Deno.test("[api] roster: the cached answer changes the moment the team's data changes", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const count = async () => (await (await requestJson(t.app, `/api/teams/${team.slug}/roster`)).json()).players.length;
  assert.equal(await count(), 4);
  assert.equal(await count(), 4);
  await createPlayer(t.kv, team.id, { firstName: "New", lastName: "Kid", jerseyNumber: 30 });
  assert.equal(await count(), 5);
  // A settings change through a commit on the revision key shows at once too.
  const entry = await t.kv.get<Team>(keys.team(team.id));
  const renamed = { ...entry.value!, name: "Renamed FC" };
  assert.ok((await commitTeamChange(t.kv, t.kv.atomic().check(entry).set(entry.key, renamed), team.id)).ok);
  const body = await (await requestJson(t.app, `/api/teams/${team.id}/roster`)).json();
  assert.equal(body.team.name, "Renamed FC");
});

Deno.test("[api] teams by slug: public team fields, 404 otherwise", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const res = await requestJson(t.app, `/api/teams/by-slug/${team.slug}`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    id: team.id,
    name: team.name,
    season: team.season,
    slug: team.slug,
    ageGroup: team.ageGroup,
    orgName: team.orgName,
  });
  const upper = await requestJson(t.app, `/api/teams/by-slug/${team.slug.toUpperCase()}`);
  assert.equal(upper.status, 200);
  const missing = await requestJson(t.app, `/api/teams/by-slug/missing-team`);
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { message: "Team not found" });
});
