// R20: `next` redirect targets stay on this site, whatever a link or a form puts in them.
import assert from "node:assert/strict";
import fc from "fast-check";
import { safeLocalPath } from "../../lib/local_path.ts";

const APP = "https://goalmates.example";

/** Where a browser goes when it follows `Location: location` from a page of ours. */
const followed = (location: string) => new URL(location, `${APP}/auth/magic?token=x`);

Deno.test("[local path] keeps local paths with their query and fragment", () => {
  for (
    const [next, expected] of [
      ["/home", "/home"],
      ["/teams/abc?tab=roster#top", "/teams/abc?tab=roster#top"],
      ["/t/demo/roster?sort=name", "/t/demo/roster?sort=name"],
      ["/sysadmin?tab=teams", "/sysadmin?tab=teams"],
      ["/a/../b", "/b"],
      ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ]
  ) assert.equal(safeLocalPath(next, "FALLBACK"), expected, next);
});

Deno.test("[local path] refuses every known way out to another origin", () => {
  const attacks = [
    "/..//evil.example",
    "/..//evil.example/phish",
    "/./..//evil.example",
    "/.//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E//evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/ /evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    " /home",
    "/home\u0000",
    "/".padEnd(2001, "a"),
  ];
  for (const next of attacks) {
    const result = safeLocalPath(next, "FALLBACK");
    if (result !== "FALLBACK") {
      assert.equal(followed(result).origin, APP, `${JSON.stringify(next)} → ${result}`);
      assert.ok(!result.startsWith("//"), JSON.stringify(next));
    }
  }
  for (const next of ["/..//evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example"]) {
    assert.equal(safeLocalPath(next, "FALLBACK"), "FALLBACK", JSON.stringify(next));
  }
  for (const next of [undefined, null, 42, ["/home"], { toString: () => "/home" }]) {
    assert.equal(safeLocalPath(next, "FALLBACK"), "FALLBACK");
  }
});

Deno.test("[local path] property: a kept value always leads to a path on our origin, and keeps itself", () => {
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    "..",
    ".",
    "%2F",
    "%2f",
    "%5C",
    "%2e",
    "%09",
    "%00",
    "\t",
    "\n",
    "\r",
    " ",
    "@",
    ":",
    "?",
    "#",
    "evil.example",
    "https:",
    "http://evil.example",
    "javascript:",
    "home",
    "\u3002",
    "\uFF0F",
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }), fc.string({ maxLength: 6 }), (pieces, noise) => {
      const next = pieces.join("") + noise;
      const result = safeLocalPath(next, "FALLBACK");
      if (result === "FALLBACK") return;
      assert.ok(result.startsWith("/") && !result.startsWith("//") && !result.includes("\\"), result);
      assert.equal(followed(result).origin, APP, `${JSON.stringify(next)} → ${result}`);
      assert.equal(safeLocalPath(result, "FALLBACK"), result, "checking again changes nothing");
    }),
    { numRuns: 3000 },
  );
});
