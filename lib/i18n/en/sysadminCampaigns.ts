/**
 * The System Console's Campaigns tab (global campaigns, SPEC.md section 8's sysadmin toasts) and
 * the e-mail test page `/email-test` (SPEC.md section 7 'Test tools'). Each campaign type's name
 * and the campaign rules' refusals are the `campaigns` area's; the console's frame and the
 * notices of its forms are the `sysadmin` area's.
 */
export const sysadminCampaigns = {
  heading: "Global Campaigns",
  lead:
    "A global campaign reaches the families of every active team on their family dashboard, between its publish and expiry dates. Each person answers, dismisses or snoozes it for themselves.",
  pagesLabel: "Campaign pages",
  newest: "Newest campaigns",
  older: "Older campaigns",
  /** SPEC.md section 8's sysadmin toasts, and what each one says under its title. */
  toasts: {
    createFailed: "Failed to create campaign. Please try again.",
    statusFailed: "Failed to update campaign status.",
    deleteFailed: "Failed to delete campaign.",
    deployed: "Campaign deployed",
    activated: "Campaign activated",
    deactivated: "Campaign deactivated",
    deleted: "Campaign deleted",
    /** `status` is one of `statuses`. */
    nowStatus: '"{title}" is {status}.',
    gone: '"{title}" and its responses are gone.',
  },
  /** 'Create Campaign' and its dialog 'Deploy New Global Campaign'. */
  form: {
    create: "Create Campaign",
    title: "Deploy New Global Campaign",
    lead: "Every active team's families see it on their family dashboard, from its publish date until it expires.",
    titleLabel: "Title",
    type: "Type",
    pollQuestion: "Poll question",
    option1: "Option 1",
    option2: "Option 2",
    questionText: "Question text",
    factText: "Fun fact text",
    newsText: "News text",
    publishAt: "Publish at (optional)",
    publishHint: "Eastern Time. Empty: at once.",
    expiresAt: "Expires at (optional)",
    expiresHint: "Eastern Time. Empty: never.",
    active: "Active",
    snoozable: "Families may snooze it",
    snoozeDays: "Snooze days",
    cancel: "Cancel",
    deploy: "Deploy Campaign",
    deploying: "Deploying...",
  },
  /** The active and inactive campaigns' tables. */
  tables: {
    active: "Active Campaigns",
    inactive: "Inactive Campaigns",
    noActive: "No active global campaigns on this page. Create one, or activate an inactive one.",
    noInactive: "No inactive global campaigns on this page.",
    title: "Title",
    text: "Poll Question / Text",
    type: "Type",
    status: "Status",
    scope: "Scope",
    published: "Published",
    expires: "Expires",
    created: "Created",
    actions: "Actions",
    global: "Global",
    /** A campaign without an expiry date. */
    never: "Never",
    activate: "Activate",
    deactivate: "Deactivate",
    delete: "Delete",
  },
  /** SPEC.md section 4's display status. */
  statuses: { Inactive: "Inactive", Scheduled: "Scheduled", Expired: "Expired", Live: "Live" },
  /** Delete without JavaScript: the confirmation (its question is the `campaigns` area's deleteConfirm). */
  confirm: {
    heading: "Delete “{title}”?",
    cancel: "Cancel",
    delete: "Delete Campaign",
  },
  /** `/email-test`: the form, its results and, without SMTP, the outbox. */
  emailTest: {
    title: "Email Test",
    lead:
      "Send a test verification or magic-link e-mail. Test links carry a token that is never stored, so they sign no one in.",
    email: "Email",
    playerName: "Player name",
    /** The player name the form starts with. */
    defaultPlayerName: "Test Player",
    sendVerification: "Test Verification Email",
    sendMagicLink: "Test Magic Link Email",
    sending: "Sending...",
    results: "Results",
    noResults: "No test e-mails sent yet.",
    /** One attempt's facts, as the result list names them. */
    facts: {
      type: "Type",
      success: "Success",
      email: "Email",
      message: "Message",
      code: "Code",
      playerName: "Player name",
      token: "Token",
    },
    types: { verification: "verification", magicLink: "magic-link" },
    yes: "Yes",
    no: "No",
    /** SPEC.md section 8's toasts. */
    toasts: {
      error: "Error",
      sent: "Test email sent",
      verificationFailed: "Failed to test verification email",
      magicLinkFailed: "Failed to test magic link email",
    },
    /** The refusals of the form and of `/api/test-email/*`. */
    refused: {
      emailRequired: "Please enter an email address",
      bothRequired: "Please enter both email and player name",
      invalidEmail: "Please enter a valid email address",
      playerNameTooLong: "Player name must be at most {max} characters.",
    },
    queued: {
      verification: "Test verification email queued for {email}.",
      magicLink: "Test magic link email queued for {email}.",
    },
    outbox: {
      devTitle: "Development outbox",
      title: "Outbox",
      refresh: "Refresh",
      devLead: "SMTP_URL is not set, so mail is kept here for a week instead of being sent. Newest first.",
      lead:
        "SMTP_URL is not set, so mail is not being sent: only each mail's recipient and subject are kept here, for a week, never its text or links. Newest first.",
      empty: "The outbox is empty.",
      /** After the time a mail was kept: " · to ana@example.com". */
      to: "to {address}",
      older: "Older mail",
    },
  },
};
