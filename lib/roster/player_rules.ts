/**
 * The player forms' words, in English: the catalogue's `players` area with the limits filled
 * in (SPEC.md section 5). The rules themselves are in `player_checks.ts`. Server only: it reads
 * the catalogue; the islands take their words from their props.
 */
import { messagesFor } from "../i18n/catalog.ts";
import { playerMessages } from "./player_checks.ts";

export const PLAYER_MESSAGES = playerMessages("en", messagesFor("en").players);
