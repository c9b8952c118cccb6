import { escapeHtml } from "../render/serialize.ts";
import type { MailContent } from "./types.ts";

/** One line: CR/LF and other control characters would start new headers. */
// deno-lint-ignore no-control-regex
const subjectLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

interface Layout {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

/** Every mail has the same shape: greeting, a few paragraphs, one button, a footer. */
function compose({ subject, greeting, paragraphs, action, footer }: Layout): MailContent {
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    "—",
    footer,
  ].join("\n");
  const html = `<!DOCTYPE html><html><body style="font-family:system-ui,sans-serif;color:#1b1f23;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${
    action
      ? `<p><a href="${
        escapeHtml(action.url)
      }" style="display:inline-block;background:#0f5132;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${
        escapeHtml(action.label)
      }</a></p>
<p style="font-size:13px;color:#4b5563">If the button does not work, open this address: ${escapeHtml(action.url)}</p>`
      : ""
  }
<p style="font-size:13px;color:#4b5563">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: subjectLine(subject), text, html };
}

const FOOTER =
  "GoalMates · the team behind the team. You get this e-mail because someone used this address on GoalMates.";
const hello = (name?: string) => name ? `Hi ${name},` : "Hi,";

export function verificationMail(input: { firstName?: string; teamName: string; link: string }): MailContent {
  return compose({
    subject: `Verify your e-mail to create ${input.teamName} on GoalMates`,
    greeting: hello(input.firstName),
    paragraphs: [
      `Confirm this address and we will create ${input.teamName} for you.`,
      "The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.",
    ],
    action: { label: "Verify my e-mail", url: input.link },
    footer: FOOTER,
  });
}

export function signInMail(input: { firstName?: string; link: string }): MailContent {
  return compose({
    subject: "Your GoalMates sign-in link",
    greeting: hello(input.firstName),
    paragraphs: [
      "Use the button below to sign in to GoalMates.",
      "The link works once and expires in 15 minutes. If you did not ask for it, ignore this e-mail.",
    ],
    action: { label: "Sign in", url: input.link },
    footer: FOOTER,
  });
}

export function claimApprovedMail(input: { playerName: string; teamName: string; link: string }): MailContent {
  return compose({
    subject: `Your claim for ${input.playerName} on ${input.teamName} is approved`,
    greeting: hello(),
    paragraphs: [
      `A team admin of ${input.teamName} approved your claim: you are now listed as a parent of ${input.playerName}.`,
      "Use the secure link below to check and update your child's details. It works once and expires in 7 days.",
    ],
    action: { label: "Update player details", url: input.link },
    footer: FOOTER,
  });
}

export function joinApprovedMail(input: { firstName?: string; teamName: string; link: string }): MailContent {
  return compose({
    subject: `Welcome to ${input.teamName} on GoalMates`,
    greeting: hello(input.firstName),
    paragraphs: [
      `Your request to join ${input.teamName} was approved.`,
      "Use the button below to sign in. The link works once and expires in 15 minutes.",
    ],
    action: { label: "Sign in to GoalMates", url: input.link },
    footer: FOOTER,
  });
}

export function testMail(
  input: { kind: "verification" | "magic-link"; playerName?: string; link: string },
): MailContent {
  const content = input.kind === "verification"
    ? verificationMail({ teamName: "Test Team", link: input.link })
    : signInMail({ firstName: input.playerName, link: input.link });
  return { ...content, subject: `[Test] ${content.subject}` };
}

export function coAdminInviteMail(input: { teamName: string; invitedBy: string; link: string }): MailContent {
  return compose({
    subject: `You are now an admin of ${input.teamName} on GoalMates`,
    greeting: hello(),
    paragraphs: [
      `${input.invitedBy} made you an admin of ${input.teamName}: you can review claims, manage the roster and the invite link.`,
      "Use the button below to sign in. The link works once and expires in 15 minutes; after that, request a new one on the sign-in page.",
    ],
    action: { label: "Open the team admin area", url: input.link },
    footer: FOOTER,
  });
}

/** Tells a person their password was set or changed, so a change they did not make does not go unnoticed. */
export function passwordChangedMail(
  input: { firstName?: string; change: "set" | "changed"; at: Date; accountLink: string; signInLink: string },
): MailContent {
  const what = input.change === "set" ? "A password was set for" : "The password of";
  const verb = input.change === "set" ? "" : " was changed";
  const when = input.at.toISOString().slice(0, 16).replace("T", " ");
  return compose({
    subject: input.change === "set"
      ? "A password was set for your GoalMates account"
      : "Your GoalMates password was changed",
    greeting: hello(input.firstName),
    paragraphs: [
      `${what} your GoalMates account${verb} on ${when} UTC. Every other session of the account was signed out.`,
      "If this was you, there is nothing to do.",
      `If it was not you, sign in with an e-mailed link at ${input.signInLink}, change the password on your account page and use 'Sign out everywhere'.`,
    ],
    action: { label: "Review your account", url: input.accountLink },
    footer: FOOTER,
  });
}

// ---- E-mail change (Account Settings → My Profile) ----

/** To the NEW address: the link that confirms it (single use, 24 hours). */
export function emailChangeConfirmMail(input: { firstName?: string; newEmail: string; link: string }): MailContent {
  return compose({
    subject: "Confirm your new e-mail for GoalMates",
    greeting: hello(input.firstName),
    paragraphs: [
      `Someone signed in to GoalMates asked to use ${input.newEmail} as the e-mail of their account.`,
      "If it was you, confirm it with the button below. The link works once and expires in 24 hours. If it was not you, ignore this e-mail: nothing changes.",
    ],
    action: { label: "Confirm new e-mail", url: input.link },
    footer: FOOTER,
  });
}

/**
 * To a NEW address that already has an account: nothing will change (the requester is not
 * told, so they cannot learn who has an account); its owner learns someone tried.
 */
export function emailChangeTakenMail(input: { newEmail: string; signInLink: string }): MailContent {
  return compose({
    subject: "Someone tried to use your e-mail on GoalMates",
    greeting: hello(),
    paragraphs: [
      `Someone signed in to another GoalMates account asked to change its e-mail to ${input.newEmail}. This address already has a GoalMates account, so nothing was changed.`,
      `If it was you, sign in with this address instead at ${input.signInLink}. If it was not you, there is nothing to do.`,
    ],
    footer: FOOTER,
  });
}

/** To the OLD address, once the change took effect. */
export function emailChangedMail(
  input: { firstName?: string; newEmail: string; at: Date; accountLink: string },
): MailContent {
  const when = input.at.toISOString().slice(0, 16).replace("T", " ");
  return compose({
    subject: "Your GoalMates e-mail was changed",
    greeting: hello(input.firstName),
    paragraphs: [
      `The e-mail of your GoalMates account was changed to ${input.newEmail} on ${when} UTC. Sign-in links now go there.`,
      "If this was you, there is nothing to do. If it was not you, contact your team admin at once.",
    ],
    action: { label: "Review your account", url: input.accountLink },
    footer: FOOTER,
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
}): MailContent {
  const count = input.requests.length + input.more;
  const asks = input.linkAsks.length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const what = [count > 0 ? plural(count, "new request") : "", asks > 0 ? plural(asks, "new invite link request") : ""]
    .filter(Boolean).join(" and ");
  return compose({
    subject: `${what[0].toUpperCase()}${what.slice(1)} for ${input.teamName}`,
    greeting: hello(input.firstName),
    paragraphs: [
      ...(count > 0
        ? [
          `${plural(count, "new request")} to join ${input.teamName} ${
            count === 1 ? "is" : "are"
          } waiting for your review:`,
          ...input.requests.map((line) => `• ${line}`),
          ...(input.more > 0 ? [`…and ${input.more} more on the claims page.`] : []),
          "Each family hears from us once you approve their request.",
        ]
        : []),
      ...(asks > 0
        ? [
          `${
            asks === 1 ? "Someone whose" : "People whose"
          } invite link to ${input.teamName} has expired asked for a new one:`,
          ...input.linkAsks.map((line) => `• ${line}`),
          `Generate a new invite link on the team dashboard (${input.dashboardLink}) and send it to them.`,
        ]
        : []),
      ...(input.removalRequests
        ? [
          `${plural(input.removalRequests, "removal request")} from parents ${
            input.removalRequests === 1 ? "is" : "are"
          } also waiting on the claims page (${input.claimsLink}).`,
        ]
        : []),
      "We collect new requests and e-mail you at most once every 15 minutes.",
    ],
    action: count > 0
      ? { label: "Review requests", url: input.claimsLink }
      : { label: "Open the team dashboard", url: input.dashboardLink },
    footer: FOOTER,
  });
}

/**
 * To someone who asked for a sign-in link while their claim or join request still waits: there
 * is nothing to sign in to yet (sent instead of a link; the page answers the same either way).
 */
export function requestPendingMail(input: { teamNames: string[] }): MailContent {
  const teams = input.teamNames.length > 1
    ? `${input.teamNames.slice(0, -1).join(", ")} and ${input.teamNames.at(-1)}`
    : input.teamNames[0];
  const requests = input.teamNames.length > 1 ? "requests are" : "request is";
  return compose({
    subject: `Your request to join ${teams} is waiting for the team admin`,
    greeting: hello(),
    paragraphs: [
      `Someone asked for a GoalMates sign-in link for this address. There is nothing to sign in to yet: your ${requests} waiting for the team admin of ${teams}.`,
      "We'll e-mail you a sign-in link as soon as the team admin approves. You don't need to do anything until then.",
      "If you did not ask for a sign-in link, ignore this e-mail.",
    ],
    footer: FOOTER,
  });
}

/**
 * To a parent or player a team admin took off the team: which team, without blame, and how to
 * come back (a new join request, which the admin reviews).
 */
export function memberRemovedMail(input: { firstName?: string; teamName: string }): MailContent {
  return compose({
    subject: `You are no longer a member of ${input.teamName} on GoalMates`,
    greeting: hello(input.firstName),
    paragraphs: [
      `A team admin of ${input.teamName} has taken you off the team on GoalMates. You no longer see its family dashboard or its roster as a member. Your posts there stay; deleting your GoalMates account removes them.`,
      "Teams change from season to season, and this may simply be a tidy-up.",
      "If you would like to rejoin, ask the team for its invite link and send a join request from it: the team admin will review it. Your GoalMates account and any other teams you belong to are not affected.",
    ],
    footer: FOOTER,
  });
}

/** To the parent who asked for their child's removal from a roster: the team admin agreed, and it is done. */
export function childRemovalApprovedMail(
  input: { firstName?: string; childName: string; teamName: string; privacyLink: string },
): MailContent {
  return compose({
    subject: `${input.childName} is removed from ${input.teamName}`,
    greeting: hello(input.firstName),
    paragraphs: [
      `The team admin of ${input.teamName} approved your request: ${input.childName} is no longer on the roster.`,
      `We deleted ${input.childName}'s record with its photo, stats and parent links. Posts other families wrote stay theirs.`,
      "Your own account is untouched. You can leave the team or delete your account from your privacy page at any time.",
    ],
    action: { label: "Open my privacy page", url: input.privacyLink },
    footer: FOOTER,
  });
}

/** To the parent who asked for their child's removal: the team admin said no, and why. */
export function childRemovalDeniedMail(
  input: { firstName?: string; childName: string; teamName: string; reason: string; privacyLink: string },
): MailContent {
  return compose({
    subject: `Your request about ${input.childName} on ${input.teamName}`,
    greeting: hello(input.firstName),
    paragraphs: [
      `The team admin of ${input.teamName} did not remove ${input.childName} from the roster. They wrote:`,
      `“${input.reason}”`,
      `You can still hide ${input.childName}'s last name and photo from other families, talk to the team admin, or ask again.`,
    ],
    action: { label: "Open my privacy page", url: input.privacyLink },
    footer: FOOTER,
  });
}

// ---- Account deletion (Account → Privacy) ----

/**
 * To the address of an account just erased: the one mail that confirms it. It names no one and
 * links nowhere personal, since nothing of the account is left to greet by name or point to.
 */
export function accountDeletedMail(input: { signUpLink: string }): MailContent {
  return compose({
    subject: "Your GoalMates account was deleted",
    greeting: hello(),
    paragraphs: [
      "Your GoalMates account was deleted as you asked. Your profile, team memberships, posts, photos, recommendations, answers and requests are gone, and every device was signed out.",
      "Poll results still count your vote, without your name. Team records of past changes now show an anonymous id instead of you.",
      `This is the last e-mail we send you. If you ever want to come back, sign up at ${input.signUpLink} as someone new.`,
    ],
    footer: FOOTER,
  });
}
