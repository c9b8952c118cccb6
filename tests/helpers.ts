import { createApp } from "../routes/mod.tsx";
import { loadConfig } from "../lib/config.ts";
import type { AssetManifest } from "../lib/render/assets.ts";
import { type IslandName, islands } from "../islands/mod.ts";
import { createTeam, type NewTeam, type Team, type TeamSettings } from "../lib/db/teams.ts";
import { buildPlayer, type NewPlayer, type Player, stagePlayer } from "../lib/db/players.ts";
import { commitTeamChange } from "../lib/db/team_revisions.ts";
import { createElement, type ReactElement, type ReactNode } from "react";
import { I18nProvider } from "../lib/i18n/context.tsx";
import { messagesFor } from "../lib/i18n/catalog.ts";

export const TEST_ORIGIN = "http://goalmates.test";

const islandNames = Object.keys(islands) as IslandName[];
const testUrl = (name: string) => `/build/island-${name}-test.js`;

/** A manifest shaped like the build's, with an entry for every island in the registry; SSR only needs the URLs. */
export const TEST_ASSETS: AssetManifest = {
  css: "/build/styles-test.css",
  boot: "/build/boot-test.js",
  islands: Object.fromEntries(islandNames.map((name) => [name, testUrl(name)])),
  islandGraph: Object.fromEntries(islandNames.map((name) => [name, [testUrl(name)]])),
  sourceHash: "test",
};

export interface TestContext {
  app: ReturnType<typeof createApp>;
  kv: Deno.Kv;
  [Symbol.asyncDispose](): Promise<void>;
}

/** The whole app on an in-memory KV. Use with `await using t = await createTestApp()`. */
export async function createTestApp(
  options: { now?: () => Date; env?: Record<string, string>; requestLog?: boolean } = {},
) {
  const kv = await Deno.openKv(":memory:");
  const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: ":memory:", ...options.env });
  // Request lines would fill every test's output; tests/integration/request_log_test.ts checks them.
  const app = createApp({ kv, config, assets: TEST_ASSETS, now: options.now, requestLog: options.requestLog ?? false });
  return {
    app,
    kv,
    [Symbol.asyncDispose]: () => Promise.resolve(kv.close()),
  } satisfies TestContext;
}

/** A port nobody listens on right now, for a server a test starts in a process of its own. */
export function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

let counter = 0;

export function randomTeamInput(overrides: Partial<NewTeam> & { settings?: Partial<TeamSettings> } = {}): NewTeam {
  counter++;
  return {
    name: `Test Team ${counter}`,
    season: "Fall 2026",
    ageGroup: "U10",
    teamType: "coed",
    orgName: "Test Club",
    ...overrides,
  };
}

/** A team with players (jerseys 7 Rodriguez, 4 Okafor, 9 Rodriguez, 12 without a position). */
export async function seedTeam(
  kv: Deno.Kv,
  overrides: Partial<NewTeam> & { settings?: Partial<TeamSettings> } = {},
  players: NewPlayer[] = DEFAULT_PLAYERS,
): Promise<{ team: Team; players: Player[] }> {
  const team = await createTeam(kv, randomTeamInput(overrides));
  const created: Player[] = [];
  for (const p of players) created.push(await createPlayer(kv, team.id, p));
  return { team, players: created };
}

export const DEFAULT_PLAYERS: NewPlayer[] = [
  { firstName: "Maya", lastName: "Rodriguez", jerseyNumber: 7, position: "Forward", birthYear: 2016 },
  { firstName: "Sofia", lastName: "Okafor", jerseyNumber: 4, position: "Defender" },
  { firstName: "Diego", lastName: "Rodriguez", jerseyNumber: 9, position: "Forward" },
  { firstName: "Chloe", lastName: "Anderson", jerseyNumber: 12 },
];

/** Every key and value in the database, for "changed nothing" assertions. */
export async function dumpKv(
  kv: Deno.Kv,
  prefixes: string[] = [
    "teams",
    "teams_by_slug",
    "team_revisions",
    "players",
    "claims",
    "claims_by_status",
    "pending_claims_by_subject",
  ],
) {
  const out: [string, unknown, string][] = [];
  for (const p of prefixes) {
    for await (const e of kv.list({ prefix: [p] })) out.push([JSON.stringify(e.key), e.value, e.versionstamp]);
  }
  return out;
}

type App = TestContext["app"];

/** What a test request carries besides its method and path. Give at most one of body, form, csv and raw. */
export interface CallOptions {
  /** The Cookie header; "" sends none (an anonymous visitor). */
  cookie?: string;
  /** A JSON body, sent as application/json. */
  body?: unknown;
  /** An HTML form's fields, sent urlencoded as a browser does. */
  form?: Record<string, string>;
  /** A CSV upload, sent as text/csv. */
  csv?: string;
  /** A body sent as it is, with no content-type of its own: name one in `headers` when the test needs it. */
  raw?: BodyInit;
  /** More headers; they win over the ones above (a test's own content-type or origin, for example). */
  headers?: Record<string, string>;
  /** The Origin header: the app's own unless given; null sends none, as a navigation or a typed address does. */
  origin?: string | null;
  /** The peer address the app sees; without one the app sees no address ("unknown"). */
  ip?: string;
}

/** One request through `app.request()` (no port), same-origin unless `origin` says otherwise. */
export async function call(app: App, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const origin = options.origin === undefined ? TEST_ORIGIN : options.origin;
  const headers: Record<string, string> = { ...(origin === null ? {} : { origin }), ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
  } else if (options.csv !== undefined) {
    headers["content-type"] ??= "text/csv";
    body = options.csv;
  } else if (options.form !== undefined) {
    headers["content-type"] ??= "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(options.body);
  }
  const peer = options.ip === undefined
    ? undefined
    : { remoteAddr: { hostname: options.ip, port: 40000, transport: "tcp" as const } };
  return await app.request(`${TEST_ORIGIN}${path}`, { method, headers, body }, peer);
}

/** A GET as a browser's navigation sends it: no Origin header; a string is the session cookie. */
export async function get(app: App, path: string, options: string | CallOptions = {}): Promise<Response> {
  return await call(app, "GET", path, {
    origin: null,
    ...(typeof options === "string" ? { cookie: options } : options),
  });
}

/** `get`, with the page's HTML read. */
export async function getPage(
  app: App,
  path: string,
  options: string | CallOptions = {},
): Promise<{ res: Response; html: string }> {
  const res = await get(app, path, options);
  return { res, html: await res.text() };
}

export interface JsonRequest {
  method?: string;
  body?: unknown;
  /** Raw body text instead of JSON.stringify(body). */
  raw?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** A same-origin JSON call from a fixed peer address; a POST when it has a body, a GET otherwise. */
export async function requestJson(app: App, path: string, req: JsonRequest = {}): Promise<Response> {
  const hasBody = req.body !== undefined || req.raw !== undefined;
  return await call(app, req.method ?? (hasBody ? "POST" : "GET"), path, {
    body: req.body,
    raw: req.raw,
    headers: req.raw !== undefined ? { "content-type": "application/json", ...req.headers } : req.headers,
    ip: req.ip ?? "203.0.113.7",
  });
}

/** Posts an HTML form the way a same-origin browser without a session does, from a fixed peer address. */
export async function postForm(app: App, path: string, fields: Record<string, string>, ip = "203.0.113.8") {
  return await call(app, "POST", path, { form: fields, ip });
}

/** A plain form post with the session cookie, the way a browser without JavaScript sends it. */
export async function postFormAs(app: App, path: string, fields: Record<string, string>, cookie: string) {
  return await call(app, "POST", path, { form: fields, cookie });
}

/** Stores a player directly, as a fixture (the app adds players through the roster calls, with their checks). */
export async function createPlayer(kv: Deno.Kv, teamId: string, input: NewPlayer, now = new Date()): Promise<Player> {
  const player = buildPlayer(teamId, input, now);
  if (!(await commitTeamChange(kv, stagePlayer(kv.atomic(), player), teamId)).ok) {
    throw new Error("fixture commit failed");
  }
  return player;
}

/** JSON of what KV holds, kept counters (Deno.KvU64, a bigint inside) included, for "nothing changed or left" scans. */
export const kvJson = (value: unknown): string =>
  JSON.stringify(value, (_, part) => typeof part === "bigint" ? `${part}n` : part) ?? "";

/** Every value under a selector, read straight from KV (tests check what was stored). */
export async function kvValues<T = unknown>(kv: Deno.Kv, selector: Deno.KvListSelector): Promise<T[]> {
  return (await Array.fromAsync(kv.list<T>(selector))).map((entry) => entry.value);
}

/** A whole signup wizard's body (SPEC.md section 5), the address in mixed case as people type it. */
export const SIGNUP_BODY = {
  firstName: "Jordan",
  lastName: "Lee",
  email: "Jordan@Example.com",
  ageConfirmation: true,
  teamName: "Harbor Hawks",
  ageGroup: "U11",
  teamType: "girls",
  playerFirstName: "Riley",
  playerLastName: "Lee",
  playerJerseyNumber: 8,
};

/** A handle on `kv` that counts the entries its reads return (list, get, getMany). */
export function countingReads(kv: Deno.Kv): { kv: Deno.Kv; entries: () => number } {
  let entries = 0;
  const counted = new Proxy(kv, {
    get(target, name) {
      if (name === "list") {
        return (selector: Deno.KvListSelector, options?: Deno.KvListOptions) => {
          const iterator = target.list(selector, options);
          return {
            async *[Symbol.asyncIterator]() {
              for await (const entry of iterator) {
                entries++;
                yield entry;
              }
            },
            get cursor() {
              return iterator.cursor;
            },
          };
        };
      }
      if (name === "get") {
        return (key: Deno.KvKey) => {
          entries++;
          return target.get(key);
        };
      }
      if (name === "getMany") {
        return (keyList: Deno.KvKey[]) => {
          entries += keyList.length;
          return target.getMany(keyList);
        };
      }
      const value = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv: counted, entries: () => entries };
}

/** A component as a page renders it, in English (components read their texts with `useI18n()`). */
export const inEnglish = (node: ReactNode): ReactElement =>
  createElement(I18nProvider, { value: { lang: "en", m: messagesFor("en") }, children: node });
