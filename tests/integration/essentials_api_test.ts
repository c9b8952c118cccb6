/**
 * The Essentials' calls (`GET`/`POST /api/teams/{teamId}/essentials`, `DELETE …/essentials/{itemId}`)
 * and their plain forms under `/family-dashboard/{teamId}/essentials`: who may do what, every
 * rule's message with nothing stored, paging newest first, the hourly limit, and the section as
 * the dashboard renders it (grouped by category, links in a new tab, Remove for the adder or an
 * admin, 'More' for the next page).
 */
import assert from "node:assert/strict";
import { call } from "../admin_helpers.ts";
import { assertMembersRead, familyWorld } from "../family_helpers.ts";
import { dumpKv, getPage, kvValues, postFormAs } from "../helpers.ts";
import { addEssential, type EssentialItem, ESSENTIALS_PER_HOUR } from "../../lib/essentials/mod.ts";

const HOUR_MS = 60 * 60 * 1000;
/** The items and the rate-limit counters: what a refused call must leave as it was. */
const PREFIXES = ["essentials", "rate_limits"];

const apiPath = (teamId: string) => `/api/teams/${teamId}/essentials`;
const formPath = (teamId: string) => `/family-dashboard/${teamId}/essentials`;

const CLEATS = {
  category: "Equipment",
  subcategory: "Cleats",
  name: "Adidas Copa",
  description: "Wide fit, good on grass.",
  link: "https://example.com/copa",
};

/** The essentials section of a dashboard page's HTML. */
function section(html: string): string {
  const match = /<section[^>]*id="essentials"[\s\S]*?<\/section>/.exec(html);
  assert.ok(match, "the essentials section");
  return match[0];
}

Deno.test("[essentials api] reading: every member and a system administrator; no one else", async () => {
  const { t, world } = await familyWorld();
  await using _ = t;
  await assertMembersRead(t.app, world, apiPath);
});

Deno.test("[essentials api] adding: parent, player and admin get 201 with the item; listed newest first", async () => {
  const { t, world, clock, idOf, tick } = await familyWorld();
  await using _ = t;
  const res = await call(t.app, "POST", apiPath(world.team.id), {
    cookie: world.cookies.parent,
    body: { ...CLEATS, name: "  Adidas Copa  ", link: " https://example.com/copa " },
  });
  assert.equal(res.status, 201);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const item: EssentialItem = await res.json();
  assert.deepEqual(item, {
    id: item.id,
    ...CLEATS,
    userName: "Test Person",
    userId: await idOf("parent@example.com"),
    createdAt: clock.now.toISOString(),
  });
  assert.match(item.id, /^[0-9A-HJKMNP-TV-Z]{26}$/, "a ULID");
  // The adder's name is read from their account when shown: the record keeps only their id.
  const { userName: _shown, ...stored } = item;
  assert.deepEqual(await kvValues(t.kv, { prefix: ["essentials", world.team.id] }), [stored]);

  tick();
  const player = await call(t.app, "POST", apiPath(world.team.id), {
    cookie: world.cookies.player,
    body: { category: "Accessories", subcategory: "Snacks", name: "Orange slices", description: "Half time." },
  });
  assert.equal(player.status, 201);
  const snack: EssentialItem = await player.json();
  assert.equal(snack.link, null, "no link");
  assert.equal(snack.userId, await idOf("player@example.com"));
  tick();
  const admin = await call(t.app, "POST", apiPath(world.team.id), {
    cookie: world.cookies.admin,
    body: { category: "Travel", subcategory: "Hotels", name: "Lakeside Inn", description: "Team rate.", link: "" },
  });
  assert.equal(admin.status, 201);
  assert.equal((await admin.json()).userName, "Ada Person");

  const list = await call(t.app, "GET", apiPath(world.team.id), { cookie: world.cookies.parent });
  const { values, cursor } = await list.json();
  assert.deepEqual(values.map((i: EssentialItem) => i.name), ["Lakeside Inn", "Orange slices", "Adidas Copa"]);
  assert.equal(cursor, "");
});

Deno.test("[essentials api] adding is refused to a system administrator, an outsider and anonymous: nothing stored", async () => {
  const { t, world } = await familyWorld();
  await using _ = t;
  const before = await dumpKv(t.kv, PREFIXES);
  const path = apiPath(world.team.id);
  const expected = { sysadmin: 403, otherAdmin: 403, anonymous: 401 } as const;
  for (const [who, status] of Object.entries(expected) as [keyof typeof expected, number][]) {
    const res = await call(t.app, "POST", path, { cookie: world.cookies[who], body: CLEATS });
    assert.equal(res.status, status, who);
    assert.equal(typeof (await res.json()).message, "string", who);
    const form = await postFormAs(t.app, formPath(world.team.id), CLEATS, world.cookies[who]);
    await form.body?.cancel();
    assert.equal(form.status, who === "anonymous" ? 303 : 403, `${who} (form)`);
    if (who === "anonymous") assert.match(form.headers.get("location")!, /^\/team-login\?next=/);
  }
  // Another team's admin cannot add to this team by its slug either, nor to a team that does not exist.
  const bySlug = await call(t.app, "POST", apiPath(world.team.slug), {
    cookie: world.cookies.otherAdmin,
    body: CLEATS,
  });
  assert.equal(bySlug.status, 403);
  const nowhere = await call(t.app, "POST", apiPath("no-such-team"), { cookie: world.cookies.parent, body: CLEATS });
  assert.equal(nowhere.status, 403);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[essentials api] every rule's message, word for word, with the field; nothing stored", async () => {
  const { t, world } = await familyWorld();
  await using _ = t;
  const before = await dumpKv(t.kv, PREFIXES);
  const cases: [unknown, string, Record<string, string>][] = [
    [{ ...CLEATS, category: "" }, "Category is required", {
      category: "Category is required",
    }],
    [{ ...CLEATS, category: undefined, subcategory: undefined }, "Category is required", {
      category: "Category is required",
      subcategory: "Subcategory is required",
    }],
    [{ ...CLEATS, subcategory: " " }, "Subcategory is required", { subcategory: "Subcategory is required" }],
    [{ ...CLEATS, name: "" }, "Item name is required", { name: "Item name is required" }],
    [{ ...CLEATS, description: "   " }, "Description is required", { description: "Description is required" }],
    [{ ...CLEATS, link: "example.com" }, "Please enter a valid URL", { link: "Please enter a valid URL" }],
    [{ ...CLEATS, link: "javascript:alert(1)" }, "Please enter a valid URL", { link: "Please enter a valid URL" }],
    [{ ...CLEATS, category: "Food" }, "Please choose a category from the list", {
      category: "Please choose a category from the list",
    }],
    [{ ...CLEATS, category: "Travel" }, "Please choose a subcategory of Travel", {
      subcategory: "Please choose a subcategory of Travel",
    }],
    [{ ...CLEATS, name: "n".repeat(101) }, "Item name must be at most 100 characters", {
      name: "Item name must be at most 100 characters",
    }],
    [{ ...CLEATS, description: "d".repeat(501) }, "Description must be at most 500 characters", {
      description: "Description must be at most 500 characters",
    }],
    [{ ...CLEATS, link: `https://example.com/${"a".repeat(2_000)}` }, "Link must be at most 2,000 characters", {
      link: "Link must be at most 2,000 characters",
    }],
    [{}, "Category is required", {
      category: "Category is required",
      subcategory: "Subcategory is required",
      name: "Item name is required",
      description: "Description is required",
    }],
  ];
  for (const [body, message, fields] of cases) {
    const res = await call(t.app, "POST", apiPath(world.team.id), { cookie: world.cookies.parent, body });
    assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
    assert.deepEqual(await res.json(), { message, fields }, JSON.stringify(body).slice(0, 80));
  }
  const unknown = await call(t.app, "POST", apiPath(world.team.id), {
    cookie: world.cookies.parent,
    body: { ...CLEATS, userName: "Someone else" },
  });
  assert.equal(unknown.status, 400);
  assert.deepEqual(await unknown.json(), { message: "Unknown field: userName" });
  const notJson = await call(t.app, "POST", apiPath(world.team.id), {
    cookie: world.cookies.parent,
    headers: { "content-type": "application/json" },
    body: undefined,
  });
  assert.equal(notJson.status, 400);
  await notJson.body?.cancel();
  const formType = await postFormAs(t.app, apiPath(world.team.id), CLEATS, world.cookies.parent);
  assert.equal(formType.status, 415, "the API takes JSON only");
  await formType.body?.cancel();
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "refused items change nothing, not even the counter");
});

Deno.test("[essentials api] removing: the adder or a team admin; another parent 403; a missing item 404", async () => {
  const { t, world, parent2, idOf, clock } = await familyWorld();
  await using _ = t;
  const parentId = await idOf("parent@example.com");
  const mine = await addEssential(t.kv, world.team.id, { userId: parentId }, CLEATS, clock.now);
  const other = await addEssential(t.kv, world.team.id, { userId: parentId }, {
    ...CLEATS,
    name: "Nike Phantom",
  }, clock.now);
  const path = (id: string) => `${apiPath(world.team.id)}/${id}`;
  const before = await dumpKv(t.kv, PREFIXES);

  const refusals = [
    ["anonymous", "", 401],
    ["another parent", parent2, 403],
    ["a player who did not add it", world.cookies.player, 403],
    ["a system administrator", world.cookies.sysadmin, 403],
    ["another team's admin", world.cookies.otherAdmin, 403],
  ] as const;
  for (const [who, cookie, status] of refusals) {
    const res = await call(t.app, "DELETE", path(mine.id), { cookie });
    assert.equal(res.status, status, who);
    assert.equal(typeof (await res.json()).message, "string", who);
  }
  const notYours = await call(t.app, "DELETE", path(mine.id), { cookie: parent2 });
  assert.deepEqual(await notYours.json(), { message: "You can only remove recommendations you added" });
  // Another team's admin cannot reach the item through their own team either.
  const viaOtherTeam = await call(t.app, "DELETE", `${apiPath(world.otherTeam.id)}/${mine.id}`, {
    cookie: world.cookies.otherAdmin,
  });
  assert.equal(viaOtherTeam.status, 404);
  await viaOtherTeam.body?.cancel();
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before, "refusals change nothing");

  const byAdder = await call(t.app, "DELETE", path(mine.id), { cookie: world.cookies.parent });
  assert.equal(byAdder.status, 200);
  assert.equal(byAdder.headers.get("cache-control"), "no-store");
  assert.deepEqual(await byAdder.json(), { success: true });
  assert.equal((await t.kv.get(["essentials", world.team.id, mine.id])).versionstamp, null);

  const byAdmin = await call(t.app, "DELETE", path(other.id), { cookie: world.cookies.admin });
  assert.equal(byAdmin.status, 200, "an admin removes anyone's item");
  await byAdmin.body?.cancel();
  assert.deepEqual(await kvValues(t.kv, { prefix: ["essentials", world.team.id] }), []);

  const missing = await call(t.app, "DELETE", path(mine.id), { cookie: world.cookies.admin });
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { message: "Recommendation not found" });
  const malformed = await call(t.app, "DELETE", path("..%2F..%2Fx"), { cookie: world.cookies.admin });
  assert.equal(malformed.status, 404);
  await malformed.body?.cancel();
});

Deno.test("[essentials api] paging: newest first, cursor to the next page; bad paging is a 400", async () => {
  const { t, world, clock } = await familyWorld();
  await using _ = t;
  const adder = { userId: null };
  for (let i = 1; i <= 7; i++) {
    await addEssential(t.kv, world.team.id, adder, { ...CLEATS, name: `Item ${i}` }, new Date(clock.now.getTime() + i));
  }
  const names: string[] = [];
  let cursor = "";
  const pages: number[] = [];
  do {
    const res = await call(t.app, "GET", `${apiPath(world.team.id)}?limit=3&cursor=${cursor}`, {
      cookie: world.cookies.player,
    });
    assert.equal(res.status, 200);
    const page = await res.json();
    names.push(...page.values.map((i: EssentialItem) => i.name));
    pages.push(page.values.length);
    cursor = page.cursor;
  } while (cursor);
  assert.deepEqual(pages, [3, 3, 1]);
  assert.deepEqual(names, ["Item 7", "Item 6", "Item 5", "Item 4", "Item 3", "Item 2", "Item 1"]);
  for (const query of ["limit=0", "limit=abc", "limit=501", "cursor=%24%24%24", `cursor=${"A".repeat(513)}`]) {
    const res = await call(t.app, "GET", `${apiPath(world.team.id)}?${query}`, { cookie: world.cookies.parent });
    assert.equal(res.status, 400, query);
    assert.equal(typeof (await res.json()).message, "string", query);
  }
});

Deno.test("[essentials api] a person adds at most 30 items an hour (429 with Retry-After); others are not held", async () => {
  const { t, world, clock, tick } = await familyWorld();
  await using _ = t;
  const path = apiPath(world.team.id);
  for (let i = 0; i < ESSENTIALS_PER_HOUR; i++) {
    const res = await call(t.app, "POST", path, { cookie: world.cookies.parent, body: { ...CLEATS, name: `N${i}` } });
    assert.equal(res.status, 201, `item ${i + 1}`);
    await res.body?.cancel();
    tick();
  }
  // A refused item does not count, and is refused for what it is first.
  const invalid = await call(t.app, "POST", path, { cookie: world.cookies.parent, body: { ...CLEATS, name: "" } });
  assert.equal(invalid.status, 400);
  await invalid.body?.cancel();
  const before = await dumpKv(t.kv, ["essentials"]);
  const limited = await call(t.app, "POST", path, { cookie: world.cookies.parent, body: CLEATS });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.match((await limited.json()).message, /^You have added a lot of recommendations in a short time\./);
  const form = await postFormAs(t.app, formPath(world.team.id), CLEATS, world.cookies.parent);
  assert.equal(form.status, 429, "the plain form says so on the page");
  assert.ok(Number(form.headers.get("retry-after")) > 0);
  assert.match(section(await form.text()), /You have added a lot of recommendations/);
  assert.deepEqual(await dumpKv(t.kv, ["essentials"]), before);

  const admin = await call(t.app, "POST", path, { cookie: world.cookies.admin, body: CLEATS });
  assert.equal(admin.status, 201, "another person is not held");
  await admin.body?.cancel();
  clock.now = new Date(clock.now.getTime() + HOUR_MS);
  const later = await call(t.app, "POST", path, { cookie: world.cookies.parent, body: CLEATS });
  assert.equal(later.status, 201, "the next hour");
  await later.body?.cancel();
});

Deno.test("[essentials forms] without JavaScript: add → 303 back; refused → 422 with the typed values and messages", async () => {
  const { t, world, idOf } = await familyWorld();
  await using _ = t;
  const back = `/family-dashboard/${world.team.id}#essentials`;
  const added = await postFormAs(t.app, formPath(world.team.id), { ...CLEATS, link: "" }, world.cookies.parent);
  assert.equal(added.status, 303);
  assert.equal(added.headers.get("location"), back);
  const [stored] = await kvValues<EssentialItem>(t.kv, { prefix: ["essentials", world.team.id] });
  assert.equal(stored.name, "Adidas Copa");
  assert.equal(stored.link, null);
  assert.equal(stored.userId, await idOf("parent@example.com"));

  const before = await dumpKv(t.kv, PREFIXES);
  const refused = await postFormAs(t.app, formPath(world.team.id), {
    category: "Travel",
    subcategory: "Cleats",
    name: "My <b>pick</b>",
    description: "",
    link: "not a link",
  }, world.cookies.parent);
  assert.equal(refused.status, 422);
  assert.equal(refused.headers.get("cache-control"), "no-store");
  const html = section(await refused.text());
  assert.match(
    html,
    /<select id="essential-subcategory" name="subcategory" aria-invalid="true" aria-describedby="essential-subcategory-error"/,
  );
  assert.match(
    html,
    /<p class="field__error" id="essential-subcategory-error">Please choose a subcategory of Travel<\/p>/,
  );
  assert.match(html, /<p class="field__error" id="essential-description-error">Description is required<\/p>/);
  assert.match(html, /<p class="field__error" id="essential-link-error">Please enter a valid URL<\/p>/);
  assert.match(html, /aria-describedby="essential-link-hint essential-link-error"/);
  assert.match(html, /value="My &lt;b&gt;pick&lt;\/b&gt;"/, "the typed name, escaped");
  assert.match(html, /value="not a link"/);
  assert.match(html, /<option value="Travel" selected="">Travel<\/option>/, "the chosen category");
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  const missing = await postFormAs(t.app, formPath(world.team.id), {}, world.cookies.parent);
  assert.equal(missing.status, 422);
  const missingHtml = section(await missing.text());
  for (
    const message of [
      "Category is required",
      "Subcategory is required",
      "Item name is required",
      "Description is required",
    ]
  ) {
    assert.ok(missingHtml.includes(message), message);
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[essentials forms] without JavaScript: Remove → 303 back for the adder or an admin; 403 page for others", async () => {
  const { t, world, parent2, idOf, clock } = await familyWorld();
  await using _ = t;
  const adder = { userId: await idOf("parent@example.com") };
  const a = await addEssential(t.kv, world.team.id, adder, CLEATS, clock.now);
  const b = await addEssential(t.kv, world.team.id, adder, { ...CLEATS, name: "B" }, clock.now);
  const del = (id: string) => `${formPath(world.team.id)}/${id}/delete`;
  const before = await dumpKv(t.kv, PREFIXES);
  const refused = await postFormAs(t.app, del(a.id), {}, parent2);
  assert.equal(refused.status, 403);
  assert.match(await refused.text(), /You can only remove recommendations you added/);
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);

  const byAdder = await postFormAs(t.app, del(a.id), {}, world.cookies.parent);
  assert.equal(byAdder.status, 303);
  assert.equal(byAdder.headers.get("location"), `/family-dashboard/${world.team.id}#essentials`);
  const byAdmin = await postFormAs(t.app, del(b.id), {}, world.cookies.admin);
  assert.equal(byAdmin.status, 303);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["essentials", world.team.id] }), []);
  const again = await postFormAs(t.app, del(b.id), {}, world.cookies.admin);
  assert.equal(again.status, 303, "already gone: back to the list");
});

Deno.test("[essentials page] grouped by category, links in a new tab, Remove for the adder or an admin, More", async () => {
  const { t, world, idOf, clock } = await familyWorld();
  await using _ = t;
  const parent = { userId: await idOf("parent@example.com") };
  const admin = { userId: await idOf("admin@example.com") };
  const ms = clock.now.getTime();
  await addEssential(t.kv, world.team.id, admin, {
    category: "Travel",
    subcategory: "Hotels",
    name: "Lakeside Inn",
    description: "Team rate <ask>.",
  }, new Date(ms + 1));
  await addEssential(t.kv, world.team.id, parent, CLEATS, new Date(ms + 2));
  await addEssential(t.kv, world.team.id, parent, {
    category: "Apparel",
    subcategory: "Socks",
    name: "Grip socks",
    description: "No slipping.",
  }, new Date(ms + 3));

  const parentHtml = section((await getPage(t.app, `/family-dashboard/${world.team.id}`, world.cookies.parent)).html);
  assert.match(parentHtml, /<h2 id="essentials-title">The Essentials<\/h2>/);
  const headings = [...parentHtml.matchAll(/<h3 class="essentials__category">([^<]+)<\/h3>/g)].map((m) => m[1]);
  assert.deepEqual(headings, ["Equipment", "Apparel", "Travel"], "SPEC.md's category order");
  assert.match(
    parentHtml,
    /<a href="https:\/\/example.com\/copa" target="_blank" rel="noopener noreferrer">example.com<span class="visually-hidden">\(opens in a new tab\)<\/span><\/a>/,
  );
  assert.ok(parentHtml.includes("Added by Test Person"), "the adder's name on their account");
  assert.ok(parentHtml.includes("Added by Ada Person"));
  assert.ok(parentHtml.includes("Team rate &lt;ask&gt;."), "escaped");
  assert.ok(parentHtml.includes(">Cleats<") && parentHtml.includes(">Wide fit, good on grass.<"));
  const removeLabels = (html: string) => [...html.matchAll(/aria-label="Remove ([^"]+)"/g)].map((m) => m[1]).sort();
  assert.deepEqual(removeLabels(parentHtml), ["Adidas Copa", "Grip socks"], "the parent removes their own");
  // The form, as a plain form: the island hydrates on interaction; every subcategory is offered by category.
  assert.match(parentHtml, /data-island="EssentialForm"[^>]*data-hydrate="interaction"/);
  assert.match(
    parentHtml,
    new RegExp(`<form [^>]*action="/family-dashboard/${world.team.id}/essentials" method="post"`),
  );
  assert.match(parentHtml, /<optgroup label="Equipment"><option value="Balls">Balls<\/option>/);
  assert.doesNotMatch(parentHtml, /<select[^>]*disabled/, "usable without JavaScript");
  assert.equal([...parentHtml.matchAll(/<optgroup /g)].length, 4);

  const adminHtml = section((await getPage(t.app, `/family-dashboard/${world.team.id}`, world.cookies.admin)).html);
  assert.deepEqual(removeLabels(adminHtml), ["Adidas Copa", "Grip socks", "Lakeside Inn"], "an admin removes any");
  const playerHtml = section((await getPage(t.app, `/family-dashboard/${world.team.id}`, world.cookies.player)).html);
  assert.deepEqual(removeLabels(playerHtml), []);
  const sysadminHtml = section(
    (await getPage(t.app, `/family-dashboard/${world.team.id}`, world.cookies.sysadmin)).html,
  );
  assert.deepEqual(removeLabels(sysadminHtml), [], "a read-only viewer removes nothing");
  assert.doesNotMatch(sysadminHtml, /<form/, "and gets no form");
  assert.doesNotMatch(sysadminHtml, /data-island/, "and no JavaScript");
  assert.ok(sysadminHtml.includes("Lakeside Inn"));
  assert.doesNotMatch(parentHtml, /essentials__more/, "one page: no More link");
});

Deno.test("[essentials page] empty, and more than a page: 'More' leads to the next page", async () => {
  const { t, world, clock } = await familyWorld();
  await using _ = t;
  const empty = section((await getPage(t.app, `/family-dashboard/${world.team.id}`, world.cookies.parent)).html);
  assert.ok(empty.includes("No recommendations yet"));
  for (let i = 1; i <= 52; i++) {
    await addEssential(t.kv, world.team.id, { userId: null }, {
      ...CLEATS,
      name: `Item ${String(i).padStart(2, "0")}`,
    }, new Date(clock.now.getTime() + i));
  }
  const first = section((await getPage(t.app, `/family-dashboard/${world.team.id}`, world.cookies.parent)).html);
  assert.ok(first.includes("Item 52") && first.includes("Item 03") && !first.includes("Item 02"));
  const more = /<a class="essentials__more" href="([^"]+)">More recommendations<\/a>/.exec(first);
  assert.ok(more, "the More link");
  const href = more[1].replaceAll("&amp;", "&");
  assert.match(href, new RegExp(`^/family-dashboard/${world.team.id}\\?essentials=[A-Za-z0-9_%=-]+#essentials$`));
  const second = section((await getPage(t.app, href.replace(/#.*/, ""), world.cookies.parent)).html);
  assert.ok(second.includes("Item 02") && second.includes("Item 01") && !second.includes("Item 03"));
  assert.doesNotMatch(second, /essentials__more/);
});
