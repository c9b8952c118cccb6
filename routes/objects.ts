/**
 * `GET /objects/:teamId/:blobId`: a stored photo's re-encoded bytes (R24). Only the team's
 * members and a system administrator see them, anyone else a player's current headshot while
 * the team shows photos publicly (lib/photos `findObject`); everyone else, and any path the blob
 * store does not hold, gets the same 404. The path names a blob by id only: nothing outside the
 * blob store can be named. The bytes at a path never change, so they are cached for a year in
 * the browser only, and revalidated by their hash.
 */
import { Hono } from "hono";
import type { AppEnv } from "./app_env.ts";
import { teamViewerFor } from "./auth_middleware.ts";
import { ifNoneMatchHas } from "./http.ts";
import { findObject, readObjectBytes } from "../lib/photos/mod.ts";

/** The headers of every served image, whatever its content: it is never a document or a script. */
const IMAGE_HEADERS: [string, string][] = [
  ["cache-control", "private, max-age=31536000, immutable"],
  ["x-content-type-options", "nosniff"],
  ["content-security-policy", "default-src 'none'; sandbox"],
  ["content-disposition", 'inline; filename="photo.jpg"'],
  ["x-robots-tag", "noindex, noimageindex"],
];

export const objectRoutes = new Hono<AppEnv>()
  .get("/:teamId/:blobId", async (c) => {
    const { kv } = c.var.deps;
    const teamId = c.req.param("teamId");
    const viewer = await teamViewerFor(c, teamId, { sysadminReads: true });
    const manifest = await findObject(kv, teamId, c.req.param("blobId"), viewer);
    if (!manifest) return c.notFound();
    const etag = `"${manifest.etag}"`;
    const headers: [string, string][] = [...IMAGE_HEADERS, ["etag", etag]];
    if (ifNoneMatchHas(c.req.header("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    const bytes = await readObjectBytes(kv, manifest);
    if (!bytes) return c.notFound();
    return new Response(bytes, {
      status: 200,
      headers: [...headers, ["content-type", manifest.contentType], ["content-length", String(bytes.byteLength)]],
    });
  });
