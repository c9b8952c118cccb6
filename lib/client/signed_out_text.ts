/** SPEC.md section 2 (family dashboard): what a person sees when their session has ended. */
export const SIGNED_OUT_MESSAGE = "Unauthorized - You are logged out. Logging in again...";
