/**
 * The headshot dialog's pure parts (lib/client/headshot.ts): which files it accepts (SPEC.md
 * section 5: one image, at most 10 MB), the size the browser shrinks a photo to (long edge
 * 2048, proportions kept), and the order of the four calls of section 7 with section 8's text
 * for each one that fails (through a stand-in for `api`, so no server is needed). And R41's rule
 * (lib/photos/headshot_consent.ts): a headshot is public only with the team's switch on AND a
 * current guardian's consent.
 */
import assert from "node:assert/strict";
import {
  changeHeadshot,
  checkHeadshotFile,
  type HeadshotProblem,
  MAX_HEADSHOT_BYTES,
  setHeadshot,
  SHRINK_LONG_EDGE,
  shrinkSize,
} from "../../lib/client/headshot.ts";
import type { api, ApiResult } from "../../lib/client/api.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { consentIsCurrent, headshotIsPublic } from "../../lib/photos/headshot_consent.ts";
import { format } from "../../lib/i18n/format.ts";

/** The dialog shows a failure's catalogue entry: in English, SPEC.md section 8's text. */
const SPEC_TEXTS = messagesFor("en").headshots.errors;

Deno.test("[headshot] public only with the team's switch AND a current guardian's consent (R41)", () => {
  const guardianIds = ["mom", "dad"];
  const matrix: [boolean, string | null, boolean][] = [
    [false, null, false],
    [false, "mom", false], // A family's consent alone: the team hides photos.
    [true, null, false], // The team's switch alone is not enough.
    [true, "mom", true],
    [true, "dad", true],
  ];
  for (const [teamShowsPhotos, consentBy, shown] of matrix) {
    assert.equal(
      headshotIsPublic({ teamShowsPhotos, consentBy, guardianIds }),
      shown,
      `switch ${teamShowsPhotos}, consent by ${consentBy}`,
    );
  }
  // A consent given by someone who is no longer (or never was) a guardian counts for nothing.
  assert.equal(headshotIsPublic({ teamShowsPhotos: true, consentBy: "stepdad", guardianIds }), false);
  assert.equal(
    headshotIsPublic({ teamShowsPhotos: true, consentBy: "mom", guardianIds: [] }),
    false,
    "no guardian left",
  );
  assert.equal(headshotIsPublic({ teamShowsPhotos: true, consentBy: "", guardianIds: [""] }), false);
  assert.equal(headshotIsPublic({ teamShowsPhotos: true, consentBy: undefined, guardianIds }), false);
  assert.equal(consentIsCurrent("dad", new Set(guardianIds)), true, "any iterable of guardians");
  assert.equal(consentIsCurrent(null, guardianIds), false);
});

Deno.test("[headshot] the guardian's choice in words: off by default, and what the team's switch adds", () => {
  const texts = messagesFor("en").headshots.consent;
  const maya = (message: string) => format("en", message, { name: "Maya" });
  assert.equal(maya(texts.label), "Show Maya's photo on the public roster");
  assert.equal(maya(texts.hidden), "Maya's photo is hidden from the public roster.");
  assert.equal(maya(texts.shown), "Maya's photo is shown on the public roster.");
  assert.match(maya(texts.waiting), /stays hidden until the team shows photos/);
  // A parent can hide the photo from the other families (issue 22): the hint must not say they see it regardless.
  assert.doesNotMatch(texts.hint, /either way/);
  assert.match(texts.hint, /other families unless you hide it/);
});

Deno.test("[headshot] the failures' English is SPEC.md section 8's, word for word", () => {
  assert.deepEqual(
    SPEC_TEXTS,
    {
      tooLarge: "File too large",
      invalidType: "Invalid file type",
      noUploadUrlCall: "Failed to get upload URL",
      noUploadUrl: "No upload URL received",
      uploadFailed: "Failed to upload photo",
      processFailed: "Failed to process photo resolutions",
      updateFailed: "Failed to update photo",
    } satisfies Record<HeadshotProblem, string>,
  );
});

Deno.test("[headshot] file checks: images only, at most 10 MB, the spec's texts", () => {
  assert.equal(MAX_HEADSHOT_BYTES, 10 * 1024 * 1024);
  assert.equal(checkHeadshotFile({ size: 2_000_000, type: "image/jpeg" }), null);
  assert.equal(checkHeadshotFile({ size: 1, type: "image/png" }), null);
  assert.equal(checkHeadshotFile({ size: MAX_HEADSHOT_BYTES, type: "image/webp" }), null, "exactly 10 MB is allowed");
  assert.equal(
    checkHeadshotFile({ size: 500_000, type: "image/heic" }),
    null,
    "the browser decides what it can decode",
  );
  assert.equal(checkHeadshotFile({ size: MAX_HEADSHOT_BYTES + 1, type: "image/jpeg" }), "tooLarge");
  for (const type of ["", "text/plain", "application/pdf", "video/mp4", "text/html", "image/", "image/svg xml"]) {
    assert.equal(checkHeadshotFile({ size: 1000, type }), "invalidType", JSON.stringify(type));
  }
  assert.equal(checkHeadshotFile({ size: 0, type: "image/jpeg" }), "invalidType", "an empty file");
  assert.equal(
    checkHeadshotFile({ size: MAX_HEADSHOT_BYTES * 3, type: "application/zip" }),
    "invalidType",
    "a file that is neither: its type is named first",
  );
});

Deno.test("[headshot] shrink size: the long edge at most 2048, proportions kept, small photos untouched", () => {
  assert.equal(SHRINK_LONG_EDGE, 2048);
  assert.deepEqual(shrinkSize(4000, 3000), { width: 2048, height: 1536 }, "landscape 12 MP");
  assert.deepEqual(shrinkSize(3000, 4000), { width: 1536, height: 2048 }, "portrait (orientation already applied)");
  assert.deepEqual(shrinkSize(4032, 3024), { width: 2048, height: 1536 }, "a phone's 4:3");
  assert.deepEqual(shrinkSize(8000, 8000), { width: 2048, height: 2048 });
  assert.deepEqual(shrinkSize(2048, 1000), { width: 2048, height: 1000 }, "already at the limit");
  assert.deepEqual(shrinkSize(800, 600), { width: 800, height: 600 }, "never enlarged");
  assert.deepEqual(shrinkSize(20000, 10), { width: 2048, height: 1 }, "a sliver keeps one pixel");
  assert.deepEqual(shrinkSize(1000, 500, 320), { width: 320, height: 160 }, "another limit");
  for (const [w, h] of [[4001, 2999], [5000, 2813], [2049, 2049], [3264, 2448]]) {
    const out = shrinkSize(w, h);
    assert.equal(Math.max(out.width, out.height), 2048, `${w}×${h}`);
    assert.ok(Math.abs(out.width / out.height - w / h) < 0.01, `${w}×${h} keeps its shape`);
  }
});

type Reply = ApiResult<unknown>;
const ok = (data: unknown, status = 200): Reply => ({ ok: true, status, data });
const no = (status: number, message = ""): Reply => ({ ok: false, status, message, fields: {}, data: { message } });

/** A stand-in for `api` that answers each call in turn and records what was sent. */
function scripted(...replies: Reply[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const call = ((method: string, url: string, body?: unknown) => {
    calls.push({ method, url, body });
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected call ${method} ${url}`);
    return Promise.resolve(reply);
  }) as typeof api;
  return { call, calls };
}

const PHOTO = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: "image/jpeg" });
const INPUT = { teamId: "T1", playerId: "P1", photo: PHOTO };
const UPLOAD = { uploadURL: "/api/objects/upload/tok", objectPath: "/objects/T1/raw" };

Deno.test("[headshot] the four calls in order, with what each needs", async () => {
  const { call, calls } = scripted(
    ok(UPLOAD),
    ok({ objectPath: "/objects/T1/raw" }),
    ok({ smallPath: "/objects/T1/small", mediumPath: "/objects/T1/medium" }),
    ok({ photoUrl: "/objects/T1/raw", photoUrlSmall: "/objects/T1/small" }),
  );
  const result = await changeHeadshot(INPUT, call);
  assert.deepEqual(result, {
    ok: true,
    urls: { photoUrl: "/objects/T1/raw", photoUrlSmall: "/objects/T1/small", photoUrlMedium: "/objects/T1/medium" },
  });
  assert.deepEqual(calls.map((c) => `${c.method} ${c.url}`), [
    "POST /api/objects/upload",
    "PUT /api/objects/upload/tok",
    "POST /api/players/process-headshot",
    "PUT /api/players/P1/photo",
  ]);
  assert.deepEqual(calls[0].body, {
    teamId: "T1",
    purpose: "headshot",
    playerId: "P1",
    size: PHOTO.size,
    contentType: "image/jpeg",
  });
  assert.equal(calls[1].body, PHOTO, "the bytes themselves go to the upload URL");
  assert.deepEqual(calls[2].body, { originalPath: "/objects/T1/raw", playerId: "P1" });
  assert.deepEqual(calls[3].body, {
    photoUrl: "/objects/T1/raw",
    photoUrlSmall: "/objects/T1/small",
    photoUrlMedium: "/objects/T1/medium",
  });
});

Deno.test("[headshot] each failing call stops the sequence with SPEC.md section 8's text", async () => {
  const cases: [string, Reply[], HeadshotProblem, number][] = [
    ["upload URL refused", [no(429, "Too many uploads")], "noUploadUrlCall", 1],
    ["no upload URL in the answer", [ok({})], "noUploadUrl", 1],
    ["an upload URL to another site", [ok({ uploadURL: "https://evil.example/x" })], "noUploadUrl", 1],
    ["a protocol-relative upload URL", [ok({ uploadURL: "//evil.example/x" })], "noUploadUrl", 1],
    ["a backslash upload URL", [ok({ uploadURL: "/\\evil.example/x" })], "noUploadUrl", 1],
    ["the PUT refused", [ok(UPLOAD), no(413, "File too large")], "uploadFailed", 2],
    ["the server unreachable", [ok(UPLOAD), no(0, "Unable to connect to server")], "uploadFailed", 2],
    ["processing refused", [ok(UPLOAD), ok({}), no(503)], "processFailed", 3],
    ["processing without paths", [ok(UPLOAD), ok({}), ok({ smallPath: "/x" })], "processFailed", 3],
    [
      "the photo not saved",
      [ok(UPLOAD), ok({}), ok({ smallPath: "/s", mediumPath: "/m" }), no(403, "Forbidden")],
      "updateFailed",
      4,
    ],
  ];
  for (const [what, replies, problem, made] of cases) {
    const { call, calls } = scripted(...replies);
    const result = await changeHeadshot(INPUT, call);
    assert.equal(result.ok, false, what);
    if (result.ok) continue;
    assert.equal(result.problem, problem, what);
    assert.equal(calls.length, made, `${what}: stops there`);
    const last = replies[replies.length - 1];
    if (!last.ok) {
      assert.equal(result.status, last.status, what);
      assert.equal(result.message, last.message, `${what}: the server's words are kept`);
    }
  }
  // The PUT's own objectPath is missing: the one of the upload URL's answer is used.
  const { call, calls } = scripted(ok(UPLOAD), ok({}), ok({ smallPath: "/s", mediumPath: "/m" }), ok({}));
  assert.equal((await changeHeadshot(INPUT, call)).ok, true);
  assert.deepEqual(calls[2].body, { originalPath: "/objects/T1/raw", playerId: "P1" });
});

Deno.test("[headshot] a 401 anywhere comes back as a 401 (the island signs the person out)", async () => {
  for (let at = 0; at < 4; at++) {
    const replies = [ok(UPLOAD), ok({}), ok({ smallPath: "/s", mediumPath: "/m" }), ok({})];
    replies[at] = no(401, "Unauthorized");
    const result = await changeHeadshot(INPUT, scripted(...replies).call);
    assert.ok(!result.ok && result.status === 401, `call ${at + 1}`);
  }
});

Deno.test("[headshot] removing: one PUT with three nulls; its failure is 'Failed to update photo'", async () => {
  const none = { photoUrl: null, photoUrlSmall: null, photoUrlMedium: null };
  const removed = scripted(ok({ photoUrl: null, photoUrlSmall: null }));
  assert.deepEqual(await setHeadshot("P 1/x", none, removed.call), { ok: true, urls: none });
  assert.deepEqual(removed.calls, [{ method: "PUT", url: "/api/players/P%201%2Fx/photo", body: none }]);
  const refused = await setHeadshot("P1", none, scripted(no(403, "Forbidden")).call);
  assert.deepEqual(refused, { ok: false, status: 403, problem: "updateFailed", message: "Forbidden" });
  assert.equal(SPEC_TEXTS.updateFailed, "Failed to update photo");
});
