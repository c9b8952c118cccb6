/**
 * The texts of the sign-in and test-mail screens (SPEC.md sections 5 and 8). Kept apart from
 * `lib/auth/login.ts` so the islands can show them without bundling server code; the
 * integration tests check that the server's replies say the same.
 */
export const LOGIN_TEXTS = {
  magicLinkFailed: "Unable to send magic link",
  checkEmail: "Please check your email address and try again.",
  magicLinkSent: "Magic link sent!",
  loginFailed: "Login Failed",
  invalidLogin: "Invalid email or password. Please try again.",
  loginSuccessful: "Login Successful",
  missingLogin: "Please enter your email and password.",
  invalidCredentials: "Invalid credentials",
  loginError: "Login Error",
} as const;

export const TEST_EMAIL_TEXTS = {
  emailRequired: "Please enter an email address",
  bothRequired: "Please enter both email and player name",
  invalidEmail: "Please enter a valid email address",
  verificationFailed: "Failed to test verification email",
  magicLinkFailed: "Failed to test magic link email",
} as const;
