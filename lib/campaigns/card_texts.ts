/**
 * The words a campaign card shows on the family dashboard (SPEC.md sections 4, 8 and 9), shared
 * by the server, the section and the CampaignCards island: dependency-free, and apart from the
 * refusals in texts.ts so that the island's bundle carries only what a card says.
 */
import type { CampaignType } from "../db/campaigns.ts";

/** What the family dashboard's campaign section says. */
export const CAMPAIGN_TEXTS = {
  title: "Campaigns",
  /** SPEC.md section 4: a poll vote's confirmation, shown for 1.5 s before it is sent. */
  thanks: "Thanks for your vote!",
  /** SPEC.md section 8: the section's destructive toasts, word for word. */
  submitFailed: "Failed to submit response. Please try again.",
  snoozeFailed: "Failed to snooze. Please try again.",
  loadFailed: "Unable to load interactive content. Please try again later.",
  empty: "You're all caught up! New polls, questions and team news will show up here.",
  readOnly: "Only the team's own members can answer campaigns; this view is read-only.",
  submit: "Submit",
  dismiss: "Dismiss",
  snooze: "Snooze",
  snoozeHint: "for 1 day",
  answerLabel: "Your answer",
  /** A question's answer left blank (the server's refusal says the same). */
  answerRequired: "Please enter your answer",
  previous: "Previous",
  next: "Next",
  /** "2 of 5": which card this is. */
  position: (index: number, total: number) => `${index + 1} of ${total}`,
} as const;

/** How each type is named on a card and in the admin area. */
export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = {
  poll: "Poll",
  question: "Question",
  fun_fact: "Fun Fact",
  newsflash: "Newsflash",
};
