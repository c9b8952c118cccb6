/**
 * The edit page (SPEC.md section 8): the single-use link a claim approval e-mails, the parent's
 * form and the edit calls' answers (lib/roster/edit_links.ts).
 */
export const edit = {
  /** The page's <title>. */
  title: "Edit Player",
  validating: "Validating edit link...",
  invalidLink: "Invalid Link",
  invalidLinkHint: "Open the link from your approval e-mail, or ask your team admin for a new one.",
  goToRoster: "Go to Roster",
  noscriptTitle: "This page needs JavaScript.",
  noscript:
    "Your edit link works only once, so it is opened by the page itself rather than by a form. Please turn on JavaScript and reload this page, or ask your team admin for a new link.",
  accessDenied: "Access Denied",
  spentHint: "Edit links work once. Ask your team admin to send you a new one.",
  /** The form's heading: the player's full name. */
  heading: "Edit {name}",
  lead: "Changes show on the team roster as soon as you save.",
  /** A refusal's toast title. */
  error: "Error",
  details: {
    title: "Player Details",
    firstName: "First name",
    lastName: "Last name",
    jersey: "Jersey number",
    position: "Position (optional)",
    photoUrl: "Photo URL (optional)",
    photoHint: "A photo uploaded to GoalMates, or leave empty.",
    save: "Save Changes",
    saving: "Saving...",
  },
  emails: {
    title: "Parent Emails",
    listLabel: "Current parent emails",
    none: "No parent emails yet.",
    add: "Add a parent email",
    addHint: "That parent can then sign in with a magic link and edit this player too.",
    button: "Add Email",
    adding: "Adding...",
    invalid: "Please enter a valid email",
  },
  notice: {
    title: "Security Notice",
    text:
      "This edit link expires after use: it has now been spent, and this browser can edit {name}'s details for one hour. For changes later, sign in or ask your team admin for a new link.",
  },
  /** The edit calls' answers (lib/roster/edit_links.ts EDIT_MESSAGES). */
  api: {
    noToken: "No token provided",
    invalid: "Invalid or expired token",
    updated: "Player information updated successfully",
    emailAdded: "Email added successfully",
    /** The answer to a HEAD or a prefetch of a usable link: it is only looked at, not spent. */
    lookOnly: "This edit link works. Open it in your browser to edit the player.",
  },
};
