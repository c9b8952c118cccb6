/**
 * The system administrator's e-mail test page's texts (SPEC.md section 8), shared by its island
 * and its route. The sign-in forms' texts are in the catalogue (the `login` area, issue 24);
 * these stay here, in English, until the system administrator's console is translated.
 */
export const TEST_EMAIL_TEXTS = {
  emailRequired: "Please enter an email address",
  bothRequired: "Please enter both email and player name",
  invalidEmail: "Please enter a valid email address",
  verificationFailed: "Failed to test verification email",
  magicLinkFailed: "Failed to test magic link email",
} as const;
