/**
 * Claiming a player from the public roster: the claim dialog and its no-JavaScript form page,
 * 'How it works', the claim rules' messages (SPEC.md sections 5 and 8, word for word; the
 * surname ones are also the join page's) and the team admin's decisions.
 */
export const claims = {
  rules: {
    jersey: "Jersey number must be between 0 and 99",
    email: "Please enter a valid email address",
    surname: "Child's surname is required",
    surnameLength: "Child's surname must be at most {max} characters",
    mode: "Please choose to claim by jersey number or by child surname",
    note: "Note must be at most {max} characters",
    body: "Please send the claim as a JSON object",
    submitted: "Your claim has been submitted successfully.",
    closed: "This team is not accepting claims right now.",
    jerseyOnly: "This team accepts claims by jersey number only.",
    duplicate: "You already have a pending claim for this player.",
    tooManyPending:
      "You already have {max} claims waiting for the team admin's review. Please wait until they are reviewed.",
    rateLimited: {
      one: "Too many claims from here. Please try again in {count} minute.",
      other: "Too many claims from here. Please try again in {count} minutes.",
    },
    noJersey: "No player wears jersey number {number} on this roster.",
    domain: "Please use an email address at {domains} to claim a player on this team.",
  },
  decisions: {
    notFound: "Claim not found",
    alreadyDecided: "This claim has already been decided.",
    choosePlayer: "Choose which player this claim is for.",
    playerGone: "That player is no longer on the roster.",
    approved: "Claim approved. We e-mailed the parent a secure link to update the player.",
    denied: "Claim denied.",
  },
  dialog: {
    open: "Claim or update this player",
    title: "Claim Player",
    lead: "Tell us which player is your child. A team admin reviews every claim.",
    tabsLabel: "How to find your child",
    byJersey: "By Jersey Number",
    bySurname: "By Child Surname",
    jerseyNumber: "Jersey Number",
    childSurname: "Child's Surname",
    email: "Your Email",
    note: "Note (optional)",
    cancel: "Cancel",
    submit: "Submit Claim",
    submitting: "Submitting...",
    loadingRoster: "Loading roster...",
    claiming: "Claiming {players}",
    errorTitle: "Error",
    submittedTitle: "Claim Submitted",
  },
  form: {
    title: "Claim a player on {team}",
    pageTitle: "Claim a player · {team}",
    howToFind: "How would you like to find your child?",
  },
  steps: {
    title: "How it works",
    send: "Send your claim with the email address you use.",
    review: "A team admin checks it and approves it.",
    link: "You get an email with a secure, single-use link to update your child's details.",
  },
};
