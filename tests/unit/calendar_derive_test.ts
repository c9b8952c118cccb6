import assert from "node:assert/strict";
import { deriveEventDetails } from "../../lib/calendar/derive.ts";

type Row = [
  summary: string,
  expected: [type: string, opponent: string | null, isHome: boolean | null],
  teamName?: string,
];

Deno.test("[calendar derive] titles in the styles of TeamSnap, PlayMetrics, Google and people", () => {
  const table: Row[] = [
    // TeamSnap: 'vs.' is a home game, '@' an away one.
    ["Game vs. Hawks", ["game", "Hawks", true]],
    ["vs. Hawks", ["game", "Hawks", true]],
    ["vs Hawks", ["game", "Hawks", true]],
    ["@ Tigers", ["game", "Tigers", false]],
    ["Game @ Tigers", ["game", "Tigers", false]],
    ["Game: Lions vs. Hawks", ["game", "Hawks", null]],
    ["Game: Lions vs. Hawks", ["game", "Hawks", true], "Lions"],
    ["Game: Lions vs. Hawks", ["game", "Lions", false], "Hawks"],
    ["Game vs. Hawks (Away)", ["game", "Hawks", false]],
    ["Game vs. Hawks - Field 3", ["game", "Hawks", true]],
    ["Game vs. Hawks at Riverside Park", ["game", "Hawks", true]],
    // Both sides named: the team's side only known from its name.
    ["Hawks vs Tigers", ["game", "Tigers", null]],
    ["Hawks vs Tigers", ["game", "Hawks", false], "Tigers"],
    ["Hawks vs Tigers", ["game", "Tigers", true], "Hawks"],
    ["Hawks v Tigers", ["game", "Tigers", null]],
    ["Hawks versus Tigers", ["game", "Tigers", null]],
    ["Lions @ Hawks", ["game", "Hawks", false], "Lions"],
    ["Lions @ Hawks", ["game", "Lions", true], "Hawks"],
    // 'at' only means away in a game's title.
    ["at Hawks", ["game", "Hawks", false]],
    ["Game at Hawks", ["game", "Hawks", false]],
    ["Away Game at Hawks", ["game", "Hawks", false]],
    ["Practice at Field 3", ["practice", null, null]],
    ["Pizza at Joe's", ["other", null, null]],
    // PlayMetrics: the team's own name comes first.
    ["U10 Girls Practice", ["practice", null, null]],
    ["U10 Girls vs FC Dallas 2016G", ["game", "FC Dallas 2016G", null]],
    ["U10 Girls vs FC Dallas 2016G", ["game", "FC Dallas 2016G", true], "U10 Girls Lions"],
    ["U10 Girls @ Solar SC", ["game", "Solar SC", false], "U10 Girls"],
    ["Indoor league game vs Owls", ["game", "Owls", true]],
    // Types without an opponent.
    ["Practice", ["practice", null, null]],
    ["Training", ["practice", null, null]],
    ["Practice @ Smith Park", ["practice", null, null]],
    ["Scrimmage", ["game", null, null]],
    ["Winter Classic Tournament", ["game", null, null]],
    ["Home Game", ["game", null, true]],
    ["Team Party @ Pizza Palace", ["other", null, null]],
    ["Picture Day", ["other", null, null]],
    ["Parent meeting", ["other", null, null]],
    ["", ["other", null, null]],
    ["   ", ["other", null, null]],
  ];
  for (const [summary, [eventType, opponent, isHome], teamName] of table) {
    assert.deepEqual(
      deriveEventDetails(summary, [], teamName),
      { eventType, opponent, isHome },
      `${JSON.stringify(summary)} for ${teamName ?? "an unnamed team"}`,
    );
  }
});

Deno.test("[calendar derive] CATEGORIES name the type when they say game or practice", () => {
  assert.deepEqual(deriveEventDetails("Lions vs Hawks", ["Practice"]), {
    eventType: "practice",
    opponent: null,
    isHome: null,
  });
  assert.deepEqual(deriveEventDetails("Hawks", ["Game"]), { eventType: "game", opponent: null, isHome: null });
  assert.deepEqual(deriveEventDetails("Saturday at Hawks", ["Games"]), {
    eventType: "game",
    opponent: "Hawks",
    isHome: null,
  });
  assert.deepEqual(deriveEventDetails("Team photo", ["Other", "Fun"]), {
    eventType: "other",
    opponent: null,
    isHome: null,
  });
});

Deno.test("[calendar derive] an opponent is a name, not the rest of the line", () => {
  assert.equal(deriveEventDetails("vs. Hawks, Field 2").opponent, "Hawks");
  assert.equal(deriveEventDetails("vs. Hawks | Arrive 9:30").opponent, "Hawks");
  assert.equal(deriveEventDetails("vs. Hawks [A]").opponent, "Hawks");
  assert.equal(deriveEventDetails("vs. Hawks [A]").isHome, false);
  assert.equal(deriveEventDetails("vs.   St. Mary's  FC.").opponent, "St. Mary's FC");
  assert.equal(deriveEventDetails("Game vs.").opponent, null);
  assert.equal(deriveEventDetails("Game vs.").eventType, "game");
});

Deno.test("[calendar derive] a long untrusted title is read only as far as a title goes", () => {
  const started = performance.now();
  const details = deriveEventDetails("a ".repeat(500_000) + "vs Hawks", [], "Lions".repeat(1_000));
  assert.deepEqual(details, { eventType: "other", opponent: null, isHome: null });
  assert.ok(performance.now() - started < 1_000);
});
