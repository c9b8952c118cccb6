/**
 * The blob store (lib/db/blobs.ts) and the upload records around it (lib/db/uploads.ts): bytes
 * in chunks under 64 KiB, the manifest written last so that a crash between chunks leaves
 * nothing readable or listed, and the sweep that removes what such a crash left; the upload
 * URL's token (bound to its team and session, expiring); the photo rules.
 */
import assert from "node:assert/strict";
import {
  BLOB_CHUNK_BYTES,
  type BlobManifest,
  chunkBytes,
  ChunkWriter,
  getBlob,
  listBlobs,
  readBlobBytes,
  stageBlobRemovals,
  stageNewBlob,
  writeBlobData,
  writeChunks,
} from "../../lib/db/blobs.ts";
import {
  getPendingEntry,
  type PendingUpload,
  stageNewPending,
  stageTicket,
  sweepExpiredUploads,
  type UploadTicket,
} from "../../lib/db/uploads.ts";
import { newTicketId, signUploadToken, verifyUploadToken } from "../../lib/photos/tokens.ts";
import { checkCaption, magicType, objectPath, parseObjectPath } from "../../lib/photos/rules.ts";
import { PHOTO_MESSAGES, UPLOAD_TEXTS } from "../../lib/photos/texts.ts";

const TEAM = "01HZZTEAM0000000000000000A";
const HOUR = 60 * 60 * 1000;

/** Bytes whose every position is told apart (so a misplaced chunk shows). */
function pattern(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + (i >> 8)) & 255;
  return bytes;
}

function manifestOf(id: string, size: number, chunks: number, etag = ""): BlobManifest {
  return {
    id,
    teamId: TEAM,
    dataId: id,
    state: "ready",
    role: "full",
    purpose: "gallery",
    uploadId: id,
    playerId: null,
    uploaderId: "user-1",
    contentType: "image/jpeg",
    size,
    chunks,
    etag,
    width: 10,
    height: 10,
    createdAt: new Date(0).toISOString(),
  };
}

/** Every key in the database, as text. */
async function allKeys(kv: Deno.Kv): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of kv.list({ prefix: [] })) found.push(JSON.stringify(entry.key));
  return found;
}

Deno.test("[blobs] chunks are under 64 KiB, and bytes read back whole and in order", async () => {
  using kv = await Deno.openKv(":memory:");
  assert.ok(BLOB_CHUNK_BYTES < 64 * 1024);
  const bytes = pattern(3 * BLOB_CHUNK_BYTES + 1234);
  assert.deepEqual(chunkBytes(bytes).map((c) => c.byteLength), [
    BLOB_CHUNK_BYTES,
    BLOB_CHUNK_BYTES,
    BLOB_CHUNK_BYTES,
    1234,
  ]);
  const written = await writeBlobData(kv, TEAM, "blob-a", bytes);
  assert.equal(written.chunks, 4);
  assert.match(written.etag, /^[A-Za-z0-9_-]{43}$/);
  for await (const entry of kv.list<Uint8Array>({ prefix: ["blob_chunks"] })) {
    assert.ok(entry.value.byteLength <= BLOB_CHUNK_BYTES);
  }
  // Until its manifest is written, the blob does not exist.
  assert.equal(await getBlob(kv, TEAM, "blob-a"), null);
  assert.deepEqual((await listBlobs(kv, TEAM)).values, []);
  const manifest = manifestOf("blob-a", bytes.byteLength, written.chunks, written.etag);
  assert.ok((await stageNewBlob(kv.atomic(), manifest).commit()).ok);
  assert.ok(!(await stageNewBlob(kv.atomic(), manifest).commit()).ok, "a manifest is written once");
  assert.deepEqual(await readBlobBytes(kv, manifest), bytes);
  assert.deepEqual((await listBlobs(kv, TEAM)).values.map((m) => m.id), ["blob-a"]);
  // A chunk missing is no blob, not a short one.
  await kv.delete(["blob_chunks", TEAM, "blob-a", 2]);
  assert.equal(await readBlobBytes(kv, manifest), null);
});

Deno.test("[blobs] a streamed upload is chunked as it arrives, whatever the pieces' sizes", async () => {
  using kv = await Deno.openKv(":memory:");
  const bytes = pattern(9 * BLOB_CHUNK_BYTES + 77);
  const writer = new ChunkWriter(kv, TEAM, "streamed");
  for (let at = 0; at < bytes.byteLength; at += 17_000) await writer.write(bytes.subarray(at, at + 17_000));
  const done = await writer.finish();
  assert.deepEqual(done, { chunks: 10, size: bytes.byteLength });
  assert.deepEqual(await readBlobBytes(kv, manifestOf("streamed", bytes.byteLength, 10)), bytes);
});

Deno.test("[blobs] a crash between chunks leaves nothing readable or listed, and the sweep removes it", async () => {
  using kv = await Deno.openKv(":memory:");
  const now = Date.parse("2026-03-01T10:00:00Z");
  // What a PUT has done when the process dies mid-stream: the ticket spent into a pending
  // upload, some chunks written, no manifest.
  const pending: PendingUpload = {
    teamId: TEAM,
    blobId: "crashed",
    purpose: "gallery",
    playerId: null,
    uploaderId: "user-1",
    sessionId: "session-1",
    person: "user-1",
    state: "receiving",
    blobIds: ["crashed"],
    dataIds: ["crashed"],
    expiresAt: now + HOUR,
    createdAt: new Date(now).toISOString(),
  };
  assert.ok((await stageNewPending(kv.atomic(), pending).commit()).ok);
  await writeChunks(kv, TEAM, "crashed", 0, chunkBytes(pattern(2 * BLOB_CHUNK_BYTES)));
  // And a processing that died after writing its sizes' chunks, before their manifests.
  const processing: PendingUpload = {
    ...pending,
    blobId: "half-processed",
    state: "processing",
    blobIds: ["half-processed", "medium-x", "thumb-x"],
    dataIds: ["half-processed", "full-x", "medium-x", "thumb-x"],
  };
  assert.ok((await stageNewPending(kv.atomic(), processing).commit()).ok);
  for (const dataId of processing.dataIds) await writeChunks(kv, TEAM, dataId, 0, [pattern(100)]);

  for (const id of ["crashed", "half-processed", "medium-x", "thumb-x", "full-x"]) {
    assert.equal(await getBlob(kv, TEAM, id), null, `${id} is not readable`);
  }
  assert.deepEqual((await listBlobs(kv, TEAM)).values, [], "nothing is listed");

  // Before they expire, the sweep leaves them be (the upload may still finish).
  assert.deepEqual(await sweepExpiredUploads(kv, now + HOUR - 1), { uploads: 0, tickets: 0, slots: 0 });
  assert.ok((await getPendingEntry(kv, TEAM, "crashed")).value);
  const swept = await sweepExpiredUploads(kv, now + HOUR);
  assert.equal(swept.uploads, 2);
  assert.deepEqual(await allKeys(kv), [], "no chunk, manifest or pending record is left");
});

Deno.test("[blobs] removing blobs removes their chunks, and only theirs", async () => {
  using kv = await Deno.openKv(":memory:");
  for (const id of ["keep", "drop"]) {
    const written = await writeBlobData(kv, TEAM, id, pattern(BLOB_CHUNK_BYTES + 5));
    await stageNewBlob(kv.atomic(), manifestOf(id, BLOB_CHUNK_BYTES + 5, written.chunks, written.etag)).commit();
  }
  const op = kv.atomic();
  assert.equal(await stageBlobRemovals(kv, op, TEAM, ["drop"]), 3); // the manifest and 2 chunks
  assert.ok((await op.commit()).ok);
  const left = await allKeys(kv);
  assert.ok(left.every((key) => !key.includes('"drop"')));
  assert.equal(left.filter((key) => key.includes('"keep"')).length, 3);
});

Deno.test("[blobs] expired tickets are swept; live ones stay", async () => {
  using kv = await Deno.openKv(":memory:");
  const now = Date.parse("2026-03-01T10:00:00Z");
  const ticket = (id: string, expiresAt: number): UploadTicket => ({
    id,
    teamId: TEAM,
    blobId: `blob-${id}`,
    purpose: "gallery",
    playerId: null,
    maxBytes: 100,
    uploaderId: "user-1",
    sessionId: "session-1",
    person: "user-1",
    expiresAt,
  });
  await stageTicket(kv.atomic(), ticket("old", now - 1), now).commit();
  await stageTicket(kv.atomic(), ticket("new", now + 60_000), now).commit();
  assert.equal((await sweepExpiredUploads(kv, now)).tickets, 1);
  assert.deepEqual(await allKeys(kv), [JSON.stringify(["upload_tickets", TEAM, "new"])]);
});

Deno.test("[photos] an upload URL's token works only for its team and session, until it expires", async () => {
  using kv = await Deno.openKv(":memory:");
  const now = new Date("2026-03-01T10:00:00Z");
  const id = newTicketId();
  assert.match(id, /^[A-Za-z0-9_-]{16}$/);
  const token = await signUploadToken(kv, TEAM, "session-1", id, now.getTime() + 5 * 60_000);
  assert.ok(token.length <= 128, "it fits a path segment");
  assert.deepEqual(await verifyUploadToken(kv, TEAM, "session-1", token, now), { ok: true, ticketId: id });
  const refused = { ok: false, expired: false };
  assert.deepEqual(await verifyUploadToken(kv, TEAM, "session-2", token, now), refused, "another session");
  assert.deepEqual(await verifyUploadToken(kv, "01HZZOTHER0000000000000000", "session-1", token, now), refused);
  const [head, body, signature] = token.split(".");
  const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
  assert.deepEqual(await verifyUploadToken(kv, TEAM, "session-1", `${head}.${body}.${flipped}`, now), refused);
  const none = `${btoa(JSON.stringify({ alg: "none" })).replace(/=+$/, "")}.${body}.`;
  assert.deepEqual(await verifyUploadToken(kv, TEAM, "session-1", none, now), refused, "alg none");
  assert.deepEqual(await verifyUploadToken(kv, TEAM, "session-1", "not a token", now), refused);
  const later = new Date(now.getTime() + 5 * 60_000 + 1000);
  assert.deepEqual(await verifyUploadToken(kv, TEAM, "session-1", token, later), { ok: false, expired: true });
  // Another database has another secret.
  using other = await Deno.openKv(":memory:");
  assert.deepEqual(await verifyUploadToken(other, TEAM, "session-1", token, now), refused);
});

Deno.test("[photos] rules: types from magic bytes, object paths, captions", () => {
  const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(12).fill(0)]);
  const text = (value: string) => new TextEncoder().encode(value);
  assert.equal(magicType(bytes(0xff, 0xd8, 0xff, 0xe0)), "jpeg");
  assert.equal(magicType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)), "png");
  assert.equal(magicType(text("RIFF\0\0\0\0WEBPVP8 ")), "webp");
  for (const other of ["GIF89a......", "II*\0........", "<svg xmlns='x'/>", "#!/bin/sh\necho", "<html><script>"]) {
    assert.equal(magicType(text(other)), null, other);
  }
  assert.equal(objectPath("t1", "b1"), "/objects/t1/b1");
  assert.deepEqual(parseObjectPath("/objects/01ABC/01DEF"), { teamId: "01ABC", blobId: "01DEF" });
  for (const bad of ["/objects/a/../b", "/objects/a", "objects/a/b", "/objects/a/b/c", "/objects/a/.b", 7, null]) {
    assert.equal(parseObjectPath(bad), null, String(bad));
  }
  assert.deepEqual(checkCaption(undefined), { ok: true, value: "" });
  assert.deepEqual(checkCaption("  Match day \u0000 "), { ok: true, value: "Match day" });
  assert.deepEqual(checkCaption("⚽".repeat(280)), { ok: true, value: "⚽".repeat(280) });
  const long = checkCaption("a".repeat(281));
  assert.ok(!long.ok && long.message === PHOTO_MESSAGES.captionTooLong);
  assert.equal(UPLOAD_TEXTS.tooManyPhotos, "Too many photos");
  assert.equal(Object.keys(UPLOAD_TEXTS).length, 11);
});
