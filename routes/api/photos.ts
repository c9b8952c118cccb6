/**
 * Photos (SPEC.md section 7, DECISIONS.md, docs/features.md "Photos"): upload URLs
 * and their one PUT, processing, the team gallery and player headshots. The PUT is the one API
 * call whose body is not JSON and may be over 1 MB: it declares a raw body under a limit of its
 * own (`rawBody`), and `receiveUpload` bounds it by the size its upload URL was asked for.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import {
  actorOf,
  getSessionUser,
  getSysadmin,
  getUserSession,
  requireTeamMember,
  teamViewer,
  teamViewerFor,
} from "../auth_middleware.ts";
import { jsonBody, rawBody, readJsonFields } from "../http.ts";
import { resolveTeamId } from "../../lib/db/teams.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../../lib/errors.ts";
import { refusalOf } from "../errors.ts";
import { NO_STORE } from "../security_headers.ts";
import {
  addGalleryPhoto,
  deleteGalleryPhoto,
  GALLERY_LIMITS,
  listGalleryPhotos,
  parseObjectPath,
  PHOTO_MESSAGES,
  processUpload,
  receiveUpload,
  requestUpload,
  setHeadshotConsent,
  setPlayerPhoto,
  UPLOAD_TEXTS,
  type Uploader,
  UploadError,
  type UploadProblem,
} from "../../lib/photos/mod.ts";
import { editableTeamFor, PLAYER_NOT_FOUND } from "../../lib/roster/mod.ts";

type Ctx = Context<AppEnv>;

/** The status of each kind of refused upload (any other refusal is the error handler's). */
const UPLOAD_STATUS: Record<UploadProblem, 410 | 413 | 415 | 422> = {
  gone: 410,
  "too-large": 413,
  type: 415,
  pixels: 422,
};

/** Runs a handler, answering an UploadError with its own status. */
async function answering(c: Ctx, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    const refused = refusalOf(error, UploadError);
    return c.json({ message: refused.message }, UPLOAD_STATUS[refused.error.problem], NO_STORE);
  }
}

/** The signed-in person's session id: 401 when signed out, 403 for a system administrator (reads only). */
async function sessionIdOf(c: Ctx): Promise<string> {
  const [user, session] = await Promise.all([getSessionUser(c), getUserSession(c)]);
  if (user && session) return session.id;
  if (await getSysadmin(c)) throw new ForbiddenError(PHOTO_MESSAGES.readOnly);
  throw new UnauthorizedError();
}

/** The uploader of a route that `requireTeamMember` let through. */
async function memberUploader(c: Ctx): Promise<Uploader> {
  return { viewer: teamViewer(c), sessionId: await sessionIdOf(c) };
}

/**
 * The uploader of a call about an upload at `originalPath` (no team in the route's path): 404
 * for a path that names no upload of a team of theirs, as for an upload that is not theirs.
 */
async function uploaderOfPath(c: Ctx, originalPath: unknown): Promise<Uploader> {
  const sessionId = await sessionIdOf(c);
  const parsed = parseObjectPath(originalPath);
  const viewer = parsed ? await teamViewerFor(c, parsed.teamId, { sysadminReads: false }) : null;
  if (!viewer) throw new NotFoundError(PHOTO_MESSAGES.uploadNotFound);
  return { viewer, sessionId };
}

/** `?offset=&limit=` as whole numbers (400 otherwise); the rules check their ranges. */
function offsetQuery(c: Ctx): { offset?: number; limit?: number } {
  const read = (name: string) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === "") return undefined;
    if (!/^\d{1,6}$/.test(raw)) throw new ValidationError(`${name} must be a whole number`);
    return Number(raw);
  };
  return { offset: read("offset"), limit: read("limit") };
}

const UPLOAD_FIELDS = ["teamId", "purpose", "playerId", "size", "contentType"] as const;
const PHOTO_FIELDS = ["objectPath", "thumbnailPath", "mediumPath", "caption", "uploaderName", "uploaderType"] as const;
const PLAYER_PHOTO_FIELDS = ["photoUrl", "photoUrlSmall", "photoUrlMedium"] as const;

/** `POST /api/objects/upload`: an upload URL for one photo of a team the session belongs to. */
export const uploadUrlApi = new Hono<AppEnv>()
  .post("/", jsonBody, (c) =>
    answering(c, async () => {
      const { kv, now } = c.var.deps;
      const sessionId = await sessionIdOf(c);
      const body = await readJsonFields(c, UPLOAD_FIELDS);
      const teamId = typeof body.teamId === "string" && body.teamId ? await resolveTeamId(kv, body.teamId) : null;
      const viewer = teamId ? await teamViewerFor(c, teamId, { sysadminReads: false }) : null;
      if (!viewer) throw new ForbiddenError(PHOTO_MESSAGES.teamNeeded);
      const url = await requestUpload(kv, { viewer, sessionId }, body, now());
      return c.json(url, 200, NO_STORE);
    }));

/** `PUT /api/objects/upload/{teamId}/{token}`: the upload URL's one PUT, the raw image bytes. */
export const uploadBytesApi = new Hono<AppEnv>()
  .put(
    "/:teamId/:token",
    rawBody(GALLERY_LIMITS.maxBytes, UPLOAD_TEXTS.fileTooLarge),
    requireTeamMember,
    (c) =>
      answering(c, async () => {
        const { kv, now } = c.var.deps;
        const length = c.req.header("content-length");
        const declaredLength = length !== undefined && /^\d{1,15}$/.test(length.trim()) ? Number(length) : null;
        const stored = await receiveUpload(kv, await memberUploader(c), c.req.param("token"), {
          stream: c.req.raw.body,
          declaredLength,
        }, now());
        return c.json(stored, 200, NO_STORE);
      }),
  );

/** `POST /api/photos/process-gallery-photo`: re-encode a gallery upload into its three sizes. */
export const galleryProcessingApi = new Hono<AppEnv>()
  .post("/process-gallery-photo", jsonBody, (c) =>
    answering(c, async () => {
      const { kv, now } = c.var.deps;
      const body = await readJsonFields(c, ["originalPath"]);
      const uploader = await uploaderOfPath(c, body.originalPath);
      const paths = await processUpload(kv, uploader, body.originalPath, { purpose: "gallery" }, now());
      const { objectPath, thumbnailPath, mediumPath } = paths;
      return c.json({ objectPath, thumbnailPath, mediumPath }, 200, NO_STORE);
    }));

/** `/api/teams/{teamId}`: the gallery, and a guardian's choice about their child's public photo. */
export const teamPhotoApi = new Hono<AppEnv>()
  // Add a processed upload to the gallery.
  .post("/photos", jsonBody, requireTeamMember, async (c) => {
    const { kv, now } = c.var.deps;
    const body = await readJsonFields(c, PHOTO_FIELDS);
    const photo = await addGalleryPhoto(kv, await memberUploader(c), body, now());
    return c.json(photo, 201, NO_STORE);
  })
  // The gallery, newest first.
  .get("/photos", requireTeamMember, async (c) => {
    const viewer = teamViewer(c);
    const page = await listGalleryPhotos(c.var.deps.kv, viewer.teamId, { ...offsetQuery(c), lang: viewer.language });
    return c.json(page, 200, NO_STORE);
  })
  // The uploader or a team admin deletes a photo, with its three sizes.
  .delete("/photos/:photoId", jsonBody, requireTeamMember, async (c) => {
    await deleteGalleryPhoto(c.var.deps.kv, teamViewer(c), c.req.param("photoId"), await actorOf(c), c.var.deps.now());
    return c.json({ success: true }, 200, NO_STORE);
  })
  // A guardian shows or hides their child's photo on the public roster (R41): that player's parents only.
  .put("/players/:playerId/headshot-consent", jsonBody, requireTeamMember, async (c) => {
    const { kv, now } = c.var.deps;
    const body = await readJsonFields(c, ["public"]);
    const viewer = teamViewer(c);
    const answer = await setHeadshotConsent(kv, viewer, c.req.param("playerId"), body.public, await actorOf(c), now());
    return c.json(answer, 200, NO_STORE);
  });

/** `/api/players`: a headshot's processing, and setting or removing a player's photo. */
export const playerPhotoApi = new Hono<AppEnv>()
  // Re-encode a headshot upload: small (320) and medium (800); the full size stays at originalPath.
  .post("/process-headshot", jsonBody, (c) =>
    answering(c, async () => {
      const { kv, now } = c.var.deps;
      const body = await readJsonFields(c, ["originalPath", "playerId"]);
      const uploader = await uploaderOfPath(c, body.originalPath);
      if (typeof body.playerId !== "string" || !body.playerId) throw new ValidationError(PHOTO_MESSAGES.playerNeeded);
      const paths = await processUpload(kv, uploader, body.originalPath, {
        purpose: "headshot",
        playerId: body.playerId,
      }, now());
      return c.json({ smallPath: paths.thumbnailPath, mediumPath: paths.mediumPath }, 200, NO_STORE);
    }))
  // Set or remove a player's photo: that player's parents and the team's admins only.
  .put("/:playerId/photo", jsonBody, async (c) => {
    const { kv, now } = c.var.deps;
    const playerId = c.req.param("playerId");
    const user = await getSessionUser(c);
    if (!user && !(await getSysadmin(c))) throw new UnauthorizedError();
    const teamId = user ? await editableTeamFor(kv, user, playerId) : null;
    const viewer = teamId ? await teamViewerFor(c, teamId, { sysadminReads: false }) : null;
    if (!viewer) throw new NotFoundError(PLAYER_NOT_FOUND);
    const body = await readJsonFields(c, PLAYER_PHOTO_FIELDS);
    const uploader = { viewer, sessionId: await sessionIdOf(c) };
    const photo = await setPlayerPhoto(kv, uploader, playerId, body, await actorOf(c), now());
    return c.json(photo, 200, NO_STORE);
  });
