/**
 * The families domain's rules: the linking and merging rule (pure plan and staged against KV,
 * with a race failing the commit), position abbreviations, isNew, names and the `?member=` state.
 */
import assert from "node:assert/strict";
import { seedTeam } from "../helpers.ts";
import {
  emptyPlan,
  type Family,
  familyLinker,
  type FamilyMemberLink,
  familyNameFor,
  listTeamFamilyMembers,
  newFamilyId,
  planLink,
  stageFamilyLink,
  stageFamilyMemberRemoval,
  teamIdOfFamily,
} from "../../lib/db/families.ts";
import { keys } from "../../lib/db/keys.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { createAccount } from "../auth_helpers.ts";
import { backfillFamilies } from "../../lib/families/mod.ts";
import {
  familyHref,
  initials,
  isNewMember,
  NEW_MEMBER_DAYS,
  parseOpenMember,
  positionAbbreviation,
  shortName,
  wrapIndex,
} from "../../lib/families/rules.ts";

const TEAM = "01J00000000000000000000000";
const NOW = new Date("2026-09-15T12:00:00Z");
let made = 0;
const create = (): Family => ({
  id: `${TEAM}-0000000000000000000000000${made++ % 10}`,
  teamId: TEAM,
  familyName: "New",
  memberCount: 0,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
});

/** A plan with families already read: each `[familyId, members]`, members as "player:a" / "parent:b". */
function planWith(families: [string, string[]][], loose: string[] = []) {
  const plan = emptyPlan(TEAM);
  for (const [id, members] of families) {
    const read = new Map<string, FamilyMemberLink>();
    for (const key of members) {
      const [type, memberId] = key.split(":") as ["player" | "parent", string];
      read.set(key, {
        teamId: TEAM,
        familyId: id,
        memberType: type,
        memberId,
        relationship: type === "player" ? "Child" : "Parent",
        createdAt: "2026-01-01T00:00:00.000Z",
      });
      plan.readFamilyOf.set(key, id);
      plan.familyOf.set(key, id);
    }
    const family = { ...create(), id };
    plan.families.set(id, { family, versionstamp: "01", read, members: new Map(read) });
  }
  for (const key of loose) {
    plan.readFamilyOf.set(key, null);
    plan.familyOf.set(key, null);
  }
  return plan;
}

/** Stages a link in a new atomic operation; returns its commit (a promise cannot carry the operation). */
async function staged(kv: Deno.Kv, teamId: string, playerId: string, userId: string) {
  const op = kv.atomic();
  await stageFamilyLink(kv, op, teamId, playerId, userId, NOW);
  return { commit: () => op.commit() };
}

const membersOf = (plan: ReturnType<typeof emptyPlan>, id: string) =>
  [...(plan.families.get(id)?.members.keys() ?? [])].sort();

Deno.test("[families] linking: the parent joins the player's family", () => {
  const plan = planWith([["F1", ["player:p", "parent:a"]]], ["parent:b"]);
  planLink(plan, "p", "b", create, NOW);
  assert.deepEqual(membersOf(plan, "F1"), ["parent:a", "parent:b", "player:p"]);
  assert.equal(plan.familyOf.get("parent:b"), "F1");
  assert.equal(plan.families.get("F1")!.members.get("parent:b")!.relationship, "Parent");
});

Deno.test("[families] linking: a player without a family joins the parent's", () => {
  const plan = planWith([["F1", ["player:p", "parent:a"]]], ["player:q"]);
  planLink(plan, "q", "a", create, NOW);
  assert.deepEqual(membersOf(plan, "F1"), ["parent:a", "player:p", "player:q"]);
  assert.equal(plan.families.get("F1")!.members.get("player:q")!.relationship, "Child");
});

Deno.test("[families] linking: neither in a family makes a new one for both", () => {
  const plan = planWith([], ["player:p", "parent:a"]);
  planLink(plan, "p", "a", create, NOW);
  assert.equal(plan.families.size, 1);
  const [planned] = plan.families.values();
  assert.equal(planned.versionstamp, null, "a new family");
  assert.deepEqual(membersOf(plan, planned.family.id), ["parent:a", "player:p"]);
});

Deno.test("[families] linking: both in one family changes nothing", () => {
  const plan = planWith([["F1", ["player:p", "parent:a"]]]);
  planLink(plan, "p", "a", create, NOW);
  assert.deepEqual(membersOf(plan, "F1"), ["parent:a", "player:p"]);
});

Deno.test("[families] linking: two families merge, the smaller into the larger", () => {
  // The parent's family is larger: the player's family moves into it and is emptied.
  const plan = planWith([["F1", ["player:p"]], ["F2", ["parent:a", "player:q", "parent:c"]]]);
  planLink(plan, "p", "a", create, NOW);
  assert.deepEqual(membersOf(plan, "F1"), []);
  assert.deepEqual(membersOf(plan, "F2"), ["parent:a", "parent:c", "player:p", "player:q"]);
  assert.equal(plan.familyOf.get("player:p"), "F2");
  // A moved member keeps when they joined.
  assert.equal(plan.families.get("F2")!.members.get("player:p")!.createdAt, "2026-01-01T00:00:00.000Z");

  // On a tie the player's family stays.
  const tie = planWith([["F1", ["player:p", "parent:x"]], ["F2", ["parent:a", "player:q"]]]);
  planLink(tie, "p", "a", create, NOW);
  assert.deepEqual(membersOf(tie, "F1"), ["parent:a", "parent:x", "player:p", "player:q"]);
  assert.deepEqual(membersOf(tie, "F2"), []);
});

Deno.test("[families] family ids carry their team; names come from the player's last name", () => {
  const id = newFamilyId(TEAM, NOW);
  assert.match(id, /^01J00000000000000000000000-[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.equal(teamIdOfFamily(id), TEAM);
  for (const bad of ["", TEAM, `${TEAM}-short`, `${TEAM}-${TEAM}-x`, `../${TEAM}`]) {
    assert.equal(teamIdOfFamily(bad), null, bad);
  }
  assert.equal(familyNameFor("Rivera"), "The Rivera Family");
  assert.equal(familyNameFor("  "), "Our Family");
});

Deno.test("[families] staged against KV: link, co-parent, merge and removal, each in one commit", async () => {
  using kv = await Deno.openKv(":memory:");
  const { team, players } = await seedTeam(kv);
  const [maya, sofia, diego] = players;
  const commit = async (op: { commit(): Promise<Deno.KvCommitResult | Deno.KvCommitError> }) =>
    assert.ok((await op.commit()).ok);
  const familyOf = async (type: string, id: string) =>
    (await kv.get<string>(keys.familyOfMember(team.id, type, id))).value;

  await commit(await staged(kv, team.id, maya.id, "U_ANA"));
  const rodriguez = (await familyOf("player", maya.id))!;
  assert.equal((await kv.get<Family>(keys.family(team.id, rodriguez))).value!.familyName, "The Rodriguez Family");
  assert.equal(await familyOf("parent", "U_ANA"), rodriguez);

  // A co-parent of Maya joins; a parent of Sofia alone makes a second family.
  await commit(await staged(kv, team.id, maya.id, "U_LUIS"));
  await commit(await staged(kv, team.id, sofia.id, "U_OLA"));
  const okafor = (await familyOf("player", sofia.id))!;
  assert.notEqual(okafor, rodriguez);
  assert.equal((await kv.get<Family>(keys.family(team.id, rodriguez))).value!.memberCount, 3);

  // Ana is also Sofia's parent: the smaller Okafor family (2) merges into the Rodriguez one (3).
  await commit(await staged(kv, team.id, sofia.id, "U_ANA"));
  assert.equal((await kv.get(keys.family(team.id, okafor))).versionstamp, null, "the emptied family is gone");
  const links = await listTeamFamilyMembers(kv, team.id);
  assert.deepEqual(
    links.map((l) => [l.familyId, l.memberType, l.memberId]).sort(),
    [
      [rodriguez, "parent", "U_ANA"],
      [rodriguez, "parent", "U_LUIS"],
      [rodriguez, "parent", "U_OLA"],
      [rodriguez, "player", maya.id],
      [rodriguez, "player", sofia.id],
    ].sort(),
  );
  assert.equal((await kv.get<Family>(keys.family(team.id, rodriguez))).value!.memberCount, 5);
  for (const id of ["U_ANA", "U_LUIS", "U_OLA"]) assert.equal(await familyOf("parent", id), rodriguez);

  // Several links in one commit see each other (co-parent invites for two children at once).
  const linker = familyLinker(kv, team.id, NOW);
  await linker.link(diego.id, "U_NEW");
  await linker.link(players[3].id, "U_NEW");
  await commit(linker.stage(kv.atomic()));
  const diegoFamily = await familyOf("player", diego.id);
  assert.ok(diegoFamily);
  assert.equal(await familyOf("player", players[3].id), diegoFamily);
  assert.equal(await familyOf("parent", "U_NEW"), diegoFamily);
  assert.equal((await kv.get<Family>(keys.family(team.id, diegoFamily!))).value!.memberCount, 3);

  // Removing a player removes its membership; the last member takes the family with it.
  const op = kv.atomic();
  await stageFamilyMemberRemoval(kv, op, team.id, "player", maya.id, NOW);
  await commit(op);
  assert.equal(await familyOf("player", maya.id), null);
  assert.equal((await kv.get<Family>(keys.family(team.id, rodriguez))).value!.memberCount, 4);
  for (const [type, id] of [["player", diego.id], ["player", players[3].id], ["parent", "U_NEW"]] as const) {
    const removal = kv.atomic();
    await stageFamilyMemberRemoval(kv, removal, team.id, type, id, NOW);
    await commit(removal);
  }
  assert.equal((await kv.get(keys.family(team.id, diegoFamily!))).versionstamp, null);
  assert.deepEqual((await listTeamFamilyMembers(kv, team.id)).filter((l) => l.familyId === diegoFamily), []);
});

Deno.test("[families] a race fails the commit instead of splitting a family", async () => {
  using kv = await Deno.openKv(":memory:");
  const { team, players } = await seedTeam(kv);
  // Two parents of the same player, each staged on what it read before the other committed.
  const first = await staged(kv, team.id, players[0].id, "U_A");
  const second = await staged(kv, team.id, players[0].id, "U_B");
  assert.ok((await first.commit()).ok);
  assert.equal((await second.commit()).ok, false, "the second read a player without a family");
  // Read again, it joins the family the first made.
  assert.ok((await (await staged(kv, team.id, players[0].id, "U_B")).commit()).ok);
  const families = new Set((await listTeamFamilyMembers(kv, team.id)).map((l) => l.familyId));
  assert.equal(families.size, 1);

  // A family that changed after a merge read it makes the merge fail too.
  await (await staged(kv, team.id, players[1].id, "U_C")).commit();
  const merge = await staged(kv, team.id, players[1].id, "U_A");
  assert.ok((await (await staged(kv, team.id, players[1].id, "U_D")).commit()).ok);
  assert.equal((await merge.commit()).ok, false);
});

Deno.test("[families] backfillFamilies: parent links made before families get them, once", async () => {
  using kv = await Deno.openKv(":memory:");
  const { team, players } = await seedTeam(kv);
  const [maya, sofia] = players;
  const ana = await createAccount(kv, { email: "ana@example.com", teamId: team.id });
  const luis = await createAccount(kv, { email: "luis@example.com", teamId: team.id });
  const op = kv.atomic();
  stageGuardian(op, team.id, maya.id, ana.id);
  stageGuardian(op, team.id, maya.id, luis.id);
  stageGuardian(op, team.id, sofia.id, luis.id);
  assert.ok((await op.commit()).ok);
  assert.equal(await backfillFamilies(kv, team.id, NOW), 3);
  const links = await listTeamFamilyMembers(kv, team.id);
  assert.equal(new Set(links.map((l) => l.familyId)).size, 1, "one family: Maya, Sofia and both parents");
  assert.equal(links.length, 4);
  assert.equal(await backfillFamilies(kv, team.id, NOW), 0, "a second run changes nothing");
});

Deno.test("[families] positionAbbreviation: GK, DEF, MID, FWD from names and codes", () => {
  const cases: [string | null, string | null][] = [
    ["Goalkeeper", "GK"],
    ["goalie", "GK"],
    ["Keeper", "GK"],
    ["GK", "GK"],
    ["Defender", "DEF"],
    ["Center Back", "DEF"],
    ["Left Wing-Back", "DEF"],
    ["CB", "DEF"],
    ["Sweeper", "DEF"],
    ["Midfielder", "MID"],
    ["Defensive Midfielder", "MID"],
    ["Attacking Midfield", "MID"],
    ["CDM", "MID"],
    ["Forward", "FWD"],
    ["Striker", "FWD"],
    ["Left Wing", "FWD"],
    ["st", "FWD"],
    ["  forward  ", "FWD"],
    ["Utility", "UTI"],
    ["Libero", "LIB"],
    [null, null],
    ["", null],
    ["   ", null],
    ["--", null],
  ];
  for (const [position, abbr] of cases) assert.equal(positionAbbreviation(position), abbr, String(position));
});

Deno.test("[families] isNew: joined within the last 14 days", () => {
  assert.equal(NEW_MEMBER_DAYS, 14);
  const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
  assert.equal(isNewMember(daysAgo(0), NOW), true);
  assert.equal(isNewMember(daysAgo(13.9), NOW), true);
  assert.equal(isNewMember(daysAgo(14), NOW), false);
  assert.equal(isNewMember(daysAgo(30), NOW), false);
  assert.equal(isNewMember(daysAgo(-0.001), NOW), true, "stamped a moment later by another clock");
  assert.equal(isNewMember(null, NOW), false);
  assert.equal(isNewMember("not a date", NOW), false);
});

Deno.test("[families] names, initials, the ?member= state, wrapping", () => {
  assert.equal(shortName("Maya", "rodriguez"), "Maya R.");
  assert.equal(shortName("Maya", ""), "Maya");
  assert.equal(shortName("Élodie", "Ørsted"), "Élodie Ø.");
  assert.equal(initials("ana", "rivera"), "AR");
  assert.equal(initials("", ""), "?");
  assert.deepEqual(parseOpenMember(null), { view: "players", member: null, explore: false });
  assert.deepEqual(parseOpenMember("parents"), { view: "parents", member: null, explore: false });
  assert.deepEqual(parseOpenMember("parent:01ABC"), { view: "parents", member: "parent:01ABC", explore: false });
  assert.deepEqual(parseOpenMember("explore:player:01ABC"), {
    view: "players",
    member: "player:01ABC",
    explore: true,
  });
  for (const bad of ["player:", "coach:1", "player:a/b", "explore:parents", "x".repeat(300)]) {
    assert.deepEqual(parseOpenMember(bad), { view: "players", member: null, explore: false }, bad);
  }
  assert.equal(familyHref.member("player:X"), "?member=player:X#family-dialog");
  assert.equal(familyHref.card("parent:Y"), "?member=parents#family-card-parent-Y");
  assert.equal(wrapIndex(0, -1, 4), 3);
  assert.equal(wrapIndex(3, 1, 4), 0);
  assert.equal(wrapIndex(1, 1, 4), 2);
  assert.equal(wrapIndex(0, 1, 0), 0);
});
