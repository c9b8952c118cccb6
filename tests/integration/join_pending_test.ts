/**
 * A join that never strands the parent: the admins are mailed about new claims and join requests
 * (at most once every 15 minutes each), a sign-in asked for while a request waits is answered by
 * mail, joining works by surname alone, and a dead invite link leads somewhere.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, get, kvValues, postForm, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { createAccount, queuedMail } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { regenerateJoinLink } from "../../lib/join/links.ts";
import { JOIN_MESSAGES } from "../../lib/join/rules.ts";
import { CLAIM_MESSAGES } from "../../lib/claims/mod.ts";
import { claimsOverview } from "../../lib/claims/review.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";
import { runRequestDigestJob } from "../../lib/claims/admin_digest.ts";
import type { RequestDigest, RequestDigestJob } from "../../lib/db/request_digests.ts";
import { sweepTeam } from "../../lib/db/team_deletions.ts";
import { AUTH_MESSAGES } from "../../lib/auth/messages.ts";

const MIN = 60 * 1000;
const DAY = 24 * 60 * MIN;

/** The page's visible text, entities undone (React writes ' as &#x27;). */
async function pageText(res: Response): Promise<string> {
  return (await res.text()).replace(/<[^>]+>/g, " ").replaceAll("&#x27;", "'").replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&").replace(/\s+/g, " ");
}

const JOIN = {
  userType: "parent",
  jerseyNumber: "4",
  playerLastName: "Okafor",
  firstName: "Ngozi",
  lastName: "Okafor",
  email: "ngozi@example.com",
  confirmEmail: "ngozi@example.com",
};

/** A team with two admins and a parent, on a clock the test moves. */
async function world(settings: Record<string, unknown> = {}) {
  const clock = { now: Date.parse("2026-05-02T09:00:00Z") };
  const t = await createTestApp({ now: () => new Date(clock.now) });
  const { team, players } = await seedTeam(t.kv, {
    name: "Riverside Hawks",
    settings: { allowedEmailDomains: [], ...settings },
  });
  const coach = await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const assistant = await createAccount(t.kv, { email: "assist@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id });
  return { t, clock, team, players, coach, assistant };
}

const adminMails = async (kv: Deno.Kv) =>
  (await queuedMail(kv)).filter((m) => m.mail.kind === "admin-requests").map((m) => m.mail);

Deno.test("[admin mail] a new claim and a new join request each mail every admin once, linking to the claims page", async () => {
  const { t, team, coach, assistant } = await world();
  await using _ = t;
  const claim = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber: 4, email: "ana@example.com", note: "" },
  });
  assert.equal(claim.status, 201);
  let mails = await adminMails(t.kv);
  assert.deepEqual(mails.map((m) => m.to.address).sort(), ["assist@example.com", "coach@example.com"]);
  for (const mail of mails) {
    assert.match(mail.subject, /^1 new request for Riverside Hawks$/);
    assert.ok(mail.text.includes(`${TEST_ORIGIN}/admin/${team.id}/claims`), "the claims page");
    assert.ok(mail.text.includes("Claim by ana@example.com for #4 Sofia Okafor"), mail.text);
    assert.ok(!mail.text.includes("parent@example.com"), "no other member's address");
  }
  for (const admin of [coach, assistant]) {
    const digest = (await t.kv.get<RequestDigest>(keys.requestDigest(team.id, admin.id))).value;
    assert.ok(digest?.lastMailAt, "each admin's record notes the mail");
    assert.deepEqual([digest.items, digest.jobDueAt], [[], null]);
  }

  // A second team's join request mails its own admins, once each.
  const other = await world();
  await using __ = other.t;
  const joined = await requestJson(other.t.app, `/api/teams/${other.team.slug}/join-requests`, { body: JOIN });
  assert.equal(joined.status, 201);
  mails = await adminMails(other.t.kv);
  assert.equal(mails.length, 2);
  assert.ok(
    mails[0].text.includes("Join request from Ngozi Okafor (ngozi@example.com) as a parent of #4 Okafor"),
    mails[0].text,
  );
  assert.ok(mails[0].text.includes(`${TEST_ORIGIN}/admin/${other.team.id}/claims`));
});

Deno.test("[admin mail] a second request within 15 minutes waits, and the job when they end lists both", async () => {
  const { t, clock, team, coach } = await world();
  await using _ = t;
  const send = (body: Record<string, unknown>) => requestJson(t.app, `/api/teams/${team.slug}/join-requests`, { body });
  assert.equal((await send(JOIN)).status, 201);
  const firstMailAt = clock.now;
  clock.now += 5 * MIN;
  const second = {
    ...JOIN,
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@example.com",
    confirmEmail: "sam@example.com",
  };
  assert.equal((await send({ ...second, mode: "surname", childSurname: "Rodriguez" })).status, 201);
  clock.now += 1 * MIN;
  const third = { ...JOIN, firstName: "Kim", email: "kim@example.com", confirmEmail: "kim@example.com" };
  assert.equal((await send({ ...third, playerLastName: "Anderson", jerseyNumber: "12" })).status, 201);
  assert.equal((await adminMails(t.kv)).length, 2, "still one mail per admin");

  const digest = (await t.kv.get<RequestDigest>(keys.requestDigest(team.id, coach.id))).value!;
  assert.equal(digest.items.length, 2, "both waiting requests are on the coach's record");
  assert.equal(digest.jobDueAt, firstMailAt + 15 * MIN, "one job, due when the 15 minutes end");
  const job: RequestDigestJob = { type: "request-digest", teamId: team.id, userId: coach.id, dueAt: digest.jobDueAt! };

  assert.equal(await runRequestDigestJob(t.kv, job, TEST_ORIGIN, new Date(clock.now)), "early");
  assert.equal((await adminMails(t.kv)).length, 2);
  clock.now = job.dueAt + 1000;
  assert.equal(await runRequestDigestJob(t.kv, job, TEST_ORIGIN, new Date(clock.now)), "sent");
  assert.equal(await runRequestDigestJob(t.kv, job, TEST_ORIGIN, new Date(clock.now)), "stale", "delivered twice");
  const toCoach = (await adminMails(t.kv)).filter((m) => m.to.address === "coach@example.com");
  assert.equal(toCoach.length, 2);
  const later = toCoach[1];
  assert.match(later.subject, /^2 new requests for Riverside Hawks$/);
  assert.ok(
    later.text.includes("Sam Lee (sam@example.com) as a parent of Rodriguez (jersey number unknown)"),
    later.text,
  );
  assert.ok(later.text.includes("Kim Okafor (kim@example.com) as a parent of #12 Anderson"), later.text);
  assert.ok(!later.text.includes("ngozi@example.com"), "what the first mail listed is not listed again");

  // A request the admin decided before the job ran is left out; with nothing left, no mail at all.
  clock.now += 2 * MIN;
  const fourth = { ...JOIN, firstName: "Lu", email: "lu@example.com", confirmEmail: "lu@example.com" };
  const { requestId } = await (await send(fourth)).json();
  await approveClaim({
    kv: t.kv,
    teamId: team.id,
    claimId: requestId,
    actor: "coach",
    appUrl: TEST_ORIGIN,
    now: new Date(clock.now),
  });
  const waiting = (await t.kv.get<RequestDigest>(keys.requestDigest(team.id, coach.id))).value!;
  clock.now = waiting.jobDueAt! + 1;
  const nextJob = { ...job, dueAt: waiting.jobDueAt! };
  assert.equal(await runRequestDigestJob(t.kv, nextJob, TEST_ORIGIN, new Date(clock.now)), "nothing");
  assert.equal((await adminMails(t.kv)).filter((m) => m.to.address === "coach@example.com").length, 2);
});

Deno.test("[admin mail] two requests at the same moment still mail each admin once", async () => {
  const { t, team } = await world();
  await using _ = t;
  const bodies = ["a", "b", "c", "d"].map((x) => ({
    ...JOIN,
    email: `${x}@example.com`,
    confirmEmail: `${x}@example.com`,
  }));
  const answers = await Promise.all(
    bodies.map((body, i) =>
      requestJson(t.app, `/api/teams/${team.slug}/join-requests`, { body, ip: `198.51.100.${i}` })
    ),
  );
  assert.deepEqual(answers.map((r) => r.status), [201, 201, 201, 201]);
  const mails = await adminMails(t.kv);
  assert.deepEqual(mails.map((m) => m.to.address).sort(), ["assist@example.com", "coach@example.com"]);
  for (const mail of mails) assert.match(mail.subject, /^1 new request for/, "the first request to commit, alone");
  const records = await kvValues<RequestDigest>(t.kv, { prefix: keys.teamRequestDigests(team.id) });
  assert.equal(records.length, 2);
  for (const record of records) {
    assert.equal(record.items.length, 3, "the other three wait for the one job");
    assert.equal(record.jobDueAt, record.lastMailAt! + 15 * MIN);
  }
});

Deno.test("[pending sign-in] an address whose request waits gets a mail saying so; the answer is byte for byte the usual", async () => {
  const { t, team } = await world();
  await using _ = t;
  assert.equal((await requestJson(t.app, `/api/teams/${team.slug}/join-requests`, { body: JOIN })).status, 201);
  const before = (await queuedMail(t.kv)).length;
  const ask = async (email: string) => {
    const res = await requestJson(t.app, "/api/team/magic-link", { body: { email }, ip: "192.0.2.50" });
    return {
      status: res.status,
      headers: [...res.headers].filter(([name]) => name !== "x-request-id"),
      body: await res.text(),
    };
  };
  const pending = await ask("ngozi@example.com");
  const unknown = await ask("nobody@example.com");
  assert.deepEqual(pending, unknown, "the same status, headers and body");
  assert.equal(JSON.parse(pending.body).message, AUTH_MESSAGES.magicLinkSent);

  const mails = (await queuedMail(t.kv)).slice(before).map((m) => m.mail);
  assert.deepEqual(mails.map((m) => [m.kind, m.to.address]), [["request-pending", "ngozi@example.com"]]);
  assert.equal(mails[0].subject, "Your request to join Riverside Hawks is waiting for the team admin");
  assert.doesNotMatch(mails[0].text, /\/auth\/magic/, "no sign-in link: there is no account yet");

  // The team-login page's form answers alike too.
  const page = async (email: string) =>
    (await pageText(await postForm(t.app, "/team-login", { action: "magic", email }, "192.0.2.51")))
      .replaceAll(email, "EMAIL").replace(/nonce-[^"' ]+/g, "");
  assert.equal(await page("ngozi@example.com"), await page("nobody@example.com"));

  // Rate-limited like the sign-in link: 5 an hour per address and IP.
  for (let i = 0; i < 4; i++) await ask("ngozi@example.com");
  assert.equal((await ask("ngozi@example.com")).status, 429);
  const notices = (await queuedMail(t.kv)).filter((m) => m.mail.kind === "request-pending");
  assert.equal(notices.length, 6, "five from the call's address, one from the page's");

  // Once decided, the address has nothing waiting: no such mail.
  const { values } = await claimsOverview(t.kv, team.id);
  await approveClaim({
    kv: t.kv,
    teamId: team.id,
    claimId: values[0].id,
    actor: "x",
    appUrl: TEST_ORIGIN,
    now: new Date(),
  });
  assert.deepEqual(await kvValues(t.kv, { prefix: keys.pendingClaimsOfEmail("ngozi@example.com") }), []);
});

Deno.test("[join by surname] 'I don't know the jersey number': by code or slug, kept for the admin with its matches", async () => {
  const { t, team, players } = await world();
  await using _ = t;
  const { code } = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN);
  for (const key of [code, team.slug]) {
    const hit = await requestJson(t.app, `/api/teams/${key}/verify-player`, {
      body: { userType: "parent", mode: "surname", childSurname: "rodriguez" },
    });
    const miss = await requestJson(t.app, `/api/teams/${key}/verify-player`, {
      body: { userType: "parent", mode: "surname", childSurname: "Nobody" },
    });
    assert.equal(hit.status, 200, key);
    assert.equal(await hit.text(), await miss.text(), "a surname on the roster and one that is not read the same");
  }
  const send = (key: string, childSurname: string, email: string) =>
    requestJson(t.app, `/api/teams/${key}/join-requests`, {
      body: {
        ...JOIN,
        jerseyNumber: undefined,
        playerLastName: undefined,
        mode: "surname",
        childSurname,
        email,
        confirmEmail: email,
      },
    });
  const hit = await send(code, "Rodriguez", "maria@example.com");
  const miss = await send(code, "Nobody", "pat@example.com");
  assert.deepEqual([hit.status, miss.status], [201, 201], "by code too: the admin decides, as with a surname claim");
  assert.equal((await send(code, "rodríguez", "maria@example.com")).status, 409, "one open request per surname");
  const { values } = await claimsOverview(t.kv, team.id);
  const byEmail = Object.fromEntries(values.map((c) => [c.email, c]));
  const maria = byEmail["maria@example.com"];
  assert.deepEqual([maria.kind, maria.mode, maria.jerseyNumber, maria.childSurname], [
    "join",
    "surname",
    null,
    "Rodriguez",
  ]);
  assert.deepEqual(
    maria.playerIds.sort(),
    [players[0].id, players[2].id].sort(),
    "both Rodriguez children, to choose from",
  );
  assert.deepEqual(byEmail["pat@example.com"].playerIds, []);

  // The admin picks the child, as for a surname claim.
  await approveClaim({
    kv: t.kv,
    teamId: team.id,
    claimId: maria.id,
    playerId: players[2].id,
    actor: "coach@example.com",
    appUrl: TEST_ORIGIN,
    now: new Date(),
  });
  const mails = (await queuedMail(t.kv)).map((m) => m.mail);
  assert.ok(mails.some((m) => m.kind === "join-approved" && m.to.address === "maria@example.com"));
});

Deno.test("[join by surname] a wrong surname gets the claim's messages and changes nothing", async () => {
  const { t, team } = await world();
  await using _ = t;
  const jerseyOnly = await world({ allowSurnameFallback: false });
  await using __ = jerseyOnly.t;
  const prefixes = [
    "claims",
    "claims_by_status",
    "pending_claims_by_subject",
    "pending_claims_by_email",
    "rate_limits",
    "mail_pending",
    "admin_request_digests",
  ];
  const cases: [typeof t, string, Record<string, unknown>, string][] = [
    [t, team.slug, { childSurname: "   " }, CLAIM_MESSAGES.surname],
    [t, team.slug, { childSurname: "x".repeat(61) }, CLAIM_MESSAGES.surnameLength],
    [t, team.slug, { childSurname: "\uFDFA".repeat(40) }, CLAIM_MESSAGES.surnameLength],
    [t, team.slug, { mode: "initials", childSurname: "Okafor" }, CLAIM_MESSAGES.mode],
    [jerseyOnly.t, jerseyOnly.team.slug, { childSurname: "Okafor" }, CLAIM_MESSAGES.jerseyOnly],
  ];
  for (const [app, key, body, message] of cases) {
    const before = await dumpKv(app.kv, prefixes);
    for (const path of ["verify-player", "join-requests"]) {
      const full = path === "verify-player"
        ? { userType: "parent", mode: "surname", ...body }
        : { ...JOIN, jerseyNumber: undefined, playerLastName: undefined, mode: "surname", ...body };
      const res = await requestJson(app.app, `/api/teams/${key}/${path}`, { body: full });
      assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}`);
      assert.equal((await res.json()).message, message);
    }
    assert.deepEqual(await dumpKv(app.kv, prefixes), before, "nothing stored, no counter spent");
  }
});

Deno.test("[join by surname] without JavaScript: the box, the hidden jersey, the request and what happens next", async () => {
  const { t, team } = await world();
  await using _ = t;
  const path = `/join/${team.slug}`;
  const first = await (await t.app.request(`${TEST_ORIGIN}${path}`)).text();
  assert.match(first, /name="mode" value="surname"/, "the 'I don't know the jersey number' box");
  assert.ok(first.includes("I don&#x27;t know the jersey number"));
  const identify = await postForm(t.app, path, {
    step: "identify",
    userType: "parent",
    mode: "surname",
    jerseyNumber: "",
    lastName: "",
  });
  assert.equal(identify.status, 400);
  const refused = await identify.text();
  assert.ok(
    refused.includes(CLAIM_MESSAGES.surname.replace("'", "&#x27;")),
    "the claim's message on the last-name field",
  );
  assert.match(refused, /class="join-jersey" hidden=""/, "the jersey field stays hidden");

  const found = await postForm(t.app, path, {
    step: "identify",
    userType: "parent",
    mode: "surname",
    jerseyNumber: "",
    lastName: "Okafor",
  });
  assert.equal(found.status, 200);
  const account = await pageText(found);
  assert.ok(account.includes("Player: Okafor (jersey number unknown)"), account);
  assert.ok(account.includes(JOIN_MESSAGES.adminWillCheck));
  const done = await postForm(t.app, path, {
    step: "account",
    action: "submit",
    userType: "parent",
    mode: "surname",
    jerseyNumber: "",
    playerLastName: "Okafor",
    firstName: "Ana",
    lastName: "Okafor",
    email: "ana@example.com",
    confirmEmail: "ana@example.com",
  });
  assert.equal(done.status, 200);
  const text = await pageText(done);
  assert.ok(text.includes("Join Request Submitted!"));
  assert.ok(text.includes("We'll e-mail you at ana@example.com when the team admin approves your request."));
  const { values } = await claimsOverview(t.kv, team.id);
  assert.deepEqual([values[0].mode, values[0].childSurname], ["surname", "Okafor"]);
});

Deno.test("[dead invite link] expired or replaced: 410 'This invite link has expired' with the team and two offers", async () => {
  const { t, clock, team, coach } = await world();
  await using _ = t;
  const first = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN, new Date(clock.now));
  clock.now += DAY;
  const second = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN, new Date(clock.now));
  const joinPage = (code: string) => get(t.app, `/join/${code}`);

  const expectExpired = async (code: string, why: string) => {
    const res = await joinPage(code);
    assert.equal(res.status, 410, why);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const text = await pageText(res);
    for (const part of ["This invite link has expired", "Riverside Hawks", "Claim your child", "Ask for a New Link"]) {
      assert.ok(text.includes(part), `${why}: ${part}`);
    }
    assert.ok(!text.includes("Team Not Found"), why);
    return text;
  };
  const replacedHtml = await (await joinPage(first.code)).text();
  assert.ok(replacedHtml.includes(`href="/t/${team.slug}/claim"`), "the public roster's claim");
  await expectExpired(first.code, "a replaced code");
  assert.equal((await joinPage(second.code)).status, 200, "the live code opens the join page");
  clock.now += 7 * DAY + 1000;
  await expectExpired(second.code, "an expired code");

  // A code that never existed names no team.
  const unknown = await joinPage("ZZZZZZZZZZZZZZZZ");
  assert.equal(unknown.status, 404);
  const unknownText = await pageText(unknown);
  assert.ok(unknownText.includes("Team Not Found"));
  assert.ok(!unknownText.includes("Riverside Hawks"));
  const api = await requestJson(t.app, `/api/teams/ZZZZZZZZZZZZZZZZ/verify-player`, {
    body: { userType: "parent", jerseyNumber: 4, lastName: "Okafor" },
  });
  assert.deepEqual([api.status, (await api.json()).message], [404, "Team not found"]);
  const deadApi = await requestJson(t.app, `/api/teams/${first.code}/verify-player`, {
    body: { userType: "parent", jerseyNumber: 4, lastName: "Okafor" },
  });
  assert.deepEqual([deadApi.status, (await deadApi.json()).message], [404, "This invite link has expired"]);

  // After 90 days a replaced code is forgotten.
  clock.now += 90 * DAY;
  assert.equal((await joinPage(first.code)).status, 404);

  // Asking for a new link tells the admins, batched like the requests.
  const asked = await postForm(t.app, `/join/${second.code}`, { step: "ask-link", name: "", email: "nope" });
  assert.equal(asked.status, 400);
  const askedText = await pageText(asked);
  assert.ok(askedText.includes("Please enter your name") && askedText.includes("Please enter a valid email"));
  const ok = await postForm(t.app, `/join/${second.code}`, {
    step: "ask-link",
    name: "Sam Lee",
    email: "Sam@Example.com",
  });
  assert.equal(ok.status, 200);
  assert.ok((await pageText(ok)).includes("They'll send a new invite link to sam@example.com."));
  const mail = (await adminMails(t.kv)).find((m) => m.to.address === coach.email)!;
  assert.match(mail.subject, /^1 new invite link request for Riverside Hawks$/);
  assert.ok(mail.text.includes("Sam Lee (sam@example.com)"));
  assert.ok(mail.text.includes(`${TEST_ORIGIN}/admin/${team.id}`));
});

Deno.test("[dead invite link] claims closed: only the ask is offered; deleting the team leaves no replaced code or record", async () => {
  const { t, team } = await world({ openClaims: false });
  await using _ = t;
  const first = await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN);
  await regenerateJoinLink(t.kv, team.id, "coach@example.com", TEST_ORIGIN);
  const text = await pageText(await t.app.request(`${TEST_ORIGIN}/join/${first.code}`));
  assert.ok(text.includes("Ask for a New Link"));
  assert.ok(!text.includes("Claim your child"));

  assert.equal((await requestJson(t.app, `/api/teams/${team.slug}/join-requests`, { body: JOIN })).status, 201);
  assert.ok((await kvValues(t.kv, { prefix: keys.teamRequestDigests(team.id) })).length > 0);
  await sweepTeam(t.kv, team.id);
  for (const prefix of ["join_codes", "replaced_join_codes", "pending_claims_by_email", "admin_request_digests"]) {
    assert.deepEqual(await kvValues(t.kv, { prefix: [prefix] }), [], prefix);
  }
});
