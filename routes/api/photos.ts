/**
 * Photos (SPEC.md section 7, DECISIONS.md, /work/plan/issue13_plan.md's contract): upload URLs
 * and their one PUT, processing, the team gallery and player headshots. The PUT is the one API
 * call whose body is not JSON and may be over 1 MB: `isPhotoUpload` exempts it from the app's
 * body limit and JSON-only rule (routes/mod.tsx), and `receiveUpload` applies its own limit.
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
import { readJsonFields } from "../http.ts";
import { resolveTeamId } from "../../lib/db/teams.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../../lib/errors.ts";
import {
  addGalleryPhoto,
  deleteGalleryPhoto,
  listGalleryPhotos,
  parseObjectPath,
  PHOTO_MESSAGES,
  processUpload,
  receiveUpload,
  requestUpload,
  setHeadshotConsent,
  setPlayerPhoto,
  type Uploader,
  UploadError,
  type UploadProblem,
} from "../../lib/photos/mod.ts";
import { editableTeamFor, PLAYER_NOT_FOUND } from "../../lib/roster/mod.ts";

type Ctx = Context<AppEnv>;

/** Who uploaded what, and team photos: never stored by a browser or proxy cache. */
const NO_STORE = { "Cache-Control": "no-store" };

/** The status of each kind of refused upload (any other refusal is the error handler's). */
const UPLOAD_STATUS: Record<UploadProblem, 410 | 413 | 415 | 422> = {
  gone: 410,
  "too-large": 413,
  type: 415,
  pixels: 422,
};

/** The upload URL's PUT: `/api/objects/upload/<teamId>/<token>`. */
const UPLOAD_PUT = /^\/api\/objects\/upload\/[^/]+\/[^/]+$/;

/** Whether a request is an upload URL's PUT (raw image bytes, its own size limit). */
export const isPhotoUpload = (c: Context): boolean => c.req.method === "PUT" && UPLOAD_PUT.test(c.req.path);

/** Runs a handler, answering an UploadError with its own status. */
async function answering(c: Ctx, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return c.json({ message: error.message }, UPLOAD_STATUS[error.problem], NO_STORE);
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

export const photoApiRoutes = new Hono<AppEnv>()
  // 1. An upload URL for one photo of a team the session belongs to.
  .post("/api/objects/upload", (c) =>
    answering(c, async () => {
      const { kv, now } = c.var.deps;
      const sessionId = await sessionIdOf(c);
      const body = await readJsonFields(c, UPLOAD_FIELDS);
      const teamId = typeof body.teamId === "string" && body.teamId ? await resolveTeamId(kv, body.teamId) : null;
      const viewer = teamId ? await teamViewerFor(c, teamId, { sysadminReads: false }) : null;
      if (!viewer) throw new ForbiddenError(PHOTO_MESSAGES.teamNeeded);
      const url = await requestUpload(kv, { viewer, sessionId }, body, now());
      return c.json(url, 200, NO_STORE);
    }))
  // 2. The URL's one PUT: the raw image bytes.
  .put("/api/objects/upload/:teamId/:token", requireTeamMember, (c) =>
    answering(c, async () => {
      const { kv, now } = c.var.deps;
      const length = c.req.header("content-length");
      const declaredLength = length !== undefined && /^\d{1,15}$/.test(length.trim()) ? Number(length) : null;
      const stored = await receiveUpload(kv, await memberUploader(c), c.req.param("token"), {
        stream: c.req.raw.body,
        declaredLength,
      }, now());
      return c.json(stored, 200, NO_STORE);
    }))
  // 3. Re-encode a gallery upload into its three sizes.
  .post("/api/photos/process-gallery-photo", (c) =>
    answering(c, async () => {
      const { kv, now } = c.var.deps;
      const body = await readJsonFields(c, ["originalPath"]);
      const uploader = await uploaderOfPath(c, body.originalPath);
      const paths = await processUpload(kv, uploader, body.originalPath, { purpose: "gallery" }, now());
      const { objectPath, thumbnailPath, mediumPath } = paths;
      return c.json({ objectPath, thumbnailPath, mediumPath }, 200, NO_STORE);
    }))
  // 4. Add a processed upload to the gallery.
  .post("/api/teams/:teamId/photos", requireTeamMember, async (c) => {
    const { kv, now } = c.var.deps;
    const body = await readJsonFields(c, PHOTO_FIELDS);
    const photo = await addGalleryPhoto(kv, await memberUploader(c), body, now());
    return c.json(photo, 201, NO_STORE);
  })
  // 5. The gallery, newest first.
  .get("/api/teams/:teamId/photos", requireTeamMember, async (c) => {
    const page = await listGalleryPhotos(c.var.deps.kv, teamViewer(c).teamId, offsetQuery(c));
    return c.json(page, 200, NO_STORE);
  })
  // 6. The uploader or a team admin deletes a photo, with its three sizes.
  .delete("/api/teams/:teamId/photos/:photoId", requireTeamMember, async (c) => {
    await deleteGalleryPhoto(c.var.deps.kv, teamViewer(c), c.req.param("photoId"), await actorOf(c), c.var.deps.now());
    return c.json({ success: true }, 200, NO_STORE);
  })
  // 7. Re-encode a headshot upload: small (320) and medium (800); the full size stays at originalPath.
  .post("/api/players/process-headshot", (c) =>
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
  // 8. Set or remove a player's photo: that player's parents and the team's admins only.
  .put("/api/players/:playerId/photo", async (c) => {
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
  })
  // 9. A guardian shows or hides their child's photo on the public roster (R41): that player's parents only.
  .put("/api/teams/:teamId/players/:playerId/headshot-consent", requireTeamMember, async (c) => {
    const { kv, now } = c.var.deps;
    const body = await readJsonFields(c, ["public"]);
    const viewer = teamViewer(c);
    const answer = await setHeadshotConsent(kv, viewer, c.req.param("playerId"), body.public, await actorOf(c), now());
    return c.json(answer, 200, NO_STORE);
  });
