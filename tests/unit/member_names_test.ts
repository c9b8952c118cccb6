/**
 * How a person of a team is named to the other members: the pure rule (their name, else their
 * relation to the team, never an e-mail) and its batch read for a page of authors.
 */
import assert from "node:assert/strict";
import { seedTeam } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { setMembership } from "../../lib/db/users.ts";
import { memberDisplayName } from "../../lib/names/display_name.ts";
import { loadMemberNames } from "../../lib/names/member_names.ts";

Deno.test("[member names] the person's own name, trimmed, whatever their role", () => {
  assert.equal(memberDisplayName({ firstName: " Ana ", lastName: " Diaz " }), "Ana Diaz");
  assert.equal(memberDisplayName({ firstName: "Ana", lastName: "", childFirstName: "Leo" }), "Ana");
  assert.equal(memberDisplayName({ firstName: "", lastName: "Diaz", role: "TEAM_ADMIN" }), "Diaz");
  assert.equal(
    memberDisplayName({ firstName: "Sam", lastName: "Lee", role: "PLAYER", playerFirstName: "Sammy" }),
    "Sam Lee",
  );
});

Deno.test("[member names] without a name: a player's first name, a child's parent, a team admin, a team member", () => {
  const nameless = { firstName: " ", lastName: "" };
  assert.equal(memberDisplayName({ ...nameless, role: "PLAYER", playerFirstName: "Maya" }), "Maya");
  assert.equal(memberDisplayName({ ...nameless, role: "TEAM_STANDARD", childFirstName: "Leo" }), "Leo's parent");
  // An admin who is also a parent is named by the child, the relation the families know.
  assert.equal(memberDisplayName({ ...nameless, role: "TEAM_ADMIN", childFirstName: "Leo" }), "Leo's parent");
  assert.equal(memberDisplayName({ ...nameless, role: "TEAM_ADMIN" }), "Team admin");
  assert.equal(memberDisplayName({ ...nameless, role: "TEAM_STANDARD" }), "A team member");
  assert.equal(memberDisplayName({ ...nameless, role: "PLAYER" }), "A team member", "a player whose record is gone");
  assert.equal(memberDisplayName({ ...nameless, role: "TEAM_STANDARD", playerFirstName: "Maya" }), "A team member");
  assert.equal(memberDisplayName({}), "A team member", "no account at all");
  assert.equal(memberDisplayName({ ...nameless, role: null, childFirstName: " " }), "A team member");
});

Deno.test("[member names] loadMemberNames: current names, relations for the nameless (first child), never an e-mail", async () => {
  await using kv = await Deno.openKv(":memory:");
  const { team, players } = await seedTeam(kv);
  const [maya, sofia] = players;
  const named = await createAccount(kv, { email: "ana@example.com", teamId: team.id, firstName: "Ana", lastName: "D" });
  const parent = await createAccount(kv, {
    email: "nameless@example.com",
    teamId: team.id,
    firstName: "",
    lastName: "",
  });
  const admin = await createAccount(kv, {
    email: "boss@example.com",
    teamId: team.id,
    role: "TEAM_ADMIN",
    firstName: "",
    lastName: "",
  });
  const player = await createAccount(kv, { email: "kid@example.com", firstName: "", lastName: "" });
  await setMembership(kv, player.id, team.id, "PLAYER", { playerId: sofia.id });
  const loner = await createAccount(kv, { email: "loner@example.com", teamId: team.id, firstName: "", lastName: "" });
  // Linked to Sofia (added second) before Maya (added first): the first child is Maya, in roster order.
  const op = kv.atomic();
  stageGuardian(op, team.id, sofia.id, parent.id);
  stageGuardian(op, team.id, maya.id, parent.id);
  assert.ok((await op.commit()).ok);

  const ids = [named.id, parent.id, admin.id, player.id, loner.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV", null, parent.id];
  const nameOf = await loadMemberNames(kv, team.id, ids);
  assert.deepEqual(ids.map(nameOf), [
    "Ana D",
    "Maya's parent",
    "Team admin",
    "Sofia",
    "A team member",
    "A team member",
    "Team admin",
    "Maya's parent",
  ]);
  for (const name of ids.map(nameOf)) assert.doesNotMatch(name, /@/);

  // A link whose player is gone (a removal midway) names no one: the next child does.
  await kv.delete(["players", team.id, maya.id]);
  assert.equal((await loadMemberNames(kv, team.id, [parent.id]))(parent.id), "Sofia's parent");
  // In the reader's language: a Spanish reader, the shared login too.
  const inSpanish = await loadMemberNames(kv, team.id, [parent.id, null], "es");
  assert.deepEqual([inSpanish(parent.id), inSpanish(null)], ["Familia de Sofia", "Administración del equipo"]);
  // A name set later is the name shown at once.
  await kv.set(["users", parent.id], { ...parent, firstName: "Lee", lastName: "Park" });
  assert.equal((await loadMemberNames(kv, team.id, [parent.id]))(parent.id), "Lee Park");
});

Deno.test("[member names] without a name, in the reader's language; a name of one's own is never translated", () => {
  const nameless = { firstName: "", lastName: "" };
  assert.equal(
    memberDisplayName({ ...nameless, role: "TEAM_STANDARD", childFirstName: "Leo" }, "es"),
    "Familia de Leo",
  );
  assert.equal(memberDisplayName({ ...nameless, role: "TEAM_ADMIN" }, "es"), "Administración del equipo");
  assert.equal(memberDisplayName({}, "es"), "Un miembro del equipo");
  assert.equal(memberDisplayName({ firstName: "Ana", lastName: "Diaz", childFirstName: "Leo" }, "es"), "Ana Diaz");
  assert.equal(memberDisplayName({ ...nameless, role: "PLAYER", playerFirstName: "Maya" }, "es"), "Maya");
});
