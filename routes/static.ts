import { type Context, Hono } from "hono";
import type { AppEnv } from "./app_env.ts";
import { BUILD_DIR } from "../lib/render/assets.ts";
import { shareWithEveryone } from "./fast_path.ts";
import { FILE_CSP } from "./security_headers.ts";

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
};
const SAFE_NAME = /^[A-Za-z0-9_-]+\.(js|css|svg)$/;

/**
 * Serves the build output (content-hashed, so cached for a year as immutable) and the
 * favicon, with a CSP that lets a file opened as a document load nothing. File names are
 * checked against a strict pattern; nothing else on disk is reachable.
 */
export function staticRoutes(root: string) {
  const files = new Map<string, Uint8Array>();
  const read = async (path: string) => {
    let bytes = files.get(path);
    if (!bytes) {
      bytes = await Deno.readFile(path).catch(() => undefined);
      if (bytes) files.set(path, bytes);
    }
    return bytes;
  };
  // Each file is the same for everyone until the next deploy: the public response cache keeps it.
  const send = async (c: Context, path: string, name: string, cacheControl: string) => {
    const bytes = await read(path);
    if (!bytes) return null;
    shareWithEveryone(c);
    return new Response(bytes.slice(), {
      headers: {
        "Content-Type": TYPES[name.split(".").pop()!],
        "Cache-Control": cacheControl,
        "Content-Security-Policy": FILE_CSP,
      },
    });
  };

  return new Hono<AppEnv>()
    .get("/build/:name", async (c) => {
      const name = c.req.param("name");
      const res = SAFE_NAME.test(name) &&
        await send(c, `${root}/${BUILD_DIR}/${name}`, name, "public, max-age=31536000, immutable");
      return res || c.notFound();
    })
    .get("/favicon.svg", async (c) => {
      return await send(c, `${root}/static/favicon.svg`, "favicon.svg", "public, max-age=86400") || c.notFound();
    });
}
