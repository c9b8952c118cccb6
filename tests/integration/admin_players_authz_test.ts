// Admin players API: the authorisation matrix — every players route × six identities.
import assert from "node:assert/strict";
import { createPlayer, createTestApp, dumpKv } from "../helpers.ts";
import {
  ADMIN_PREFIXES,
  adminWorld,
  call,
  EXPECTED_STATUS,
  IDENTITIES,
  type Identity,
  statusMatches,
} from "../admin_helpers.ts";
import type { Player } from "../../lib/db/players.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { HEADER } from "./admin_players_fixtures.ts";

Deno.test("[admin players] authorisation matrix: 401 anonymous, 403 parent/player/other admin, 2xx admin and sysadmin", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  // Each identity that may act gets its own target, so a delete by one does not 404 the next.
  const targets = new Map<Identity, Player>();
  for (const who of IDENTITIES) {
    targets.set(who, await createPlayer(t.kv, w.team.id, { firstName: who, lastName: "Target", jerseyNumber: 50 }));
  }
  const base = `/api/admin/${w.team.id}/players`;
  const routes: { name: string; send: (who: Identity) => Promise<Response> }[] = [
    { name: "GET players", send: (who) => call(t.app, "GET", base, { cookie: w.cookies[who] }) },
    {
      name: "GET v2 players",
      send: (who) => call(t.app, "GET", `/api/v2/teams/${w.team.id}/players`, { cookie: w.cookies[who] }),
    },
    {
      name: "POST player",
      send: (who) =>
        call(t.app, "POST", base, {
          cookie: w.cookies[who],
          body: { firstName: "New", lastName: who, jerseyNumber: 60 },
        }),
    },
    {
      name: "PATCH player",
      send: (who) =>
        call(t.app, "PATCH", `${base}/${targets.get(who)!.id}`, { cookie: w.cookies[who], body: { jerseyNumber: 61 } }),
    },
    {
      name: "DELETE player",
      send: (who) => call(t.app, "DELETE", `${base}/${targets.get(who)!.id}`, { cookie: w.cookies[who] }),
    },
    {
      name: "POST import (dry run)",
      send: (who) =>
        call(t.app, "POST", `${base}/import?dryRun=true`, { cookie: w.cookies[who], csv: `${HEADER}\nA,B,1,,\n` }),
    },
    {
      name: "POST import",
      send: (who) =>
        call(t.app, "POST", `${base}/import`, { cookie: w.cookies[who], csv: `${HEADER}\nImported,${who},70,,\n` }),
    },
    { name: "GET export", send: (who) => call(t.app, "GET", `${base}/export`, { cookie: w.cookies[who] }) },
  ];
  for (const route of routes) {
    for (const who of IDENTITIES) {
      const before = await dumpKv(t.kv, ADMIN_PREFIXES);
      const res = await route.send(who);
      await res.body?.cancel();
      assert.ok(statusMatches(EXPECTED_STATUS[who], res.status), `${route.name} as ${who}: ${res.status}`);
      if (EXPECTED_STATUS[who] !== "2xx") {
        assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before, `${route.name} as ${who} changed data`);
      }
    }
  }
  // The sysadmin's changes are recorded as the sysadmin's.
  const actors = (await listAudit(t.kv, { teamId: w.team.id })).values.map((e) => e.actor);
  assert.ok(actors.includes("admin@example.com"));
  assert.ok(actors.includes("sysadmin:root@example.com"));
});
