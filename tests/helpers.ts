import { createApp } from "../routes/mod.tsx";
import { loadConfig } from "../lib/config.ts";
import type { AssetManifest } from "../lib/render/assets.ts";
import { createTeam, type NewTeam, type Team, type TeamSettings } from "../lib/db/teams.ts";
import { createPlayer, type NewPlayer, type Player } from "../lib/db/players.ts";

export const TEST_ORIGIN = "http://goalmates.test";

/** A manifest shaped like the build's; SSR only needs the URLs. */
export const TEST_ASSETS: AssetManifest = {
  css: "/build/styles-test.css",
  boot: "/build/boot-test.js",
  islands: {
    ClaimDialog: "/build/island-ClaimDialog-test.js",
    SignupWizard: "/build/island-SignupWizard-test.js",
    SignupVerify: "/build/island-SignupVerify-test.js",
    SignupCelebration: "/build/island-SignupCelebration-test.js",
    TeamLogin: "/build/island-TeamLogin-test.js",
    SysadminLogin: "/build/island-SysadminLogin-test.js",
    EmailTest: "/build/island-EmailTest-test.js",
    InviteLinkCard: "/build/island-InviteLinkCard-test.js",
    ClaimActions: "/build/island-ClaimActions-test.js",
    ShareLink: "/build/island-ShareLink-test.js",
    TeamAccessLogin: "/build/island-TeamAccessLogin-test.js",
    EditPlayer: "/build/island-EditPlayer-test.js",
    JoinFlow: "/build/island-JoinFlow-test.js",
    RosterManager: "/build/island-RosterManager-test.js",
    SettingsForm: "/build/island-SettingsForm-test.js",
    PrintButton: "/build/island-PrintButton-test.js",
  },
  islandGraph: {
    ClaimDialog: ["/build/island-ClaimDialog-test.js"],
    SignupWizard: ["/build/island-SignupWizard-test.js"],
    SignupVerify: ["/build/island-SignupVerify-test.js"],
    SignupCelebration: ["/build/island-SignupCelebration-test.js"],
    TeamLogin: ["/build/island-TeamLogin-test.js"],
    SysadminLogin: ["/build/island-SysadminLogin-test.js"],
    EmailTest: ["/build/island-EmailTest-test.js"],
    InviteLinkCard: ["/build/island-InviteLinkCard-test.js"],
    ClaimActions: ["/build/island-ClaimActions-test.js"],
    ShareLink: ["/build/island-ShareLink-test.js"],
    TeamAccessLogin: ["/build/island-TeamAccessLogin-test.js"],
    EditPlayer: ["/build/island-EditPlayer-test.js"],
    JoinFlow: ["/build/island-JoinFlow-test.js"],
    RosterManager: ["/build/island-RosterManager-test.js"],
    SettingsForm: ["/build/island-SettingsForm-test.js"],
    PrintButton: ["/build/island-PrintButton-test.js"],
  },
  sourceHash: "test",
};

export interface TestContext {
  app: ReturnType<typeof createApp>;
  kv: Deno.Kv;
  [Symbol.asyncDispose](): Promise<void>;
}

/** The whole app on an in-memory KV. Use with `await using t = await createTestApp()`. */
export async function createTestApp(options: { now?: () => Date; env?: Record<string, string> } = {}) {
  const kv = await Deno.openKv(":memory:");
  const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: ":memory:", ...options.env });
  const app = createApp({ kv, config, assets: TEST_ASSETS, now: options.now });
  return {
    app,
    kv,
    [Symbol.asyncDispose]: () => Promise.resolve(kv.close()),
  } satisfies TestContext;
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

export interface JsonRequest {
  method?: string;
  body?: unknown;
  /** Raw body text instead of JSON.stringify(body). */
  raw?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** Sends a same-origin JSON request through `app.request()` (no port). */
export async function requestJson(app: TestContext["app"], path: string, req: JsonRequest = {}): Promise<Response> {
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    ...(req.body !== undefined || req.raw !== undefined ? { "content-type": "application/json" } : {}),
    ...req.headers,
  };
  return await app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method: req.method ?? (req.body !== undefined || req.raw !== undefined ? "POST" : "GET"),
      headers,
      body: req.raw ?? (req.body !== undefined ? JSON.stringify(req.body) : undefined),
    },
    { remoteAddr: { hostname: req.ip ?? "203.0.113.7", port: 40000, transport: "tcp" } },
  );
}

/** Posts an HTML form the way a same-origin browser does. */
export async function postForm(
  app: TestContext["app"],
  path: string,
  fields: Record<string, string>,
  ip = "203.0.113.8",
): Promise<Response> {
  return await app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    },
    { remoteAddr: { hostname: ip, port: 40000, transport: "tcp" } },
  );
}
