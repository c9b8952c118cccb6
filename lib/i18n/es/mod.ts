/** The Spanish catalogue: the English one's shape, area by area (shape.ts). */
import type { en } from "../en/mod.ts";
import type { Translation } from "../shape.ts";
import { common } from "./common.ts";
import { errors } from "./errors.ts";

export const es: Translation<typeof en> = { common, errors };
