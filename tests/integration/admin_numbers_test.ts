/**
 * Admin numbers that agree (lib/teams/team_numbers.ts): the dashboard, the roster page, the claims
 * page and the system administrator's team card show the same numbers under the same words; a
 * decision's answer carries them fresh; the hub's 'Connect Your Team' leads a signed-in person
 * onward; the Activity tab reads as sentences with today's names.
 */
import assert from "node:assert/strict";
import { createTestApp, get, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { adminWorld, call, signIn, signInSysadmin } from "../admin_helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";
import { loadTeamNumbers } from "../../lib/teams/mod.ts";
import type { NewPlayer } from "../../lib/db/players.ts";

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

/** A page's HTML (it must answer 200), without React's text separators. */
const pageHtml = async (app: App, path: string, cookie: string) => {
  const res = await get(app, path, cookie);
  assert.equal(res.status, 200, path);
  return (await res.text()).replace(/<!-- -->/g, "");
};

const tile = (html: string, name: string) =>
  new RegExp(`data-tile="${name}"><p class="admin-tile__label">([^<]*)</p><p class="admin-tile__value">([^<]*)</p>`)
    .exec(html)?.slice(1);
const stat = (html: string, label: string) => new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`).exec(html)?.[1];

let ip = 20;
async function claimJersey(app: App, slug: string, jerseyNumber: number, email: string): Promise<string> {
  const res = await requestJson(app, `/api/teams/${slug}/claims`, {
    body: { mode: "jersey", jerseyNumber, email },
    ip: `198.51.100.${ip++}`,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).claimId;
}

const EIGHT: NewPlayer[] = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
  firstName: `Kid${String.fromCharCode(64 + n)}`,
  lastName: "Lee",
  jerseyNumber: n,
}));

Deno.test("[admin numbers] a team with 6 players with a parent: the same numbers on the dashboard, roster, claims page and team card", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv, { settings: { allowedEmailDomains: [] } }, EIGHT);
  await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN", firstName: "Ada" });
  const admin = await signIn(t, "admin@example.com");
  // Four approved claims: one parent claims two children, so 4 approvals are 3 parents.
  const now = new Date();
  const decide = { kv: t.kv, teamId: team.id, actor: "admin@example.com", appUrl: TEST_ORIGIN, now };
  for (
    const [jersey, email] of [[1, "ann@example.com"], [2, "ann@example.com"], [3, "bo@example.com"], [
      4,
      "cy@example.com",
    ]] as const
  ) {
    await approveClaim({ ...decide, claimId: await claimJersey(t.app, team.slug, jersey, email) });
  }
  // Two more players get a parent another way (a co-parent's sign-in, the signup); one is pending, one denied.
  for (const [player, email] of [[players[4], "di@example.com"], [players[5], "ed@example.com"]] as const) {
    const user = await createAccount(t.kv, { email, teamId: team.id });
    await stageGuardian(t.kv.atomic(), team.id, player.id, user.id).commit();
  }
  await claimJersey(t.app, team.slug, 7, "pending@example.com");
  const denied = await claimJersey(t.app, team.slug, 8, "denied@example.com");
  assert.equal(
    (await call(t.app, "POST", `/api/admin/${team.id}/claims/${denied}/deny`, { cookie: admin })).status,
    200,
  );

  const dashboard = await pageHtml(t.app, `/admin/${team.id}`, admin);
  assert.deepEqual(tile(dashboard, "players"), ["Players", "8"]);
  assert.deepEqual(tile(dashboard, "players-with-parent"), ["Players with a parent", "6 of 8"]);
  assert.deepEqual(tile(dashboard, "parents-with-access"), ["Parents with access", "5"]);
  assert.deepEqual(tile(dashboard, "claims-pending"), ["Pending claims", "1"]);

  const roster = await pageHtml(t.app, `/admin/${team.id}/roster`, admin);
  assert.equal(stat(roster, "Players"), "8");
  assert.equal(stat(roster, "Players with a parent"), "6", "the roster and the dashboard agree");
  assert.equal((roster.match(/>Has a parent</g) ?? []).length, 6);
  assert.equal((roster.match(/>No parent yet</g) ?? []).length, 2);

  const claims = await pageHtml(t.app, `/admin/${team.id}/claims`, admin);
  for (
    const [status, label, value] of [["pending", "Pending claims", "1"], ["approved", "Approved claims", "4"], [
      "denied",
      "Denied claims",
      "1",
    ]]
  ) {
    assert.match(
      claims,
      new RegExp(
        `data-count="${status}"><p class="admin-tile__label">${label}</p><p class="admin-tile__value">${value}<`,
      ),
    );
  }

  const console = await pageHtml(
    t.app,
    `/sysadmin?tab=teams&q=${encodeURIComponent(team.name)}`,
    await signInSysadmin(t),
  );
  const card = console.slice(console.indexOf(`>${team.name}</h3>`));
  assert.equal(stat(card, "Players"), "8");
  assert.equal(stat(card, "Parents with access"), "5", "the system administrator's card counts parents alike");
});

Deno.test("[admin numbers] a decision's answer carries the team's numbers, as the dashboard's tiles show them", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const claimId = await claimJersey(t.app, w.team.slug, 4, "new.parent@example.com");
  const res = await call(t.app, "POST", `/api/admin/${w.team.id}/claims/${claimId}/approve`, {
    cookie: w.cookies.admin,
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body.numbers, await loadTeamNumbers(t.kv, w.team.id));
  assert.deepEqual(body.numbers, {
    players: 4,
    playersWithParent: 1,
    parentsWithAccess: 1,
    claims: { pending: 0, approved: 1, denied: 0 },
  });
});

Deno.test("[admin numbers] the hub's 'Connect Your Team' leads a signed-in person onward, never to a sign-in", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const connect = (html: string) => /href="([^"]*)">Connect Your Team</.exec(html)?.[1];
  assert.equal(
    connect(await pageHtml(t.app, "/home", w.cookies.admin)),
    `/admin/${w.team.id}`,
    "their team's dashboard",
  );
  assert.equal(connect(await pageHtml(t.app, "/home", w.cookies.parent)), "/signup", "a parent: the signup wizard");
  assert.equal(connect(await pageHtml(t.app, "/home", w.cookies.sysadmin)), "/signup");
  // A parent of the selected team who administers another team: that team's dashboard.
  const coach = await createAccount(t.kv, { email: "coach@example.com", teamId: w.team.id });
  const { setMembership } = await import("../../lib/db/users.ts");
  await setMembership(t.kv, coach.id, w.otherTeam.id, "TEAM_ADMIN");
  const home = await pageHtml(t.app, "/home", await signIn(t, "coach@example.com"));
  assert.match(connect(home) ?? "", /^\/admin\//);
  assert.ok(!home.includes('href="/admin-login"'));
});

Deno.test("[admin numbers] Activity reads as sentences with today's names, not codes and ids", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const sofia = w.players.find((p) => p.firstName === "Sofia")!;
  const claimId = await claimJersey(t.app, w.team.slug, 4, "okafor@example.com");
  const approve = `/api/admin/${w.team.id}/claims/${claimId}/approve`;
  assert.equal((await call(t.app, "POST", approve, { cookie: w.cookies.admin })).status, 200);
  const renamed = await call(t.app, "PATCH", `/api/admin/${w.team.id}/players/${sofia.id}`, {
    cookie: w.cookies.admin,
    body: { firstName: "Sophie" },
  });
  assert.equal(renamed.status, 200, await renamed.clone().text());

  const html = await pageHtml(t.app, `/admin?tab=activity&team=${w.team.id}`, w.cookies.sysadmin);
  const sentences = [...html.matchAll(/class="admin-home-entry__sentence">([^<]*)</g)].map((m) => m[1]);
  assert.deepEqual(sentences, [
    "Ada Person changed Sophie Okafor&#x27;s details (first name).",
    "Ada Person approved Sophie Okafor&#x27;s claim by okafor@example.com.",
  ]);
  assert.ok(!html.includes(claimId) && !html.includes(">claim.approved<"), "no ids, no action codes");
});
