/**
 * An upload from its URL to its three re-encoded sizes:
 * 1. `requestUpload`: a person of the team asks for an upload URL (at most 3 under way, 30 a
 *    day); a single-use ticket is stored and a signed, 5-minute URL returned.
 * 2. `receiveUpload`: the URL's one PUT streams the bytes into KV chunks, refusing at once a
 *    size over the declared one (Content-Length, then while streaming), bytes that are not
 *    JPEG, PNG or WebP, and images over 40 megapixels or 8000 px a side; the manifest is
 *    written last. The upload is pending: swept after an hour unless it moves on.
 * 3. `processUpload`: the uploader has it re-encoded on the image workers (lib/images): the
 *    full size replaces the original at the same path, medium and thumbnail get paths of their
 *    own, the original bytes are deleted. The result stays pending until a gallery photo or a
 *    headshot uses it (lib/photos/gallery.ts, headshots.ts).
 */
import { ulid } from "ulid";
import {
  type BlobManifest,
  type BlobPurpose,
  ChunkWriter,
  getBlobEntry,
  readBlobBytes,
  stageBlobReplacement,
  stageNewBlob,
  writeBlobData,
} from "../db/blobs.ts";
import {
  getPendingEntry,
  getSlotsEntry,
  getTicketEntry,
  holdSlot,
  liveSlots,
  type PendingUpload,
  releaseSlot,
  removePendingUpload,
  stageNewPending,
  stagePendingUpdate,
  stageSlots,
  stageTicket,
  stageTicketSpend,
  type UploadTicket,
} from "../db/uploads.ts";
import { manifestChunkKeys } from "../db/blobs.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { getPlayer } from "../db/players.ts";
import { isGuardian } from "../db/guardians.ts";
import { beginChange } from "../db/kv.ts";
import { commitChange, commitOrConflict, retryOnConflict } from "../db/change.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import {
  INVALID_TYPE_MESSAGE,
  type ProcessedImage,
  type ProcessedImages,
  processImage,
  sniffImage,
  TOO_LARGE_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
} from "../images/mod.ts";
import { canWrite, type TeamViewer } from "../team_viewer.ts";
import { UploadError } from "./errors.ts";
import { MAGIC_BYTES_NEEDED, magicType, MAX_SIDE, objectPath, parseObjectPath } from "./rules.ts";
import { ACCEPTED_IMAGE_TYPES, GALLERY_LIMITS, PHOTO_MESSAGES, UPLOAD_TEXTS } from "./texts.ts";
import { newTicketId, signUploadToken, verifyUploadToken } from "./tokens.ts";

/** Who uploads: a person (or team login) of the team, and the session the upload is bound to. */
export interface Uploader {
  viewer: TeamViewer;
  sessionId: string;
}

/** How long an upload URL works. */
export const UPLOAD_URL_MS = 5 * 60 * 1000;
/** How long an upload may stay unprocessed, or processed and unused, before it is swept. */
export const PENDING_MS = 60 * 60 * 1000;
/** Upload URLs a person may ask for in a day (R28). */
export const UPLOADS_PER_DAY = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How much of an upload's beginning is kept to read its pixel size from (JPEG headers can be long). */
const HEADER_BYTES = 256 * 1024;

const MIME: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** Whose slots and daily count an upload takes: the account, or the team's shared login. */
const personOf = (viewer: TeamViewer) => viewer.userId ?? "team-login";

function mustWrite(viewer: TeamViewer): void {
  if (!canWrite(viewer)) throw new ForbiddenError(PHOTO_MESSAGES.readOnly);
}

/**
 * Whether the viewer may change `playerId`'s photo: a team admin, or a parent of that player
 * (SPEC.md: only a parent of a player, or an admin).
 */
export async function mayChangePlayerPhoto(kv: Deno.Kv, viewer: TeamViewer, playerId: string): Promise<boolean> {
  if (!canWrite(viewer) || !(await getPlayer(kv, viewer.teamId, playerId))) return false;
  if (viewer.role === "TEAM_ADMIN") return true;
  return viewer.role !== "PLAYER" && viewer.userId !== null &&
    await isGuardian(kv, viewer.teamId, playerId, viewer.userId);
}

export interface UploadRequest {
  purpose?: unknown;
  playerId?: unknown;
  size?: unknown;
  contentType?: unknown;
}

/** What a new upload URL is: where to PUT the bytes, and the path the photo will have. */
export interface UploadUrl {
  uploadURL: string;
  objectPath: string;
}

/**
 * Issues an upload URL for one photo of the viewer's team: refuses a size over 10 MB ('File
 * too large'), a type that is not an image we take ('Invalid file type'), a headshot of a
 * player the viewer may not change (404), a fourth upload under way ('Too many photos') and
 * more than 30 a day (429).
 */
export async function requestUpload(kv: Deno.Kv, uploader: Uploader, input: UploadRequest, now: Date) {
  const { viewer, sessionId } = uploader;
  mustWrite(viewer);
  const purpose = input.purpose;
  if (purpose !== "gallery" && purpose !== "headshot") throw new ValidationError(PHOTO_MESSAGES.purpose);
  const size = input.size;
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 1) {
    throw new ValidationError(PHOTO_MESSAGES.size);
  }
  if (size > GALLERY_LIMITS.maxBytes) throw new UploadError("too-large", UPLOAD_TEXTS.fileTooLarge);
  const contentType = typeof input.contentType === "string" ? input.contentType.trim().toLowerCase() : "";
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(contentType)) {
    throw new UploadError("type", UPLOAD_TEXTS.invalidFileType);
  }
  let playerId: string | null = null;
  if (purpose === "headshot") {
    if (typeof input.playerId !== "string" || !input.playerId) throw new ValidationError(PHOTO_MESSAGES.playerNeeded);
    if (!(await mayChangePlayerPhoto(kv, viewer, input.playerId))) {
      throw new NotFoundError(PHOTO_MESSAGES.playerNotFound);
    }
    playerId = input.playerId;
  }
  const teamId = viewer.teamId;
  const person = personOf(viewer);
  const at = now.getTime();
  let counted = false;
  return await retryOnConflict(async () => {
    const slotsEntry = await getSlotsEntry(kv, teamId, person);
    const live = liveSlots(slotsEntry, at);
    if (live.length >= GALLERY_LIMITS.maxFiles) throw new ValidationError(UPLOAD_TEXTS.tooManyPhotos);
    if (!counted) {
      const subject = viewer.userId ?? `team-login:${teamId}`;
      await consumeRateLimits(
        kv,
        [{ bucket: "photo-uploads", subject, limit: UPLOADS_PER_DAY, windowMs: DAY_MS }],
        PHOTO_MESSAGES.rateLimited,
        at,
      );
      counted = true;
    }
    const ticket: UploadTicket = {
      id: newTicketId(),
      teamId,
      blobId: ulid(at),
      purpose,
      playerId,
      maxBytes: size,
      uploaderId: viewer.userId,
      sessionId,
      person,
      expiresAt: at + UPLOAD_URL_MS,
    };
    const op = stageSlots(beginChange(kv), slotsEntry, [...live, { id: ticket.blobId, until: ticket.expiresAt }], at);
    await commitOrConflict(stageTicket(op, ticket, at));
    const token = await signUploadToken(kv, teamId, sessionId, ticket.id, ticket.expiresAt);
    return {
      uploadURL: `/api/objects/upload/${teamId}/${token}`,
      objectPath: objectPath(teamId, ticket.blobId),
    } satisfies UploadUrl;
  }, { attempts: 5 });
}

/** The PUT's body as it arrives. */
export interface UploadBody {
  stream: ReadableStream<Uint8Array> | null;
  /** The Content-Length header, when there was one. */
  declaredLength: number | null;
}

/** The image header's verdict on the bytes so far: fine, refused (throws), or not there yet. */
function checkHeader(head: Uint8Array): "ok" | "unknown" {
  let size;
  try {
    size = sniffImage(head);
  } catch (error) {
    if (error instanceof ValidationError && error.message === TOO_MANY_PIXELS_MESSAGE) {
      throw new UploadError("pixels", TOO_MANY_PIXELS_MESSAGE);
    }
    return "unknown"; // The header is not (all) in these bytes yet.
  }
  if (size.width > MAX_SIDE || size.height > MAX_SIDE) throw new UploadError("pixels", PHOTO_MESSAGES.tooWide);
  return "ok";
}

/**
 * The one PUT of an upload URL. Spends the ticket whatever follows (a refused file needs a new
 * URL), streams the bytes into chunks and writes the manifest last. Throws UploadError "gone"
 * (expired or spent link), "too-large", "type" or "pixels"; ForbiddenError for a token not
 * signed for this team and session.
 */
export async function receiveUpload(
  kv: Deno.Kv,
  uploader: Uploader,
  token: string,
  body: UploadBody,
  now: Date,
): Promise<{ objectPath: string }> {
  const { viewer, sessionId } = uploader;
  mustWrite(viewer);
  const teamId = viewer.teamId;
  const checked = await verifyUploadToken(kv, teamId, sessionId, token, now);
  if (!checked.ok) {
    if (checked.expired) throw new UploadError("gone", PHOTO_MESSAGES.uploadLinkGone);
    throw new ForbiddenError(PHOTO_MESSAGES.uploadLinkInvalid);
  }
  const at = now.getTime();
  const ticketEntry = await getTicketEntry(kv, teamId, checked.ticketId);
  const ticket = ticketEntry.value;
  if (!ticket || ticket.expiresAt <= at) throw new UploadError("gone", PHOTO_MESSAGES.uploadLinkGone);
  if (ticket.sessionId !== sessionId) throw new ForbiddenError(PHOTO_MESSAGES.uploadLinkInvalid);

  // Spend the ticket; from now on the upload is pending (swept if it never completes).
  const pending: PendingUpload = {
    teamId,
    blobId: ticket.blobId,
    purpose: ticket.purpose,
    playerId: ticket.playerId,
    uploaderId: ticket.uploaderId,
    sessionId,
    person: ticket.person,
    state: "receiving",
    blobIds: [ticket.blobId],
    dataIds: [ticket.blobId],
    expiresAt: at + PENDING_MS,
    createdAt: now.toISOString(),
  };
  const spend = stageNewPending(stageTicketSpend(beginChange(kv), ticketEntry as Deno.KvEntry<UploadTicket>), pending);
  if (!(await commitChange(spend)).ok) throw new UploadError("gone", PHOTO_MESSAGES.uploadLinkGone);
  // The ticket's slot now counts until the pending upload would be swept.
  await holdSlot(kv, teamId, ticket.person, ticket.blobId, pending.expiresAt, at);
  const pendingEntry = await getPendingEntry(kv, teamId, ticket.blobId);
  if (!pendingEntry.value) throw new ConflictError();

  try {
    const stored = await streamInto(kv, teamId, ticket, body);
    const manifest: BlobManifest = {
      id: ticket.blobId,
      teamId,
      dataId: ticket.blobId,
      state: "raw",
      role: "original",
      purpose: ticket.purpose,
      uploadId: ticket.blobId,
      playerId: ticket.playerId,
      uploaderId: ticket.uploaderId,
      contentType: MIME[stored.type],
      size: stored.size,
      chunks: stored.chunks,
      etag: "",
      width: null,
      height: null,
      createdAt: now.toISOString(),
    };
    // The manifest last: only now does the blob exist.
    const op = stageNewBlob(beginChange(kv), manifest);
    stagePendingUpdate(op, pendingEntry as Deno.KvEntry<PendingUpload>, { ...pending, state: "uploaded" });
    await commitOrConflict(op);
    return { objectPath: objectPath(teamId, ticket.blobId) };
  } catch (error) {
    await removePendingUpload(kv, pendingEntry as Deno.KvEntry<PendingUpload>);
    await releaseSlot(kv, teamId, ticket.person, ticket.blobId, at);
    throw error;
  }
}

/** Streams the body into the chunks of the ticket's blob, checking size, type and pixels on the way. */
async function streamInto(kv: Deno.Kv, teamId: string, ticket: UploadTicket, body: UploadBody) {
  if (body.declaredLength !== null && body.declaredLength > ticket.maxBytes) {
    await body.stream?.cancel().catch(() => {});
    throw new UploadError("too-large", UPLOAD_TEXTS.fileTooLarge);
  }
  const writer = new ChunkWriter(kv, teamId, ticket.blobId);
  const head = new Uint8Array(HEADER_BYTES);
  let headLength = 0;
  let type: keyof typeof MIME | null = null;
  let header: "ok" | "unknown" = "unknown";
  const reader = body.stream?.getReader();
  try {
    while (reader) {
      let read;
      try {
        read = await reader.read();
      } catch {
        throw new ValidationError(UPLOAD_TEXTS.uploadFailed);
      }
      if (read.done) break;
      const bytes = read.value;
      if (writer.size + bytes.byteLength > ticket.maxBytes) {
        throw new UploadError("too-large", UPLOAD_TEXTS.fileTooLarge);
      }
      if (headLength < HEADER_BYTES) {
        const take = Math.min(bytes.byteLength, HEADER_BYTES - headLength);
        head.set(bytes.subarray(0, take), headLength);
        headLength += take;
        if (type === null && headLength >= MAGIC_BYTES_NEEDED) {
          type = magicType(head.subarray(0, headLength));
          if (type === null) throw new UploadError("type", UPLOAD_TEXTS.invalidFileType);
        }
        if (type !== null && header === "unknown") header = checkHeader(head.subarray(0, headLength));
      }
      // Nothing reaches KV before these checks: the writer holds 480 KiB before its first commit.
      await writer.write(bytes);
    }
  } catch (error) {
    await reader?.cancel().catch(() => {});
    throw error;
  }
  if (type === null) throw new UploadError("type", UPLOAD_TEXTS.invalidFileType); // empty or a few bytes
  // A header not found in the whole file (it was all in `head`): not an image we can read.
  if (header === "unknown" && writer.size <= HEADER_BYTES) throw new UploadError("type", INVALID_TYPE_MESSAGE);
  const { chunks, size } = await writer.finish();
  return { type, chunks, size };
}

/** What processing an upload gives: the paths of its three sizes. */
export interface ProcessedPaths {
  objectPath: string;
  mediumPath: string;
  thumbnailPath: string;
}

/** The three ids of a processed upload's sizes, from its pending record. */
export function processedIds(pending: PendingUpload): { full: string; medium: string; thumbnail: string } | null {
  if (pending.state !== "processed" || pending.blobIds.length !== 3) return null;
  const [full, medium, thumbnail] = pending.blobIds;
  return { full, medium, thumbnail };
}

/** The uploader's pending upload at `path`, whatever its state; NotFound for anyone else's. */
async function uploaderPending(kv: Deno.Kv, uploader: Uploader, path: unknown) {
  const parsed = parseObjectPath(path);
  if (!parsed || parsed.teamId !== uploader.viewer.teamId) throw new NotFoundError(PHOTO_MESSAGES.uploadNotFound);
  const entry = await getPendingEntry(kv, parsed.teamId, parsed.blobId);
  const pending = entry.value;
  if (!pending || !isUploaderOf(uploader, pending)) {
    const done = !pending && (await getBlobEntry(kv, parsed.teamId, parsed.blobId)).value;
    if (done && done.state === "ready" && isUploaderOfBlob(uploader, done)) {
      throw new ConflictError(PHOTO_MESSAGES.alreadyProcessed);
    }
    throw new NotFoundError(PHOTO_MESSAGES.uploadNotFound);
  }
  return entry as Deno.KvEntry<PendingUpload>;
}

/** The person (or, for a shared team login, the session) that uploaded it. */
export const isUploaderOf = (uploader: Uploader, pending: Pick<PendingUpload, "uploaderId" | "sessionId">) =>
  uploader.viewer.userId !== null
    ? pending.uploaderId === uploader.viewer.userId
    : pending.uploaderId === null && pending.sessionId === uploader.sessionId;

const isUploaderOfBlob = (uploader: Uploader, manifest: BlobManifest) =>
  uploader.viewer.userId !== null && manifest.uploaderId === uploader.viewer.userId;

/** What kind of photo the caller processes it as. */
export interface ProcessTarget {
  purpose: BlobPurpose;
  /** For a headshot: the player it must be of. */
  playerId?: string | null;
}

/**
 * Re-encodes the uploader's raw upload at `originalPath` once: full size at the same path,
 * medium and thumbnail at new ones, the original bytes deleted. Refused: NotFound (not theirs,
 * or no such upload), Conflict (already processed or under way), ValidationError for the
 * other purpose or player, UploadError "pixels"/"type" or ValidationError for an image that
 * cannot be decoded (the upload is deleted), BusyError (the workers are full; the upload
 * stays, so the same call can be repeated).
 */
export async function processUpload(
  kv: Deno.Kv,
  uploader: Uploader,
  originalPath: unknown,
  target: ProcessTarget,
  now: Date,
): Promise<ProcessedPaths> {
  const { viewer } = uploader;
  mustWrite(viewer);
  const entry = await uploaderPending(kv, uploader, originalPath);
  const pending = entry.value;
  if (pending.state === "processed") throw new ConflictError(PHOTO_MESSAGES.alreadyProcessed);
  if (pending.state === "processing") throw new ConflictError(PHOTO_MESSAGES.alreadyProcessed);
  if (pending.state === "receiving") throw new ConflictError(PHOTO_MESSAGES.stillUploading);
  if (pending.purpose !== target.purpose) throw new ValidationError(PHOTO_MESSAGES.wrongPurpose);
  if (target.purpose === "headshot") {
    if (pending.playerId !== target.playerId) throw new ValidationError(PHOTO_MESSAGES.wrongPlayer);
    if (!(await mayChangePlayerPhoto(kv, viewer, pending.playerId!))) {
      throw new NotFoundError(PHOTO_MESSAGES.playerNotFound);
    }
  }
  const { teamId, blobId } = pending;
  const rawEntry = await getBlobEntry(kv, teamId, blobId);
  const raw = rawEntry.value;
  if (!raw || raw.state !== "raw") throw new NotFoundError(PHOTO_MESSAGES.uploadNotFound);

  // Claim it: a second call now gets 409; a crash leaves everything it may write named, and swept.
  const at = now.getTime();
  const ids = { full: ulid(at), medium: ulid(at), thumbnail: ulid(at) };
  const claimed: PendingUpload = {
    ...pending,
    state: "processing",
    blobIds: [blobId, ids.medium, ids.thumbnail],
    dataIds: [blobId, ids.full, ids.medium, ids.thumbnail],
    expiresAt: at + PENDING_MS,
  };
  await commitOrConflict(stagePendingUpdate(beginChange(kv), entry, claimed), PHOTO_MESSAGES.alreadyProcessed);
  const claimedEntry = (await getPendingEntry(kv, teamId, blobId)) as Deno.KvEntry<PendingUpload>;
  if (claimedEntry.value?.state !== "processing") throw new ConflictError(PHOTO_MESSAGES.alreadyProcessed);

  let images: ProcessedImages;
  try {
    const bytes = await readBlobBytes(kv, raw);
    if (!bytes) throw new ValidationError(UPLOAD_TEXTS.uploadFailed);
    images = await processImage(bytes);
  } catch (error) {
    if (error instanceof ValidationError) {
      // The bytes will never decode: the upload goes, and its slot with it.
      await removePendingUpload(kv, claimedEntry);
      await releaseSlot(kv, teamId, pending.person, blobId, at);
      throw imageRefusal(error);
    }
    // Busy or failed: put it back as it was, so the same call can be made again.
    await commitChange(stagePendingUpdate(beginChange(kv), claimedEntry, pending));
    throw error;
  }

  const made = (image: ProcessedImage, id: string, dataId: string, role: BlobManifest["role"], data: Written) => ({
    ...raw,
    id,
    dataId,
    state: "ready",
    role,
    contentType: MIME[image.type],
    size: data.size,
    chunks: data.chunks,
    etag: data.etag,
    width: image.width,
    height: image.height,
    createdAt: now.toISOString(),
  } satisfies BlobManifest);
  const full = await writeBlobData(kv, teamId, ids.full, images.full.bytes);
  const medium = await writeBlobData(kv, teamId, ids.medium, images.medium.bytes);
  const thumbnail = await writeBlobData(kv, teamId, ids.thumbnail, images.thumbnail.bytes);
  const rawChunks = manifestChunkKeys(raw);
  const processed: PendingUpload = {
    ...pending,
    state: "processed",
    blobIds: [blobId, ids.medium, ids.thumbnail],
    dataIds: [ids.full, ids.medium, ids.thumbnail],
    expiresAt: at + PENDING_MS,
  };
  const op = stageBlobReplacement(
    beginChange(kv),
    rawEntry as Deno.KvEntry<BlobManifest>,
    made(images.full, blobId, ids.full, "full", full),
  );
  stageNewBlob(op, made(images.medium, ids.medium, ids.medium, "medium", medium));
  stageNewBlob(op, made(images.thumbnail, ids.thumbnail, ids.thumbnail, "thumbnail", thumbnail));
  stagePendingUpdate(op, claimedEntry, processed);
  for (const key of rawChunks) op.delete(key); // The bytes as uploaded are gone with this commit.
  // Only the sweep could have changed it: it removes what this call wrote too.
  await commitOrConflict(op);
  await releaseSlot(kv, teamId, pending.person, blobId, at);
  return {
    objectPath: objectPath(teamId, blobId),
    mediumPath: objectPath(teamId, ids.medium),
    thumbnailPath: objectPath(teamId, ids.thumbnail),
  };
}

type Written = { chunks: number; size: number; etag: string };

/** The image pipeline's refusal, as an upload's. */
function imageRefusal(error: ValidationError): ValidationError {
  if (error.message === TOO_MANY_PIXELS_MESSAGE) return new UploadError("pixels", error.message);
  if (error.message === INVALID_TYPE_MESSAGE) return new UploadError("type", UPLOAD_TEXTS.invalidFileType);
  if (error.message === TOO_LARGE_MESSAGE) return new UploadError("too-large", UPLOAD_TEXTS.fileTooLarge);
  return error;
}
