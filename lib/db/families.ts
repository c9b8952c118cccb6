/**
 * Families (SPEC.md section 3): a team's households. A player or a parent belongs to at most
 * one family per team. Written and deleted only here: the family record, its member links and
 * the member → family index.
 *
 * Every change to a family's members rewrites the family record too (its `memberCount` and
 * `updatedAt`), so a commit that checks the family record it read fails when anyone changed the
 * family meanwhile: a race fails a commit instead of splitting or duplicating a family.
 */
import { ulid } from "ulid";
import { keys } from "./keys.ts";
import { listAll, listPage, type Page, type PageOptions } from "./kv.ts";
import { getPlayer } from "./players.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

export type MemberType = "player" | "parent";

/** The relationship of a member to their family (SPEC.md's familyRole of a parent is 'Parent'). */
export const RELATIONSHIP: Record<MemberType, "Child" | "Parent"> = { player: "Child", parent: "Parent" };

export interface Family {
  /** `<teamId>-<ULID>`: the team is read from the id, so `/api/public/families/{id}` needs no index. */
  id: string;
  teamId: string;
  familyName: string;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A member of a family: a player (memberId = player id) or a parent (memberId = user id). */
export interface FamilyMemberLink {
  teamId: string;
  familyId: string;
  memberType: MemberType;
  memberId: string;
  relationship: "Child" | "Parent";
  createdAt: string;
}

const ULID = "[0-9A-HJKMNP-TV-Z]{26}";
const FAMILY_ID = new RegExp(`^([A-Za-z0-9]{1,64})-(${ULID})$`);

/** A new family id of a team. */
export const newFamilyId = (teamId: string, now = new Date()): string => `${teamId}-${ulid(now.getTime())}`;

/** The team a family id belongs to, or null when the text cannot be a family id. */
export function teamIdOfFamily(familyId: string): string | null {
  return FAMILY_ID.exec(familyId)?.[1] ?? null;
}

/**
 * "The Rivera Family" (the player's last name), or "Our Family" when there is none: stored in
 * English, the catalogue's words, which a page shows in its reader's language.
 */
export function familyNameFor(lastName: string | null | undefined): string {
  const name = (lastName ?? "").trim();
  const { family } = messagesFor("en");
  return name ? format("en", family.familyName, { name }) : family.ourFamily;
}

export const memberKey = (type: MemberType, id: string): string => `${type}:${id}`;

// ---- Reading ----

export async function getFamily(kv: Deno.Kv, teamId: string, familyId: string): Promise<Family | null> {
  return (await kv.get<Family>(keys.family(teamId, familyId))).value;
}

/** A page of a team's families, oldest first. */
export async function listFamiliesPage(kv: Deno.Kv, teamId: string, options: PageOptions = {}): Promise<Page<Family>> {
  return await listPage<Family>(kv, { prefix: keys.teamFamilies(teamId) }, options);
}

/** Every family of a team (bounded: at most one per player or parent of the team). */
export async function listFamilies(kv: Deno.Kv, teamId: string): Promise<Family[]> {
  return await listAll<Family>(kv, { prefix: keys.teamFamilies(teamId) });
}

/** A page of one family's member links (parents, then players, each in id order). */
export async function listFamilyMembersPage(
  kv: Deno.Kv,
  teamId: string,
  familyId: string,
  options: PageOptions = {},
): Promise<Page<FamilyMemberLink>> {
  return await listPage<FamilyMemberLink>(kv, { prefix: keys.familyMembers(teamId, familyId) }, options);
}

/** Every member link of a team's families (bounded by the team's players and parents). */
export async function listTeamFamilyMembers(kv: Deno.Kv, teamId: string): Promise<FamilyMemberLink[]> {
  return await listAll<FamilyMemberLink>(kv, { prefix: keys.teamFamilyMembers(teamId) });
}

/** The family of a player or parent in a team, or null. */
export async function getFamilyIdOf(
  kv: Deno.Kv,
  teamId: string,
  type: MemberType,
  memberId: string,
): Promise<string | null> {
  return (await kv.get<string>(keys.familyOfMember(teamId, type, memberId))).value;
}

// ---- Linking a parent and a player (the pure plan) ----

/** One family as a link plan sees it: as read, and as it will be once the plan is staged. */
export interface PlannedFamily {
  family: Family;
  /** The family record's versionstamp when read; null for a family the plan creates. */
  versionstamp: string | null;
  /** Member key → link, as read. */
  read: Map<string, FamilyMemberLink>;
  /** Member key → link, after the plan. */
  members: Map<string, FamilyMemberLink>;
}

/** What a set of links reads and changes, in memory until it is staged. */
export interface LinkPlan {
  teamId: string;
  families: Map<string, PlannedFamily>;
  /** Member key → its family (null: none), as read. */
  readFamilyOf: Map<string, string | null>;
  /** Member key → the versionstamp of its index entry, for the members whose index was read. */
  indexVersions: Map<string, string | null>;
  /** Member key → its family after the plan. */
  familyOf: Map<string, string | null>;
}

export function emptyPlan(teamId: string): LinkPlan {
  return { teamId, families: new Map(), readFamilyOf: new Map(), indexVersions: new Map(), familyOf: new Map() };
}

function addMember(plan: LinkPlan, familyId: string, type: MemberType, id: string, createdAt: string): void {
  const link: FamilyMemberLink = {
    teamId: plan.teamId,
    familyId,
    memberType: type,
    memberId: id,
    relationship: RELATIONSHIP[type],
    createdAt,
  };
  plan.families.get(familyId)!.members.set(memberKey(type, id), link);
  plan.familyOf.set(memberKey(type, id), familyId);
}

/**
 * The rule of SPEC.md's families when a parent and a player are linked: the parent joins the
 * player's family; else the player joins the parent's; else a new family is made for both
 * (`create`); when both are in different families, the smaller one joins the other (the
 * player's family stays on a tie). Changes `plan` in memory; both members must be in it.
 */
export function planLink(
  plan: LinkPlan,
  playerId: string,
  userId: string,
  create: () => Family,
  now = new Date(),
): void {
  const playerKey = memberKey("player", playerId);
  const parentKey = memberKey("parent", userId);
  const ofPlayer = plan.familyOf.get(playerKey) ?? null;
  const ofParent = plan.familyOf.get(parentKey) ?? null;
  const at = now.toISOString();
  if (ofPlayer && ofPlayer === ofParent) return;
  if (ofPlayer && !ofParent) return addMember(plan, ofPlayer, "parent", userId, at);
  if (!ofPlayer && ofParent) return addMember(plan, ofParent, "player", playerId, at);
  if (!ofPlayer || !ofParent) {
    const family = create();
    plan.families.set(family.id, { family, versionstamp: null, read: new Map(), members: new Map() });
    addMember(plan, family.id, "player", playerId, at);
    addMember(plan, family.id, "parent", userId, at);
    return;
  }
  const a = plan.families.get(ofPlayer)!;
  const b = plan.families.get(ofParent)!;
  const [into, from] = b.members.size > a.members.size ? [b, a] : [a, b];
  for (const link of [...from.members.values()]) {
    from.members.delete(memberKey(link.memberType, link.memberId));
    addMember(plan, into.family.id, link.memberType, link.memberId, link.createdAt);
  }
}

/** KV's limits per atomic commit (checks and mutations); a plan stays well below them. */
const MAX_PLAN_CHECKS = 60;
const MAX_PLAN_MUTATIONS = 600;

/**
 * Adds a plan's writes to `op`, with a check of everything it read: the family records (whose
 * versionstamp changes with any change of their members) and the index entries of the members
 * it looked up. Returns how many checks and mutations it added.
 */
export function stagePlan(op: Deno.AtomicOperation, plan: LinkPlan, now = new Date()) {
  const { teamId } = plan;
  let checks = 0;
  let mutations = 0;
  for (const planned of plan.families.values()) {
    const familyKey = keys.family(teamId, planned.family.id);
    op.check({ key: familyKey, versionstamp: planned.versionstamp });
    checks++;
    const same = planned.read.size === planned.members.size &&
      [...planned.members.keys()].every((k) => planned.read.has(k));
    if (same && planned.versionstamp !== null) continue;
    for (const [k, link] of planned.read) {
      if (planned.members.has(k)) continue;
      op.delete(keys.familyMember(teamId, planned.family.id, link.memberType, link.memberId));
      mutations++;
    }
    for (const [k, link] of planned.members) {
      if (planned.read.has(k)) continue;
      op.set(keys.familyMember(teamId, planned.family.id, link.memberType, link.memberId), link);
      mutations++;
    }
    if (planned.members.size === 0) op.delete(familyKey);
    else {
      op.set(familyKey, { ...planned.family, memberCount: planned.members.size, updatedAt: now.toISOString() });
    }
    mutations++;
  }
  for (const [k, version] of plan.indexVersions) {
    op.check({ key: indexKey(teamId, k), versionstamp: version });
    checks++;
  }
  for (const [k, familyId] of plan.familyOf) {
    if ((plan.readFamilyOf.get(k) ?? null) === familyId) continue;
    if (familyId) op.set(indexKey(teamId, k), familyId);
    else op.delete(indexKey(teamId, k));
    mutations++;
  }
  if (checks > MAX_PLAN_CHECKS || mutations > MAX_PLAN_MUTATIONS) {
    throw new Error(`A family change is too large for one commit (${checks} checks, ${mutations} writes).`);
  }
  return { checks, mutations };
}

function indexKey(teamId: string, key: string) {
  const at = key.indexOf(":");
  return keys.familyOfMember(teamId, key.slice(0, at), key.slice(at + 1));
}

// ---- Linking a parent and a player (reading, then staging) ----

export interface FamilyLinker {
  /** Reads what linking `userId` (a parent) and `playerId` needs, and plans it. */
  link(playerId: string, userId: string, playerLastName?: string): Promise<void>;
  /** Adds every planned change to `op`, with checks of what was read. */
  stage(op: Deno.AtomicOperation): Deno.AtomicOperation;
}

/**
 * Links any number of parents and players of one team into families, for one commit: each
 * `link` sees the ones before it (several co-parent invites of one address are accepted in
 * one commit), and `stage` adds the result to the caller's atomic operation.
 */
export function familyLinker(kv: Deno.Kv, teamId: string, now = new Date()): FamilyLinker {
  const plan = emptyPlan(teamId);

  async function loadFamily(familyId: string): Promise<boolean> {
    if (plan.families.has(familyId)) return true;
    const [entry, links] = await Promise.all([
      kv.get<Family>(keys.family(teamId, familyId)),
      listAll<FamilyMemberLink>(kv, { prefix: keys.familyMembers(teamId, familyId) }),
    ]);
    if (!entry.value) return false;
    const read = new Map(links.map((l) => [memberKey(l.memberType, l.memberId), l]));
    plan.families.set(familyId, {
      family: entry.value,
      versionstamp: entry.versionstamp,
      read,
      members: new Map(read),
    });
    for (const k of read.keys()) {
      if (plan.readFamilyOf.has(k)) continue;
      plan.readFamilyOf.set(k, familyId);
      plan.familyOf.set(k, familyId);
    }
    return true;
  }

  async function loadMember(type: MemberType, id: string): Promise<void> {
    const k = memberKey(type, id);
    if (plan.indexVersions.has(k)) return;
    const entry = await kv.get<string>(keys.familyOfMember(teamId, type, id));
    plan.indexVersions.set(k, entry.versionstamp);
    if (plan.familyOf.has(k)) return; // Read with its family already (the family's check covers it).
    // An index naming a family that is gone counts as no family (the index is rewritten).
    const familyId = entry.value && await loadFamily(entry.value) ? entry.value : null;
    if (!plan.readFamilyOf.has(k)) plan.readFamilyOf.set(k, entry.value);
    if (!plan.familyOf.has(k)) plan.familyOf.set(k, familyId);
  }

  return {
    async link(playerId, userId, playerLastName) {
      await loadMember("player", playerId);
      await loadMember("parent", userId);
      const needsNew = !plan.familyOf.get(memberKey("player", playerId)) &&
        !plan.familyOf.get(memberKey("parent", userId));
      const lastName = needsNew ? playerLastName ?? (await getPlayer(kv, teamId, playerId))?.lastName : undefined;
      planLink(plan, playerId, userId, () => ({
        id: newFamilyId(teamId, now),
        teamId,
        familyName: familyNameFor(lastName),
        memberCount: 0,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      }), now);
    },
    stage(op) {
      stagePlan(op, plan, now);
      return op;
    },
  };
}

/**
 * Adds to `op` what linking a parent (`userId`) and a player makes of their families (see
 * `planLink`), checked against what it read. Call it next to `stageGuardian`. A player created
 * in the same commit is not stored yet: pass its last name (the new family's name).
 */
export async function stageFamilyLink(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
  playerId: string,
  userId: string,
  now = new Date(),
  playerLastName?: string,
): Promise<void> {
  // Returns nothing: an AtomicOperation cannot be what a promise resolves to (it refuses `then`).
  const linker = familyLinker(kv, teamId, now);
  await linker.link(playerId, userId, playerLastName);
  linker.stage(op);
}

/**
 * Adds to `op` the removal of a player or parent from their family (when the player is removed
 * from the team); a family left without members goes too. Checked against what it read.
 */
export async function stageFamilyMemberRemoval(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
  type: MemberType,
  memberId: string,
  now = new Date(),
): Promise<void> {
  const index = await kv.get<string>(keys.familyOfMember(teamId, type, memberId));
  op.check(index);
  if (!index.value) return;
  const familyId = index.value;
  const [family, links] = await Promise.all([
    kv.get<Family>(keys.family(teamId, familyId)),
    listAll<FamilyMemberLink>(kv, { prefix: keys.familyMembers(teamId, familyId) }),
  ]);
  op.check(family).delete(index.key).delete(keys.familyMember(teamId, familyId, type, memberId));
  if (!family.value) return;
  const left = links.filter((l) => !(l.memberType === type && l.memberId === memberId)).length;
  if (left === 0) op.delete(family.key);
  else op.set(family.key, { ...family.value, memberCount: left, updatedAt: now.toISOString() });
}
