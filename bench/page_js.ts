/** The JavaScript a page makes the browser load, and its gzip size. */
import { gzipSync } from "node:zlib";

export interface PageScripts {
  /** URLs (as written) of `<script src>` and `<link rel="modulepreload" href>`. */
  urls: string[];
  /** Bodies of inline scripts that are JavaScript (JSON data blocks are not). */
  inline: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const LINK = /<link\b([^>]*)>/gi;
const NON_JS_TYPE = /^(application\/(ld\+)?json|importmap|speculationrules|text\/(template|plain|html))$/i;

function attr(attrs: string, name: string): string | undefined {
  const m = attrs.match(new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i"));
  if (!m) return undefined;
  return (m[1] ?? m[2] ?? m[3]).replaceAll("&amp;", "&");
}

/** Finds the scripts an HTML page loads up front. */
export function pageScripts(html: string): PageScripts {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const [, attrs, body] of html.matchAll(SCRIPT)) {
    const type = attr(attrs, "type")?.trim() ?? "";
    if (NON_JS_TYPE.test(type)) continue;
    const src = attr(attrs, "src");
    if (src !== undefined) urls.push(src);
    else if (body.trim()) inline.push(body);
  }
  for (const [, attrs] of html.matchAll(LINK)) {
    const rel = (attr(attrs, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(attrs, "href");
    if (href !== undefined && rel.includes("modulepreload")) urls.push(href);
  }
  return { urls: [...new Set(urls)], inline };
}

export function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes).byteLength;
}

export interface JsFile {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

/**
 * Sizes each URL: a `/build/…` URL is read from `buildDir` (what the app serves there),
 * anything else same-origin is fetched from `origin`.
 */
export async function sizeFiles(urls: string[], buildDir: string, origin: string): Promise<JsFile[]> {
  const files: JsFile[] = [];
  for (const url of urls) {
    const resolved = new URL(url, origin);
    let bytes: Uint8Array;
    if (resolved.origin === new URL(origin).origin && resolved.pathname.startsWith("/build/")) {
      bytes = await Deno.readFile(`${buildDir}/${decodeURIComponent(resolved.pathname.slice("/build/".length))}`);
    } else if (resolved.origin === new URL(origin).origin) {
      const res = await fetch(resolved, { signal: AbortSignal.timeout(5_000) });
      if (!res.ok) throw new Error(`GET ${resolved} → ${res.status}`);
      bytes = new Uint8Array(await res.arrayBuffer());
    } else {
      throw new Error(`script from another origin, not measured: ${url}`);
    }
    files.push({ url, rawBytes: bytes.byteLength, gzipBytes: gzipSize(bytes) });
  }
  return files;
}
