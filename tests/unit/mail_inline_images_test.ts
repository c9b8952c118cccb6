/**
 * Inline images (`cid:`) through the mail queue (issue 23, item 4: the digest's thumbnails): the
 * record keeps only references, sealed with the body; the bytes are read at send time through
 * the resolver the queue is given; an image that is gone is skipped and shows its alt text; a
 * failed mail and the outbox keep none; SMTP carries them as multipart/related parts.
 */
import assert from "node:assert/strict";
import { startSmtpSink } from "../e2e/smtp_sink.ts";
import {
  deliverQueuedMail,
  type FailedMail,
  MAX_MAIL_ATTEMPTS,
  openQueuedMail,
  type PendingMail,
  queueMail,
  redactMail,
  withoutImages,
} from "../../lib/mail/queue.ts";
import { createOutboxMailer, createSmtpMailer, listOutbox } from "../../lib/mail/mailers.ts";
import { keys } from "../../lib/db/keys.ts";
import type { InlineImageResolver, Mailer, OutgoingMail, SendableMail, StoredImageRef } from "../../lib/mail/types.ts";

const TEAM = "01TEAMAAAAAAAAAAAAAAAAAAAA";
const BLOBS = ["01BLOBAAAAAAAAAAAAAAAAAAA1", "01BLOBAAAAAAAAAAAAAAAAAAA2", "01BLOBAAAAAAAAAAAAAAAAAAA3"];
const cid = (n: number) => `photo-${n}@digest.goalmates`;
const BYTES = BLOBS.map((_, i) => Uint8Array.from({ length: 2000 + i }, (_, j) => (j * 7 + i) % 256));

const mail = (): OutgoingMail => ({
  kind: "notification-weeklyDigest",
  to: { name: "Maria", address: "maria@example.com" },
  subject: "Your week with Lions U10",
  text: "Hi Maria,\n(Photo shared by Ana on Tuesday; Photo by Ben; Photo by Cy)",
  html: `<p>Hi Maria,</p><p>${
    BLOBS.map((_, i) => `<img src="cid:${cid(i + 1)}" alt="Photo by ${["Ana", "Ben", "Cy"][i]}" width="96">`).join("")
  }</p><a href="https://goalmates.example/unsubscribe/abc">Stop</a>`,
  headers: { "List-Unsubscribe": "<https://goalmates.example/unsubscribe/abc>" },
  inlineImages: BLOBS.map((blobId, i) => ({ cid: cid(i + 1), ref: { teamId: TEAM, blobId } })),
});

/** A resolver over `stored` (blob id → bytes) that records what it was asked. */
function resolverOf(stored: Map<string, Uint8Array>) {
  const asked: StoredImageRef[] = [];
  const resolve: InlineImageResolver = (ref) => {
    asked.push(ref);
    const content = ref.teamId === TEAM ? stored.get(ref.blobId) : undefined;
    return Promise.resolve(content ? { filename: "photo.jpg", contentType: "image/jpeg", content } : null);
  };
  return { asked, resolve };
}

const recorder = () => {
  const sent: SendableMail[] = [];
  const mailer: Mailer = { name: "recorder", send: (m) => Promise.resolve(void sent.push(m)) };
  return { sent, mailer };
};

const quiet = async <T>(work: () => Promise<T>): Promise<T> => {
  const [warn, error] = [console.warn, console.error];
  console.warn = console.error = () => {};
  try {
    return await work();
  } finally {
    [console.warn, console.error] = [warn, error];
  }
};

Deno.test("[inline images] the record keeps the references sealed with the body, never bytes", async () => {
  using kv = await Deno.openKv(":memory:");
  const id = await queueMail(kv, mail());
  const raw = (await kv.get<PendingMail>(keys.pendingMail(id))).value!;
  const stored = JSON.stringify(raw);
  for (const blobId of BLOBS) assert.ok(!stored.includes(blobId), "no blob id in the clear");
  assert.ok(!stored.includes("digest.goalmates"), "no cid in the clear");
  assert.ok(stored.length < 4_000, `a small record (${stored.length} bytes)`);
  assert.deepEqual(openQueuedMail(raw).inlineImages, mail().inlineImages);
});

Deno.test("[inline images] read at send time through the resolver: the mailer gets the bytes, not the references", async () => {
  using kv = await Deno.openKv(":memory:");
  const id = await queueMail(kv, mail());
  const { asked, resolve } = resolverOf(new Map(BLOBS.map((b, i) => [b, BYTES[i]])));
  assert.equal(asked.length, 0, "nothing read when queued");
  const { sent, mailer } = recorder();
  assert.equal(await deliverQueuedMail(kv, mailer, id, { resolveInlineImage: resolve }), "sent");
  assert.deepEqual(asked, BLOBS.map((blobId) => ({ teamId: TEAM, blobId })));
  const [got] = sent;
  assert.equal(got.inlineImages, undefined, "the mailer never sees the references");
  assert.deepEqual(
    got.inlineContent?.map((image) => [image.cid, image.contentType, image.filename, image.content]),
    BLOBS.map((_, i) => [cid(i + 1), "image/jpeg", "photo.jpg", BYTES[i]]),
  );
  assert.equal(got.html, mail().html, "every image is there: the HTML is as composed");
});

Deno.test("[inline images] an image that is gone is skipped and its <img> becomes its alt text", async () => {
  using kv = await Deno.openKv(":memory:");
  const id = await queueMail(kv, mail());
  // The second photo was deleted after the mail was queued.
  const { resolve } = resolverOf(new Map([[BLOBS[0], BYTES[0]], [BLOBS[2], BYTES[2]]]));
  const { sent, mailer } = recorder();
  assert.equal(await deliverQueuedMail(kv, mailer, id, { resolveInlineImage: resolve }), "sent");
  const [got] = sent;
  assert.deepEqual(got.inlineContent?.map((image) => image.cid), [cid(1), cid(3)]);
  assert.ok(!got.html.includes(`cid:${cid(2)}`), "no broken image");
  assert.ok(got.html.includes("<span>Photo by Ben</span>"), "its alt text instead");
  assert.ok(got.html.includes(`cid:${cid(1)}`) && got.html.includes(`cid:${cid(3)}`));

  // A queue given no resolver sends the mail without any image.
  const second = await queueMail(kv, mail());
  const plain = recorder();
  assert.equal(await deliverQueuedMail(kv, plain.mailer, second), "sent");
  assert.equal(plain.sent[0].inlineContent, undefined);
  assert.ok(!plain.sent[0].html.includes("<img"));
  assert.equal(withoutImages("<p>no images</p>", [cid(1)]), "<p>no images</p>");
});

Deno.test("[inline images] a resolver that throws fails the attempt: retried, not sent without its images", async () => {
  using kv = await Deno.openKv(":memory:");
  const id = await queueMail(kv, mail());
  const { sent, mailer } = recorder();
  const broken: InlineImageResolver = () => Promise.reject(new Error("database unavailable"));
  assert.equal(await quiet(() => deliverQueuedMail(kv, mailer, id, { resolveInlineImage: broken })), "retry");
  assert.equal(sent.length, 0);
});

Deno.test("[inline images] a failed mail keeps no references; the outbox keeps no bytes nor references", async () => {
  assert.equal(redactMail(mail()).inlineImages, undefined);
  using kv = await Deno.openKv(":memory:");
  const id = await queueMail(kv, mail());
  const refusing: Mailer = { name: "refusing", send: () => Promise.reject(new Error("550 no")) };
  const { resolve } = resolverOf(new Map(BLOBS.map((b, i) => [b, BYTES[i]])));
  let now = Date.now();
  let outcome = "retry";
  while (outcome === "retry") {
    outcome = await quiet(() => deliverQueuedMail(kv, refusing, id, { clock: () => now, resolveInlineImage: resolve }));
    now += 3 * 60 * 60 * 1000;
  }
  assert.equal(outcome, "failed");
  const failed = (await kv.get<FailedMail>(keys.failedMail(id))).value!;
  assert.equal(failed.attempts, MAX_MAIL_ATTEMPTS);
  assert.equal(failed.mail.inlineImages, undefined);
  for (const blobId of BLOBS) assert.ok(!JSON.stringify(failed).includes(blobId));

  // The development outbox keeps the whole mail but its images: one KV value holds no picture.
  const outbox = createOutboxMailer(kv, { withBodies: true, log: () => {} });
  const queued = await queueMail(kv, mail());
  assert.equal(await deliverQueuedMail(kv, outbox, queued, { resolveInlineImage: resolve }), "sent");
  const [entry] = (await listOutbox(kv, { withBodies: true })).values;
  assert.ok(entry.text?.includes("Photo shared by Ana"), "the text part names the images");
  const kept = JSON.stringify(entry);
  assert.ok(!kept.includes("inlineContent") && !kept.includes("inlineImages"), kept.slice(0, 300));
});

/** The MIME parts of a raw message under `boundary`, each as headers (unfolded) and body. */
function mimeParts(raw: string, boundary: string): { headers: string; body: string }[] {
  return raw.split(`--${boundary}`).slice(1, -1).map((part) => {
    const [headers, ...body] = part.replace(/^\r\n/, "").split("\r\n\r\n");
    return { headers: headers.replace(/\r\n[ \t]+/g, " "), body: body.join("\r\n\r\n").trim() };
  });
}

const base64Bytes = (text: string) => Uint8Array.from(atob(text.replace(/\s+/g, "")), (c) => c.charCodeAt(0));

Deno.test("[inline images] SMTP: multipart/related with each image inline, its Content-ID the HTML's cid", async () => {
  const sink = await startSmtpSink();
  try {
    const smtp = createSmtpMailer(sink.url, "GoalMates <no-reply@goalmates.test>", {
      ignoreTLS: true,
    });
    const { inlineImages: _refs, ...composed } = mail();
    await smtp.send({
      ...composed,
      inlineContent: BYTES.map((content, i) => ({
        cid: cid(i + 1),
        filename: "photo.jpg",
        contentType: "image/jpeg",
        content,
      })),
    });
    const raw = sink.messages[0].raw;
    const related = /Content-Type: multipart\/related;\s+(?:type="text\/html";\s+)?boundary="([^"]+)"/.exec(raw);
    assert.ok(related, raw.slice(0, 1500));
    const parts = mimeParts(raw, related[1]);
    const images = parts.filter((p) => /Content-Type: image\/jpeg/.test(p.headers));
    assert.equal(images.length, 3);
    images.forEach((image, i) => {
      assert.match(image.headers, new RegExp(`Content-ID: <${cid(i + 1)}>`));
      assert.match(image.headers, /Content-Disposition: inline/);
      assert.deepEqual(base64Bytes(image.body), BYTES[i]);
    });
    assert.ok(parts.some((p) => /Content-Type: text\/html/.test(p.headers)), "the HTML is in the same related part");
    assert.match(raw, /multipart\/alternative/, "and the plain-text part beside it");
  } finally {
    await sink.close();
  }
});
