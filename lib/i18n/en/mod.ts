/** The English catalogue, area by area. The spec's texts are here word for word. */
import { common } from "./common.ts";
import { errors } from "./errors.ts";

export const en = { common, errors };
