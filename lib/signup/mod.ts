/** The signup wizard's rules, the pending signup and its verification, which creates the team. The public face of `lib/signup/`. */
export { checkSignupWith, type SignupRules, signupRules } from "./checks.ts";
export { checkSignup, MAX_TEAM_NAME_LENGTH, SIGNUP_MESSAGES, SIGNUP_RULES } from "./rules.ts";
export { parseSignup, resendVerification, type SignupContext, startSignup, verifySignup } from "./verification.ts";
