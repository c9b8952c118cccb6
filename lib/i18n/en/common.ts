/** Texts every page shares: the document, the header, the footer and the language switch. */
import { ENGLISH_CLIENT_TEXTS } from "../client_texts.ts";

export const common = {
  skipToMain: "Skip to main content",
  siteDescription:
    "GoalMates is the free community app for the parents of a youth soccer team: the team behind the team.",
  language: {
    label: "Language",
    change: "Change language",
  },
  /** What lib/client shows by itself in every island (toasts, a lost connection). */
  client: ENGLISH_CLIENT_TEXTS,
};
