import assert from "node:assert/strict";
import { createTestApp, dumpKv, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookieAttributes, cookiesFrom, createAccount, tokenFromMail } from "../auth_helpers.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";
import { keys } from "../../lib/db/keys.ts";
import { getPlayer } from "../../lib/db/players.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { hashToken } from "../../lib/auth/tokens.ts";

/** The keys under a prefix. */
async function indexed(kv: Deno.Kv, prefix: Deno.KvKey): Promise<Deno.KvKey[]> {
  const found: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix })) found.push(e.key);
  return found;
}

type App = Parameters<typeof requestJson>[0];

/** A team, a parent's approved claim for jersey 4 (Sofia Okafor), and the mailed edit token. */
async function approvedClaim(kv: Deno.Kv, now = new Date()) {
  const seeded = await seedTeam(kv);
  const { team } = seeded;
  const claim = await submitClaim(
    kv,
    team,
    { mode: "jersey", jerseyNumber: 4, email: "ana@example.com", note: "" },
    now,
  );
  await approveClaim({ kv, teamId: team.id, claimId: claim.id, actor: "coach@example.com", appUrl: TEST_ORIGIN, now });
  const token = await tokenFromMail(kv, "ana@example.com", "/edit");
  return { ...seeded, player: seeded.players[1], token };
}

const openLink = (app: App, token: string, cookie = "") =>
  requestJson(app, `/api/edit?token=${encodeURIComponent(token)}`, { headers: cookie ? { cookie } : {} });
const patch = (app: App, playerId: string, body: unknown, cookie = "") =>
  requestJson(app, `/api/players/${playerId}`, { method: "PATCH", body, headers: cookie ? { cookie } : {} });

const EDIT = { firstName: "Sofia", lastName: "Okafor-Reyes", jerseyNumber: "5", position: "Midfielder", photoUrl: "" };

Deno.test("[edit] the link opens once: player and parent e-mails, a one-hour Strict cookie; a second open is refused", async () => {
  await using t = await createTestApp();
  const { player, token } = await approvedClaim(t.kv);
  const missing = await requestJson(t.app, "/api/edit");
  assert.equal(missing.status, 400);
  assert.equal((await missing.json()).message, "No token provided");
  const bad = await openLink(t.app, "x".repeat(43));
  assert.equal(bad.status, 410);
  assert.equal((await bad.json()).message, "Invalid or expired token");

  const opened = await openLink(t.app, token);
  assert.equal(opened.status, 200);
  assert.equal(opened.headers.get("cache-control"), "no-store");
  const body = await opened.json();
  assert.equal(body.player.id, player.id);
  assert.deepEqual(body.playerEmails, ["ana@example.com"]);
  const attributes = cookieAttributes(opened, "gm_edit")!;
  assert.equal(attributes.SameSite, "Strict");
  assert.equal(attributes["Max-Age"], "3600");
  const cookie = cookiesFrom(opened);

  const elsewhere = await openLink(t.app, token);
  assert.equal(elsewhere.status, 410, "a second browser cannot use the spent link");
  const reload = await openLink(t.app, token, cookie);
  assert.equal(reload.status, 200, "the browser holding the edit session may reload");
  assert.equal(reload.headers.getSetCookie().length, 0);
});

Deno.test("[edit] a HEAD or a prefetch of /api/edit only looks: the link still opens once afterwards (R16)", async () => {
  await using t = await createTestApp();
  const { team, player, token } = await approvedClaim(t.kv);
  const url = `${TEST_ORIGIN}/api/edit?token=${encodeURIComponent(token)}`;
  const looks: RequestInit[] = [
    { method: "HEAD" },
    { method: "HEAD" },
    { headers: { "sec-purpose": "prefetch" } },
    { headers: { "sec-purpose": "prefetch;prerender" } },
    { headers: { purpose: "prefetch" } },
  ];
  for (const init of looks) {
    const res = await t.app.request(url, init);
    assert.equal(res.status, 200, JSON.stringify(init));
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.equal(res.headers.getSetCookie().length, 0, "no edit session starts");
    const body = await res.text();
    assert.ok(!body.includes(player.lastName), "a look shows no child's details");
  }
  assert.equal(
    (await t.app.request(`${TEST_ORIGIN}/api/edit?token=${"x".repeat(43)}`, { method: "HEAD" })).status,
    410,
  );
  assert.ok((await t.kv.get(keys.editToken(await hashToken(token)))).value, "the token is unspent");
  assert.deepEqual(await indexed(t.kv, keys.teamEditTokens(team.id)), [
    keys.teamEditToken(team.id, await hashToken(token)),
  ]);

  const opened = await openLink(t.app, token);
  assert.equal(opened.status, 200, "the page's own GET still spends it");
  assert.equal((await opened.json()).player.id, player.id);
  assert.equal((await t.app.request(url, { method: "HEAD" })).status, 410, "spent");
  assert.equal((await openLink(t.app, token)).status, 410);
  assert.deepEqual(await indexed(t.kv, keys.teamEditTokens(team.id)), [], "a spent link leaves its team's index");
});

Deno.test("[edit] 20 simultaneous opens of one link: exactly one succeeds", async () => {
  await using t = await createTestApp();
  const { token } = await approvedClaim(t.kv);
  const results = await Promise.all(Array.from({ length: 20 }, () => openLink(t.app, token)));
  assert.equal(results.filter((r) => r.status === 200).length, 1);
  assert.equal(results.filter((r) => r.status === 410).length, 19);
});

Deno.test("[edit] a link expires after 7 days, and dies with its player", async () => {
  let now = Date.parse("2026-11-22T10:00:00Z");
  await using t = await createTestApp({ now: () => new Date(now) });
  const { token } = await approvedClaim(t.kv, new Date(now));
  now += 7 * 24 * 60 * 60 * 1000 + 1000;
  assert.equal((await openLink(t.app, token)).status, 410);

  now = Date.parse("2026-11-22T10:00:00Z");
  await using t2 = await createTestApp({ now: () => new Date(now) });
  const second = await approvedClaim(t2.kv, new Date(now));
  await t2.kv.delete(keys.player(second.team.id, second.player.id));
  assert.equal((await openLink(t2.app, second.token)).status, 410);
});

Deno.test("[edit] PATCH saves through the edit session, with the spec's messages; the public roster updates", async () => {
  await using t = await createTestApp();
  const { team, player, players, token } = await approvedClaim(t.kv);
  const cookie = cookiesFrom(await openLink(t.app, token));

  const before = await dumpKv(t.kv);
  const cases: [Record<string, unknown>, string][] = [
    [{ ...EDIT, firstName: " " }, "First name is required"],
    [{ ...EDIT, lastName: "" }, "Last name is required"],
    [{ ...EDIT, jerseyNumber: 100 }, "Jersey number must be between 0 and 99"],
    [{ ...EDIT, photoUrl: "not a url" }, "Please enter a valid URL"],
    [{ ...EDIT, photoUrl: "https://tracker.example/p.png" }, "Please use a photo uploaded to GoalMates"],
    // Another child's images, or a path whose old images would be left behind: only Change photo changes it.
    [{ ...EDIT, photoUrl: "/objects/someone-else.jpg" }, "To change or remove the photo, use Change photo."],
    [{ ...EDIT, teamId: "other" }, "Unknown field: teamId"],
  ];
  for (const [body, message] of cases) {
    const res = await patch(t.app, player.id, body, cookie);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal((await res.json()).message, message);
  }
  assert.deepEqual(await dumpKv(t.kv), before, "bad input changes nothing");

  const saved = await patch(t.app, player.id, EDIT, cookie);
  assert.equal(saved.status, 200);
  assert.equal((await saved.json()).message, "Player information updated successfully");
  const stored = (await getPlayer(t.kv, team.id, player.id))!;
  assert.deepEqual([stored.lastName, stored.jerseyNumber, stored.position], ["Okafor-Reyes", 5, "Midfielder"]);
  const blankJersey = await patch(t.app, player.id, { ...EDIT, jerseyNumber: "" }, cookie);
  assert.equal((await blankJersey.json()).player.jerseyNumber, 0, "a blank jersey is read as 0");
  assert.equal(
    (await listAudit(t.kv, { teamId: team.id })).values.filter((e) => e.action === "player.updated").length,
    2,
  );

  const roster = await (await requestJson(t.app, `/api/teams/${team.slug}/roster`)).json();
  assert.ok(roster.players.some((p: { jerseyNumber: number; position: string }) => p.jerseyNumber === 0));

  const otherPlayer = await patch(t.app, players[0].id, EDIT, cookie);
  assert.equal(otherPlayer.status, 404, "the edit session covers one player only");
});

Deno.test("[edit] PATCH by session: the player's parent and the team admin may; other parents and strangers may not", async () => {
  await using t = await createTestApp();
  const { team, player } = await approvedClaim(t.kv);
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  await createAccount(t.kv, { email: "other@example.com", teamId: team.id });
  const signIn = async (email: string) => {
    await requestJson(t.app, "/api/team/magic-link", { body: { email } });
    const token = await tokenFromMail(t.kv, email, "/auth/magic");
    return cookiesFrom(
      await t.app.request(`${TEST_ORIGIN}/auth/magic`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
      }),
    );
  };
  assert.equal((await patch(t.app, player.id, EDIT)).status, 401);
  assert.equal((await patch(t.app, player.id, EDIT, await signIn("other@example.com"))).status, 404);
  assert.equal((await patch(t.app, player.id, EDIT, await signIn("ana@example.com"))).status, 200);
  assert.equal((await patch(t.app, player.id, EDIT, await signIn("coach@example.com"))).status, 200);
  assert.equal((await patch(t.app, "01ARZ3NDEKTSV4RRFFQ69G5FAV", EDIT, await signIn("coach@example.com"))).status, 404);
});

Deno.test("[edit] Parent Emails: an added address becomes the player's parent when it signs in by magic link", async () => {
  await using t = await createTestApp();
  const { team, player, token } = await approvedClaim(t.kv);
  const cookie = cookiesFrom(await openLink(t.app, token));
  const add = (email: unknown, c = cookie) =>
    requestJson(t.app, `/api/players/${player.id}/emails`, { body: { email }, headers: c ? { cookie: c } : {} });
  for (const bad of ["", "no-at-sign", 42]) {
    const res = await add(bad);
    assert.equal(res.status, 400);
    assert.equal((await res.json()).message, "Please enter a valid email address");
  }
  assert.equal((await add("dad@example.com", "")).status, 401);
  const added = await add("Dad@Example.com");
  assert.equal(added.status, 200);
  assert.deepEqual(await added.json(), {
    success: true,
    message: "Email added successfully",
    playerEmails: ["ana@example.com", "dad@example.com"],
  });

  // The co-parent has no account yet, but a sign-in link is sent and creates one.
  await requestJson(t.app, "/api/team/magic-link", { body: { email: "dad@example.com" } });
  const link = await tokenFromMail(t.kv, "dad@example.com", "/auth/magic");
  const signedIn = await t.app.request(`${TEST_ORIGIN}/auth/magic`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: link }).toString(),
  });
  assert.equal(signedIn.status, 303);
  const session = await (await requestJson(t.app, "/api/v2/auth/session", {
    headers: { cookie: cookiesFrom(signedIn) },
  })).json();
  assert.equal(session.user.email, "dad@example.com");
  assert.equal(session.user.roles[team.id], "TEAM_STANDARD");
  assert.ok((await t.kv.get(keys.playerGuardian(team.id, player.id, session.user.id))).value);
  assert.deepEqual(await (await openLink(t.app, token, cookie)).json().then((b) => b.playerEmails), [
    "ana@example.com",
    "dad@example.com",
  ]);
});
