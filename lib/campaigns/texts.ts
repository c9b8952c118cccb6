/**
 * The campaigns' refusals (SPEC.md sections 5, 8 and 9, and ours where the spec has none), shared
 * by the server and the admin forms: dependency-free. The words a campaign card shows are in
 * card_texts.ts, so the dashboard's CampaignCards island loads them without these.
 */
import { CAMPAIGN_TEXTS } from "./card_texts.ts";

export { CAMPAIGN_TEXTS, CAMPAIGN_TYPE_LABELS } from "./card_texts.ts";

/** The refusals of the campaign calls and forms. */
export const CAMPAIGN_MESSAGES = {
  body: "Request body must be a JSON object.",
  title: "Title is required",
  titleTooLong: (max: number) => `Title must be at most ${max} characters`,
  type: (types: readonly string[]) =>
    `Type must be ${types.length === 2 ? types.join(" or ") : `${types.slice(0, -1).join(", ")} or ${types.at(-1)}`}`,
  pollQuestion: "Poll question is required",
  pollOptions: "Both poll options are required",
  questionText: "Question text is required",
  factText: "Fun fact text is required",
  newsText: "Newsflash text is required",
  textTooLong: (max: number) => `Text must be at most ${max} characters`,
  optionTooLong: (max: number) => `Each option must be at most ${max} characters`,
  isActive: "isActive must be true or false",
  isSnoozable: "isSnoozable must be true or false",
  snoozeDays: "Snooze days must be 1, 3, 7 or 14",
  publishAt: "Publish date must be a valid date",
  expiresAt: "Expiry date must be a valid date",
  expiryOrder: "Expiry date must be after the publish date",
  tooMany: (max: number) => `A team can have at most ${max} campaigns. Delete an old one first.`,
  notFound: "Campaign not found",
  notLive: "This campaign is not active right now.",
  /** The spec's parentId fields are checked against the session, never trusted. */
  notYou: "You can only answer campaigns for yourself.",
  notYourList: "You can only see your own campaigns.",
  noPerson: "Only a signed-in member of the team can answer campaigns.",
  oneAnswer: "Send exactly one of pollResponse, questionResponse or isDismissed",
  notPoll: "Only a poll takes a vote",
  pollChoice: "Please choose one of the two options",
  notQuestion: "Only a question takes a written answer",
  answer: CAMPAIGN_TEXTS.answerRequired,
  answerTooLong: (max: number) => `Your answer must be at most ${max} characters`,
  isDismissed: "isDismissed must be true",
  notSnoozable: "This campaign cannot be snoozed",
  alreadyAnswered: "You have already answered this campaign.",
  /** The admin area's delete confirmation (SPEC.md section 2). */
  deleteConfirm: "Are you sure you want to delete this campaign? This action cannot be undone.",
} as const;
