/**
 * The console's campaigns, shared by the page (server) and the GlobalCampaignForm island:
 * the 'Deploy New Global Campaign' form as posted (the team admin's form helpers plus the fun
 * fact's and newsflash's text), a campaign as a table row, and the console's words.
 * Dependency-free.
 */
import {
  campaignBodyFromForm,
  type CampaignFormValues,
  campaignFormValues,
  EMPTY_CAMPAIGN_FORM,
} from "../admin/campaigns/campaign_form.ts";
import { formatCampaignTime } from "../../lib/campaigns/display.ts";
import type { AdminCampaign, CampaignStatus, CampaignType } from "../../lib/campaigns/mod.ts";

/** SPEC.md section 8's sysadmin toasts, and the console's other words. */
export const CONSOLE_TEXTS = {
  createFailed: "Failed to create campaign. Please try again.",
  statusFailed: "Failed to update campaign status.",
  deleteFailed: "Failed to delete campaign.",
  dialogTitle: "Deploy New Global Campaign",
  create: "Create Campaign",
  deploy: "Deploy Campaign",
  deployed: "Campaign deployed",
  activated: "Campaign activated",
  deactivated: "Campaign deactivated",
  deleted: "Campaign deleted",
} as const;

/** The create form's values: the team admin's, plus a fun fact's and a newsflash's text. */
export interface GlobalFormValues extends CampaignFormValues {
  factText: string;
  newsText: string;
}

/** The form as shown: what was typed, each field's message and the summary (after a refusal). */
export interface GlobalFormState {
  values: GlobalFormValues;
  errors: Record<string, string>;
  message: string | null;
}

/** SPEC.md section 9's defaults: a poll, active, snoozable for 3 days. */
export const EMPTY_GLOBAL_FORM: GlobalFormState = {
  ...EMPTY_CAMPAIGN_FORM,
  values: { ...EMPTY_CAMPAIGN_FORM.values, factText: "", newsText: "" },
};

const text = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === "string" ? form[name] as string : "";

/** The posted form's values (an unchecked checkbox is absent: false). */
export function globalFormValues(form: Record<string, unknown>): GlobalFormValues {
  return { ...campaignFormValues(form), factText: text(form, "factText"), newsText: text(form, "newsText") };
}

/** The create call's body: the settings, ISO dates, and only the chosen type's text fields. */
export function globalBodyFromForm(values: GlobalFormValues): Record<string, unknown> {
  const body = campaignBodyFromForm(values);
  if (values.type === "fun_fact") body.factText = values.factText;
  if (values.type === "newsflash") body.newsText = values.newsText;
  return body;
}

/** One campaign as the console's tables show it (its times already written in New York time). */
export interface ConsoleCampaign {
  id: string;
  title: string;
  type: CampaignType;
  isActive: boolean;
  status: CampaignStatus;
  /** The poll question, or the other type's text. */
  text: string;
  published: string;
  expires: string;
  created: string;
}

export function consoleCampaign(c: AdminCampaign): ConsoleCampaign {
  return {
    id: c.id,
    title: c.title,
    type: c.type,
    isActive: c.isActive,
    status: c.status,
    text: c.pollQuestion ?? c.questionText ?? c.factText ?? c.newsText ?? "",
    published: formatCampaignTime(c.publishAt ?? c.createdAt),
    expires: c.expiresAt ? formatCampaignTime(c.expiresAt) : "Never",
    created: formatCampaignTime(c.createdAt),
  };
}
