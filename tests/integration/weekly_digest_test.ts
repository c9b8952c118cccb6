/**
 * Issue 23, item 4: the weekly digest (lib/notifications/weekly_digest.ts). Its content (5 posts
 * then "and N more", the photos counted and the newest 3 as thumbnails inside the mail, the next 7
 * days' events as the widget words them, open campaigns, several teams in one mail), the empty
 * week (an old open campaign alone is one), someone who turned it off, the Sunday 17:00 rule and
 * the cheap hours, the development call (once a week, 404 in production), exactly once with two
 * processes running the job on one KV file at the same moment, and the thumbnails as an SMTP
 * server receives them (multipart/related, read at send time, a deleted photo left out).
 */
import assert from "node:assert/strict";
import { call, countingReads, createTestApp, kvValues, requestJson, seedTeam } from "../helpers.ts";
import { createAccount, queuedMail } from "../auth_helpers.ts";
import { signIn } from "../admin_helpers.ts";
import { runWeeklyDigests } from "../../lib/notifications/mod.ts";
import { missingAltText, updateNotificationPreferences } from "../../lib/notifications/mod.ts";
import { newPostId, type PostRecord, stagePost } from "../../lib/db/posts.ts";
import { newPhotoId, type PhotoRecord, stagePhoto } from "../../lib/db/gallery.ts";
import { type BlobManifest, stageNewBlob, writeBlobData } from "../../lib/db/blobs.ts";
import { keys } from "../../lib/db/keys.ts";
import { digestThumbnailResolver } from "../../lib/notifications/mod.ts";
import { deliverQueuedMail } from "../../lib/mail/queue.ts";
import { createSmtpMailer } from "../../lib/mail/mailers.ts";
import { type ReceivedMail, startSmtpSink } from "../e2e/smtp_sink.ts";
import { type Campaign, stageNewCampaign } from "../../lib/db/campaigns.ts";
import { type Membership, stageMembership, type User } from "../../lib/db/users.ts";
import { saveEvent } from "../../lib/events/mod.ts";
import type { PendingMail } from "../../lib/mail/queue.ts";
import type { Team } from "../../lib/db/teams.ts";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Sunday 2026-07-12, 17:05 in New York (EDT, UTC−4). */
const SUNDAY_EVENING = new Date("2026-07-12T21:05:00Z");
const APP = "http://goalmates.test";

async function join(kv: Deno.Kv, user: User, team: Team, joinedAt: string, role: Membership["role"] = "TEAM_STANDARD") {
  const membership: Membership = { userId: user.id, teamId: team.id, role, playerId: null, createdAt: joinedAt };
  assert.ok((await stageMembership(kv.atomic(), membership).commit()).ok);
}

async function post(
  kv: Deno.Kv,
  team: Team,
  author: User,
  content: string,
  at: number,
  extra: Partial<PostRecord> = {},
) {
  const record: PostRecord = {
    id: newPostId(at),
    postType: "news",
    content,
    authorId: author.id,
    playerId: null,
    playerName: null,
    createdAt: new Date(at).toISOString(),
    ...extra,
  };
  assert.ok((await stagePost(kv.atomic(), team.id, record).commit()).ok);
}

/** Real images as thumbnails: one over a blob chunk (60 KiB), a small JPEG, a PNG, a WebP. */
const IMAGES = [
  ["oriented_6_gps.jpg", "image/jpeg"],
  ["display_p3.jpg", "image/jpeg"],
  ["small.png", "image/png"],
  ["small.webp", "image/webp"],
] as const;

/** A gallery photo whose thumbnail is a stored blob (fixture image `image`); returns its blob id and bytes. */
async function photo(kv: Deno.Kv, team: Team, at: number, uploader: User | null, image = 0, caption = "") {
  const id = newPhotoId(at);
  const path = `/objects/${team.id}/${id}`;
  const thumbId = `${id}-thumb`;
  const [file, contentType] = IMAGES[image % IMAGES.length];
  const bytes = await Deno.readFile(new URL(`../fixtures/${file}`, import.meta.url));
  const written = await writeBlobData(kv, team.id, thumbId, bytes);
  const manifest: BlobManifest = {
    id: thumbId,
    teamId: team.id,
    dataId: thumbId,
    state: "ready",
    role: "thumbnail",
    purpose: "gallery",
    uploadId: id,
    playerId: null,
    uploaderId: uploader?.id ?? null,
    contentType,
    ...written,
    width: 320,
    height: 320,
    createdAt: new Date(at).toISOString(),
  };
  const thumbnailPath = `/objects/${team.id}/${thumbId}`;
  const record: PhotoRecord = {
    id,
    objectPath: path,
    thumbnailPath,
    mediumPath: path,
    urls: { thumbnail: thumbnailPath, medium: path, full: path },
    caption,
    uploaderType: "parent",
    uploaderId: uploader?.id ?? null,
    createdAt: new Date(at).toISOString(),
  };
  assert.ok((await stagePhoto(stageNewBlob(kv.atomic(), manifest), team.id, record).commit()).ok);
  return { thumbId, bytes, contentType };
}

async function campaign(kv: Deno.Kv, team: Team, title: string, createdAt = SUNDAY_EVENING.getTime() - DAY) {
  const record: Campaign = {
    id: newPostId(Date.now()),
    title,
    type: "poll",
    isActive: true,
    isSnoozable: false,
    snoozeDays: 0,
    teamId: team.id,
    publishAt: null,
    expiresAt: null,
    createdAt: new Date(createdAt).toISOString(),
    pollQuestion: "Pizza or tacos?",
    pollOption1: "Pizza",
    pollOption2: "Tacos",
    questionText: null,
    factText: null,
    newsText: null,
  };
  assert.ok((await stageNewCampaign(kv.atomic(), record).commit()).ok);
}

const digests = async (kv: Deno.Kv) =>
  (await queuedMail(kv)).filter((m) => m.mail.kind === "notification-weeklyDigest").map((m) => m.mail);

/** Lions U10 (a busy week), Tigers U12 (one post), Quiet FC (nothing); Maria in Lions and Tigers. */
async function world(kv: Deno.Kv) {
  const now = SUNDAY_EVENING.getTime();
  const { team: lions, players } = await seedTeam(kv, { name: "Lions U10" });
  const { team: tigers } = await seedTeam(kv, { name: "Tigers U12" });
  const { team: quiet } = await seedTeam(kv, { name: "Quiet FC" });
  const coach = await createAccount(kv, { email: "coach@example.com", firstName: "Carla" });
  const maria = await createAccount(kv, { email: "maria@example.com", firstName: "Maria" });
  const off = await createAccount(kv, { email: "off@example.com", firstName: "Omar" });
  const lonely = await createAccount(kv, { email: "quiet@example.com", firstName: "Quinn" });
  await join(kv, coach, lions, "2026-01-01T00:00:00.000Z", "TEAM_ADMIN");
  await join(kv, maria, lions, "2026-02-01T00:00:00.000Z");
  await join(kv, maria, tigers, "2026-03-01T00:00:00.000Z");
  await join(kv, off, lions, "2026-02-01T00:00:00.000Z");
  await join(kv, lonely, quiet, "2026-02-01T00:00:00.000Z");
  await updateNotificationPreferences(kv, off.id, { weeklyDigest: false });

  for (let i = 1; i <= 7; i++) await post(kv, lions, coach, `Lions post ${i}`, now - (8 - i) * 20 * HOUR);
  await post(kv, lions, coach, "Kudos!", now - HOUR, {
    postType: "kudos",
    playerId: players[0].id,
    playerName: "Maya R.",
  });
  await post(kv, lions, coach, "Old news from last month", now - 8 * DAY);
  await post(kv, tigers, coach, "Tigers practice moved indoors", now - 2 * DAY);
  // Oldest first, as they came (photo ids increase with each one): photos[0] is the newest.
  await photo(kv, lions, now - 9 * DAY, coach, 3);
  const photos = [];
  for (let i = 3; i >= 0; i--) {
    photos.unshift(await photo(kv, lions, now - (i + 1) * DAY, i === 1 ? maria : coach, i, i === 0 ? "Goal! <3" : ""));
  }
  await saveEvent(kv, lions.id, {
    title: "Game",
    eventType: "game",
    startTime: new Date("2026-07-14T22:30:00Z"),
    endTime: new Date("2026-07-15T00:00:00Z"),
    opponent: "Hawks",
    isHome: false,
    location: "Field 3",
  });
  await saveEvent(kv, lions.id, {
    title: "Practice",
    eventType: "practice",
    status: "CANCELLED",
    startTime: new Date("2026-07-16T22:00:00Z"),
    endTime: new Date("2026-07-16T23:00:00Z"),
  });
  await saveEvent(kv, lions.id, { title: "Tournament", startTime: new Date(now + 9 * DAY) });
  // The morning after the digest: a date in the mail, never 'Tomorrow' (it may be read on Monday).
  await saveEvent(kv, lions.id, {
    title: "Early practice",
    eventType: "practice",
    startTime: new Date("2026-07-13T13:00:00Z"),
  });
  await saveEvent(kv, lions.id, { title: "Team photo", startTime: new Date("2026-07-18T14:00:00Z") });
  await campaign(kv, lions, "Team party food");
  // Open for two months: listed in a mail with other news, but no reason for a mail on its own.
  await campaign(kv, lions, "Season photo order", now - 60 * DAY);
  await campaign(kv, quiet, "Kit colours vote", now - 30 * DAY);
  return { lions, tigers, quiet, coach, maria, off, lonely, photos };
}

Deno.test("[weekly digest] one mail per person for all their teams: 5 posts and N more, photos, events, campaigns", async () => {
  await using t = await createTestApp();
  const w = await world(t.kv);
  const run = await runWeeklyDigests(t.kv, { appUrl: APP, now: SUNDAY_EVENING });
  const mails = await digests(t.kv);
  assert.deepEqual(mails.map((m) => m.to.address).sort(), ["coach@example.com", "maria@example.com"]);
  assert.equal(run.sent, 2);

  const maria = mails.find((m) => m.to.address === "maria@example.com")!;
  assert.deepEqual(maria.to, { name: "Maria", address: "maria@example.com" });
  assert.equal(maria.subject, "Your week with Lions U10 and Tigers U12");
  const text = maria.text;
  assert.ok(text.startsWith("Hi Maria,"));
  // The 5 newest of the week's 8 Lions posts, then the count; nothing older than 7 days.
  assert.match(text, /- Kudos from Carla Person to Maya R\.: Kudos!/);
  for (const n of [7, 6, 5, 4]) assert.ok(text.includes(`- News from Carla Person: Lions post ${n}`), `post ${n}`);
  for (const n of [1, 2, 3]) assert.ok(!text.includes(`Lions post ${n}`), `post ${n} is counted, not listed`);
  assert.match(text, /^ {2}and 3 more$/m);
  assert.ok(!text.includes("Old news"));
  assert.ok(text.includes("4 new photos in the team gallery."));
  // Events of the next 7 days in the team's zone, as the widget words them; the one in 9 days is not listed.
  assert.ok(text.includes("- Game — Tue, Jul 14 · 6:30 PM – 8:00 PM ET, @ Hawks, Field 3"), text);
  assert.ok(text.includes("- CANCELLED: Practice — Thu, Jul 16 · 6:00 PM – 7:00 PM ET"));
  assert.ok(text.includes("- Team photo (Event) — Sat, Jul 18 · 10:00 AM"), "the type when the title does not say it");
  assert.ok(!text.includes("Tournament"));
  assert.ok(text.includes("- Early practice — Mon, Jul 13 · 9:00 AM ET"), text);
  assert.ok(!/Today|Tomorrow/.test(text), "no day relative to when it was sent");
  assert.ok(text.includes("- Poll: Team party food"));
  assert.ok(text.includes("- Poll: Season photo order"), "an old open campaign is listed with the rest");
  // The second team in the same mail, after the one she joined first.
  assert.ok(text.indexOf("LIONS U10") < text.indexOf("TIGERS U12"));
  assert.ok(text.includes("- News from Carla Person: Tigers practice moved indoors"));
  assert.ok(!text.includes("Rodriguez"), "a child's last name is never in the mail");
  // The notification promises: the footer, one-click unsubscribe, alt text on every image (there are none).
  assert.match(maria.headers?.["List-Unsubscribe"] ?? "", /^<http:\/\/goalmates\.test\/unsubscribe\/[^>]+>$/);
  assert.equal(maria.headers?.["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
  assert.ok(text.includes("You get this because you are a member of Lions U10 and Tigers U12"));
  assert.deepEqual(missingAltText(maria.html!), []);
  // The 3 newest of the week's 4 photos, inside the mail: a cid: each, never an address to load.
  const alts = [
    "Photo shared by Carla Person on Saturday: Goal! &lt;3",
    "Photo shared by Maria Person on Friday",
    "Photo shared by Carla Person on Thursday",
  ];
  const imgs = [...maria.html!.matchAll(/<img src="([^"]+)" alt="([^"]+)"/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(imgs, alts.map((alt, i) => [`cid:photo-${i + 1}@digest.goalmates`, alt]));
  assert.deepEqual(
    maria.inlineImages,
    w.photos.slice(0, 3).map((p, i) => ({
      cid: `photo-${i + 1}@digest.goalmates`,
      ref: { teamId: w.lions.id, blobId: p.thumbId },
    })),
  );
  assert.ok(!maria.html!.includes("/objects/"), "no image address");
  assert.ok(text.includes("(Photo shared by Carla Person on Saturday: Goal! <3; Photo shared by Maria Person"));
  assert.ok(text.includes(`Open GoalMates: ${APP}/home`));

  const coach = mails.find((m) => m.to.address === "coach@example.com")!;
  assert.equal(coach.subject, "Your week with Lions U10", "only the coach's own team");
  assert.ok(coach.text.includes(`Open Lions U10: ${APP}/family-dashboard/${w.lions.id}`));
});

Deno.test("[weekly digest] an empty week and someone who turned it off get nothing; it waits for Sunday 17:00 and goes once", async () => {
  await using t = await createTestApp();
  const w = await world(t.kv);
  const early = await runWeeklyDigests(t.kv, { appUrl: APP, now: new Date("2026-07-12T20:59:00Z") });
  assert.equal(early.sent, 0, "16:59 in New York");
  assert.deepEqual(await digests(t.kv), []);

  await runWeeklyDigests(t.kv, { appUrl: APP, now: SUNDAY_EVENING });
  const to = (await digests(t.kv)).map((m) => m.to.address);
  assert.ok(!to.includes("quiet@example.com"), "nothing happened in Quiet FC (its poll opened a month ago)");
  assert.ok(!to.includes("off@example.com"), "weeklyDigest off");

  // Later that evening: the zone is done, so its members are not read again, and nobody gets a second mail.
  const counted = countingReads(t.kv);
  const later = await runWeeklyDigests(counted.kv, { appUrl: APP, now: new Date(SUNDAY_EVENING.getTime() + 2 * HOUR) });
  assert.deepEqual([later.sent, later.people], [0, 0]);
  assert.equal(counted.entries(), 3 + 1, "the three teams and the zone's marker");
  assert.equal((await digests(t.kv)).length, 2);

  // A campaign that opens this week is news on its own: the next week's mail goes to Quinn.
  const nextSunday = new Date(SUNDAY_EVENING.getTime() + 7 * DAY);
  await campaign(t.kv, w.quiet, "End of season party", nextSunday.getTime() - 2 * DAY);
  await runWeeklyDigests(t.kv, { appUrl: APP, now: nextSunday });
  const quinn = (await digests(t.kv)).find((m) => m.to.address === "quiet@example.com");
  assert.ok(quinn, "the new poll mails");
  assert.ok(quinn.text.includes("- Poll: End of season party") && quinn.text.includes("- Poll: Kit colours vote"));
  assert.equal(quinn.inlineImages, undefined, "no photos, no images");
});

Deno.test("[weekly digest] on the week's other hours the job reads nothing", async () => {
  await using t = await createTestApp();
  await world(t.kv);
  for (const iso of ["2026-07-15T21:00:00Z", "2026-07-12T02:59:00Z", "2026-07-13T12:00:00Z"]) {
    const counted = countingReads(t.kv);
    const run = await runWeeklyDigests(counted.kv, { appUrl: APP, now: new Date(iso) });
    assert.deepEqual([run.sent, counted.entries()], [0, 0], iso);
  }
});

Deno.test("[weekly digest] a new post after the week's mail does not bring a second one; a removed member gets none", async () => {
  await using t = await createTestApp();
  const w = await world(t.kv);
  // Tigers only: Maria's mail would cover it, but she left Lions: her teams are read when the mail is made.
  await t.kv.delete(["memberships", w.maria.id, w.lions.id]);
  await t.kv.delete(["team_members", w.lions.id, w.maria.id]);
  await runWeeklyDigests(t.kv, { appUrl: APP, now: SUNDAY_EVENING });
  const maria = (await digests(t.kv)).find((m) => m.to.address === "maria@example.com")!;
  assert.equal(maria.subject, "Your week with Tigers U12");
  assert.ok(!maria.text.includes("Lions"));
  await post(t.kv, w.tigers, w.coach, "One more thing", SUNDAY_EVENING.getTime() + HOUR);
  const again = await runWeeklyDigests(t.kv, {
    appUrl: APP,
    now: new Date(SUNDAY_EVENING.getTime() + 2 * HOUR),
    anyTime: true,
  });
  assert.equal(again.sent, 0);
});

Deno.test("[weekly digest] POST /api/dev/digests/run: 404 in production; in development it sends now, and nothing the second time that week", async () => {
  await using prod = await createTestApp({ now: () => SUNDAY_EVENING });
  await world(prod.kv);
  const parentCookie = await signIn(prod, "maria@example.com");
  for (const cookie of ["", parentCookie]) {
    const res = await call(prod.app, "POST", "/api/dev/digests/run", { body: {}, cookie });
    assert.equal(res.status, 404);
    await res.body?.cancel();
  }
  assert.deepEqual(await digests(prod.kv), [], "refused: nothing sent");

  // A Wednesday: the call does not wait for Sunday evening.
  const wednesday = new Date("2026-07-08T15:00:00Z");
  await using dev = await createTestApp({ env: { GOALMATES_ENV: "development" }, now: () => wednesday });
  await world(dev.kv);
  const first = await requestJson(dev.app, "/api/dev/digests/run", { body: {} });
  assert.equal(first.status, 200);
  assert.deepEqual(await first.json(), { sent: 2 });
  const second = await requestJson(dev.app, "/api/dev/digests/run", { body: {} });
  assert.deepEqual(await second.json(), { sent: 0 });
  // Nor does the cron on Sunday: it is the same week.
  assert.equal((await runWeeklyDigests(dev.kv, { appUrl: APP, now: SUNDAY_EVENING })).sent, 0);
  assert.equal((await digests(dev.kv)).length, 2);
});

const RUN = new URL("../fixtures/weekly_digest/run.ts", import.meta.url).pathname;

async function runProcess(path: string, startAt: number): Promise<{ sent: number }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", "--unstable-cron", RUN, path, SUNDAY_EVENING.toISOString(), String(startAt)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  assert.equal(code, 0, text.decode(stderr));
  return JSON.parse(text.decode(stdout).trim().split("\n").at(-1)!);
}

Deno.test("[weekly digest] two processes running the job at once on one KV file send each person one mail", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/shared.kv`;
  try {
    const kv = await Deno.openKv(path);
    const { lions } = await world(kv);
    // More people, so the two runs overlap on many of them.
    for (let i = 0; i < 30; i++) {
      const user = await createAccount(kv, { email: `p${i}@example.com`, firstName: `P${i}` });
      await join(kv, user, lions, "2026-02-01T00:00:00.000Z");
    }
    kv.close();
    const startAt = Date.now() + 2500;
    const [a, b] = await Promise.all([runProcess(path, startAt), runProcess(path, startAt)]);
    const shared = await Deno.openKv(path);
    const pending = await kvValues<PendingMail>(shared, { prefix: ["mail_pending"] });
    shared.close();
    const to = pending.filter((p) => p.mail.kind === "notification-weeklyDigest").map((p) => p.mail.to.address);
    assert.equal(to.length, 32, "coach, Maria and the 30");
    assert.equal(new Set(to).size, to.length, "nobody twice");
    assert.equal(a.sent + b.sent, 32);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("[weekly digest] deleting the account erases the person's digest records", async () => {
  await using t = await createTestApp({ now: () => SUNDAY_EVENING });
  const w = await world(t.kv);
  await runWeeklyDigests(t.kv, { appUrl: APP, now: SUNDAY_EVENING });
  const records = () => kvValues(t.kv, { prefix: ["weekly_digests", w.maria.id] });
  assert.equal((await records()).length, 1);
  const cookie = await signIn(t, "maria@example.com");
  const res = await call(t.app, "DELETE", "/api/account", { cookie, body: { confirm: "maria@example.com" } });
  assert.equal(res.status, 200, await res.text());
  assert.deepEqual(await records(), []);
});

/** The MIME parts of a raw message under `boundary`: headers (unfolded) and body. */
function mimeParts(raw: string, boundary: string): { headers: string; body: string }[] {
  return raw.split(`--${boundary}`).slice(1, -1).map((part) => {
    const [headers, ...body] = part.replace(/^\r\n/, "").split("\r\n\r\n");
    return { headers: headers.replace(/\r\n[ \t]+/g, " "), body: body.join("\r\n\r\n").trim() };
  });
}

/** A received mail's HTML (quoted-printable undone) and its inline images by Content-ID. */
function readDigest(mail: ReceivedMail) {
  const related = /Content-Type: multipart\/related;\s+(?:type="text\/html";\s+)?boundary="([^"]+)"/.exec(mail.raw);
  assert.ok(related, mail.raw.slice(0, 2000));
  const parts = mimeParts(mail.raw, related[1]);
  const htmlPart = parts.find((p) => /Content-Type: text\/html/.test(p.headers))!;
  const html = /quoted-printable/i.test(htmlPart.headers)
    ? htmlPart.body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    : htmlPart.body;
  const images = parts.filter((p) => /Content-ID:/.test(p.headers)).map((p) => ({
    cid: /Content-ID: <([^>]+)>/.exec(p.headers)![1],
    type: /Content-Type: ([^;\s]+)/.exec(p.headers)![1],
    inline: /Content-Disposition: inline/.test(p.headers),
    bytes: Uint8Array.from(atob(p.body.replace(/\s+/g, "")), (c) => c.charCodeAt(0)),
  }));
  return { html: new TextDecoder().decode(Uint8Array.from(html, (c) => c.charCodeAt(0))), images };
}

Deno.test("[weekly digest] SMTP: the thumbnails arrive inside the mail, read at send time; a photo deleted since is left out", async () => {
  await using t = await createTestApp();
  const w = await world(t.kv);
  await runWeeklyDigests(t.kv, { appUrl: APP, now: SUNDAY_EVENING });
  const queued = (await queuedMail(t.kv)).filter((m) => m.mail.kind === "notification-weeklyDigest");
  for (const pending of queued) {
    const size = JSON.stringify((await t.kv.get(keys.pendingMail(pending.id))).value).length;
    assert.ok(size < 16_000, `a queued digest holds references, not pictures (${size} bytes)`);
  }
  const sink = await startSmtpSink();
  try {
    const smtp = createSmtpMailer(sink.url, "GoalMates <no-reply@goalmates.test>", { ignoreTLS: true });
    const send = (address: string) =>
      deliverQueuedMail(t.kv, smtp, queued.find((m) => m.mail.to.address === address)!.id, {
        resolveInlineImage: digestThumbnailResolver(t.kv),
      });

    assert.equal(await send("maria@example.com"), "sent");
    const maria = readDigest(await sink.waitForMail("maria@example.com"));
    const cids = [...maria.html.matchAll(/<img src="cid:([^"]+)"/g)].map((m) => m[1]);
    assert.equal(cids.length, 3);
    assert.deepEqual(maria.images.map((i) => i.cid), cids, "each Content-ID is a cid: of the HTML");
    maria.images.forEach((image, i) => {
      assert.ok(image.inline);
      assert.equal(image.type, w.photos[i].contentType);
      assert.deepEqual(image.bytes, w.photos[i].bytes, "the stored thumbnail's bytes");
    });
    assert.deepEqual(missingAltText(maria.html), []);
    assert.ok(!maria.html.includes("/objects/"));

    // The Saturday photo is deleted (with its blobs) before the coach's mail goes: it goes without it.
    await t.kv.delete(keys.blob(w.lions.id, w.photos[0].thumbId));
    assert.equal(await send("coach@example.com"), "sent");
    const coach = readDigest(await sink.waitForMail("coach@example.com"));
    assert.deepEqual(coach.images.map((i) => i.bytes), [w.photos[1].bytes, w.photos[2].bytes]);
    assert.ok(!coach.html.includes("cid:photo-1@"), "no broken image");
    assert.ok(coach.html.includes("<span>Photo shared by Carla Person on Saturday: Goal! &lt;3</span>"));
    assert.deepEqual(missingAltText(coach.html), []);
  } finally {
    await sink.close();
  }
});

Deno.test("[weekly digest] the send-time reader gives a gallery thumbnail only: no headshot, no larger size, nothing gone", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { name: "Lions U10" });
  const shot = await photo(t.kv, team, SUNDAY_EVENING.getTime() - DAY, null, 1);
  const read = digestThumbnailResolver(t.kv);
  const image = await read({ teamId: team.id, blobId: shot.thumbId });
  assert.deepEqual([image?.contentType, image?.content], ["image/jpeg", shot.bytes]);
  assert.equal(await read({ teamId: "01OTHERTEAM000000000000000", blobId: shot.thumbId }), null, "another team's");
  const manifest = (await t.kv.get<BlobManifest>(keys.blob(team.id, shot.thumbId))).value!;
  for (const changed of [{ purpose: "headshot" as const }, { role: "full" as const }, { state: "raw" as const }]) {
    await t.kv.set(keys.blob(team.id, shot.thumbId), { ...manifest, ...changed });
    assert.equal(await read({ teamId: team.id, blobId: shot.thumbId }), null, JSON.stringify(changed));
  }
  await t.kv.delete(keys.blob(team.id, shot.thumbId));
  assert.equal(await read({ teamId: team.id, blobId: shot.thumbId }), null);
});
