import { ValidationError } from "../errors.ts";

/**
 * Why an upload was refused, for the routes to pick the status: "gone" (an expired or spent
 * upload link), "too-large", "type" (not an image we take), "pixels" (too many to decode).
 * Any other refusal is a plain ValidationError. Being one itself, an UploadError a route does
 * not map is still a 400.
 */
export type UploadProblem = "gone" | "too-large" | "type" | "pixels";

export class UploadError extends ValidationError {
  constructor(readonly problem: UploadProblem, message: string) {
    super(message);
  }
}
