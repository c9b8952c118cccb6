/**
 * The blob store: image bytes in Deno KV, written and deleted only here. A blob is its
 * manifest `["blobs", teamId, blobId]` and its bytes in chunks of at most `BLOB_CHUNK_BYTES`
 * (under KV's 64 KiB value limit) under `["blob_chunks", teamId, dataId, n]`. The manifest is
 * written last, in a commit of its own that checks no manifest exists: until it is there the
 * blob does not exist for anyone (a crash between chunks leaves chunks no manifest names,
 * which the sweep of the upload that wrote them removes, lib/db/uploads.ts). A blob's bytes
 * never change once its manifest is written; processing an upload writes the served version
 * under a new `dataId` and swaps the manifest, so a path keeps naming one set of bytes.
 */
import { keys } from "./keys.ts";
import { listPage, type Page, type PageOptions } from "./kv.ts";

/** The largest chunk (60 KiB: under the 64 KiB a KV value may hold, with room for its encoding). */
export const BLOB_CHUNK_BYTES = 60 * 1024;
/** Chunks written per commit (a commit may hold 800 KiB of keys and values). */
export const CHUNKS_PER_COMMIT = 8;

export type BlobPurpose = "gallery" | "headshot";
/** "original": the bytes as uploaded (never served); the others are re-encoded sizes. */
export type BlobRole = "original" | "full" | "medium" | "thumbnail";

export interface BlobManifest {
  id: string;
  teamId: string;
  /** Where the chunks are: `["blob_chunks", teamId, dataId, n]`. */
  dataId: string;
  /** "raw" until processed (never served); "ready" once re-encoded. */
  state: "raw" | "ready";
  role: BlobRole;
  purpose: BlobPurpose;
  /** The upload this blob came from (the original's blob id). */
  uploadId: string;
  /** For a headshot: the player it is of. */
  playerId: string | null;
  /** The uploader's account (null for a team's shared login) and session. */
  uploaderId: string | null;
  contentType: string;
  size: number;
  chunks: number;
  /** A hash of the bytes (base64url SHA-256); "" for a raw upload, which is never served. */
  etag: string;
  width: number | null;
  height: number | null;
  createdAt: string;
}

/** Splits bytes into chunks of at most `BLOB_CHUNK_BYTES`. */
export function chunkBytes(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength; at += BLOB_CHUNK_BYTES) {
    chunks.push(bytes.slice(at, at + BLOB_CHUNK_BYTES));
  }
  return chunks;
}

/** The base64url SHA-256 of bytes: a blob's ETag. */
export async function contentHash(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Writes chunks `first`, `first + 1`, … of `dataId`, a few per commit. */
export async function writeChunks(
  kv: Deno.Kv,
  teamId: string,
  dataId: string,
  first: number,
  chunks: Uint8Array[],
): Promise<void> {
  for (let i = 0; i < chunks.length; i += CHUNKS_PER_COMMIT) {
    const op = kv.atomic();
    for (const [j, chunk] of chunks.slice(i, i + CHUNKS_PER_COMMIT).entries()) {
      if (chunk.byteLength > BLOB_CHUNK_BYTES) throw new RangeError("A blob chunk is over its size limit.");
      op.set(keys.blobChunk(teamId, dataId, first + i + j), chunk);
    }
    if (!(await op.commit()).ok) throw new Error("A blob chunk commit failed.");
  }
}

/** Writes `bytes` as the chunks of `dataId`; returns how many chunks and the ETag. */
export async function writeBlobData(
  kv: Deno.Kv,
  teamId: string,
  dataId: string,
  bytes: Uint8Array,
): Promise<{ chunks: number; size: number; etag: string }> {
  const chunks = chunkBytes(bytes);
  await writeChunks(kv, teamId, dataId, 0, chunks);
  return { chunks: chunks.length, size: bytes.byteLength, etag: await contentHash(bytes) };
}

/**
 * Streams bytes into chunks of `dataId` as they arrive, holding at most a few chunks in memory.
 * `finish()` writes what is left and tells how many chunks and bytes were written.
 */
export class ChunkWriter {
  #buffer = new Uint8Array(BLOB_CHUNK_BYTES * CHUNKS_PER_COMMIT);
  #filled = 0;
  #written = 0;
  #size = 0;

  constructor(readonly kv: Deno.Kv, readonly teamId: string, readonly dataId: string) {}

  /** Bytes received so far. */
  get size(): number {
    return this.#size;
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.#size += bytes.byteLength;
    let at = 0;
    while (at < bytes.byteLength) {
      const take = Math.min(bytes.byteLength - at, this.#buffer.byteLength - this.#filled);
      this.#buffer.set(bytes.subarray(at, at + take), this.#filled);
      this.#filled += take;
      at += take;
      if (this.#filled === this.#buffer.byteLength) await this.#flush();
    }
  }

  async finish(): Promise<{ chunks: number; size: number }> {
    await this.#flush();
    return { chunks: this.#written, size: this.#size };
  }

  async #flush(): Promise<void> {
    if (this.#filled === 0) return;
    const chunks = chunkBytes(this.#buffer.subarray(0, this.#filled));
    await writeChunks(this.kv, this.teamId, this.dataId, this.#written, chunks);
    this.#written += chunks.length;
    this.#filled = 0;
  }
}

export async function getBlobEntry(kv: Deno.Kv, teamId: string, blobId: string) {
  return await kv.get<BlobManifest>(keys.blob(teamId, blobId));
}

/** A blob's manifest, or null when it does not exist (or its manifest was never written). */
export async function getBlob(kv: Deno.Kv, teamId: string, blobId: string): Promise<BlobManifest | null> {
  return (await getBlobEntry(kv, teamId, blobId)).value;
}

/** A blob's bytes, read from its chunks in order; null when they are not all there. */
export async function readBlobBytes(kv: Deno.Kv, manifest: BlobManifest): Promise<Uint8Array<ArrayBuffer> | null> {
  const bytes = new Uint8Array(manifest.size);
  let at = 0;
  let index = 0;
  for await (
    const entry of kv.list<Uint8Array>({ prefix: keys.blobChunks(manifest.teamId, manifest.dataId) }, {
      batchSize: 16,
    })
  ) {
    if (entry.key.at(-1) !== index || at + entry.value.byteLength > bytes.byteLength) return null;
    bytes.set(entry.value, at);
    at += entry.value.byteLength;
    index++;
  }
  return at === manifest.size && index === manifest.chunks ? bytes : null;
}

/** A page of a team's blobs (only those whose manifest was written). */
export async function listBlobs(kv: Deno.Kv, teamId: string, options: PageOptions = {}): Promise<Page<BlobManifest>> {
  return await listPage<BlobManifest>(kv, { prefix: keys.teamBlobs(teamId) }, options);
}

/** Adds a new manifest to `op`: the commit fails when the blob already has one. */
export function stageNewBlob(op: Deno.AtomicOperation, manifest: BlobManifest): Deno.AtomicOperation {
  const key = keys.blob(manifest.teamId, manifest.id);
  return op.check({ key, versionstamp: null }).set(key, manifest);
}

/** Adds to `op` a manifest that replaces one read as `entry` (an upload once processed). */
export function stageBlobReplacement(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<BlobManifest>,
  manifest: BlobManifest,
): Deno.AtomicOperation {
  return op.check(entry).set(entry.key, manifest);
}

/**
 * The keys of a blob's chunks, from its manifest. No read: listing the chunks would copy every
 * chunk's bytes onto the request thread (megabytes at once) just to learn their keys.
 */
export function manifestChunkKeys(manifest: BlobManifest): Deno.KvKey[] {
  return Array.from({ length: manifest.chunks }, (_, i) => keys.blobChunk(manifest.teamId, manifest.dataId, i));
}

/** The keys of every chunk stored under `dataId` (written completely or not; the sweep's way). */
export async function chunkKeys(kv: Deno.Kv, teamId: string, dataId: string): Promise<Deno.KvKey[]> {
  const found: Deno.KvKey[] = [];
  for await (const entry of kv.list({ prefix: keys.blobChunks(teamId, dataId) }, { batchSize: 500 })) {
    found.push(entry.key);
  }
  return found;
}

/**
 * The keys that remove blobs and their bytes: each manifest, the chunks it names, and the
 * chunks of any other `dataIds` (bytes a manifest does not name yet, or no longer).
 */
export async function blobRemovalKeys(
  kv: Deno.Kv,
  teamId: string,
  blobIds: string[],
  dataIds: string[] = [],
): Promise<Deno.KvKey[]> {
  const found: Deno.KvKey[] = [];
  const listed = new Set(dataIds);
  for (const blobId of new Set(blobIds)) {
    const manifest = await getBlob(kv, teamId, blobId);
    found.push(keys.blob(teamId, blobId));
    // A complete blob's chunks are known from its manifest; bytes no manifest names are listed.
    if (manifest && !listed.has(manifest.dataId)) found.push(...manifestChunkKeys(manifest));
  }
  for (const dataId of listed) found.push(...await chunkKeys(kv, teamId, dataId));
  return found;
}

/** Adds to `op` the removal of blobs with all their chunks; returns how many keys it deletes. */
export async function stageBlobRemovals(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
  blobIds: string[],
  dataIds: string[] = [],
): Promise<number> {
  const found = await blobRemovalKeys(kv, teamId, blobIds, dataIds);
  for (const key of found) op.delete(key);
  return found.length;
}
