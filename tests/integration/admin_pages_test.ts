import assert from "node:assert/strict";
import { createTestApp, dumpKv, get, postForm, postFormAs, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { ADMIN_PREFIXES, adminWorld, IDENTITIES, type Identity } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, queuedMail, setCheapTeamLogin } from "../auth_helpers.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";
import { keys } from "../../lib/db/keys.ts";
import type { Claim } from "../../lib/db/claims.ts";
import { currentJoinLink } from "../../lib/join/links.ts";
import { readableText } from "../i18n_helpers.ts";

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

let ipCounter = 10;
async function claimJersey(app: App, slug: string, jerseyNumber: number, email: string): Promise<string> {
  const res = await requestJson(app, `/api/teams/${slug}/claims`, {
    body: { mode: "jersey", jerseyNumber, email },
    ip: `198.51.100.${ipCounter++}`,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).claimId;
}

async function readClaim(kv: Deno.Kv, teamId: string, claimId: string): Promise<Claim> {
  return (await kv.get<Claim>(keys.claim(teamId, claimId))).value!;
}

/** The text of a dashboard tile, by its data attribute. */
function tile(html: string, id: string): string {
  const match = new RegExp(
    `data-tile="${id}"><p class="admin-tile__label">[^<]*</p><p class="admin-tile__value">([^<]*)</p>`,
  )
    .exec(html);
  assert.ok(match, `tile ${id} missing`);
  return match[1];
}

Deno.test("[admin pages] every page route × the six identities", async (t) => {
  await using app = await createTestApp();
  const world = await adminWorld(app);
  const id = world.team.id;
  const adminRoutes = [`/admin/${id}`, `/admin/${id}/claims`, `/admin/${id}/access`, `/teams/${id}/claims`];
  for (const identity of IDENTITIES) {
    await t.step(identity, async () => {
      const cookie = world.cookies[identity];
      for (const path of adminRoutes) {
        const res = await get(app.app, path, cookie);
        const body = await res.text();
        if (identity === "anonymous") {
          assert.equal(res.status, 303, path);
          assert.equal(res.headers.get("location"), `/team-login?next=${encodeURIComponent(path)}`);
        } else if (identity === "admin" || identity === "sysadmin") {
          assert.equal(res.status, 200, `${identity} ${path}`);
          assert.equal(res.headers.get("cache-control"), "no-store");
          assert.match(body, /<nav aria-label="Team admin">/);
        } else {
          assert.equal(res.status, 403, `${identity} ${path}`);
          assert.ok(!body.includes(world.team.name), "a refusal names nothing of the team");
        }
      }
      // /teams/{teamId}: the second reading of the route (DECISIONS.md).
      const res = await get(app.app, `/teams/${id}`, cookie);
      const body = await res.text();
      assert.equal(res.status, 200, `${identity} /teams/{id}`);
      const expected: Record<Identity, RegExp> = {
        anonymous: new RegExp(`action="/teams/${id}/login"`),
        parent: /<h1>Dashboard Moved<\/h1>/,
        player: /<h1>Dashboard Moved<\/h1>/,
        otherAdmin: /<h1>Dashboard Moved<\/h1>/,
        admin: /data-tile="players"/,
        sysadmin: /data-tile="players"/,
      };
      assert.match(body, expected[identity]);
      if (/Dashboard Moved/.test(body)) {
        assert.ok(body.includes(`href="/admin"`), "SPEC.md's button to /admin");
        assert.ok(body.includes(`href="/t/${world.team.slug}/roster"`));
        assert.ok(body.includes(`href="/family-dashboard/${id}"`));
      }
    });
  }
  await t.step("form posts refuse everyone but the team's admins and change nothing", async () => {
    const claimId = await claimJersey(app.app, world.team.slug, 7, "mum@example.com");
    const forms = [
      `/admin/${id}/claims/${claimId}/approve`,
      `/teams/${id}/claims/${claimId}/deny`,
      `/admin/${id}/access/login`,
      `/admin/${id}/access/admins`,
      `/admin/${id}/access/invite-link`,
    ];
    const before = await dumpKv(app.kv, ADMIN_PREFIXES);
    for (const identity of ["anonymous", "parent", "player", "otherAdmin"] as const) {
      for (const path of forms) {
        const res = await postFormAs(app.app, path, {
          username: "hijack",
          password: "a long enough password",
          email: "evil@example.com",
        }, world.cookies[identity]);
        assert.equal(res.status, identity === "anonymous" ? 303 : 403, `${identity} ${path}`);
        if (identity === "anonymous") assert.match(res.headers.get("location")!, /^\/team-login\?next=/);
      }
    }
    assert.deepEqual(await dumpKv(app.kv, ADMIN_PREFIXES), before);
  });
});

Deno.test("[admin pages] /teams/{id} for an unknown team is the 'Invalid Team' page", async () => {
  await using app = await createTestApp();
  const res = await get(app.app, "/teams/no-such-team");
  assert.equal(res.status, 404);
  assert.match(await res.text(), /<h1>Invalid Team<\/h1>/);
});

Deno.test("[admin pages] dashboard: the invite link first, the team's numbers, 3 pending claims and View All, nav badge", async () => {
  await using app = await createTestApp();
  const world = await adminWorld(app);
  const { team } = world;
  const claimIds = [];
  for (let i = 0; i < 5; i++) claimIds.push(await claimJersey(app.app, team.slug, 7, `p${i}@example.com`));
  await approveClaim({
    kv: app.kv,
    teamId: team.id,
    claimId: claimIds[0],
    actor: "test",
    appUrl: TEST_ORIGIN,
    now: new Date(),
  });
  const res = await get(app.app, `/admin/${team.id}`, world.cookies.admin);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.equal(tile(html, "claims-pending"), "4");
  assert.equal(tile(html, "players"), "4");
  assert.equal(tile(html, "players-with-parent"), "1 of 4");
  assert.equal(tile(html, "parents-with-access"), "1");
  assert.ok(!html.includes("Coverage") && !html.includes("Parent Access"), "one word for each number");
  assert.ok(
    html.indexOf('id="invite-heading"') < html.indexOf('aria-label="Team numbers"'),
    "the invite link comes first",
  );
  assert.match(html, new RegExp(`<h1>${team.name}</h1>`));
  assert.ok(html.includes(`href="/family-dashboard/${team.id}"`));
  assert.ok(html.includes(`href="/admin/${team.id}/roster?add=1"`), "Add Player opens the roster's add form");
  assert.ok(html.includes("Share Roster"));
  assert.ok(html.includes(`href="/t/${team.slug}/roster"`), "Back to Roster");
  assert.ok(html.includes(`href="/api/logout"`));
  assert.equal((html.match(/class="pending-list__item"/g) ?? []).length, 3);
  assert.match(html, new RegExp(`href="/admin/${team.id}/claims">View All`));
  assert.match(html, /aria-current="page"[^>]*>Dashboard/);
  assert.match(html, /admin-nav__badge">4<span class="visually-hidden">pending/);
  assert.ok(html.includes("Invite Link") && html.includes(`${TEST_ORIGIN}/join/`));
  assert.match(html, /<h2 id="calendar-heading">Team Calendar<\/h2>/);

  // Under /teams the navigation stays under /teams (Access lives only under /admin).
  const teamsHtml = await (await get(app.app, `/teams/${team.id}`, world.cookies.admin)).text();
  assert.ok(teamsHtml.includes(`href="/teams/${team.id}/claims"`));
  assert.ok(teamsHtml.includes(`href="/admin/${team.id}/access"`));
});

Deno.test("[admin pages] 0 of 0 players with a parent without players; no View All with 3 or fewer", async () => {
  await using app = await createTestApp();
  const { team } = await seedTeam(app.kv, {}, []);
  await createAccount(app.kv, { email: "solo@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const { signIn } = await import("../admin_helpers.ts");
  const cookie = await signIn(app, "solo@example.com");
  const html = await (await get(app.app, `/admin/${team.id}`, cookie)).text();
  assert.equal(tile(html, "players"), "0");
  assert.equal(tile(html, "players-with-parent"), "0 of 0");
  assert.ok(!readableText(html).includes("View All"));
  assert.ok(!html.includes("admin-nav__badge"));
});

Deno.test("[admin pages] claims page: counts, tables, empty state, Export Claims", async () => {
  await using app = await createTestApp();
  const world = await adminWorld(app);
  const { team } = world;
  const empty = await (await get(app.app, `/admin/${team.id}/claims`, world.cookies.admin)).text();
  assert.match(empty, /No claims yet/);
  assert.ok(empty.includes(`href="/api/admin/${team.id}/claims/export"`));

  await claimJersey(app.app, team.slug, 4, "okafor@example.com");
  const surname = await requestJson(app.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "surname", childSurname: "Rodriguez", email: "rod@example.com", note: "Twins!" },
    ip: "198.51.100.200",
  });
  assert.equal(surname.status, 201);
  const html = await (await get(app.app, `/teams/${team.id}/claims`, world.cookies.sysadmin)).text();
  assert.match(
    html,
    /data-count="pending"><p class="admin-tile__label">Pending claims<\/p><p class="admin-tile__value">2</,
  );
  assert.match(html, /<th scope="col">Jersey \/ Surname<\/th>/);
  assert.match(html, /<th scope="row">okafor@example.com<\/th>/);
  assert.ok(html.includes("Twins!"));
  assert.ok(html.includes("Surname Rodriguez"));
  // The surname matched two players: approving needs a choice between those two.
  assert.equal((html.match(/<select[^>]*name="playerId"/g) ?? []).length, 1);
  assert.ok(html.includes("#7 Maya Rodriguez") && html.includes("#9 Diego Rodriguez"));
  assert.ok(!html.includes("#12 Chloe Anderson"), "players the surname did not match are not offered");
  assert.ok(html.includes(`action="/teams/${team.id}/claims/`), "forms post under the request's prefix");
  assert.match(html, /aria-current="page"[^>]*>Claims/);
});

Deno.test("[admin pages] no-JS approve and deny: KV changes, 303 back, notice", async () => {
  await using app = await createTestApp();
  const world = await adminWorld(app);
  const { team, players } = world;
  const cookie = world.cookies.admin;
  const first = await claimJersey(app.app, team.slug, 7, "maya-mum@example.com");
  const second = await claimJersey(app.app, team.slug, 4, "sofia-dad@example.com");

  const approve = await postFormAs(app.app, `/admin/${team.id}/claims/${first}/approve`, {
    back: "claims",
  }, cookie);
  assert.equal(approve.status, 303);
  assert.equal(approve.headers.get("location"), `/admin/${team.id}/claims?done=approved`);
  assert.equal((await readClaim(app.kv, team.id, first)).status, "approved");
  assert.ok((await queuedMail(app.kv)).some((m) => m.mail.kind === "claim-approved"), "the parent gets the edit link");
  const page = await (await get(app.app, `/admin/${team.id}/claims?done=approved`, cookie)).text();
  assert.match(page, /role="status">Claim approved\./);
  assert.match(page, /status--approved">Approved/);

  const deny = await postFormAs(app.app, `/teams/${team.id}/claims/${second}/deny`, { back: "dashboard" }, cookie);
  assert.equal(deny.status, 303);
  assert.equal(deny.headers.get("location"), `/teams/${team.id}?done=denied`);
  assert.equal((await readClaim(app.kv, team.id, second)).status, "denied");
  assert.match(await (await get(app.app, `/teams/${team.id}?done=denied`, cookie)).text(), /Claim denied\./);

  // Deciding twice: the second decision changes nothing and says why.
  const again = await postFormAs(app.app, `/admin/${team.id}/claims/${second}/approve`, { back: "claims" }, cookie);
  assert.equal(again.headers.get("location"), `/admin/${team.id}/claims?error=decided`);
  assert.equal((await readClaim(app.kv, team.id, second)).status, "denied");
  const refused = await (await get(app.app, `/admin/${team.id}/claims?error=decided`, cookie)).text();
  assert.match(refused, /role="alert">This claim has already been decided\./);
  assert.ok(
    !(await (await get(app.app, `/admin/${team.id}/claims?error=<b>hi</b>`, cookie)).text()).includes("hi</b>"),
  );

  // A claim that matched two players needs the choice from the select.
  const res = await requestJson(app.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "surname", childSurname: "Rodriguez", email: "rod@example.com" },
    ip: "198.51.100.201",
  });
  const ambiguous = (await res.json()).claimId;
  const noChoice = await postFormAs(app.app, `/admin/${team.id}/claims/${ambiguous}/approve`, {
    back: "dashboard",
  }, cookie);
  assert.equal(noChoice.headers.get("location"), `/admin/${team.id}/claims?error=choose`);
  assert.equal((await readClaim(app.kv, team.id, ambiguous)).status, "pending");
  const diego = players.find((p) => p.firstName === "Diego")!;
  const chosen = await postFormAs(app.app, `/admin/${team.id}/claims/${ambiguous}/approve`, {
    back: "claims",
    playerId: diego.id,
  }, cookie);
  assert.equal(chosen.headers.get("location"), `/admin/${team.id}/claims?done=approved`);
  assert.deepEqual((await readClaim(app.kv, team.id, ambiguous)).playerIds, [diego.id]);
});

Deno.test("[admin pages] team login at /teams/{id}: through the API and without JavaScript", async () => {
  await using app = await createTestApp();
  const { team } = await seedTeam(app.kv);
  await setCheapTeamLogin(app.kv, team.id, "rockets", "a long team password");

  const form = await (await get(app.app, `/teams/${team.slug}`)).text();
  assert.match(form, /<label for="team-username">Team username<\/label>/);
  assert.match(form, new RegExp(`action="/teams/${team.id}/magic-link"`));

  // The island's call.
  const wrong = await requestJson(app.app, `/api/teams/${team.id}/login`, {
    body: { username: "rockets", password: "not the password" },
  });
  assert.equal(wrong.status, 401);
  assert.equal((await wrong.json()).message, "Invalid username or password. Please try again.");
  const right = await requestJson(app.app, `/api/teams/${team.id}/login`, {
    body: { username: "rockets", password: "a long team password" },
  });
  assert.equal(right.status, 200);
  const apiCookie = cookiesFrom(right);
  const dashboard = await get(app.app, `/teams/${team.id}`, apiCookie);
  assert.match(await dashboard.text(), /data-tile="players"/);

  // The form without JavaScript.
  const refused = await postForm(app.app, `/teams/${team.id}/login`, { username: "rockets", password: "nope" });
  assert.equal(refused.status, 401);
  const refusedHtml = await refused.text();
  assert.match(refusedHtml, /role="alert">Invalid username or password\. Please try again\./);
  assert.match(refusedHtml, /value="rockets"/);
  const ok = await postForm(app.app, `/teams/${team.id}/login`, {
    username: "Rockets",
    password: "a long team password",
  });
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), `/teams/${team.id}`);
  const formCookie = cookiesFrom(ok);
  assert.ok(formCookie);
  assert.match(await (await get(app.app, `/admin/${team.id}/claims`, formCookie)).text(), /<h1>Claims<\/h1>/);

  const magic = await postForm(app.app, `/teams/${team.id}/magic-link`, { email: "nobody@example.com" });
  assert.equal(magic.status, 200);
  assert.match(await magic.text(), /Magic link sent!/);
  const badEmail = await postForm(app.app, `/teams/${team.id}/magic-link`, { email: "nope" });
  assert.equal(badEmail.status, 400);
  assert.match(await badEmail.text(), /Please check your email address and try again\./);
  assert.equal((await postForm(app.app, "/teams/no-such-team/login", { username: "a", password: "b" })).status, 404);
});

Deno.test("[admin pages] access page: invite link, team login form, co-admins", async () => {
  await using app = await createTestApp();
  const world = await adminWorld(app);
  const { team } = world;
  const cookie = world.cookies.admin;
  const access = `/admin/${team.id}/access`;
  const html = await (await get(app.app, access, cookie)).text();
  const link = await currentJoinLink(app.kv, team.id, "test", TEST_ORIGIN);
  assert.ok(html.includes(link.joinUrl));
  assert.match(html, /Used 0 times/);
  assert.ok(html.includes("Generate New") && html.includes("stops the current one from working"));
  assert.match(html, /aria-current="page"[^>]*>Access/);
  assert.ok(html.includes("admin@example.com") && !html.includes(`aria-label="Remove`), "never the last admin");

  const regenerated = await postFormAs(app.app, `${access}/invite-link`, {}, cookie);
  assert.equal(regenerated.headers.get("location"), `${access}?done=regenerated`);
  assert.notEqual((await currentJoinLink(app.kv, team.id, "test", TEST_ORIGIN)).code, link.code);

  const short = await postFormAs(app.app, `${access}/login`, { username: "rockets", password: "short" }, cookie);
  assert.equal(short.status, 400);
  const shortHtml = await short.text();
  assert.match(shortHtml, /id="access-password-error">[^<]*12/);
  assert.match(shortHtml, /aria-invalid="true"/);
  const saved = await postFormAs(app.app, `${access}/login`, {
    username: "rockets",
    password: "a long team password",
  }, cookie);
  assert.equal(saved.headers.get("location"), `${access}?done=saved`);
  const savedHtml = await (await get(app.app, `${access}?done=saved`, cookie)).text();
  assert.match(savedHtml, /Team login saved\./);
  assert.match(savedHtml, /username <strong>rockets<\/strong>/);

  const invalid = await postFormAs(app.app, `${access}/admins`, { email: "not-an-email" }, cookie);
  assert.equal(invalid.status, 400);
  assert.match(await invalid.text(), /id="invite-email-error">Please enter a valid email address\./);
  const invited = await postFormAs(app.app, `${access}/admins`, { email: "Helper@Example.com" }, cookie);
  assert.equal(invited.headers.get("location"), `${access}?done=invited`);
  assert.ok(
    (await queuedMail(app.kv)).some((m) =>
      m.mail.kind === "co-admin-invite" && m.mail.to.address === "helper@example.com"
    ),
  );
  const withHelper = await (await get(app.app, access, cookie)).text();
  assert.ok(withHelper.includes("helper@example.com"));
  const removeAction = new RegExp(`action="(${access}/admins/[^"]+/remove)"`).exec(
    withHelper.slice(withHelper.indexOf("helper@example.com")),
  );
  assert.ok(removeAction);
  const removed = await postFormAs(app.app, removeAction[1], {}, cookie);
  assert.equal(removed.headers.get("location"), `${access}?done=removed`);
  assert.ok(!(await (await get(app.app, access, cookie)).text()).includes(`aria-label="Remove`));
});

Deno.test("[admin pages] live claims: one board island, counters and badge marked for in-place updates", async () => {
  await using app = await createTestApp();
  const world = await adminWorld(app);
  const { team } = world;
  const cookie = world.cookies.admin;
  const empty = await (await get(app.app, `/admin/${team.id}/claims`, cookie)).text();
  assert.ok(!empty.includes('data-island="ClaimsBoard"'), "no claims: the empty state, no island");

  await claimJersey(app.app, team.slug, 4, "okafor@example.com");
  await claimJersey(app.app, team.slug, 7, "maya@example.com");
  const html = await (await get(app.app, `/admin/${team.id}/claims`, cookie)).text();
  // Both tables are one island, woken by the first click; the page loads no other island.
  assert.equal((html.match(/data-island="/g) ?? []).length, 1);
  assert.match(html, /data-island="ClaimsBoard"[^>]*data-hydrate="interaction"/);
  for (const id of ["pending", "approved", "denied"]) {
    assert.match(html, new RegExp(`data-number="claims-${id}" class="admin-tile" data-count="${id}"`));
  }
  assert.match(html, /data-number="claims-pending" data-live-zero="remove" class="admin-nav__badge">2</);
  // Without JavaScript each pending claim still has its two forms, posting under the page's prefix.
  assert.equal((html.match(new RegExp(`action="/admin/${team.id}/claims/[^"]+/approve"`, "g")) ?? []).length, 2);
  assert.equal((html.match(new RegExp(`action="/admin/${team.id}/claims/[^"]+/deny"`, "g")) ?? []).length, 2);
  assert.match(html, /<h2 id="pending-claims-heading" tabindex="-1">/, "the heading can take focus");

  const dashboard = await (await get(app.app, `/admin/${team.id}`, cookie)).text();
  assert.match(dashboard, /data-island="PendingClaimsCard"[^>]*data-hydrate="interaction"/);
  // Every tile is one of the team's numbers, which a decision's answer carries fresh.
  for (const name of ["claims-pending", "players", "players-with-parent", "parents-with-access"]) {
    assert.match(dashboard, new RegExp(`data-number="${name}" class="admin-tile" data-tile="${name}"`));
  }
  assert.equal((dashboard.match(/class="pending-list__item"/g) ?? []).length, 2);
});

Deno.test("[admin pages] settings without JavaScript: noValidate forms, each refusal at its own field", async () => {
  await using app = await createTestApp();
  const world = await adminWorld(app);
  const { team } = world;
  const cookie = world.cookies.admin;
  const path = `/admin/${team.id}/settings`;
  const page = await (await get(app.app, path, cookie)).text();
  assert.equal((page.match(/<form [^>]*novalidate=""/gi) ?? []).length, 2, "both forms are noValidate");
  assert.ok(!page.includes('aria-invalid="true"'));

  const good = { name: team.name, season: "Fall 2026", orgName: "", claimInstructions: "", allowedEmailDomains: "" };
  const cases: [Record<string, string>, string, string][] = [
    [{ name: "  " }, "settings-name", "Team name is required"],
    [{ name: "x".repeat(81) }, "settings-name", "Team name must be at most 80 characters"],
    [{ season: "x".repeat(41) }, "settings-season", "Season must be at most 40 characters"],
    [{ orgName: "x".repeat(81) }, "settings-orgName", "Organization name must be at most 80 characters"],
    [
      { claimInstructions: "x".repeat(501) },
      "settings-instructions",
      "Claim instructions must be at most 500 characters",
    ],
    [{ allowedEmailDomains: "school.org\nnot a domain" }, "settings-domain-list", "Invalid email domain: not a domain"],
    [
      { allowedEmailDomains: Array.from({ length: 21 }, (_, i) => `d${i}.example`).join("\n") },
      "settings-domain-list",
      "At most 20 email domains",
    ],
  ];
  for (const [fields, id, message] of cases) {
    const res = await postFormAs(app.app, path, { ...good, ...fields }, cookie);
    assert.equal(res.status, 400, message);
    const html = await res.text();
    assert.equal((html.match(/aria-invalid="true"/g) ?? []).length, 1, `${message}: one field is marked`);
    const input = new RegExp(`<(input|textarea) id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
    assert.match(input, /aria-invalid="true"/, `${message}: ${id} is marked`);
    assert.match(input, new RegExp(`aria-describedby="[^"]*${id}-error"`), `${message}: ${id} names its error`);
    assert.ok(html.includes(`<p class="field__error" id="${id}-error">${message}</p>`), `${message} at ${id}`);
  }

  const wrong = await postFormAs(app.app, `${path}/delete`, { confirm: "not the name" }, cookie);
  assert.equal(wrong.status, 400);
  const refused = await wrong.text();
  assert.match(
    refused,
    /<input id="settings-confirm"[^>]*aria-invalid="true"[^>]*aria-describedby="settings-confirm-error"/,
  );
  assert.match(refused, /<p class="field__error" id="settings-confirm-error">Type the team name to confirm\.<\/p>/);
});
