import assert from "node:assert/strict";
import { createTestApp, dumpKv, getPage, postForm, requestJson, seedTeam } from "../helpers.ts";
import { keys } from "../../lib/db/keys.ts";

const scriptsIn = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);

Deno.test("[pages] landing: every section of SPEC.md and no JavaScript at all", async () => {
  await using t = await createTestApp();
  const { res, html } = await getPage(t.app, "/");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /text\/html/);
  for (
    const text of [
      "Skip to main content",
      'href="#main"',
      'href="/team-login"',
      "For the Team Behind the Team.",
      'href="/signup"',
      'href="#how-it-works"',
      'id="how-it-works"',
      "Real MVPs",
      "Before",
      "After",
      "How It Works",
      "not a roster or schedule tool",
      'href="/about"',
      'href="/privacy"',
      'href="/contact"',
    ]
  ) assert.ok(html.includes(text), `landing page lacks ${text}`);
  assert.deepEqual(scriptsIn(html), []);
});

Deno.test("[pages] about, privacy, contact exist; privacy says what is stored about children", async () => {
  await using t = await createTestApp();
  for (const path of ["/about", "/privacy", "/contact"]) {
    const { res, html } = await getPage(t.app, path);
    assert.equal(res.status, 200, path);
    assert.deepEqual(scriptsIn(html), [], path);
  }
  const { html } = await getPage(t.app, "/privacy");
  for (const text of ["jersey number", "last initial", "never public", "GPS"]) {
    assert.ok(html.toLowerCase().includes(text.toLowerCase()), `privacy page lacks ${text}`);
  }
});

Deno.test("[pages] 404: '404 Page Not Found' page with status 404; API paths answer JSON", async () => {
  await using t = await createTestApp();
  const { res, html } = await getPage(t.app, "/no/such/page");
  assert.equal(res.status, 404);
  assert.ok(html.includes("404 Page Not Found"));
  assert.ok(html.includes("Did you forget to add the page to the router?"));
  const api = await requestJson(t.app, "/api/nothing-here");
  assert.equal(api.status, 404);
  assert.deepEqual(await api.json(), { message: "Not found" });
});

Deno.test("[pages] roster: game mode by default, badge, tiles link to the player card", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv);
  const { res, html } = await getPage(t.app, `/t/${team.slug}/roster`);
  assert.equal(res.status, 200);
  assert.ok(html.includes(`<h1 class="roster-header__name">${team.name}</h1>`));
  assert.ok(html.includes("Fall 2026"));
  assert.ok(html.includes(">4 Players<"));
  assert.ok(html.includes('aria-current="page">Game<'));
  for (const p of players) assert.ok(html.includes(`href="/t/${team.slug}/roster?player=${p.id}"`));
  assert.ok(html.includes("Claim or update this player"));
  assert.ok(!html.includes("Rodriguez"), "full last names are private by default");
  // Game mode lists by jersey.
  const order = [4, 7, 9, 12].map((n) => html.indexOf(`aria-label="Jersey ${n}"`));
  assert.deepEqual(order, order.toSorted((a, b) => a - b));
});

Deno.test("[pages] roster: detail mode sorts, groups, and expands rows with native details", async (t) => {
  await using ctx = await createTestApp();
  const { team } = await seedTeam(ctx.kv);
  const names = (html: string) => [...html.matchAll(/player-row__name">([^<]+)</g)].map((m) => m[1]);
  await t.step("sorted by name under 'All Players'", async () => {
    const { html } = await getPage(ctx.app, `/t/${team.slug}/roster?mode=detail`);
    assert.ok(html.includes("All Players"));
    assert.deepEqual(names(html), ["Chloe A.", "Diego R.", "Maya R.", "Sofia O."]);
    for (
      const text of [
        "Parent Information:",
        "Contact via claim system",
        "Player Details:",
        "View Player Card",
        "<details",
      ]
    ) {
      assert.ok(html.includes(text), text);
    }
    for (const label of ["Sort by Name", "Sort by Jersey", "Sort by Position", "No Grouping", "Group by Position"]) {
      assert.ok(html.includes(label), label);
    }
  });
  await t.step("sorted by jersey, numeric ascending", async () => {
    const { html } = await getPage(ctx.app, `/t/${team.slug}/roster?mode=detail&sort=jersey`);
    assert.deepEqual(names(html), ["Sofia O.", "Maya R.", "Diego R.", "Chloe A."]);
  });
  await t.step("sorted by position, players without one last", async () => {
    const { html } = await getPage(ctx.app, `/t/${team.slug}/roster?mode=detail&sort=position`);
    assert.deepEqual(names(html), ["Sofia O.", "Diego R.", "Maya R.", "Chloe A."]);
  });
  await t.step("grouped by position with counts and 'No Position' last", async () => {
    const { html } = await getPage(ctx.app, `/t/${team.slug}/roster?mode=detail&group=position`);
    const headings = [...html.matchAll(/player-group__title">([^<]+)<span class="player-group__count">\((\d+)\)/g)]
      .map((m) => `${m[1].trim()} ${m[2]}`);
    assert.deepEqual(headings, ["Defender 1", "Forward 2", "No Position 1"]);
  });
  await t.step("unknown query values fall back to the defaults", async () => {
    const { res, html } = await getPage(ctx.app, `/t/${team.slug}/roster?mode=zzz&sort=%3Cscript%3E&group=1`);
    assert.equal(res.status, 200);
    assert.ok(html.includes('aria-current="page">Game<'));
  });
});

Deno.test("[pages] roster: the player card shows real data only", async () => {
  await using t = await createTestApp({ now: () => new Date("2026-06-01T00:00:00Z") });
  const { team, players } = await seedTeam(t.kv, {}, [
    {
      firstName: "Maya",
      lastName: "Rodriguez",
      jerseyNumber: 7,
      position: "Forward",
      birthYear: 2016,
      yearsPlaying: 3,
      stats: { gamesPlayed: 9, goals: 6, assists: 2 },
    },
    { firstName: "Leo", lastName: "Rossi", jerseyNumber: 22 },
  ]);
  const { html } = await getPage(t.app, `/t/${team.slug}/roster?player=${players[0].id}`);
  assert.ok(html.includes("<dialog open"));
  assert.ok(html.includes("Maya R."));
  for (
    const text of ["Forward", "Age", ">10<", "Years playing", ">3<", "Games", ">9<", "Goals", ">6<", "Assists", ">2<"]
  ) {
    assert.ok(html.includes(text), text);
  }
  for (const text of ["Batting", "Fielding", "Placeholder"]) assert.ok(!html.includes(text), text);
  const leo = (await getPage(t.app, `/t/${team.slug}/roster?player=${players[1].id}`)).html;
  for (const text of ["Age", "Years playing", "This season"]) {
    assert.ok(!leo.includes(text), `${text} shown without data`);
  }
});

Deno.test("[pages] roster: public team pages ask search engines not to index them, cached or not (R41)", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const path = `/t/${team.slug}/roster`;
  const first = await getPage(t.app, path);
  assert.equal(first.res.status, 200);
  assert.equal(first.res.headers.get("x-robots-tag"), "noindex, noimageindex");
  assert.ok(first.html.includes('<meta name="robots" content="noindex"'));
  // The team's record changed behind the cache's back (no revision): the page still shows the
  // old name, so it came from the render cache, with the header all the same.
  const stored = (await t.kv.get<Record<string, unknown>>(keys.team(team.id))).value!;
  await t.kv.set(keys.team(team.id), { ...stored, name: "Renamed Behind The Cache" });
  const cached = await getPage(t.app, path);
  assert.ok(cached.html.includes(team.name) && !cached.html.includes("Renamed Behind The Cache"), "served from cache");
  assert.equal(cached.res.headers.get("x-robots-tag"), "noindex, noimageindex");
  for (const other of [`${path}?mode=detail&sort=jersey`, `/t/${team.slug}/claim`, "/t/no-such-team/roster"]) {
    const { res } = await getPage(t.app, other);
    assert.equal(res.headers.get("x-robots-tag"), "noindex, noimageindex", other);
  }
  for (const other of ["/", "/about", "/team-login"]) {
    const { res } = await getPage(t.app, other);
    assert.equal(res.headers.get("x-robots-tag"), null, other);
  }
});

Deno.test("[pages] roster: empty and not found states", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, {}, []);
  const empty = await getPage(t.app, `/t/${team.slug}/roster`);
  assert.ok(empty.html.includes("No players found"));
  assert.ok(empty.html.includes("The roster is currently empty."));
  assert.ok(empty.html.includes(">0 Players<"));
  const missing = await getPage(t.app, "/t/no-such-team/roster");
  assert.equal(missing.res.status, 404);
  assert.ok(missing.html.includes("Roster Not Found"));
  assert.ok(missing.html.includes("The requested team roster could not be found."));
  assert.ok(missing.html.includes('href="/">Go Home'));
});

Deno.test("[pages] roster: only the boot module loads up front; the claim island hydrates on interaction", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { settings: { claimInstructions: "Use the e-mail you gave the club." } });
  const { html } = await getPage(t.app, `/t/${team.slug}/roster`);
  const scripts = scriptsIn(html);
  assert.equal(scripts.filter((s) => s.includes("src=")).length, 1);
  assert.ok(scripts.some((s) => s.includes('type="module"') && s.includes('src="/build/boot-test.js"')));
  assert.ok(html.includes('data-island="ClaimDialog"'));
  assert.ok(html.includes('data-hydrate="interaction"'));
  assert.ok(html.includes('data-src="/build/island-ClaimDialog-test.js"'));
  const { __i18n: messages, ...props } = JSON.parse(
    html.match(/<script type="application\/json" id="island-props-0"[^>]*>([^<]*)<\/script>/)![1],
  );
  // Its messages ride with its props: only the areas it uses, in the page's language (issue 24).
  assert.equal(messages.lang, "en");
  assert.deepEqual(Object.keys(messages.m).sort(), ["claims", "common"]);
  assert.equal(messages.m.common.client.cannotConnect, "Unable to connect to server");
  assert.equal(messages.m.common.skipToMain, undefined, "not the page's own words");
  assert.deepEqual(props, {
    teamSlug: team.slug,
    claimPageUrl: `/t/${team.slug}/claim`,
    allowSurname: true,
    instructions: "Use the e-mail you gave the club.",
    initialJersey: null,
  });
});

Deno.test("[pages] roster: closed claims show a notice instead of the claim dialog", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { settings: { openClaims: false } });
  const { html } = await getPage(t.app, `/t/${team.slug}/roster`);
  assert.ok(html.includes("This team is not accepting claims right now."));
  assert.deepEqual(scriptsIn(html), []);
});

Deno.test("[pages] claim form without JavaScript: posts, redirects, and re-shows errors", async (t) => {
  await using ctx = await createTestApp();
  const { team } = await seedTeam(ctx.kv);
  await t.step("the form page, prefilled from a player's card", async () => {
    const { res, html } = await getPage(ctx.app, `/t/${team.slug}/claim?jersey=7`);
    assert.equal(res.status, 200);
    for (
      const text of [
        "By Jersey Number",
        "By Child Surname",
        "How it works",
        "Submit Claim",
        'method="post"',
        'value="7"',
      ]
    ) {
      assert.ok(html.includes(text), text);
    }
  });
  await t.step("a bad e-mail re-shows the form with the spec's message and stores nothing", async () => {
    const before = await dumpKv(ctx.kv);
    const res = await postForm(ctx.app, `/t/${team.slug}/claim`, { mode: "jersey", jerseyNumber: "7", email: "nope" });
    assert.equal(res.status, 400);
    const html = await res.text();
    assert.ok(html.includes("Please enter a valid email address"));
    assert.ok(html.includes('value="nope"'));
    assert.deepEqual(await dumpKv(ctx.kv), before);
  });
  await t.step("a valid claim is stored and redirects to the roster's confirmation", async () => {
    const res = await postForm(ctx.app, `/t/${team.slug}/claim`, {
      mode: "surname",
      childSurname: "Okafor",
      email: "parent@example.com",
      note: "",
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), `/t/${team.slug}/roster?claimed=1`);
    const claims = await Array.fromAsync(ctx.kv.list({ prefix: keys.teamClaims(team.id) }));
    assert.equal(claims.length, 1);
    const { html } = await getPage(ctx.app, res.headers.get("location")!);
    assert.ok(html.includes("Claim Submitted"));
  });
  await t.step("a business refusal shows its message on the form", async () => {
    const res = await postForm(ctx.app, `/t/${team.slug}/claim`, {
      mode: "jersey",
      jerseyNumber: "55",
      email: "p@example.com",
    });
    assert.equal(res.status, 404);
    assert.ok((await res.text()).includes("No player wears jersey number 55 on this roster."));
  });
  await t.step("past the limit the form says so, with Retry-After", async () => {
    // One address may keep only a few claims pending; the hourly limit per IP is what this hits.
    let res: Response | undefined;
    for (let i = 0; i < 70 && res?.status !== 429; i++) {
      await res?.body?.cancel();
      res = await postForm(ctx.app, `/t/${team.slug}/claim`, {
        mode: "surname",
        childSurname: `Family${i}`,
        email: `many${i}@example.com`,
      });
    }
    assert.equal(res!.status, 429);
    assert.ok(Number(res!.headers.get("retry-after")) > 0);
    assert.match(await res!.text(), /Too many claims from here\. Please try again in \d+ minutes?\./);
  });
  await t.step("unknown team → 404 page", async () => {
    const res = await postForm(ctx.app, `/t/nope/claim`, { mode: "jersey", jerseyNumber: "7", email: "p@example.com" });
    assert.equal(res.status, 404);
  });
});
