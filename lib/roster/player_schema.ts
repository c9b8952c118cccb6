/**
 * The player forms' checks (player_checks.ts) with the English catalogue's words: what the
 * server checks and answers with; the routes put the messages in the request's language on the
 * way out. Server only: it reads the catalogue, so the islands call player_checks.ts with their
 * page's words instead.
 */
import type { Checked } from "../validation.ts";
import { PLAYER_MESSAGES } from "./player_rules.ts";
import {
  checkNewPlayerWith,
  checkPlayerEditWith,
  checkPlayerPatchWith,
  type NewPlayerInput,
  type PlayerEdit,
  type PlayerPatch,
} from "./player_checks.ts";

export type { NewPlayerInput, PlayerEdit, PlayerPatch, SeasonStatsInput } from "./player_checks.ts";

/** Photo URLs must be on `appOrigin` (the server's configured origin). */
export const checkPlayerEdit = (body: unknown, appOrigin: string): Checked<PlayerEdit> =>
  checkPlayerEditWith(body, appOrigin, PLAYER_MESSAGES);

export const checkNewPlayer = (body: unknown): Checked<NewPlayerInput> => checkNewPlayerWith(body, PLAYER_MESSAGES);

/** Birth years run to `maxBirthYear`, the current (UTC) year. */
export const checkPlayerPatch = (body: unknown, maxBirthYear: number): Checked<PlayerPatch> =>
  checkPlayerPatchWith(body, maxBirthYear, PLAYER_MESSAGES);
