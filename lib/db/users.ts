import { ulid } from "ulid";
import { keys } from "./keys.ts";
import { getManyEntries, getManyValues, listAll, listPage, type Page, type PageOptions } from "./kv.ts";
import { ConflictError } from "../errors.ts";
import { commitTeamChange } from "./team_revisions.ts";
import { normalizeEmail } from "../text.ts";
import type { Language } from "../i18n/languages.ts";

export const TEAM_ROLES = ["TEAM_ADMIN", "TEAM_STANDARD", "PLAYER"] as const;
export type TeamRole = typeof TEAM_ROLES[number];

/** A person: one account per e-mail address, with a role in each team they belong to. */
export interface User {
  id: string;
  /** Lowercased and trimmed; the account's identity. */
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  photoUrl: string | null;
  /**
   * What the person tells their team's families about themselves (Account Settings → My
   * Profile; shown in the family-member dialog). Absent on accounts made before they existed.
   */
  occupation?: string;
  interests?: string[];
  funFacts?: string[];
  /** Null until the person sets a password (magic links work without one). */
  passwordHash: string | null;
  createdAt: string;
  /**
   * The language they chose (issue 24): their pages on every device and their mail. Absent
   * until they choose; then the browser's language decides.
   */
  language?: Language;
}

export interface Membership {
  userId: string;
  teamId: string;
  role: TeamRole;
  /** For a PLAYER account: the roster record it belongs to. */
  playerId: string | null;
  createdAt: string;
}

export type NewUser = Pick<User, "email" | "firstName" | "lastName"> & Partial<Pick<User, "phone" | "passwordHash">>;

export function buildUser(input: NewUser, now = new Date()): User {
  return {
    id: ulid(now.getTime()),
    email: normalizeEmail(input.email),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? "",
    photoUrl: null,
    passwordHash: input.passwordHash ?? null,
    createdAt: now.toISOString(),
  };
}

/** Adds a new user and its unique e-mail index to `op` (the commit fails if the e-mail is taken). */
export function stageNewUser(op: Deno.AtomicOperation, user: User): Deno.AtomicOperation {
  return op
    .check({ key: keys.userByEmail(user.email), versionstamp: null })
    .set(keys.user(user.id), user)
    .set(keys.userByEmail(user.email), user.id);
}

/** Adds a membership under both of its keys to `op`. */
export function stageMembership(op: Deno.AtomicOperation, membership: Membership): Deno.AtomicOperation {
  return op
    .set(keys.membership(membership.userId, membership.teamId), membership)
    .set(keys.teamMember(membership.teamId, membership.userId), membership);
}

/**
 * Adds to `op` the removal of a membership under both of its keys, checked unchanged since
 * `entry` was read (a role change or a second removal meanwhile fails the commit).
 */
export function stageMembershipRemoval(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<Membership>,
): Deno.AtomicOperation {
  const { userId, teamId } = entry.value;
  return op.check(entry).delete(keys.membership(userId, teamId)).delete(keys.teamMember(teamId, userId));
}

export async function createUser(kv: Deno.Kv, input: NewUser, now = new Date()): Promise<User> {
  const user = buildUser(input, now);
  const result = await stageNewUser(kv.atomic(), user).commit();
  if (!result.ok) throw new ConflictError("An account with this e-mail already exists.");
  return user;
}

export async function getUser(kv: Deno.Kv, userId: string): Promise<User | null> {
  return (await kv.get<User>(keys.user(userId))).value;
}

export async function getUserByEmail(kv: Deno.Kv, email: string): Promise<User | null> {
  const id = (await kv.get<string>(keys.userByEmail(normalizeEmail(email)))).value;
  return id ? await getUser(kv, id) : null;
}

/** A person's memberships, one per team (bounded by how many teams one person joins). */
export async function listMemberships(kv: Deno.Kv, userId: string): Promise<Membership[]> {
  return await listAll<Membership>(kv, { prefix: keys.userMemberships(userId) });
}

/** A page of a team's members. */
export async function listTeamMembers(
  kv: Deno.Kv,
  teamId: string,
  options: PageOptions = {},
): Promise<Page<Membership>> {
  return await listPage<Membership>(kv, { prefix: keys.teamMembers(teamId) }, options);
}

/** A team's admins (read through every member; teams are a few dozen people). */
export async function listTeamAdmins(kv: Deno.Kv, teamId: string): Promise<Membership[]> {
  const members = await listAll<Membership>(kv, { prefix: keys.teamMembers(teamId) });
  return members.filter((m) => m.role === "TEAM_ADMIN");
}

export async function getMembership(kv: Deno.Kv, userId: string, teamId: string): Promise<Membership | null> {
  return (await getMembershipEntry(kv, userId, teamId)).value;
}

export async function getMembershipEntry(
  kv: Deno.Kv,
  userId: string,
  teamId: string,
): Promise<Deno.KvEntryMaybe<Membership>> {
  return await kv.get<Membership>(keys.membership(userId, teamId));
}

/** The team-keyed copy of a membership, for commits that must see no admin change meanwhile. */
export async function getTeamMemberEntries(
  kv: Deno.Kv,
  teamId: string,
  userIds: string[],
): Promise<Deno.KvEntryMaybe<Membership>[]> {
  return await getManyEntries<Membership>(kv, userIds.map((id) => keys.teamMember(teamId, id)));
}

/** Grants `role` in a team (replacing any earlier role there). */
export async function setMembership(
  kv: Deno.Kv,
  userId: string,
  teamId: string,
  role: TeamRole,
  options: { playerId?: string; now?: Date } = {},
): Promise<Membership> {
  const membership: Membership = {
    userId,
    teamId,
    role,
    playerId: options.playerId ?? null,
    createdAt: (options.now ?? new Date()).toISOString(),
  };
  // The team's members show on its family dashboard: a new one is a new revision.
  await commitTeamChange(kv, stageMembership(kv.atomic(), membership), teamId);
  return membership;
}

/**
 * Saves changes to a user, provided the record is unchanged since `entry` was read. `teamIds`
 * get a new revision in the same commit (their pages show the person's name).
 */
export async function updateUser(
  kv: Deno.Kv,
  entry: Deno.KvEntry<User>,
  changes: Partial<User>,
  teamIds: string[] = [],
): Promise<User> {
  const user = { ...entry.value, ...changes, id: entry.value.id, email: entry.value.email };
  const result = await commitTeamChange(kv, kv.atomic().check(entry).set(entry.key, user), teamIds);
  if (!result.ok) throw new ConflictError();
  return user;
}

/**
 * Adds changes to a user to `op`, checked unchanged since `entry` was read (so the change and,
 * say, the mail that tells of it are one commit); returns the changed user.
 */
export function stageUserUpdate(op: Deno.AtomicOperation, entry: Deno.KvEntry<User>, changes: Partial<User>): User {
  const user = { ...entry.value, ...changes, id: entry.value.id, email: entry.value.email };
  op.check(entry).set(entry.key, user);
  return user;
}

export async function getUserEntry(kv: Deno.Kv, userId: string): Promise<Deno.KvEntryMaybe<User>> {
  return await kv.get<User>(keys.user(userId));
}

/** Accounts by id, in the order asked (null where there is none). */
export async function getUsers(kv: Deno.Kv, userIds: string[]): Promise<(User | null)[]> {
  return await getManyValues<User>(kv, userIds.map((id) => keys.user(id)));
}

/** An account read for a commit that may create it (see `readAccountForCommit`). */
export interface AccountForCommit {
  user: User;
  isNew: boolean;
  /**
   * Adds to `op` the creation of the account when new, else a check that it is still this one
   * (and `changes` to an existing account, checked unchanged since read).
   */
  stage(op: Deno.AtomicOperation, changes?: Partial<Pick<User, "firstName" | "lastName">>): Deno.AtomicOperation;
}

/**
 * The account of an address, or a new one built from `fields` (stored only when the caller's
 * commit adds `stage(op)`): a simultaneous signup of the same address makes that commit fail.
 */
export async function readAccountForCommit(
  kv: Deno.Kv,
  email: string,
  fields: Omit<NewUser, "email">,
  now = new Date(),
): Promise<AccountForCommit> {
  const idEntry = await kv.get<string>(keys.userByEmail(normalizeEmail(email)));
  const entry = idEntry.value ? await getUserEntry(kv, idEntry.value) : null;
  const existing = entry?.value;
  if (entry && existing) {
    return {
      user: existing,
      isNew: false,
      stage: (op, changes) => {
        op.check(idEntry);
        const changed = changes && Object.entries(changes).some(([k, v]) => existing[k as keyof User] !== v);
        return changed ? op.check(entry).set(entry.key, { ...existing, ...changes }) : op;
      },
    };
  }
  const user = buildUser({ ...fields, email }, now);
  return { user, isNew: true, stage: (op) => stageNewUser(op, user) };
}

/**
 * Adds to `op` the move of an account to a new address: the user record and its unique e-mail
 * index, checked unchanged since read; "taken" (nothing staged) when the address has an account.
 */
export async function stageUserEmailChange(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  user: Deno.KvEntry<User>,
  newEmail: string,
): Promise<"staged" | "taken"> {
  const [oldIndex, newIndex] = await kv.getMany<[string, string]>([
    keys.userByEmail(user.value.email),
    keys.userByEmail(newEmail),
  ]);
  if (newIndex.value !== null) return "taken";
  op.check(user).check(oldIndex).check(newIndex)
    .set(keys.userByEmail(newEmail), user.value.id)
    .set(user.key, { ...user.value, email: newEmail });
  if (oldIndex.value === user.value.id) op.delete(oldIndex.key);
  return "staged";
}
