/**
 * The console route's side of the global campaigns: the form and row helpers
 * (global_campaigns.ts, which the GlobalCampaignForm island shares) and SPEC.md section 8's
 * sysadmin toasts in English, the catalogue's, for the summary the route writes above a refused
 * form (it puts them into the page's language). The island reads its words from its props.
 */
import { messagesFor } from "../../lib/i18n/catalog.ts";

export * from "./global_campaigns.ts";

export const CONSOLE_TEXTS = messagesFor("en").sysadminCampaigns.toasts;
