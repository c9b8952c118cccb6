import assert from "node:assert/strict";
import { startSmtpSink } from "../e2e/smtp_sink.ts";
import { missingAltText, notificationMail, type NotificationMailInput } from "../../lib/notifications/mod.ts";
import { useUnsubscribeKey, verifyUnsubscribeToken } from "../../lib/notifications/mod.ts";
import { deliverQueuedMail, type FailedMail, MAX_MAIL_ATTEMPTS, queueMail } from "../../lib/mail/queue.ts";
import { createSmtpMailer } from "../../lib/mail/mailers.ts";
import { keys } from "../../lib/db/keys.ts";
import type { Mailer, OutgoingMail } from "../../lib/mail/types.ts";

const USER_ID = "01JZ0000000000000000000001";
const APP = "https://goalmates.example";

const input = (over: Partial<NotificationMailInput> = {}): NotificationMailInput => ({
  kind: "teamNews",
  userId: USER_ID,
  to: { name: "Maria", address: "maria@example.com" },
  appUrl: APP,
  subject: "News from Lions U10",
  greeting: "Hi Maria,",
  blocks: [
    { heading: "Lions U10" },
    { paragraph: "Coach Sam posted <b>news</b>:" },
    { list: [{ text: "Bring water" }, { text: "and 2 more", note: true }] },
    { images: [{ src: `${APP}/p/1.jpg`, alt: "Photo by Ana" }] },
  ],
  action: { label: "Open the team page", url: `${APP}/t/lions/dashboard` },
  teamNames: ["Lions U10"],
  ...over,
});

Deno.test("[notification mail] both parts, the footer's reason and links, escaped HTML, a one-line subject", () => {
  const restore = useUnsubscribeKey(new Uint8Array(32).fill(7));
  try {
    const mail = notificationMail(input({ subject: "News from Lions\r\nBcc: x@evil.example" }));
    assert.equal(mail.subject, "News from Lions Bcc: x@evil.example");
    assert.equal(mail.kind, "notification-teamNews");
    assert.deepEqual(mail.to, { name: "Maria", address: "maria@example.com" });
    const stop = mail.headers!["List-Unsubscribe"].slice(1, -1);
    assert.equal(mail.headers!["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    assert.ok(stop.startsWith(`${APP}/unsubscribe/`));
    assert.deepEqual(verifyUnsubscribeToken(stop.split("/").at(-1)!), { userId: USER_ID, kind: "teamNews" });
    for (const part of [mail.text, mail.html]) {
      assert.ok(part.includes(stop), "the unsubscribe link is in the body");
      assert.ok(part.includes(`${APP}/account#notifications`), "and all the choices");
      assert.ok(part.includes(`${APP}/t/lions/dashboard`), "the action");
      assert.match(part, /a member of Lions U10, and “Team news” is on/);
    }
    assert.ok(mail.text.includes("- Bring water") && mail.text.includes("(Photo by Ana)"));
    assert.ok(mail.html.includes("&lt;b&gt;news&lt;/b&gt;") && !mail.html.includes("<b>news"));
    assert.match(mail.html, /<p style="[^"]*white-space:pre-line">Coach Sam posted/, "a post's line breaks stay");
    assert.match(mail.html, /<meta name="viewport" content="width=device-width/);
    assert.deepEqual(missingAltText(mail.html), []);
    // No tracking: the only images are the ones given, and every link is the app's own.
    assert.equal([...mail.html.matchAll(/<img\b/g)].length, 1);
    for (const [, href] of mail.html.matchAll(/href="([^"]+)"/g)) assert.ok(href.startsWith(APP), href);
  } finally {
    restore();
  }
});

Deno.test("[notification mail] missingAltText finds an image without alt text or with an empty one", () => {
  assert.deepEqual(missingAltText('<p><img src="a.png" alt="A goal"></p>'), []);
  assert.deepEqual(missingAltText('<img src="a.png">'), ['<img src="a.png">']);
  assert.deepEqual(missingAltText('<IMG src="b.png" alt=" ">'), ['<IMG src="b.png" alt=" ">']);
});

Deno.test("[notification mail] the queue seals its List-Unsubscribe headers, sends them, and a failed mail keeps none", async () => {
  using kv = await Deno.openKv(":memory:");
  const mail = notificationMail(input());
  const sent: OutgoingMail[] = [];
  const id = await queueMail(kv, mail);
  const stored = JSON.stringify((await kv.get(keys.pendingMail(id))).value);
  assert.ok(!stored.includes("/unsubscribe/"), "the stored record holds no unsubscribe link in the clear");
  const recorder: Mailer = { name: "recorder", send: (m) => Promise.resolve(void sent.push(m)) };
  assert.equal(await deliverQueuedMail(kv, recorder, id), "sent");
  assert.deepEqual(sent[0].headers, mail.headers);

  const failedId = await queueMail(kv, mail);
  const refusing: Mailer = { name: "down", send: () => Promise.reject(new Error("down")) };
  const [warn, error] = [console.warn, console.error];
  console.warn = console.error = () => {};
  try {
    let now = Date.now();
    for (let i = 0; i < MAX_MAIL_ATTEMPTS; i++) {
      await deliverQueuedMail(kv, refusing, failedId, { clock: () => now });
      now += 3 * 60 * 60 * 1000;
    }
  } finally {
    [console.warn, console.error] = [warn, error];
  }
  const failed = (await kv.get<FailedMail>(keys.failedMail(failedId))).value!;
  assert.equal(failed.mail.headers, undefined);
  assert.ok(!JSON.stringify(failed).includes("/unsubscribe/"));
});

Deno.test("[notification mail] SMTP: the server gets List-Unsubscribe and List-Unsubscribe-Post", async () => {
  const sink = await startSmtpSink();
  try {
    const mail = notificationMail(input());
    await createSmtpMailer(sink.url, "GoalMates <no-reply@goalmates.test>", { ignoreTLS: true })
      .send(mail);
    const headers = sink.messages[0].raw.split("\r\n\r\n")[0].replace(/\r\n[ \t]+/g, " ");
    assert.ok(headers.includes(`List-Unsubscribe: ${mail.headers!["List-Unsubscribe"]}`), headers);
    assert.match(headers, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    assert.match(sink.messages[0].raw, /multipart\/alternative/);
  } finally {
    await sink.close();
  }
});
