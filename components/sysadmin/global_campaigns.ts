/**
 * The console's global campaigns, shared by the page (server) and the GlobalCampaignForm island:
 * the 'Deploy New Global Campaign' form as posted (the team admin's form helpers plus the fun
 * fact's and newsflash's text), and a campaign as a table row. Dependency-free and free of
 * catalogues: the island gets its words with its props (`sysadminCampaigns`, `campaigns`).
 */
import {
  campaignBodyFromForm,
  type CampaignFormValues,
  campaignFormValues,
  EMPTY_CAMPAIGN_FORM,
} from "../admin/campaigns/campaign_form.ts";
import type { AdminCampaign, CampaignStatus, CampaignType } from "../../lib/campaigns/mod.ts";

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

/** One campaign as the console's tables show it; its times are ISO, written in the page's language when shown (formatCampaignTime). */
export interface ConsoleCampaign {
  id: string;
  title: string;
  type: CampaignType;
  isActive: boolean;
  status: CampaignStatus;
  /** The poll question, or the other type's text. */
  text: string;
  published: string;
  /** null: it never expires. */
  expires: string | null;
  created: string;
}

/** One argument only: the console maps a page of campaigns with it. */
export function consoleCampaign(c: AdminCampaign): ConsoleCampaign {
  return {
    id: c.id,
    title: c.title,
    type: c.type,
    isActive: c.isActive,
    status: c.status,
    text: c.pollQuestion ?? c.questionText ?? c.factText ?? c.newsText ?? "",
    published: c.publishAt ?? c.createdAt,
    expires: c.expiresAt,
    created: c.createdAt,
  };
}
