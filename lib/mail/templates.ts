/**
 * Every account and team mail, in the recipient's language (issue 24): the texts are the
 * catalogue's `mail` area (lib/i18n/en/mail.ts), English word for word as it always was. A
 * template is handed the language; its caller picks it (the account's saved language, else
 * the language of the request that caused the mail).
 */
import { escapeHtml } from "../render/serialize.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";
import { mailUtcTime } from "./dates.ts";
import type { MailContent } from "./types.ts";

/** One line: CR/LF and other control characters would start new headers. */
// deno-lint-ignore no-control-regex
const subjectLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

interface Layout {
  lang: Language;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

/** Every mail has the same shape: greeting, a few paragraphs, one button, a footer. */
function compose({ lang, subject, greeting, paragraphs, action, footer }: Layout): MailContent {
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    "—",
    footer,
  ].join("\n");
  // English mails keep the exact HTML they always had; another language says which it is.
  const html = `<!DOCTYPE html><html${
    lang === DEFAULT_LANGUAGE ? "" : ` lang="${lang}"`
  }><body style="font-family:system-ui,sans-serif;color:#1b1f23;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${
    action
      ? `<p><a href="${
        escapeHtml(action.url)
      }" style="display:inline-block;background:#0f5132;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${
        escapeHtml(action.label)
      }</a></p>
<p style="font-size:13px;color:#4b5563">${
        escapeHtml(format(lang, messagesFor(lang).mail.buttonFallback, { url: action.url }))
      }</p>`
      : ""
  }
<p style="font-size:13px;color:#4b5563">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: subjectLine(subject), text, html };
}

/**
 * The language of a mail to someone: the one their account chose, else that of the request that
 * caused it (a sign-in link, a signup, a claim), else English (a job's mail to an account that
 * never chose).
 */
export const recipientLanguage = (
  account: { language?: Language } | null | undefined,
  requestLanguage?: Language,
): Language => account?.language ?? requestLanguage ?? DEFAULT_LANGUAGE;

/** The `mail` area of the catalogue in `lang`. */
const textsOf = (lang: Language) => messagesFor(lang).mail;

/** "Hi Ana," or "Hi," in `lang`. */
export const greetingIn = (lang: Language, name?: string): string =>
  name ? format(lang, textsOf(lang).hello, { name }) : textsOf(lang).helloAnyone;

/** Names in a sentence: 'A', 'A and B', 'A, B and C' ('A, B y C'). */
export function namesIn(lang: Language, names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${textsOf(lang).and} ${names.at(-1)}`;
}

/** A moment in UTC as an account mail writes it: '2026-03-14 21:30 UTC'. */
const utcMoment = (lang: Language, at: Date) => format(lang, textsOf(lang).utc, { when: mailUtcTime(lang, at) });

export function verificationMail(
  input: { firstName?: string; teamName: string; link: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang);
  const team = { team: input.teamName };
  return compose({
    lang,
    subject: format(lang, t.verification.subject, team),
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [format(lang, t.verification.confirm, team), t.verification.expiry],
    action: { label: t.verification.action, url: input.link },
    footer: t.footer,
  });
}

export function signInMail(
  input: { firstName?: string; link: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang);
  return compose({
    lang,
    subject: t.signIn.subject,
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [t.signIn.use, t.signIn.expiry],
    action: { label: t.signIn.action, url: input.link },
    footer: t.footer,
  });
}

export function claimApprovedMail(
  input: { playerName: string; teamName: string; link: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang);
  const names = { player: input.playerName, team: input.teamName };
  return compose({
    lang,
    subject: format(lang, t.claimApproved.subject, names),
    greeting: greetingIn(lang),
    paragraphs: [format(lang, t.claimApproved.approved, names), t.claimApproved.link],
    action: { label: t.claimApproved.action, url: input.link },
    footer: t.footer,
  });
}

export function joinApprovedMail(
  input: { firstName?: string; teamName: string; link: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang);
  const team = { team: input.teamName };
  return compose({
    lang,
    subject: format(lang, t.joinApproved.subject, team),
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [format(lang, t.joinApproved.approved, team), t.joinApproved.signIn],
    action: { label: t.joinApproved.action, url: input.link },
    footer: t.footer,
  });
}

export function testMail(
  input: { kind: "verification" | "magic-link"; playerName?: string; link: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang);
  const content = input.kind === "verification"
    ? verificationMail({ teamName: t.test.teamName, link: input.link }, lang)
    : signInMail({ firstName: input.playerName, link: input.link }, lang);
  return { ...content, subject: format(lang, t.test.subject, { subject: content.subject }) };
}

export function coAdminInviteMail(
  input: { teamName: string; invitedBy: string; link: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang);
  const names = { team: input.teamName, invitedBy: input.invitedBy };
  return compose({
    lang,
    subject: format(lang, t.coAdminInvite.subject, names),
    greeting: greetingIn(lang),
    paragraphs: [format(lang, t.coAdminInvite.made, names), t.coAdminInvite.signIn],
    action: { label: t.coAdminInvite.action, url: input.link },
    footer: t.footer,
  });
}

/** Tells a person their password was set or changed, so a change they did not make does not go unnoticed. */
export function passwordChangedMail(
  input: { firstName?: string; change: "set" | "changed"; at: Date; accountLink: string; signInLink: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang).passwordChanged;
  const set = input.change === "set";
  return compose({
    lang,
    subject: set ? t.subjectSet : t.subjectChanged,
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [
      format(lang, set ? t.whatSet : t.whatChanged, { when: utcMoment(lang, input.at) }),
      t.wasYou,
      format(lang, t.notYou, { link: input.signInLink }),
    ],
    action: { label: t.action, url: input.accountLink },
    footer: textsOf(lang).footer,
  });
}

// ---- E-mail change (Account Settings → My Profile) ----

/** To the NEW address: the link that confirms it (single use, 24 hours). */
export function emailChangeConfirmMail(
  input: { firstName?: string; newEmail: string; link: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang).emailChangeConfirm;
  return compose({
    lang,
    subject: t.subject,
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [format(lang, t.asked, { email: input.newEmail }), t.confirm],
    action: { label: t.action, url: input.link },
    footer: textsOf(lang).footer,
  });
}

/**
 * To a NEW address that already has an account: nothing will change (the requester is not
 * told, so they cannot learn who has an account); its owner learns someone tried.
 */
export function emailChangeTakenMail(
  input: { newEmail: string; signInLink: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang).emailChangeTaken;
  return compose({
    lang,
    subject: t.subject,
    greeting: greetingIn(lang),
    paragraphs: [format(lang, t.tried, { email: input.newEmail }), format(lang, t.wasYou, { link: input.signInLink })],
    footer: textsOf(lang).footer,
  });
}

/** To the OLD address, once the change took effect. */
export function emailChangedMail(
  input: { firstName?: string; newEmail: string; at: Date; accountLink: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang).emailChanged;
  return compose({
    lang,
    subject: t.subject,
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [format(lang, t.changed, { email: input.newEmail, when: utcMoment(lang, input.at) }), t.wasYou],
    action: { label: t.action, url: input.accountLink },
    footer: textsOf(lang).footer,
  });
}

// ---- New claims and join requests (to the team's admins), and a sign-in asked for while one waits ----

/**
 * To a team admin: what came in since the last such mail (at most one every 15 minutes). The
 * lines are built from what the requesters typed; admins may see the requesters' e-mails.
 */
export function adminRequestsMail(input: {
  firstName?: string;
  teamName: string;
  /** One line per claim or join request, as typed. */
  requests: string[];
  /** One line per person asking for a new invite link. */
  linkAsks: string[];
  /** Requests beyond those listed. */
  more: number;
  /** Parents' requests to remove a child, waiting on the claims page now (counted, never named here). */
  removalRequests?: number;
  claimsLink: string;
  dashboardLink: string;
}, lang: Language = DEFAULT_LANGUAGE): MailContent {
  const t = textsOf(lang).adminRequests;
  const count = input.requests.length + input.more;
  const asks = input.linkAsks.length;
  const team = input.teamName;
  const what = [
    count > 0 ? format(lang, t.requests, { count }) : "",
    asks > 0 ? format(lang, t.linkAsks, { count: asks }) : "",
  ].filter(Boolean).join(` ${textsOf(lang).and} `);
  return compose({
    lang,
    subject: format(lang, t.subject, { what: `${what[0].toUpperCase()}${what.slice(1)}`, team }),
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [
      ...(count > 0
        ? [
          format(lang, t.waiting, { count, team }),
          ...input.requests.map((line) => `• ${line}`),
          ...(input.more > 0 ? [format(lang, t.more, { count: input.more })] : []),
          t.hearFromUs,
        ]
        : []),
      ...(asks > 0
        ? [
          format(lang, t.expired, { count: asks, team }),
          ...input.linkAsks.map((line) => `• ${line}`),
          format(lang, t.generate, { link: input.dashboardLink }),
        ]
        : []),
      ...(input.removalRequests
        ? [format(lang, t.removals, { count: input.removalRequests, link: input.claimsLink })]
        : []),
      t.howOften,
    ],
    action: count > 0
      ? { label: t.review, url: input.claimsLink }
      : { label: t.openDashboard, url: input.dashboardLink },
    footer: textsOf(lang).footer,
  });
}

/**
 * To someone who asked for a sign-in link while their claim or join request still waits: there
 * is nothing to sign in to yet (sent instead of a link; the page answers the same either way).
 */
export function requestPendingMail(input: { teamNames: string[] }, lang: Language = DEFAULT_LANGUAGE): MailContent {
  const t = textsOf(lang).requestPending;
  const teams = namesIn(lang, input.teamNames);
  return compose({
    lang,
    subject: format(lang, t.subject, { teams }),
    greeting: greetingIn(lang),
    paragraphs: [format(lang, t.nothingYet, { count: input.teamNames.length, teams }), t.soon, t.notYou],
    footer: textsOf(lang).footer,
  });
}

/**
 * To a parent or player a team admin took off the team: which team, without blame, and how to
 * come back (a new join request, which the admin reviews).
 */
export function memberRemovedMail(
  input: { firstName?: string; teamName: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang).memberRemoved;
  const team = { team: input.teamName };
  return compose({
    lang,
    subject: format(lang, t.subject, team),
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [format(lang, t.removed, team), t.seasons, t.rejoin],
    footer: textsOf(lang).footer,
  });
}

/** To the parent who asked for their child's removal from a roster: the team admin agreed, and it is done. */
export function childRemovalApprovedMail(
  input: { firstName?: string; childName: string; teamName: string; privacyLink: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang).childRemovalApproved;
  const names = { child: input.childName, team: input.teamName };
  return compose({
    lang,
    subject: format(lang, t.subject, names),
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [format(lang, t.approved, names), format(lang, t.deleted, names), t.untouched],
    action: { label: t.action, url: input.privacyLink },
    footer: textsOf(lang).footer,
  });
}

/** To the parent who asked for their child's removal: the team admin said no, and why. */
export function childRemovalDeniedMail(
  input: { firstName?: string; childName: string; teamName: string; reason: string; privacyLink: string },
  lang: Language = DEFAULT_LANGUAGE,
): MailContent {
  const t = textsOf(lang).childRemovalDenied;
  const names = { child: input.childName, team: input.teamName };
  return compose({
    lang,
    subject: format(lang, t.subject, names),
    greeting: greetingIn(lang, input.firstName),
    paragraphs: [
      format(lang, t.notRemoved, names),
      format(lang, t.reason, { reason: input.reason }),
      format(lang, t.still, names),
    ],
    action: { label: t.action, url: input.privacyLink },
    footer: textsOf(lang).footer,
  });
}

// ---- Account deletion (Account → Privacy) ----

/**
 * To the address of an account just erased: the one mail that confirms it. It names no one and
 * links nowhere personal, since nothing of the account is left to greet by name or point to.
 */
export function accountDeletedMail(input: { signUpLink: string }, lang: Language = DEFAULT_LANGUAGE): MailContent {
  const t = textsOf(lang).accountDeleted;
  return compose({
    lang,
    subject: t.subject,
    greeting: greetingIn(lang),
    paragraphs: [t.deleted, t.votes, format(lang, t.last, { link: input.signUpLink })],
    footer: textsOf(lang).footer,
  });
}
