/**
 * The admin area's campaign form as posted without JavaScript: what was typed (to show again
 * on a refusal) and the create call's body made from it (SPEC.md section 5: only the chosen
 * type's fields are sent; dates are typed in the team's zone).
 */
import { localToIso } from "../../../lib/campaigns/display.ts";
import { DEFAULT_SNOOZE_DAYS } from "../../../lib/campaigns/limits.ts";

export interface CampaignFormValues {
  title: string;
  type: string;
  pollQuestion: string;
  pollOption1: string;
  pollOption2: string;
  questionText: string;
  /** `datetime-local` values in the team's zone, "" for none. */
  publishAt: string;
  expiresAt: string;
  isActive: boolean;
  isSnoozable: boolean;
  snoozeDays: string;
}

/** A refused form: what was typed, each field's message, and the summary. */
export interface CampaignFormState {
  values: CampaignFormValues;
  errors: Record<string, string>;
  message: string | null;
}

/** SPEC.md section 9's campaign defaults: a poll, active, snoozable for 3 days. */
export const EMPTY_CAMPAIGN_FORM: CampaignFormState = {
  values: {
    title: "",
    type: "poll",
    pollQuestion: "",
    pollOption1: "",
    pollOption2: "",
    questionText: "",
    publishAt: "",
    expiresAt: "",
    isActive: true,
    isSnoozable: true,
    snoozeDays: String(DEFAULT_SNOOZE_DAYS),
  },
  errors: {},
  message: null,
};

const TEXT_FIELDS = [
  "title",
  "type",
  "pollQuestion",
  "pollOption1",
  "pollOption2",
  "questionText",
  "publishAt",
  "expiresAt",
  "snoozeDays",
] as const;

/** The posted form's values (a checkbox left unchecked is absent: false). */
export function campaignFormValues(form: Record<string, unknown>): CampaignFormValues {
  const text = (name: string) => typeof form[name] === "string" ? form[name] as string : "";
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)])) as Omit<
    CampaignFormValues,
    "isActive" | "isSnoozable"
  >;
  return { ...values, isActive: text("isActive") !== "", isSnoozable: text("isSnoozable") !== "" };
}

/** A typed local time as the call's ISO time; a value that is no time is passed on, to be refused. */
const time = (value: string) => {
  const iso = localToIso(value);
  return iso === undefined ? value : iso;
};

/** The create call's body: the settings, the dates in ISO, and only the chosen type's text fields. */
export function campaignBodyFromForm(values: CampaignFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: values.title,
    type: values.type,
    isActive: values.isActive,
    isSnoozable: values.isSnoozable,
    snoozeDays: /^\d{1,3}$/.test(values.snoozeDays) ? Number(values.snoozeDays) : values.snoozeDays,
    publishAt: time(values.publishAt),
    expiresAt: time(values.expiresAt),
  };
  if (values.type === "poll") {
    Object.assign(body, {
      pollQuestion: values.pollQuestion,
      pollOption1: values.pollOption1,
      pollOption2: values.pollOption2,
    });
  }
  if (values.type === "question") body.questionText = values.questionText;
  return body;
}
