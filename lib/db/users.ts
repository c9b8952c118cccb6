import { ulid } from "ulid";
import { keys } from "./keys.ts";
import { listValues } from "./kv.ts";
import { ConflictError } from "../errors.ts";
import { normalizeEmail } from "../text.ts";

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
  /** Null until the person sets a password (magic links work without one). */
  passwordHash: string | null;
  createdAt: string;
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
export function addUser(op: Deno.AtomicOperation, user: User): Deno.AtomicOperation {
  return op
    .check({ key: keys.userByEmail(user.email), versionstamp: null })
    .set(keys.user(user.id), user)
    .set(keys.userByEmail(user.email), user.id);
}

/** Adds a membership under both of its keys to `op`. */
export function addMembership(op: Deno.AtomicOperation, membership: Membership): Deno.AtomicOperation {
  return op
    .set(keys.membership(membership.userId, membership.teamId), membership)
    .set(keys.teamMember(membership.teamId, membership.userId), membership);
}

/** Links a parent to a player under both of its keys in `op`. */
export function addGuardian(
  op: Deno.AtomicOperation,
  teamId: string,
  playerId: string,
  userId: string,
  now = new Date(),
): Deno.AtomicOperation {
  const link = { teamId, playerId, userId, createdAt: now.toISOString() };
  return op
    .set(keys.playerGuardian(teamId, playerId, userId), link)
    .set(keys.guardianPlayer(teamId, userId, playerId), link);
}

export async function createUser(kv: Deno.Kv, input: NewUser, now = new Date()): Promise<User> {
  const user = buildUser(input, now);
  const result = await addUser(kv.atomic(), user).commit();
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

export async function listMemberships(kv: Deno.Kv, userId: string): Promise<Membership[]> {
  return await listValues<Membership>(kv, { prefix: keys.userMemberships(userId) });
}

export async function getMembership(kv: Deno.Kv, userId: string, teamId: string): Promise<Membership | null> {
  return (await kv.get<Membership>(keys.membership(userId, teamId))).value;
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
  await addMembership(kv.atomic(), membership).commit();
  return membership;
}

/** Saves changes to a user, provided the record is unchanged since `entry` was read. */
export async function updateUser(kv: Deno.Kv, entry: Deno.KvEntry<User>, changes: Partial<User>): Promise<User> {
  const user = { ...entry.value, ...changes, id: entry.value.id, email: entry.value.email };
  const result = await kv.atomic().check(entry).set(entry.key, user).commit();
  if (!result.ok) throw new ConflictError();
  return user;
}

export async function getUserEntry(kv: Deno.Kv, userId: string): Promise<Deno.KvEntryMaybe<User>> {
  return await kv.get<User>(keys.user(userId));
}
