/**
 * The signup wizard (SPEC.md sections 2 and 5), the words of the SignupWizard island: its steps,
 * the signup's answers, and the signup rules' messages, which the server's checks and the island
 * share (lib/signup/checks.ts). The pages around it are signupPages.ts.
 */
export const signup = {
  /** The progress bar's six labels (SPEC.md section 2). */
  steps: {
    account: "Your Details",
    team: "Your Team",
    player: "Your Player",
    review: "Verify",
    verify: "Check Your Email",
    success: "Team Created",
  },
  progress: {
    label: "Signup progress",
    count: "Step {step} of {total}",
    /** After a finished step's label, for screen readers. */
    done: "(done)",
  },
  /** The inputs' labels. */
  fields: {
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    ageConfirmation: "18+ confirmation",
    teamName: "Team name",
    ageGroup: "Age group",
    teamType: "Team type",
    hasChildOnTeam: "Child on the team",
    playerFirstName: "Player first name",
    playerLastName: "Player last name",
    playerJerseyNumber: "Jersey number",
  },
  /** The jersey input's label, with its range. */
  jerseyWithRange: "Jersey number (1–99)",
  ageConfirmation: "I confirm that I am 18 years of age or older",
  selectAgeGroup: "Select age group",
  selectTeamType: "Select team type",
  teamTypes: { boys: "Boys", girls: "Girls", coed: "Co-ed" },
  /**
   * The player step's first question. A coach with no child on the team creates the team without
   * a player; the default keeps the spec's first player.
   */
  childOnTeam: {
    question: "Do you have a child on this team?",
    yes: "I have a child on this team",
    no: "I'm the coach / I have no child on the team",
  },
  actions: {
    continue: "Continue",
    finish: "Finish & Verify by Email",
    sending: "Sending...",
    resend: "Resend Email",
    changeEmail: "Change email",
    back: "Back",
    /** Before the sign-in link on the first step. */
    haveAccount: "Already have an account?",
    signIn: "Sign in",
  },
  /** A refused call's toast, and a refused no-JS post's banner. */
  errorTitle: "Error",
  review: {
    heading: "Verify Your Details",
    intro: "We will e-mail you a link; your team is created when you open it.",
    edit: "Edit",
    /** Each Edit button's name for screen readers. */
    editStep: { account: "Edit your details", team: "Edit your team", player: "Edit your player" },
    name: "Name",
    email: "Email",
    teamName: "Team name",
    ageGroup: "Age group",
    teamType: "Team type",
    jerseyNumber: "Jersey number",
    childOnTeam: "Child on the team",
    noChild: "None: I'm the coach. Families add their players later.",
  },
  /** The 'Check Your Email' step (the address comes first, in bold, in `messages.sentTo`). */
  checkEmail: {
    openWithin: "Open it within 24 hours to create {team}. Not there? Check your spam folder.",
  },
  /** The signup's answers (lib/signup SIGNUP_MESSAGES). */
  messages: {
    emailSent: "Email sent!",
    emailResent: "Email resent!",
    sentTo: "We sent a verification link to {email}.",
    resent: "If a signup is waiting for that address, we sent a new verification link.",
    rateLimited: {
      one: "Too many signup e-mails requested. Please try again in {count} minute.",
      other: "Too many signup e-mails requested. Please try again in {count} minutes.",
    },
    notAnObject: "Please send the signup as a JSON object.",
  },
  /** The signup rules' words (lib/signup/checks.ts): a refused step's title and message. */
  rules: {
    account: {
      title: "Please fill all required fields",
      message: "All fields are required including the 18+ confirmation.",
    },
    email: { title: "Invalid email", message: "Please enter a valid email address." },
    team: {
      title: "Please fill all team details",
      message: "Team name, age group, and team type are all required.",
    },
    player: {
      title: "Please fill all player details",
      message: "Player first name, last name, and jersey number are all required.",
    },
    jersey: { title: "Invalid jersey number", message: "Jersey number must be between 1 and 99." },
    childOnTeam: {
      title: "Please choose an option",
      message: "Please say whether you have a child on this team.",
    },
    tooLongTitle: "Too long",
    /** A field left empty, beside it. */
    required: {
      firstName: "First name is required.",
      lastName: "Last name is required.",
      email: "Email is required.",
      ageConfirmation: "18+ confirmation is required.",
      teamName: "Team name is required.",
      ageGroup: "Age group is required.",
      teamType: "Team type is required.",
      hasChildOnTeam: "Child on the team is required.",
      playerFirstName: "Player first name is required.",
      playerLastName: "Player last name is required.",
      playerJerseyNumber: "Jersey number is required.",
    },
    tooLong: {
      firstName: "First name must be at most {max} characters.",
      lastName: "Last name must be at most {max} characters.",
      teamName: "Team name must be at most {max} characters.",
      playerFirstName: "Player first name must be at most {max} characters.",
      playerLastName: "Player last name must be at most {max} characters.",
    },
  },
};
