/**
 * The team admin's Campaigns page: New Campaign (a poll or a question), the team's campaigns
 * with their status and results, and the notices of its forms. Each type's name, the page's
 * title and the campaign rules' refusals are the `campaigns` area's.
 */
export const adminCampaigns = {
  newCampaign: "New Campaign",
  intro: "Ask your team's families a quick poll or a question. It shows on the family dashboard until they answer it.",
  titleLabel: "Title",
  typeLegend: "Type",
  pollQuestion: "Poll question",
  option1: "Option 1",
  option2: "Option 2",
  questionText: "Question text",
  publishAt: "Publish at (optional)",
  expiresAt: "Expires at (optional)",
  publishHint: "Eastern Time. Empty: at once.",
  expiresHint: "Eastern Time. Empty: never.",
  active: "Active",
  snoozable: "Families may snooze it",
  snoozeDays: "Snooze days",
  create: "Create Campaign",
  teamCampaigns: "Team Campaigns",
  empty: "No campaigns yet. Create a poll or a question: families see it on the family dashboard.",
  older: "Older campaigns",
  /** A poll option's tally: "1 vote (100%)" (`votes` is the `campaigns` area's results.votes). */
  tally: "{votes} ({percent}%)",
  showAnswers: "Show answers ({count})",
  /** Under the results: "3 voted · 1 dismissed · 0 snoozed". */
  voted: { one: "{count} voted", other: "{count} voted" },
  answered: { one: "{count} answered", other: "{count} answered" },
  dismissed: { one: "{count} dismissed", other: "{count} dismissed" },
  snoozed: { one: "{count} snoozed", other: "{count} snoozed" },
  /** A campaign's times and snooze setting, joined with " · ". */
  created: "Created {when}",
  publishes: "Publishes {when}",
  expires: "Expires {when}",
  snoozeFor: { one: "Snooze {count} day", other: "Snooze {count} days" },
  notSnoozable: "Not snoozable",
  /** SPEC.md section 4's display status. */
  statuses: { Inactive: "Inactive", Scheduled: "Scheduled", Expired: "Expired", Live: "Live" },
  activate: "Activate",
  deactivate: "Deactivate",
  delete: "Delete",
  deleteCampaign: "Delete Campaign",
  /** The notices of the forms without JavaScript. */
  notices: {
    created: "Campaign created. Families see it on the family dashboard once it is live.",
    activated: "Campaign activated.",
    deactivated: "Campaign deactivated. Families no longer see it.",
    deleted: "Campaign deleted, with its responses.",
    missing: "That campaign no longer exists.",
  },
};
