import assert from "node:assert/strict";
import { createTestApp, dumpKv, requestJson, seedTeam } from "../helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import type { Claim } from "../../lib/db/claims.ts";
import { CLAIM_LIMITS } from "../../lib/claims/submit.ts";
import { MAX_PENDING_CLAIMS_PER_EMAIL } from "../../lib/db/claims.ts";
import { denyClaim } from "../../lib/claims/decisions.ts";

const CLAIM_PREFIXES = ["teams", "players", "claims", "claims_by_status", "pending_claims_by_subject", "mail_pending"];

const claimsOf = async (kv: Deno.Kv, teamId: string) => {
  const out: Claim[] = [];
  for await (const e of kv.list<Claim>({ prefix: keys.teamClaims(teamId) })) out.push(e.value);
  return out;
};

Deno.test("[api] claims: a jersey claim is stored pending, indexed, and answered 201", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv);
  const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber: 4, email: "  Parent@Example.COM ", note: "Sofia's mum" },
  });
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.equal(body.message, "Your claim has been submitted successfully.");
  const [claim] = await claimsOf(t.kv, team.id);
  assert.equal(claim.id, body.claimId);
  assert.equal(claim.status, "pending");
  assert.equal(claim.mode, "jersey");
  assert.equal(claim.jerseyNumber, 4);
  assert.equal(claim.email, "parent@example.com");
  assert.equal(claim.note, "Sofia's mum");
  assert.deepEqual(claim.playerIds, [players[1].id]);
  assert.equal(claim.playerName, "Sofia Okafor");
  assert.equal((await t.kv.get(keys.claimByStatus(team.id, "pending", claim.id))).value, claim.id);
});

Deno.test("[api] claims: the team may be named by id or by slug", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  for (const key of [team.id, team.slug]) {
    const res = await requestJson(t.app, `/api/teams/${key}/claims`, {
      body: { mode: "jersey", jerseyNumber: "7", email: `${key.length}@example.com` },
    });
    assert.equal(res.status, 201, key);
  }
  assert.equal((await claimsOf(t.kv, team.id)).length, 2);
});

Deno.test("[api] claims: a jersey is a whole number or its digits; anything else is refused, not read", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, {}, [
    { firstName: "Zero", lastName: "Hero", jerseyNumber: 0 },
    { firstName: "Seven", lastName: "Up", jerseyNumber: 7 },
  ]);
  const before = await dumpKv(t.kv);
  for (const jerseyNumber of [null, [7], true, "7abc", "abc", "", "7.5", 7.5, "0x7", "1e1", { n: 7 }]) {
    const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
      body: { mode: "jersey", jerseyNumber, email: "a@example.com" },
    });
    assert.equal(res.status, 400, JSON.stringify(jerseyNumber));
    assert.deepEqual(await res.json(), { message: "Jersey number must be between 0 and 99" });
  }
  assert.deepEqual(await dumpKv(t.kv), before);
  assert.equal((await Array.fromAsync(t.kv.list({ prefix: ["rate_limits"] }))).length, 0, "no counter spent");
  for (const [jerseyNumber, email] of [[" 7 ", "b@example.com"], [0, "c@example.com"]] as const) {
    const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
      body: { mode: "jersey", jerseyNumber, email },
    });
    assert.equal(res.status, 201, JSON.stringify(jerseyNumber));
  }
  assert.deepEqual((await claimsOf(t.kv, team.id)).map((c) => c.jerseyNumber).toSorted(), [0, 7]);
});

Deno.test("[api] claims: an unknown field is refused (400 'Unknown field: x') before any counter is spent", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber: 7, email: "a@example.com", status: "approved" },
  });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), { message: "Unknown field: status" });
  assert.equal((await claimsOf(t.kv, team.id)).length, 0);
  assert.equal((await Array.fromAsync(t.kv.list({ prefix: ["rate_limits"] }))).length, 0);
});

Deno.test("[api] claims: a surname that grows under Unicode normalisation is refused (400), never a 500", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  for (const childSurname of ["\uFDFA".repeat(60), "\uFDFA".repeat(7), "a".repeat(61), "é".repeat(5000)]) {
    const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
      body: { mode: "surname", childSurname, email: "a@example.com" },
    });
    assert.equal(res.status, 400, `${childSurname.length} × ${childSurname[0]}`);
    assert.deepEqual(await res.json(), { message: "Child's surname must be at most 60 characters" });
  }
  // Decomposed input is composed (NFC) before it is counted: 60 'é' typed as e + U+0301 is 60 characters.
  const composed = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "surname", childSurname: "e\u0301".repeat(60), email: "a@example.com" },
  });
  assert.equal(composed.status, 201);
  assert.equal((await claimsOf(t.kv, team.id))[0].childSurname, "é".repeat(60));
});

Deno.test("[api] claims: lone surrogates never split a stored value from its key", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const send = (body: Record<string, unknown>) => requestJson(t.app, `/api/teams/${team.slug}/claims`, { body });
  // An address that is not well-formed Unicode is not an address.
  const bad = await send({ mode: "jersey", jerseyNumber: 7, email: "a\uD800b@example.com" });
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { message: "Please enter a valid email address" });
  // Two surnames that differ only in a lone surrogate are one subject, stored as the key stores it.
  assert.equal((await send({ mode: "surname", childSurname: "Ok\uD800afor", email: "a@example.com" })).status, 201);
  const again = await send({ mode: "surname", childSurname: "Ok\uDBFFafor", email: "a@example.com" });
  assert.equal(again.status, 409);
  const [claim] = await claimsOf(t.kv, team.id);
  assert.equal(claim.childSurname, "Ok\uFFFDafor");
  assert.ok(claim.subject.isWellFormed() && claim.email.isWellFormed());
  const guards = await Array.fromAsync(t.kv.list<string>({ prefix: keys.teamPendingClaimGuards(team.id) }));
  const claimGuards = guards.filter((g) => g.value === claim.id);
  assert.deepEqual(claimGuards.map((g) => g.key), [keys.pendingClaimBySubject(team.id, claim.subject, claim.email)]);
});

Deno.test("[api] claims: bad input gets the spec's message, 400, and changes nothing", async (t) => {
  await using ctx = await createTestApp();
  const { team } = await seedTeam(ctx.kv);
  const cases: [string, unknown, string][] = [
    [
      "jersey above 99",
      { mode: "jersey", jerseyNumber: 100, email: "a@example.com" },
      "Jersey number must be between 0 and 99",
    ],
    [
      "negative jersey",
      { mode: "jersey", jerseyNumber: -1, email: "a@example.com" },
      "Jersey number must be between 0 and 99",
    ],
    ["bad e-mail", { mode: "jersey", jerseyNumber: 7, email: "not-an-email" }, "Please enter a valid email address"],
    ["missing e-mail", { mode: "jersey", jerseyNumber: 7 }, "Please enter a valid email address"],
    [
      "e-mail with CR/LF",
      { mode: "jersey", jerseyNumber: 7, email: "a@b.co\r\nBcc: x@evil.example" },
      "Please enter a valid email address",
    ],
    [
      "quoted local part",
      { mode: "jersey", jerseyNumber: 7, email: '"a@b.c x"@evil.example' },
      "Please enter a valid email address",
    ],
    [
      "over-long e-mail",
      { mode: "jersey", jerseyNumber: 7, email: `${"a".repeat(250)}@example.com` },
      "Please enter a valid email address",
    ],
    ["blank surname", { mode: "surname", childSurname: "   ", email: "a@example.com" }, "Child's surname is required"],
    ["surname not text", { mode: "surname", childSurname: 42, email: "a@example.com" }, "Child's surname is required"],
    [
      "no mode",
      { jerseyNumber: 7, email: "a@example.com" },
      "Please choose to claim by jersey number or by child surname",
    ],
    [
      "unknown mode",
      { mode: "photo", email: "a@example.com" },
      "Please choose to claim by jersey number or by child surname",
    ],
    [
      "note too long",
      { mode: "jersey", jerseyNumber: 7, email: "a@example.com", note: "x".repeat(501) },
      "Note must be at most 500 characters",
    ],
    ["an array", [1, 2], "Please send the claim as a JSON object"],
    ["null", null, "Please send the claim as a JSON object"],
  ];
  const before = await dumpKv(ctx.kv);
  for (const [name, body, message] of cases) {
    await t.step(name, async () => {
      const res = await requestJson(ctx.app, `/api/teams/${team.slug}/claims`, { body });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { message });
    });
  }
  await t.step("invalid JSON", async () => {
    const res = await requestJson(ctx.app, `/api/teams/${team.slug}/claims`, { raw: "{nope" });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { message: "Request body must be valid JSON." });
  });
  await t.step("empty body", async () => {
    const res = await requestJson(ctx.app, `/api/teams/${team.slug}/claims`, { raw: "" });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { message: "Request body must be a JSON object." });
  });
  assert.deepEqual(await dumpKv(ctx.kv), before);
  assert.equal((await Array.fromAsync(ctx.kv.list({ prefix: ["rate_limits"] }))).length, 0);
});

Deno.test("[api] claims: unknown team and unknown jersey are 404 with a message", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  let res = await requestJson(t.app, `/api/teams/no-such-team/claims`, {
    body: { mode: "jersey", jerseyNumber: 7, email: "a@example.com" },
  });
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), { message: "Team not found" });
  res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber: 55, email: "a@example.com" },
  });
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), { message: "No player wears jersey number 55 on this roster." });
  assert.equal((await claimsOf(t.kv, team.id)).length, 0);
});

Deno.test("[api] claims: a surname claim gets the same answer whether or not the surname is on the team", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv);
  const known = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "surname", childSurname: "okafor", email: "a@example.com" },
  });
  const unknown = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "surname", childSurname: "Nobody", email: "a@example.com" },
  });
  assert.equal(known.status, 201);
  assert.equal(unknown.status, 201);
  assert.equal((await known.json()).message, (await unknown.json()).message);
  const claims = await claimsOf(t.kv, team.id);
  const bySurname = Object.fromEntries(claims.map((c) => [c.childSurname, c]));
  assert.deepEqual(bySurname.okafor.playerIds, [players[1].id]);
  assert.deepEqual(bySurname.Nobody.playerIds, []);
});

Deno.test("[api] claims: a shared surname records every matching player for the admin", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv);
  const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "surname", childSurname: "RODRÍGUEZ", email: "a@example.com" },
  });
  assert.equal(res.status, 201);
  const [claim] = await claimsOf(t.kv, team.id);
  assert.deepEqual(claim.playerIds.toSorted(), [players[0].id, players[2].id].toSorted());
  assert.equal(claim.playerName, null);
});

Deno.test("[api] claims: one pending claim per e-mail and player (409), others still welcome", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const body = { mode: "jersey", jerseyNumber: 7, email: "a@example.com" };
  assert.equal((await requestJson(t.app, `/api/teams/${team.slug}/claims`, { body })).status, 201);
  const again = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { ...body, email: "A@Example.com" },
  });
  assert.equal(again.status, 409);
  assert.deepEqual(await again.json(), { message: "You already have a pending claim for this player." });
  const bySurname = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "surname", childSurname: "Okafor", email: "a@example.com" },
  });
  assert.equal(bySurname.status, 201);
  const otherParent = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { ...body, email: "b@example.com" },
  });
  assert.equal(otherParent.status, 201);
  assert.equal((await claimsOf(t.kv, team.id)).length, 3);
});

Deno.test("[api] claims: a second claim cannot tell whether a surname belongs to a jersey's player", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const send = (body: Record<string, unknown>) => requestJson(t.app, `/api/teams/${team.slug}/claims`, { body });
  // Jersey 4 (public on the roster) is Okafor. A surname claim after it answers alike for the
  // right surname and a wrong one, so a 409 cannot confirm the child's surname.
  assert.equal((await send({ mode: "jersey", jerseyNumber: 4, email: "probe@example.com" })).status, 201);
  const right = await send({ mode: "surname", childSurname: "Okafor", email: "probe@example.com" });
  const wrong = await send({ mode: "surname", childSurname: "Smith", email: "probe@example.com" });
  assert.equal(right.status, 201);
  assert.equal(wrong.status, 201);
  const [a, b] = [await right.json(), await wrong.json()];
  assert.equal(a.message, b.message);
  assert.deepEqual(Object.keys(a).sort(), Object.keys(b).sort());
});

Deno.test("[api] claims: simultaneous identical claims store exactly one", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const body = { mode: "jersey", jerseyNumber: 7, email: "race@example.com" };
  const statuses = await Promise.all(
    Array.from(
      { length: 10 },
      () => requestJson(t.app, `/api/teams/${team.slug}/claims`, { body }).then((r) => r.status),
    ),
  );
  assert.equal(statuses.filter((s) => s === 201).length, 1);
  assert.equal(statuses.filter((s) => s === 409).length, 9);
  assert.equal((await claimsOf(t.kv, team.id)).length, 1);
});

Deno.test("[api] claims: team settings apply (closed, jersey only, allowed domains)", async (t) => {
  await using ctx = await createTestApp();
  const closed = await seedTeam(ctx.kv, { settings: { openClaims: false } });
  const jerseyOnly = await seedTeam(ctx.kv, { settings: { allowSurnameFallback: false } });
  const domains = await seedTeam(ctx.kv, { settings: { allowedEmailDomains: ["school.org"] } });
  await t.step("claims closed → 403", async () => {
    const res = await requestJson(ctx.app, `/api/teams/${closed.team.slug}/claims`, {
      body: { mode: "jersey", jerseyNumber: 7, email: "a@example.com" },
    });
    assert.equal(res.status, 403);
    assert.deepEqual(await res.json(), { message: "This team is not accepting claims right now." });
  });
  await t.step("surname refused when the team allows jersey only", async () => {
    const res = await requestJson(ctx.app, `/api/teams/${jerseyOnly.team.slug}/claims`, {
      body: { mode: "surname", childSurname: "Okafor", email: "a@example.com" },
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { message: "This team accepts claims by jersey number only." });
  });
  await t.step("e-mail outside the allowed domains → 403; inside → 201", async () => {
    const res = await requestJson(ctx.app, `/api/teams/${domains.team.slug}/claims`, {
      body: { mode: "jersey", jerseyNumber: 7, email: "a@example.com" },
    });
    assert.equal(res.status, 403);
    assert.deepEqual(await res.json(), {
      message: "Please use an email address at school.org to claim a player on this team.",
    });
    const ok = await requestJson(ctx.app, `/api/teams/${domains.team.slug}/claims`, {
      body: { mode: "jersey", jerseyNumber: 7, email: "a@school.org" },
    });
    assert.equal(ok.status, 201);
  });
  for (const team of [closed.team, jerseyOnly.team]) assert.equal((await claimsOf(ctx.kv, team.id)).length, 0);
});

Deno.test("[api] claims: at most 5 pending per e-mail per team (429, nothing written); a decision makes room", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  const claim = (teamSlug: string, i: number, email = "busy.parent@example.com") =>
    requestJson(t.app, `/api/teams/${teamSlug}/claims`, {
      body: { mode: "surname", childSurname: `Family${i}`, email },
      ip: "198.51.100.20",
    });
  for (let i = 0; i < MAX_PENDING_CLAIMS_PER_EMAIL; i++) {
    assert.equal((await claim(team.slug, i)).status, 201, `claim ${i + 1}`);
  }
  const before = await dumpKv(t.kv, [...CLAIM_PREFIXES, "rate_limits"]);
  for (const email of ["busy.parent@example.com", " BUSY.Parent@example.com "]) {
    const refused = await claim(team.slug, 99, email);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    assert.deepEqual(await refused.json(), {
      message: "You already have 5 claims waiting for the team admin's review. Please wait until they are reviewed.",
    });
  }
  assert.deepEqual(await dumpKv(t.kv, [...CLAIM_PREFIXES, "rate_limits"]), before, "no KV write, no counter spent");
  assert.equal((await claim(other.team.slug, 0)).status, 201, "another team keeps its own count");
  assert.equal((await claim(team.slug, 0, "other.parent@example.com")).status, 201, "another address too");

  const [first] = (await claimsOf(t.kv, team.id)).filter((c) => c.email === "busy.parent@example.com");
  await denyClaim({ kv: t.kv, teamId: team.id, claimId: first.id, actor: "coach", appUrl: "", now: new Date() });
  assert.equal((await claim(team.slug, 6)).status, 201, "a decided claim no longer counts");
  assert.equal((await claim(team.slug, 7)).status, 429);
});

Deno.test("[api] claims: simultaneous claims from one address never pass the pending cap", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const statuses = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      requestJson(t.app, `/api/teams/${team.slug}/claims`, {
        body: { mode: "surname", childSurname: `Race${i}`, email: "race@example.com" },
      }).then((r) => r.status)),
  );
  assert.equal(statuses.filter((s) => s === 201).length, MAX_PENDING_CLAIMS_PER_EMAIL);
  assert.equal(statuses.filter((s) => s === 429).length, 12 - MAX_PENDING_CLAIMS_PER_EMAIL);
  assert.equal((await claimsOf(t.kv, team.id)).length, MAX_PENDING_CLAIMS_PER_EMAIL);
});

Deno.test("[api] claims: per-e-mail and per-IP limits answer 429 with Retry-After and store nothing", async (t) => {
  let clock = new Date("2026-11-22T10:00:00Z");
  await using ctx = await createTestApp({ now: () => clock });
  // The per-e-mail hourly limit counts across teams; each team keeps at most 5 pending per address.
  const teams: { slug: string }[] = [];
  for (let i = 0; i < 8; i++) teams.push((await seedTeam(ctx.kv)).team);
  const teamFor = (i: number) => teams[Math.floor(i / MAX_PENDING_CLAIMS_PER_EMAIL) % teams.length];
  const claim = (email: string, ip: string, i: number) =>
    requestJson(ctx.app, `/api/teams/${teamFor(i).slug}/claims`, {
      body: { mode: "surname", childSurname: `S${i}`, email },
      ip,
    });
  await t.step("per e-mail, across addresses", async () => {
    for (let i = 0; i < CLAIM_LIMITS.perEmailPerHour; i++) {
      assert.equal((await claim("one@example.com", `192.0.2.${i}`, i)).status, 201);
    }
    const before = await dumpKv(ctx.kv);
    const res = await claim("one@example.com", "192.0.2.200", CLAIM_LIMITS.perEmailPerHour);
    assert.equal(res.status, 429);
    assert.match((await res.json()).message, /^Too many claims from here\. Please try again in \d+ minutes?\.$/);
    assert.ok(Number(res.headers.get("retry-after")) > 0);
    assert.deepEqual(await dumpKv(ctx.kv), before);
  });
  await t.step("per IP, across e-mails", async () => {
    for (let i = 0; i < CLAIM_LIMITS.perIpPerHour; i++) {
      assert.equal((await claim(`p${i}@example.com`, "192.0.2.250", i)).status, 201);
    }
    const res = await claim("fresh@example.com", "192.0.2.250", 0);
    assert.equal(res.status, 429);
  });
  await t.step("the next window opens again", async () => {
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    assert.equal((await claim("one@example.com", "192.0.2.250", 35)).status, 201);
  });
});
