/**
 * The join page (SPEC.md section 5, "Join page"): its three steps, the expired-link page, and the
 * join rules' messages, which the server's checks and the JoinFlow island share (lib/join/checks.ts).
 */
export const join = {
  /** The page's <title>. */
  pageTitle: "Join {team}",
  kicker: "Join your team on GoalMates",
  teamNotFound: "Team Not Found",
  teamNotFoundMessage: "The team link you're looking for doesn't exist or may have been changed.",
  teamNotFoundHint: "Invite links last 7 days. Ask your team admin for a new link.",
  /** The join calls' answer for a team key that names no team. */
  teamNotFoundApi: "Team not found",
  /** The titles of a refusal's notice or toast. */
  playerNotFound: "Player Not Found",
  verificationError: "Verification Error",
  requestFailed: "Request Failed",
  submissionError: "Submission Error",
  tryAgain: "Please check your connection and try again.",
  identify: {
    title: "Verify Player",
    lead: "Tell us who you are and which player on the roster you belong to.",
    iAm: "I am a...",
    player: "Player",
    parent: "Parent",
    jersey: "Jersey #",
    parentJersey: "Player's Jersey #",
    lastName: "Last Name",
    parentLastName: "Player's Last Name",
    /** The choice to find the player by last name alone, as the roster claim allows. */
    noJersey: "I don't know the jersey number",
    noJerseyHint: "Enter the player's last name: a team admin will find them on the roster.",
    submit: "Verify Player Information",
    pending: "Verifying...",
  },
  account: {
    title: "Your Details",
    /** Before the player's name, in bold. */
    playerFound: "Player found:",
    player: "Player:",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    confirmEmail: "Confirm email",
    submit: "Submit Join Request",
    pending: "Submitting...",
    back: "Back to Player Verification",
  },
  success: {
    title: "Join Request Submitted!",
    untilApproved: "That e-mail has a link that signs you in. Until then, there is nothing else you need to do.",
    again: "Submit Another Request",
  },
  /** How the account step names a player asked for by surname alone: "Okafor (jersey number unknown)". */
  jerseyUnknown: "jersey number unknown",
  expired: {
    lead: "Invite links work for 7 days, and a new one replaces the old.",
    leadClaim: "You can still reach {team} two ways:",
    leadAsk: "You can still ask for a new link to {team}:",
    claimTitle: "Claim your child on the roster",
    claimText: "Find your child on the team's public roster and ask to be linked. A team admin reviews every claim.",
    claimButton: "Claim your child",
    askTitle: "Ask the team admin for a new link",
    askText: "We'll pass your name and e-mail on to the team admin, who can send you a fresh invite link.",
    askButton: "Ask for a New Link",
    name: "Your name",
    email: "Your email",
  },
  /** The join rules' words (lib/join/checks.ts), the server's and the island's alike. */
  rules: {
    userType: "Please select if you are a player or parent",
    jersey: "Jersey number is required",
    jerseyRange: "Jersey number must be between 0 and 99",
    lastName: "Last name is required",
    firstName: "First name is required",
    firstNameTooLong: "First name must be at most {max} characters",
    lastNameTooLong: "Last name must be at most {max} characters",
    email: "Please enter a valid email",
    emailsDiffer: "Emails don't match",
    /** By surname alone: the roster claim's words (lib/child_surname.ts). */
    childSurname: "Child's surname is required",
    childSurnameTooLong: "Child's surname must be at most {max} characters",
    mode: "Please choose to claim by jersey number or by child surname",
    playerNotFound: "We couldn't find a player with that jersey number and last name.",
    /** What happens next, said plainly: nothing to sign in to until the admin approves. */
    submitted: "We'll e-mail you at {email} when the team admin approves your request.",
    /** A page opened on an invite link that has since expired or been replaced. */
    linkExpired: "This invite link has expired",
    duplicate: "You already have a pending join request for this player.",
    /** Opened by slug, not by invite code: nothing is said about whether the player is on the roster. */
    adminWillCheck: "A team admin will check this player against the roster when they review your request.",
    tooManyPending:
      "You already have {max} requests waiting for the team admin's review. Please wait until they are reviewed.",
    domain: "Please use an email address at {domains} to join this team.",
    rateLimited: {
      one: "Too many attempts from here. Please try again in {count} minute.",
      other: "Too many attempts from here. Please try again in {count} minutes.",
    },
  },
  /** 'Ask for a new link' on the expired-link page (lib/join/link_asks.ts). */
  linkAsk: {
    name: "Please enter your name",
    nameLength: "Your name must be at most {max} characters",
    sent:
      "We told the team admin. They'll send a new invite link to {email}. You don't need to do anything until then.",
  },
  /** The team admin's invite link (lib/join/links.ts): its time left and Generate New's limit. */
  links: {
    expired: "Expired",
    days: { one: "{count} day", other: "{count} days" },
    hours: { one: "{count} hour", other: "{count} hours" },
    minutes: { one: "{count} minute", other: "{count} minutes" },
    tooMany: {
      one: "Too many new invite links today. Please try again in {count} hour.",
      other: "Too many new invite links today. Please try again in {count} hours.",
    },
  },
};
