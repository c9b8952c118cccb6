/**
 * The families domain's words as the English catalogue has them (the section's texts and the
 * calls' refusals): lib/ answers in English and the routes put a message in the request's
 * language. Server only: the FamilyExplorer island gets the family area as props.
 */
import { messagesFor } from "../i18n/catalog.ts";

export const FAMILY_TEXTS = messagesFor("en").family;
