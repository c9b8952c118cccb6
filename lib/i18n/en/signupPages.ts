/**
 * The signup's pages around the wizard: the wizard page's own heading and success step (server
 * rendered), the page the verification e-mail opens (SignupVerify) and the team-created
 * celebration (SignupCelebration, SPEC.md section 9). Apart from the wizard's words (signup.ts),
 * so each island gets only the texts it shows.
 */
export const signupPages = {
  /** The page's <title> and heading. */
  pageTitle: "Create Your Team",
  pageDescription: "Create a free GoalMates team for your youth soccer team's parents.",
  lead: "GoalMates is free for the whole team. It takes about a minute.",
  /** The success step. */
  success: {
    /** After the address, in bold. */
    verifiedAs: "{email} is verified and you are signed in as the team admin.",
    next: "Next, invite your soccer family with one shared link from your dashboard.",
    goToDashboard: "Go to Dashboard",
  },
  /** `/signup/verify`, the page the verification e-mail opens. */
  verifyPage: {
    title: "Email Verification",
    noScript: "Press the button to finish verifying your email and create your team.",
    verifyButton: "Verify my email",
    verifying: "Verifying your email...",
    ready: "{team} is ready.",
    readyNext: "{team} is ready. One more step to finish your signup.",
    /** For a team whose name the call did not give. */
    yourTeam: "Your team",
    continueSignup: "Continue signup",
    signIn: "Sign in",
    backToSignup: "Back to signup",
  },
  /** `/signup-success`, the team-created celebration (SPEC.md section 9). */
  celebration: {
    title: "Team Created",
    heading: "{team} is on GoalMates!",
    /** For a link without a team name. */
    yourTeam: "Your Team",
    lead: "Invite your soccer family with one shared link and enjoy the season.",
    countdown: {
      one: "Taking you to your family dashboard in {count} second...",
      other: "Taking you to your family dashboard in {count} seconds...",
    },
    staying: "Staying here. Use the button when you are ready.",
    goToDashboard: "Go to Family Dashboard",
    stay: "Stay on this page",
  },
  messages: {
    verificationFailed: "Verification failed",
    invalidLink: "The verification link is invalid or has expired. Please try signing up again.",
    alreadyVerified: "This email address is already verified and your team is ready. Please sign in.",
    emailVerified: "Email verified!",
    teamCreated: "Team created successfully!",
  },
};
