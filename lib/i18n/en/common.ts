/** Texts every page shares: the document, the header, the footer and the language switch. */
export const common = {
  skipToMain: "Skip to main content",
  siteDescription:
    "GoalMates is the free community app for the parents of a youth soccer team: the team behind the team.",
  language: {
    label: "Language",
    change: "Change language",
  },
};
