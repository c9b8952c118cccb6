import assert from "node:assert/strict";
import { createTestApp, get, postForm, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { tokenFromMail } from "../auth_helpers.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";
import { claimsOverview } from "../../lib/claims/review.ts";
import { currentJoinLink, regenerateJoinLink } from "../../lib/join/links.ts";
import { EDIT_MESSAGES } from "../../lib/roster/edit_links.ts";
import { JOIN_MESSAGES } from "../../lib/join/rules.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

/**
 * The page's visible text, entities undone (React writes ' as &#x27;); without scripts, whose
 * island props carry the island's messages for every step.
 */
async function pageText(res: Response): Promise<string> {
  return (await res.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, " ").replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'").replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&").replace(/\s+/g, " ");
}

Deno.test("[edit page] the texts match the API's: the page and the calls read one catalogue entry", () => {
  assert.equal(EDIT_MESSAGES, messagesFor("en").edit.api);
});

Deno.test("[edit page] no token: 'Invalid Link' (400); a token: the validating state, and nothing is spent", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  for (const path of ["/edit", "/edit?token=", "/edit?token=%20"]) {
    const missing = await get(t.app, path);
    assert.equal(missing.status, 400, path);
    const text = await pageText(missing);
    assert.match(text, /Invalid Link/);
    assert.match(text, /No token provided/);
  }

  const claim = await submitClaim(t.kv, team, { mode: "jersey", jerseyNumber: 4, email: "ana@example.com", note: "" });
  await approveClaim({
    kv: t.kv,
    teamId: team.id,
    claimId: claim.id,
    actor: "coach@example.com",
    appUrl: TEST_ORIGIN,
    now: new Date(),
  });
  const token = await tokenFromMail(t.kv, "ana@example.com", "/edit");

  for (let i = 0; i < 2; i++) {
    const page = await get(t.app, `/edit?token=${encodeURIComponent(token)}`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("cache-control"), "no-store");
    assert.equal(page.headers.get("referrer-policy"), "no-referrer");
    assert.deepEqual(page.headers.getSetCookie(), [], "the HTML GET starts no edit session");
    const html = await page.text();
    assert.match(html, /Validating edit link\.\.\./);
    assert.match(html, /data-island="EditPlayer"/);
    assert.match(html, /<noscript>.*needs JavaScript/s);
    // The footer's language switch posts to /language, which spends nothing.
    const forms = [...html.matchAll(/<form\b[^>]*>/gi)].map(([form]) => /action="([^"]*)"/.exec(form)?.[1]);
    assert.deepEqual(forms, ["/language"], "no form a mail scanner could submit");
  }
  const opened = await requestJson(t.app, `/api/edit?token=${encodeURIComponent(token)}`);
  assert.equal(opened.status, 200, "the page's own call still finds the token unspent");
  assert.equal((await opened.json()).player.lastName, "Okafor");
});

Deno.test("[join page] by invite code (an open is not a use), by slug; unknown: 'Team Not Found', expired: 410", async () => {
  let now = Date.parse("2026-11-22T10:00:00Z");
  await using t = await createTestApp({ now: () => new Date(now) });
  const { team } = await seedTeam(t.kv, { name: "Riverside Hawks", season: "Spring 2027", ageGroup: "U12" });
  const link = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN, new Date(now));
  const uses = async () => (await currentJoinLink(t.kv, team.id, "x", TEST_ORIGIN, new Date(now))).usageCount;

  for (const path of [`/join/${link.code}`, `/join/${team.slug}`, `/join/${team.slug.toUpperCase()}`]) {
    const res = await get(t.app, path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const text = await pageText(res);
    for (const part of ["Riverside Hawks", "Spring 2027", "U12", "Verify Player Information", "Jersey #"]) {
      assert.ok(text.includes(part), `${path} shows ${part}`);
    }
  }
  assert.equal(await uses(), 0, "page views are not uses: only a join request sent through the code is");
  await postForm(t.app, `/join/${link.code}`, { step: "identify" });
  assert.equal(await uses(), 0, "nor are the step posts");

  const notFound = async (path: string, why: string) => {
    const res = await get(t.app, path);
    assert.equal(res.status, 404, why);
    const text = await pageText(res);
    assert.ok(text.includes("Team Not Found"), why);
    assert.ok(text.includes("The team link you're looking for doesn't exist or may have been changed."), why);
    assert.ok(text.includes("Ask your team admin for a new link."), why);
  };
  await notFound("/join/AAAAAAAAAAAAAAAA", "an unknown code");
  await notFound("/join/no-such-team", "an unknown slug");
  await notFound(`/join/${link.code.toLowerCase()}`, "a lower-case code is a slug, and no team has it");
  now += 7 * 24 * 60 * 60 * 1000 + 1000;
  // An expired code names its team on a page of its own (tests/integration/join_pending_test.ts).
  assert.equal((await get(t.app, `/join/${link.code}`)).status, 410, "an expired code");
  assert.equal((await postForm(t.app, `/join/${link.code}`, { step: "identify" })).status, 410, "posts too");
  const renewed = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN, new Date(now));
  assert.equal((await get(t.app, `/join/${renewed.code}`)).status, 200);
});

Deno.test("[join page] without JavaScript: every step and message, through to a pending join request", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const link = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN);
  const path = `/join/${link.code}`;
  const post = async (fields: Record<string, string>, status: number, expected: string[], ip?: string) => {
    const res = await postForm(t.app, path, fields, ip);
    assert.equal(res.status, status, JSON.stringify(fields));
    const text = await pageText(res);
    for (const part of expected) assert.ok(text.includes(part), `${JSON.stringify(fields)} shows "${part}"`);
    return text;
  };

  await post({ step: "identify" }, 400, [
    "Please select if you are a player or parent",
    "Jersey number is required",
    "Last name is required",
  ]);
  await post({ step: "identify", userType: "parent", jerseyNumber: "4", lastName: "Smith" }, 404, [
    "Player Not Found",
    JOIN_MESSAGES.playerNotFound,
    "Player's Jersey #",
    "Player's Last Name",
  ]);
  await post({ step: "identify", userType: "parent", jerseyNumber: "4", lastName: "okafor" }, 200, [
    "Your Details",
    "Player found: Sofia O.",
    "Submit Join Request",
    "Back to Player Verification",
  ]);
  const identity = { step: "account", userType: "parent", jerseyNumber: "4", playerLastName: "okafor" };
  await post({ ...identity, action: "submit" }, 400, [
    "First name is required",
    "Last name is required",
    "Please enter a valid email",
    "Player found: Sofia O.",
  ]);
  const account = { firstName: "Ana", lastName: "Okafor", email: "ana@example.com", confirmEmail: "ana@example.org" };
  await post({ ...identity, ...account, action: "submit" }, 400, ["Emails don't match"]);
  const back = await postForm(t.app, path, { ...identity, ...account, action: "back" });
  assert.equal(back.status, 200);
  assert.match(await back.text(), /value="okafor"/, "back keeps the identify step's values");

  const done = { ...identity, ...account, confirmEmail: "ANA@example.com", action: "submit" };
  const submitted = await post(done, 200, [
    "Join Request Submitted!",
    "We'll e-mail you at ana@example.com when the team admin approves your request.",
    "Submit Another Request",
  ]);
  const card = submitted.slice(submitted.indexOf("Join Request Submitted!"), submitted.indexOf("About"));
  assert.ok(!/Team Login|Sign In|Log In/.test(card), "no sign-in offer: there is nothing to sign in to yet");
  const { values: claims } = await claimsOverview(t.kv, team.id);
  assert.equal(claims.length, 1);
  assert.deepEqual(
    [claims[0].kind, claims[0].status, claims[0].userType, claims[0].email, claims[0].playerName],
    ["join", "pending", "parent", "ana@example.com", "Sofia Okafor"],
  );
  const uses = async () => (await currentJoinLink(t.kv, team.id, "x", TEST_ORIGIN)).usageCount;
  assert.equal(await uses(), 1, "the invite link counts the join request sent without JavaScript too");
  await post(done, 409, ["Request Failed", JOIN_MESSAGES.duplicate]);
  await post({ step: "success", action: "again" }, 200, ["Verify Player Information"]);
  assert.equal(await uses(), 1, "a refused duplicate is not a use");

  const limited = async () => {
    for (let i = 0; i < 30; i++) {
      await postForm(
        t.app,
        path,
        { step: "identify", userType: "player", jerseyNumber: "4", lastName: "x" },
        "198.51.100.9",
      );
    }
    await post({ step: "identify", userType: "player", jerseyNumber: "4", lastName: "x" }, 429, [
      "Verification Error",
      "Too many attempts",
    ], "198.51.100.9");
  };
  await limited();
});

Deno.test("[join page] a team that limits e-mail domains refuses others (403)", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { settings: { allowedEmailDomains: ["club.example"] } });
  const res = await postForm(t.app, `/join/${team.slug}`, {
    step: "account",
    action: "submit",
    userType: "player",
    jerseyNumber: "7",
    playerLastName: "Rodriguez",
    firstName: "Maya",
    lastName: "Rodriguez",
    email: "maya@example.com",
    confirmEmail: "maya@example.com",
  });
  assert.equal(res.status, 403);
  const text = await pageText(res);
  assert.ok(text.includes("Request Failed"));
  assert.ok(text.includes(JOIN_MESSAGES.domain(["club.example"])));
});

Deno.test("[join page] the island's calls name the team as the page was opened: by its code, else by its slug", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const link = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN);
  const teamKeyOf = async (path: string) => /"teamKey":"([^"]*)"/.exec(await (await get(t.app, path)).text())?.[1];
  assert.equal(await teamKeyOf(`/join/${link.code}`), link.code);
  assert.equal(await teamKeyOf(`/join/${team.slug}`), team.slug);
  assert.equal(await teamKeyOf(`/join/${team.slug.toUpperCase()}`), team.slug);
});

Deno.test("[join page] without JavaScript, by slug: a hit and a miss get the same pages through to the request", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv);
  const path = `/join/${team.slug}`;
  const pages: string[] = [];
  for (const lastName of ["Okafor", "Smith"]) {
    const res = await postForm(t.app, path, { step: "identify", userType: "parent", jerseyNumber: "4", lastName });
    assert.equal(res.status, 200, lastName);
    const text = (await pageText(res)).replaceAll(lastName, "NAME");
    assert.ok(text.includes("Player: #4 NAME"), lastName);
    assert.ok(text.includes(JOIN_MESSAGES.adminWillCheck), lastName);
    assert.ok(!text.includes("Player found"), lastName);
    assert.ok(!text.includes("Sofia"), "the child's first name is not shown");
    pages.push(text.replace(/"[0-9a-f-]{36}"/g, ""));
  }
  assert.equal(pages[0], pages[1], "the identify step's answer does not depend on the surname");

  for (const [lastName, email] of [["Okafor", "ana@example.com"], ["Smith", "sam@example.com"]]) {
    const res = await postForm(t.app, path, {
      step: "account",
      action: "submit",
      userType: "parent",
      jerseyNumber: "4",
      playerLastName: lastName,
      firstName: "Ana",
      lastName: "Parent",
      email,
      confirmEmail: email,
    });
    assert.equal(res.status, 200, lastName);
    assert.ok((await pageText(res)).includes("Join Request Submitted!"), lastName);
  }
  const { values } = await claimsOverview(t.kv, team.id);
  const byEmail = Object.fromEntries(values.map((c) => [c.email, c.playerIds]));
  assert.deepEqual(byEmail, { "ana@example.com": [players[1].id], "sam@example.com": [] });
});
