/**
 * Databases from before names were read when shown: every post, essential and gallery photo
 * kept a copy of its author's name, for a parent without a name their e-mail. The copies go
 * once, at start, and nothing else of the records changes.
 */
import assert from "node:assert/strict";
import { call } from "../admin_helpers.ts";
import { familyWorld } from "../family_helpers.ts";
import { runMigrations } from "../../lib/db/migrations.ts";
import { DATA_MIGRATIONS } from "../../lib/migrations.ts";

const EMAIL = /[^\s"@]+@[^\s"@]+\.[a-z]{2,}/i;

/** A start of the app, as far as this migration goes: how many records it changed (0 when it had run). */
const start = async (kv: Deno.Kv) => {
  const migration = DATA_MIGRATIONS.filter((m) => m.id === "author-name-copies-removed");
  assert.equal(migration.length, 1);
  return (await runMigrations(kv, migration)).get(migration[0].id) ?? 0;
};

Deno.test("[migrations] the author names copied into posts, essentials and photos are removed, once", async () => {
  const { t, world, idOf, parent2 } = await familyWorld();
  await using _ = t;
  const parentId = await idOf("parent@example.com");
  const teamIds = [world.team.id, world.otherTeam.id];
  const at = "2026-01-01T00:00:00.000Z";
  // As earlier versions stored them: 60 posts (more than one commit's batch) in two teams.
  const legacy: [Deno.KvKey, Record<string, unknown>][] = [];
  for (let i = 0; i < 60; i++) {
    const id = `01J0000000000000000000${String(i).padStart(4, "0")}`;
    legacy.push([["posts", teamIds[i % 2], id], {
      id,
      postType: "news",
      content: `post ${i}`,
      authorName: i % 3 === 0 ? "parent@example.com" : "Test Person",
      authorId: parentId,
      playerId: null,
      playerName: null,
      createdAt: at,
    }]);
  }
  legacy.push([["essentials", world.team.id, "01J00000000000000000000E01"], {
    id: "01J00000000000000000000E01",
    category: "Equipment",
    subcategory: "Cleats",
    name: "Cleats",
    description: "Wide fit.",
    link: null,
    userName: "parent@example.com",
    userId: parentId,
    createdAt: at,
  }]);
  const path = `/objects/${world.team.id}/01J00000000000000000000P01`;
  legacy.push([["gallery_photos", world.team.id, "01J00000000000000000000P01"], {
    id: "01J00000000000000000000P01",
    objectPath: path,
    thumbnailPath: path,
    mediumPath: path,
    urls: { thumbnail: path, medium: path, full: path },
    caption: "",
    uploaderName: "parent@example.com",
    uploaderType: "parent",
    uploaderId: parentId,
    createdAt: at,
  }]);
  for (const [key, value] of legacy) await t.kv.set(key, value);
  const copies = { authorName: undefined, userName: undefined, uploaderName: undefined };

  assert.equal(await start(t.kv), 62);
  const stored = new Map(
    (await Promise.all(
      ["posts", "essentials", "gallery_photos"].map((p) =>
        Array.fromAsync(t.kv.list<Record<string, unknown>>({ prefix: [p] }))
      ),
    )).flat().map((e) => [JSON.stringify(e.key), e.value]),
  );
  assert.equal(stored.size, 62);
  for (const [key, value] of legacy) {
    const expected = Object.fromEntries(Object.entries({ ...value, ...copies }).filter(([, v]) => v !== undefined));
    assert.deepEqual(stored.get(JSON.stringify(key)), expected, "everything but the copy is as it was");
  }
  assert.doesNotMatch(JSON.stringify([...stored.values()]), EMAIL);

  // The team sees the name on the account, read when shown.
  for (const api of ["posts", "essentials"]) {
    const page = await (await call(t.app, "GET", `/api/teams/${world.team.id}/${api}?limit=100`, {
      cookie: parent2,
    })).json();
    assert.ok(page.values.length > 0);
    assert.doesNotMatch(JSON.stringify(page), EMAIL, api);
  }
  const gallery = await (await call(t.app, "GET", `/api/teams/${world.team.id}/photos`, { cookie: parent2 }))
    .json();
  assert.equal(gallery.photos[0].uploaderName, "Test Person");

  await t.kv.set(legacy[0][0], legacy[0][1]);
  assert.equal(await start(t.kv), 0, "the second start does nothing");
  assert.deepEqual((await t.kv.get(legacy[0][0])).value, legacy[0][1]);
});
