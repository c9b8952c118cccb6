/**
 * What the sign-in forms say (SPEC.md sections 5 and 9): the islands TeamLogin, TeamAccessLogin
 * and SysadminLogin get this area with their props. `refused` repeats lib/auth's words
 * (auth.messages) for a form that refuses before asking the server, or a reply that says nothing.
 */
export const login = {
  tabs: { label: "How to sign in", magic: "Magic Link", password: "Email & Password" },
  fields: {
    email: "Email",
    password: "Password",
    teamUsername: "Team username",
    showPassword: "Show password",
    hidePassword: "Hide password",
  },
  signIn: "Sign In",
  signingIn: "Signing in...",
  magic: {
    lead: "We will e-mail you a link that signs you in. No password needed.",
    send: "Send Magic Link",
    sending: "Sending...",
    sentTitle: "Check your email",
    sent: "If {email} belongs to a GoalMates account, a sign-in link is on its way. It works once, for 15 minutes.",
    changeEmail: "Change Email",
    checkInbox: "Check your inbox for your sign-in link.",
  },
  password: {
    lead: "For team admins who have set a password.",
    redirecting: "Taking you to your team...",
  },
  /** `/teams/{teamId}` signed out: the team's own username and password, or a link for this team. */
  team: {
    passwordHeading: "Team username and password",
    magicHeading: "Or get a magic link",
    sent: "If {email} belongs to this team, a sign-in link is on its way.",
    opening: "Opening your team dashboard...",
  },
  toasts: {
    magicLinkFailed: "Unable to send magic link",
    magicLinkSent: "Magic link sent!",
    loginFailed: "Login Failed",
    loginSuccessful: "Login Successful",
    loginError: "Login Error",
  },
  refused: {
    checkEmail: "Please check your email address and try again.",
    invalidLogin: "Invalid email or password. Please try again.",
    invalidTeamLogin: "Invalid username or password. Please try again.",
    missingLogin: "Please enter your email and password.",
    invalidCredentials: "Invalid credentials",
  },
};
