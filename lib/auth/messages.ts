/** What the sign-in screens and calls say (safe to import from pages and islands). */
export const AUTH_MESSAGES = {
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
  tooManyAttempts: (minutes: number) =>
    `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  tooManyLinks: (minutes: number) =>
    `Too many sign-in links requested. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;
