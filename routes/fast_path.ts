/**
 * The public response cache: an anonymous GET or HEAD of a page that is the same bytes for
 * everyone (the public roster page and JSON, the landing and marketing pages, the site's files)
 * is answered here, before Hono's router and middleware, from a finished response whose headers
 * were built once. The cost of a hit is a slice of the URL, a map lookup, a look at the Cookie
 * header and a clone of the kept Response.
 *
 * What may be kept is decided by the routes, not by a list of paths here: a route marks a 200
 * answer with `shareWithEveryone(c, team?)`, and the first anonymous GET that gets it (a "fill")
 * keeps the response exactly as the normal path sent it, headers included. So a hit sends what
 * the normal path would, and a route that stops marking stops being cached.
 *
 * - Keyed by the visitor's language (their cookie, else Accept-Language: both decide the
 *   normal path's language for an anonymous request) and the exact path. Only paths without a query or a percent sign are filled, and the
 *   routes mark only their canonical spelling (a slug in another case is a redirect or is not
 *   marked), so the ways of writing a path cannot add entries; both maps are bounded anyway
 *   (R25, R46).
 * - A team's responses live in a `TeamCache`, so they are dropped by the same commits that drop
 *   the render caches: at once in this process, and through the team's revision in every other
 *   process sharing the database (one `kv.watch` per team for all the caches, and a poll on a
 *   database file: lib/db/team_revisions.ts). A hit reads nothing from KV.
 * - Responses without a team (pages rendered once at start, built files) are kept for the
 *   process's life: they change only when a new version is deployed.
 * - A request with a cookie the app reads (`carriesSessionCookie`) always takes the normal path.
 */
import type { Context } from "hono";
import { LruMap } from "../lib/lru.ts";
import { TeamCache } from "../lib/render/team_cache.ts";
import { carriesSessionCookie } from "./session_cookies.ts";
import { routePatternOf } from "./request_log.ts";
import { logRequest } from "../lib/log.ts";
import { visitorLanguage } from "../lib/i18n/languages.ts";

/** The team a shared response shows, and the revision of the team's data it was built from. */
export interface SharedTeam {
  teamId: string;
  revision: string | null;
}

/** Request → the team its shared response shows (null: no team) and its route pattern, for the log. */
const sharedAnswers = new WeakMap<Request, { team: SharedTeam | null; route: string | null }>();

/**
 * Marks the 200 response this route is about to send as the same for every anonymous visitor:
 * the public response cache may keep it until `team` changes (without a team, until the
 * process ends). Only for a response that shows nothing about who asks, sets no cookie, and is
 * asked for by its one canonical path.
 */
export function shareWithEveryone(c: Context, team: SharedTeam | null = null): void {
  sharedAnswers.set(c.req.raw, { team, route: routePatternOf(c) });
}

/**
 * A response kept whole. Every GET gets a clone of one Response built at the fill: a clone
 * copies the header list as it is, where `new Response` checks and copies each header again
 * (with the security headers, most of what a response costs). Clones share their body, so it
 * is kept as a string, which no receiver can change (a byte body read from one clone would be
 * the bytes every later clone sends). A body that is not UTF-8 text is built anew each time.
 */
class FinishedResponse {
  readonly bytes: number;
  /** The route pattern that answered it, which a hit's log line names (never the path as sent). */
  readonly route: string | null;
  readonly status: number;
  readonly #original: Response | null;
  readonly #binary: Uint8Array<ArrayBuffer> | null;
  readonly #init: ResponseInit;

  constructor(
    body: Uint8Array<ArrayBuffer>,
    init: { status: number; headers: [string, string][] },
    route: string | null,
  ) {
    this.route = route;
    this.status = init.status;
    const text = utf8Text(body);
    this.#original = text === null ? null : new Response(text, init);
    this.#binary = text === null ? body : null;
    this.#init = init;
    const headerBytes = init.headers.reduce((n, [name, value]) => n + name.length + value.length, 0);
    this.bytes = (text === null ? body.byteLength : text.length * 2) + headerBytes * 2 + 64;
  }

  static async of(response: Response, route: string | null): Promise<FinishedResponse> {
    const body = new Uint8Array(await response.arrayBuffer());
    return new FinishedResponse(body, { status: response.status, headers: [...response.headers] }, route);
  }

  respond(method: string): Response {
    if (method === "HEAD") return new Response(null, this.#init);
    return this.#original?.clone() ?? new Response(this.#binary!.slice(), this.#init);
  }
}

function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Whether a response may be sent again to anyone: 200, no cookie, nothing that forbids keeping it. */
function storable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  return !/\b(?:no-store|private)\b/.test(cacheControl);
}

export interface PublicResponseCacheOptions {
  /** Follow team changes made by other processes sharing the database (`kv.watch`). */
  watch?: boolean;
  /** Teams kept (each with its page and its JSON by slug and by id). */
  maxTeams?: number;
  /** Estimated bytes of every team's responses together. */
  maxTeamBytes?: number;
  /** Responses without a team kept (pages rendered at start and the site's files), and their bytes. */
  maxFiles?: number;
  maxFileBytes?: number;
}

/** The finished responses, by exact path. */
export class PublicResponseCache {
  /** Each path is both the key and the variant: a path names one team and one response. */
  readonly #teams: TeamCache<FinishedResponse>;
  readonly #files: LruMap<string, FinishedResponse>;

  constructor(kv: Deno.Kv, options: PublicResponseCacheOptions = {}) {
    this.#teams = new TeamCache(kv, {
      watch: options.watch,
      maxTeams: options.maxTeams ?? 500,
      maxBytes: options.maxTeamBytes ?? 32 * 1024 * 1024,
      // A team is named by at most three paths (its page, its JSON by slug, its JSON by id), each in two languages.
      maxVariants: 8,
      maxAliasesPerTeam: 8,
      sizeOf: (response) => response.bytes,
    });
    this.#files = new LruMap({
      maxEntries: options.maxFiles ?? 256,
      maxBytes: options.maxFileBytes ?? 16 * 1024 * 1024,
      sizeOf: (response) => response.bytes,
    });
  }

  /** What is held now, for tests and operators. */
  stats(): { teams: { teams: number; variants: number; aliases: number; bytes: number }; files: number } {
    return { teams: this.#teams.stats(), files: this.#files.size };
  }

  /** `key` is the language and the path as sent ("es /t/demo/roster"). */
  get(key: string): FinishedResponse | undefined {
    return this.#files.get(key) ?? this.#teams.get(key, key);
  }

  /**
   * Answers an anonymous GET the normal way and keeps the answer when its route shared it.
   * Run inside the team cache's load, so an answer built while a change to its team
   * committed is sent but not kept. (An answer without a team goes to the other map; the
   * load then returns null, which the team cache never keeps.)
   */
  async fill(path: string, request: Request, answer: () => Response | Promise<Response>): Promise<Response> {
    let response: Response | undefined;
    let finished: FinishedResponse | undefined;
    const kept = await this.#teams.getOrLoad(path, path, async () => {
      response = await answer();
      const shared = sharedAnswers.get(request);
      if (shared === undefined || !storable(response)) return null;
      const { team, route } = shared;
      finished = await FinishedResponse.of(response, route);
      if (team === null) {
        this.#files.set(path, finished);
        return null;
      }
      return { teamId: team.teamId, revision: team.revision, value: finished };
    });
    if (finished) return finished.respond("GET");
    return response ?? kept!.respond("GET");
  }

  close(): void {
    this.#teams.close();
    this.#files.clear();
  }
}

/**
 * `normalPath` (the app's `fetch`) with the cache in front. Set as the app's `fetch`, which
 * `app.request` calls too, so tests go through it. Anything that is not an anonymous GET or HEAD
 * of a kept path goes on unchanged.
 */
export function answerFromPublicCache<Rest extends unknown[]>(
  normalPath: (request: Request, ...rest: Rest) => Response | Promise<Response>,
  cache: PublicResponseCache,
  { log = true }: { log?: boolean } = {},
): (request: Request, ...rest: Rest) => Response | Promise<Response> {
  return (request, ...rest) => {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return normalPath(request, ...rest);
    // The path as sent, query included: cheaper than `new URL`, and the exact key; one
    // variant per language, which the normal path decides from the same two headers.
    const url = request.url;
    const headers = request.headers;
    const lang = visitorLanguage(headers.get("cookie"), headers.get("accept-language"));
    const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const key = `${lang} ${path}`;
    const kept = cache.get(key);
    if (kept !== undefined) {
      if (carriesSessionCookie(request.headers.get("cookie"))) return normalPath(request, ...rest);
      if (!log) return kept.respond(method);
      // A hit is a request like any other in the log: one line, named by its route pattern.
      const started = performance.now();
      const response = kept.respond(method);
      logRequest(method, kept.route, kept.status, performance.now() - started);
      return response;
    }
    if (method === "GET" && !/[?%]/.test(path) && !carriesSessionCookie(request.headers.get("cookie"))) {
      return cache.fill(key, request, () => normalPath(request, ...rest));
    }
    return normalPath(request, ...rest);
  };
}
