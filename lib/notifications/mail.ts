/**
 * The one shape of every notification mail (team news, schedule changes, the weekly digest), so
 * each reads the same and keeps the same promises (issue 23, item 6):
 * - a plain-text and an HTML part, the team's name in the subject (the caller's);
 * - no tracking pixel and no rewritten link: every address is the app's own, as given;
 * - a footer saying why the person got it, with the one-click unsubscribe link, and the RFC 8058
 *   `List-Unsubscribe` headers that a mail client's own Unsubscribe button posts to;
 * - HTML that fits a 390 px phone (one column, max-width, images scaled down) and gives every
 *   image its alt text (`missingAltText` checks it).
 */
import { escapeHtml } from "../render/serialize.ts";
import type { OutgoingMail, Recipient } from "../mail/types.ts";
import { namesIn } from "../mail/templates.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";
import type { NotificationKind } from "./kinds.ts";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.ts";

/** A piece of the mail's body, in order. */
export type NotificationBlock =
  | { heading: string }
  | { paragraph: string }
  /** A bulleted list; `note` items are shown quieter (an "and 3 more" line). */
  | { list: { text: string; note?: boolean }[] }
  /** Small pictures in a row (photo thumbnails), each with its alt text. */
  | { images: { src: string; alt: string }[] };

export interface NotificationMailInput {
  kind: NotificationKind;
  /** The person it goes to: their account id signs the unsubscribe link. */
  userId: string;
  to: Recipient;
  /** The app's public address (config.appUrl). */
  appUrl: string;
  /** Names the team (or teams). */
  subject: string;
  /** "Hi Maria," */
  greeting: string;
  blocks: NotificationBlock[];
  /** The one button, usually to the team's dashboard. */
  action: { label: string; url: string };
  /** The teams it is about: the footer says they got it as a member of these. */
  teamNames: string[];
  /** The recipient's language (their account's choice), for the footer and `<html lang>`; English when absent. */
  lang?: Language;
}

/** Where all notification choices are (the /account section). */
export const notificationSettingsUrl = (appUrl: string) => `${appUrl.replace(/\/+$/, "")}/account#notifications`;

/** One line: CR/LF and other control characters would start new headers. */
// deno-lint-ignore no-control-regex
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

function textOf(block: NotificationBlock): string[] {
  if ("heading" in block) return [block.heading.toUpperCase(), ""];
  if ("paragraph" in block) return [block.paragraph, ""];
  if ("list" in block) return [...block.list.map((item) => item.note ? `  ${item.text}` : `- ${item.text}`), ""];
  return block.images.length > 0 ? [`(${block.images.map((i) => i.alt).join("; ")})`, ""] : [];
}

const MUTED = "color:#4b5563;font-size:14px";

function htmlOf(block: NotificationBlock): string {
  if ("heading" in block) {
    return `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(block.heading)}</h2>`;
  }
  // A post's own line breaks stay (pre-line); runs of spaces still fold as HTML folds them.
  if ("paragraph" in block) return `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(block.paragraph)}</p>`;
  if ("list" in block) {
    const items = block.list.map((item) =>
      `<li style="margin:0 0 6px${item.note ? `;list-style:none;${MUTED}` : ""}">${escapeHtml(item.text)}</li>`
    );
    return `<ul style="margin:0 0 12px;padding-left:20px">${items.join("")}</ul>`;
  }
  const images = block.images.map((image) =>
    `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" width="96" height="96" ` +
    `style="width:96px;height:96px;max-width:30%;object-fit:cover;border-radius:8px;margin:0 6px 6px 0">`
  );
  return images.length > 0 ? `<p style="margin:0 0 12px">${images.join("")}</p>` : "";
}

/** The mail, its parts and headers; the queue seals it like any other. */
export function notificationMail(input: NotificationMailInput): OutgoingMail {
  const stopUrl = unsubscribeUrl(input.appUrl, input.userId, input.kind);
  const settingsUrl = notificationSettingsUrl(input.appUrl);
  const lang = input.lang ?? DEFAULT_LANGUAGE;
  const { mail: t, notifications } = messagesFor(lang);
  const why = format(lang, t.notification.why, {
    teams: namesIn(lang, input.teamNames),
    kind: notifications.kinds[input.kind].label,
  });
  const text = [
    input.greeting,
    "",
    ...input.blocks.flatMap(textOf),
    `${input.action.label}: ${input.action.url}`,
    "",
    "—",
    why,
    `${t.notification.stop}: ${stopUrl}`,
    `${t.notification.allChoices}: ${settingsUrl}`,
  ].join("\n");
  const html = `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${
    escapeHtml(oneLine(input.subject))
  }</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1b1f23;line-height:1.5;font-size:16px;background:#ffffff;overflow-wrap:anywhere">
<p style="margin:0 0 12px">${escapeHtml(input.greeting)}</p>
${input.blocks.map(htmlOf).join("\n")}
<p style="margin:20px 0"><a href="${
    escapeHtml(input.action.url)
  }" style="display:inline-block;background:#0f5132;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${
    escapeHtml(input.action.label)
  }</a></p>
<hr style="border:none;border-top:1px solid #d1d5db;margin:24px 0 12px">
<p style="margin:0 0 8px;${MUTED}">${escapeHtml(why)}</p>
<p style="margin:0;${MUTED}"><a href="${escapeHtml(stopUrl)}" style="color:#0f5132">${
    escapeHtml(t.notification.stop)
  }</a> · <a href="${escapeHtml(settingsUrl)}" style="color:#0f5132">${escapeHtml(t.notification.allChoices)}</a></p>
</div></body></html>`;
  return {
    to: input.to,
    kind: `notification-${input.kind}`,
    subject: oneLine(input.subject),
    text,
    html,
    headers: listUnsubscribeHeaders(input.appUrl, input.userId, input.kind),
  };
}

/** The `<img>` tags of an HTML mail without a non-empty alt text (the check of item 6). */
export function missingAltText(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/gi)].map((m) => m[0]).filter((tag) => !/\balt="[^"]*\S[^"]*"/i.test(tag));
}
