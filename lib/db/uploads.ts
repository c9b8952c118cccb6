/**
 * Uploads on their way to becoming photos, written and deleted only here:
 * - tickets `["upload_tickets", teamId, ticketId]`: what one upload URL may do (spent by its
 *   one PUT, or swept when it expires);
 * - pending uploads `["pending_uploads", teamId, blobId]`: an upload from its first byte until
 *   its photo is used (a gallery photo or a headshot). Each names every blob and chunk set the
 *   upload may have written, so when it expires (never finished, never processed, never
 *   used) the sweep removes exactly those;
 * - slots `["upload_slots", teamId, person]`: the uploads a person has under way (at most 3);
 * - the per-database secret that upload URLs are signed with.
 */
import { keys } from "./keys.ts";
import { type BlobPurpose, blobRemovalKeys } from "./blobs.ts";
import { deleteKeys } from "./commit_batches.ts";

export interface UploadTicket {
  /** The token's `jti`. */
  id: string;
  teamId: string;
  /** The blob the upload will be. */
  blobId: string;
  purpose: BlobPurpose;
  playerId: string | null;
  /** The most bytes the PUT may send (the size the request declared). */
  maxBytes: number;
  uploaderId: string | null;
  sessionId: string;
  /** Who holds the slot it takes (see `UploadSlots`). */
  person: string;
  expiresAt: number;
}

export type PendingState =
  /** Bytes arriving (or a crash while they did). */
  | "receiving"
  /** Stored as uploaded; waiting to be processed. */
  | "uploaded"
  /** On an image worker. */
  | "processing"
  /** Re-encoded; waiting to be used by a gallery photo or a headshot. */
  | "processed";

export interface PendingUpload {
  teamId: string;
  /** The upload's blob id: its original's, then its full size's (the same path). */
  blobId: string;
  purpose: BlobPurpose;
  playerId: string | null;
  uploaderId: string | null;
  sessionId: string;
  person: string;
  state: PendingState;
  /** Every blob (manifest) this upload has or may have written: [full, medium, thumbnail] once processed. */
  blobIds: string[];
  /** Every chunk set it has or may have written. */
  dataIds: string[];
  /** When the sweep removes it and everything it names. */
  expiresAt: number;
  createdAt: string;
}

/** One upload a person has under way, and until when it counts. */
export interface UploadSlot {
  id: string;
  until: number;
}

export interface UploadSlots {
  slots: UploadSlot[];
}

// ---- Tickets ----

export async function getTicketEntry(kv: Deno.Kv, teamId: string, ticketId: string) {
  return await kv.get<UploadTicket>(keys.uploadTicket(teamId, ticketId));
}

/** Adds a new ticket to `op` (KV drops it on its own a while after it expires, the sweep at once). */
export function stageTicket(op: Deno.AtomicOperation, ticket: UploadTicket, now: number): Deno.AtomicOperation {
  const key = keys.uploadTicket(ticket.teamId, ticket.id);
  return op.check({ key, versionstamp: null }).set(key, ticket, {
    expireIn: Math.max(1, ticket.expiresAt - now) + 60 * 60 * 1000,
  });
}

/** Adds to `op` the spending of a ticket, checked unspent since `entry` was read. */
export function stageTicketSpend(op: Deno.AtomicOperation, entry: Deno.KvEntry<UploadTicket>): Deno.AtomicOperation {
  return op.check(entry).delete(entry.key);
}

// ---- Pending uploads ----

export async function getPendingEntry(kv: Deno.Kv, teamId: string, blobId: string) {
  return await kv.get<PendingUpload>(keys.pendingUpload(teamId, blobId));
}

/** Adds a new pending upload to `op`; the commit fails if the blob id is taken. */
export function stageNewPending(op: Deno.AtomicOperation, pending: PendingUpload): Deno.AtomicOperation {
  const key = keys.pendingUpload(pending.teamId, pending.blobId);
  return op.check({ key, versionstamp: null }).set(key, pending);
}

/** Adds to `op` a changed pending upload, checked unchanged since `entry` was read. */
export function stagePendingUpdate(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<PendingUpload>,
  pending: PendingUpload,
): Deno.AtomicOperation {
  return op.check(entry).set(entry.key, pending);
}

/** Adds to `op` the end of a pending upload (its photo is used, or it is refused), checked unchanged. */
export function stagePendingRemoval(op: Deno.AtomicOperation, entry: Deno.KvEntry<PendingUpload>) {
  return op.check(entry).delete(entry.key);
}

// ---- Slots ----

export async function getSlotsEntry(kv: Deno.Kv, teamId: string, person: string) {
  return await kv.get<UploadSlots>(keys.uploadSlots(teamId, person));
}

/** The slots that still count at `now`. */
export const liveSlots = (entry: Deno.KvEntryMaybe<UploadSlots>, now: number): UploadSlot[] =>
  (entry.value?.slots ?? []).filter((slot) => slot.until > now);

/** Adds to `op` a person's slots (checked unchanged since `entry` was read); none left deletes the record. */
export function stageSlots(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<UploadSlots>,
  slots: UploadSlot[],
  now: number,
): Deno.AtomicOperation {
  op.check(entry);
  if (slots.length === 0) return op.delete(entry.key);
  const until = Math.max(...slots.map((slot) => slot.until));
  return op.set(entry.key, { slots } satisfies UploadSlots, { expireIn: Math.max(1, until - now) + 60_000 });
}

/** Makes the slot `id` of a person count until `until` (retried on a concurrent change). */
export async function holdSlot(kv: Deno.Kv, teamId: string, person: string, id: string, until: number, now: number) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getSlotsEntry(kv, teamId, person);
    const slots = [...liveSlots(entry, now).filter((slot) => slot.id !== id), { id, until }];
    if ((await stageSlots(kv.atomic(), entry, slots, now).commit()).ok) return;
  }
}

/** Frees the slot `id` of a person (retried on a concurrent change; a slot already gone is fine). */
export async function releaseSlot(kv: Deno.Kv, teamId: string, person: string, id: string, now: number) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getSlotsEntry(kv, teamId, person);
    if (!entry.value?.slots.some((slot) => slot.id === id)) return;
    const slots = liveSlots(entry, now).filter((slot) => slot.id !== id);
    if ((await stageSlots(kv.atomic(), entry, slots, now).commit()).ok) return;
  }
}

// ---- The signing secret ----

const secrets = new WeakMap<Deno.Kv, Promise<Uint8Array>>();

/** The database's secret for signing upload URLs: 32 random bytes, made once and shared by every instance. */
export function getUploadSigningSecret(kv: Deno.Kv): Promise<Uint8Array> {
  let secret = secrets.get(kv);
  if (!secret) {
    secret = readOrCreateSecret(kv);
    secrets.set(kv, secret);
    secret.catch(() => secrets.delete(kv));
  }
  return secret;
}

async function readOrCreateSecret(kv: Deno.Kv): Promise<Uint8Array> {
  const key = keys.uploadSigningSecret();
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<Uint8Array>(key);
    if (entry.value) return entry.value;
    const fresh = crypto.getRandomValues(new Uint8Array(32));
    if ((await kv.atomic().check(entry).set(key, fresh).commit()).ok) return fresh;
  }
  throw new Error("The upload signing secret could not be stored.");
}

// ---- Removal ----

/**
 * Deletes a pending upload with every blob and chunk it names, in one commit checked against
 * `entry` (a call that changed it meanwhile wins: false). An upload too large for one commit
 * has its chunks deleted first.
 */
export async function removePendingUpload(kv: Deno.Kv, entry: Deno.KvEntry<PendingUpload>): Promise<boolean> {
  const { teamId, blobIds, dataIds } = entry.value;
  const found = await blobRemovalKeys(kv, teamId, blobIds, dataIds);
  if (found.length > 900) {
    // Only a raw upload near its size limit gets here; its chunks are garbage once it expired.
    const chunks = found.filter((key) => key[0] === "blob_chunks");
    await deleteKeys(kv, chunks);
    const rest = found.filter((key) => key[0] !== "blob_chunks");
    const op = stagePendingRemoval(kv.atomic(), entry);
    for (const key of rest) op.delete(key);
    return (await op.commit()).ok;
  }
  const op = stagePendingRemoval(kv.atomic(), entry);
  for (const key of found) op.delete(key);
  return (await op.commit()).ok;
}

/**
 * Adds to `op` the removal of a player's uploads under way (headshots of them not yet used)
 * with their blobs and chunks, and of their unspent tickets: removing a child removes every
 * photo of them. Returns how many keys it deletes.
 */
export async function stagePlayerUploadRemovals(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
  playerId: string,
): Promise<number> {
  let count = 0;
  /** The slots these uploads held, by person. */
  const held = new Map<string, Set<string>>();
  const hold = (person: string, id: string) => held.set(person, (held.get(person) ?? new Set()).add(id));
  for await (const entry of kv.list<PendingUpload>({ prefix: keys.teamPendingUploads(teamId) })) {
    if (entry.value.playerId !== playerId) continue;
    const found = await blobRemovalKeys(kv, teamId, entry.value.blobIds, entry.value.dataIds);
    op.check(entry).delete(entry.key);
    for (const key of found) op.delete(key);
    count += found.length + 1;
    hold(entry.value.person, entry.value.blobId);
  }
  for await (const entry of kv.list<UploadTicket>({ prefix: keys.teamUploadTickets(teamId) })) {
    if (entry.value.playerId !== playerId) continue;
    op.delete(entry.key);
    count++;
    hold(entry.value.person, entry.value.blobId);
  }
  for (const [person, ids] of held) {
    const entry = await getSlotsEntry(kv, teamId, person);
    if (!entry.value) continue;
    const slots = entry.value.slots.filter((slot) => !ids.has(slot.id));
    op.check(entry);
    if (slots.length === 0) op.delete(entry.key);
    else op.set(entry.key, { slots } satisfies UploadSlots);
    count++;
  }
  return count;
}

export interface UploadSweep {
  uploads: number;
  tickets: number;
  slots: number;
}

/**
 * Removes what expired by `now`: pending uploads (never finished, never processed, or
 * processed and never used) with every blob and chunk they name, unspent tickets, and slot
 * records that no longer count.
 */
export async function sweepExpiredUploads(kv: Deno.Kv, now: number): Promise<UploadSweep> {
  const swept: UploadSweep = { uploads: 0, tickets: 0, slots: 0 };
  for await (const entry of kv.list<PendingUpload>({ prefix: keys.pendingUploads() }, { batchSize: 100 })) {
    if (entry.value.expiresAt > now) continue;
    if (await removePendingUpload(kv, entry)) swept.uploads++;
  }
  const expiredTickets: Deno.KvKey[] = [];
  for await (const entry of kv.list<UploadTicket>({ prefix: keys.uploadTickets() }, { batchSize: 500 })) {
    if (entry.value.expiresAt <= now) expiredTickets.push(entry.key);
  }
  await deleteKeys(kv, expiredTickets);
  swept.tickets = expiredTickets.length;
  for await (const entry of kv.list<UploadSlots>({ prefix: keys.allUploadSlots() }, { batchSize: 500 })) {
    if (liveSlots(entry, now).length > 0) continue;
    if ((await kv.atomic().check(entry).delete(entry.key).commit()).ok) swept.slots++;
  }
  return swept;
}
