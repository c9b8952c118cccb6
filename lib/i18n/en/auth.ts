/**
 * What signing in says on the server: lib/auth's refusals and notices (AUTH_MESSAGES is this
 * area's `messages`, in English), and the pages around it: the team login page around its
 * island, the sign-in link's pages and the sign-out question.
 */
export const auth = {
  messages: {
    magicLinkSent: "Magic link sent!",
    checkEmail: "Please check your email address and try again.",
    loginFailed: "Invalid email or password. Please try again.",
    teamLoginFailed: "Invalid username or password. Please try again.",
    sysadminFailed: "Invalid credentials",
    sysadminMissing: "Please enter your email and password.",
    linkInvalid: "This sign-in link is invalid, expired or already used. Please request a new one.",
    currentPasswordRequired: "Please enter your current password.",
    currentPasswordWrong: "Your current password is incorrect.",
    passwordChanged: "Password updated. Other sessions were signed out.",
    teamAccountNoPassword: "Sign in with your own account to set a password.",
    reauthRequired: "For your security, please sign in again, then set your password within 10 minutes.",
    teamLoginNoAccessManagement:
      "The shared team login cannot change the team login or its admins. Sign in with your own account.",
    tooManyAttempts: {
      one: "Too many sign-in attempts. Please try again in {count} minute.",
      other: "Too many sign-in attempts. Please try again in {count} minutes.",
    },
    tooManyLinks: {
      one: "Too many sign-in links requested. Please try again in {count} minute.",
      other: "Too many sign-in links requested. Please try again in {count} minutes.",
    },
  },
  /** A new password refused by lib/auth/password_policy.ts (R7). */
  password: {
    missing: "Please enter a new password.",
    tooLong: "Password must be at most {max} characters.",
    tooShort: "Password must be at least {min} characters.",
    common: "This password is too common. Please choose another.",
  },
  teamLogin: {
    title: "Team Login",
    description: "Sign in to your GoalMates team with a magic link or your team admin password.",
    lead: "Sign in to your GoalMates team.",
    backHome: "Back to home",
    /** SPEC.md section 2: why a page that needs a session sent the visitor here. */
    signedOut: "Unauthorized - You are logged out. Logging in again...",
  },
  /** Development mode only: the demo accounts under the sign-in form. */
  devHint: {
    title: "Development mode: demo accounts",
    account: "{email}, {role}",
    roles: { TEAM_ADMIN: "the demo team admin", TEAM_STANDARD: "the parent", PLAYER: "the player" },
    password: "(password {password})",
    outbox: "Without SMTP settings, magic links land in the outbox at {link}.",
  },
  magicLink: {
    title: "Sign in",
    heading: "Sign in to GoalMates",
    lead: "Press Continue to finish signing in on this device.",
    continue: "Continue",
  },
  linkExpired: {
    title: "Link expired",
    body: "This sign-in link is invalid, expired or already used. Sign-in links work once, for 15 minutes.",
    offerFresh: "We can e-mail you a fresh link to the same address.",
    sendFresh: "Send me a fresh link",
    otherWay: "Sign in another way",
    requestNew: "Request a new link",
  },
  freshLinkSent: {
    title: "Check your email",
    body: "We sent a fresh link to your e-mail. It works once, for 15 minutes.",
    notThere: "Not there? Check your spam folder, or {link}.",
    otherWay: "sign in another way",
  },
  signOut: {
    title: "Sign out?",
    question: "Do you want to sign out of GoalMates on this device?",
    button: "Sign out",
    stay: "No, stay signed in",
  },
};
