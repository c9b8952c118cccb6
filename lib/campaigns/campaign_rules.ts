/**
 * The campaigns' rules (SPEC.md sections 4, 5 and 9): which campaigns a person sees, what a
 * campaign and a response must hold. Dependency-free: the server, the admin page and the
 * system administrator's GlobalCampaignForm island share them. Their messages come in as an
 * argument, in the page's language for an island (`campaignMessages(m.campaigns.errors, t)`) and
 * in English for the server (rules.ts), whose routes put them into the request's language.
 */
import type { Campaign, CampaignResponse, CampaignType } from "../db/campaigns.ts";
import type { Checked } from "../validation.ts";
import type { Message, Params } from "../i18n/format.ts";
import type { campaigns } from "../i18n/en/campaigns.ts";
import { cleanText, unknownFieldMessage } from "../text.ts";
import {
  CAMPAIGN_TYPES,
  DEFAULT_SNOOZE_DAYS,
  MAX_ANSWER_LENGTH,
  MAX_CAMPAIGN_TEXT_LENGTH,
  MAX_OPTION_LENGTH,
  MAX_TITLE_LENGTH,
  SNOOZE_CHOICES,
} from "./limits.ts";

/** What the campaign checks and calls say when they refuse, in one language. */
export interface CampaignMessages extends Omit<typeof campaigns.errors, TemplateKeys> {
  titleTooLong: (max: number) => string;
  type: (types: readonly string[]) => string;
  textTooLong: (max: number) => string;
  optionTooLong: (max: number) => string;
  tooMany: (max: number) => string;
  answerTooLong: (max: number) => string;
}
type TemplateKeys = "titleTooLong" | "type" | "textTooLong" | "optionTooLong" | "tooMany" | "answerTooLong";

/** The campaigns' refusals from their catalogue area, filled in by `fill` (`format` in a language, or `t`). */
export function campaignMessages(
  errors: typeof campaigns.errors,
  fill: (message: Message, params?: Params) => string,
): CampaignMessages {
  // Limits as strings, so they are never grouped ("1000").
  const bound = (template: string) => (max: number) => fill(template, { max: String(max) });
  return {
    ...errors,
    titleTooLong: bound(errors.titleTooLong),
    type: (types) =>
      types.length === 2
        ? fill(errors.type, { types: types[0], last: types[1] })
        : fill(errors.type, { types: types.slice(0, -1).join(", "), last: types.at(-1) ?? "" }),
    textTooLong: bound(errors.textTooLong),
    optionTooLong: bound(errors.optionTooLong),
    tooMany: bound(errors.tooMany),
    answerTooLong: bound(errors.answerTooLong),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

const at = (iso: string | null) => iso === null ? null : Date.parse(iso);

/** Shown to families now: active, published (or no publish date), not expired (or no expiry). */
export function isLive(campaign: Campaign, now: Date): boolean {
  const publish = at(campaign.publishAt);
  const expires = at(campaign.expiresAt);
  return campaign.isActive && (publish === null || publish <= now.getTime()) &&
    (expires === null || expires > now.getTime());
}

/** The person answered it (a vote or a text) or dismissed it: it never shows to them again. */
export const isAnswered = (response: CampaignResponse): boolean =>
  response.pollResponse !== null || response.questionResponse !== null || response.isDismissed;

/** Whether a live campaign shows to a person with this response: not answered, not snoozed now. */
export function isVisibleTo(response: CampaignResponse | null, now: Date): boolean {
  if (response === null) return true;
  if (isAnswered(response)) return false;
  const until = at(response.snoozedUntil);
  return until === null || until <= now.getTime();
}

/** When a snooze of `days` days from `now` ends. */
export const snoozeEnd = (now: Date, days: number): string => new Date(now.getTime() + days * DAY_MS).toISOString();

/** Does a global campaign or a team's apply to a person in these teams? */
export const appliesTo = (campaign: Campaign, teamIds: readonly string[]): boolean =>
  campaign.teamId === null ? teamIds.length > 0 : teamIds.includes(campaign.teamId);

// ---- The campaign form ----

export type SnoozeDays = typeof SNOOZE_CHOICES[number];

/** A campaign's content as the form and the create call take it (checked and cleaned). */
export interface CampaignFields {
  title: string;
  type: CampaignType;
  isActive: boolean;
  isSnoozable: boolean;
  snoozeDays: SnoozeDays;
  publishAt: string | null;
  expiresAt: string | null;
  pollQuestion: string | null;
  pollOption1: string | null;
  pollOption2: string | null;
  questionText: string | null;
  factText: string | null;
  newsText: string | null;
}

export const CAMPAIGN_FIELDS = [
  "title",
  "type",
  "isActive",
  "isSnoozable",
  "snoozeDays",
  "publishAt",
  "expiresAt",
  "pollQuestion",
  "pollOption1",
  "pollOption2",
  "questionText",
  "factText",
  "newsText",
] as const satisfies readonly (keyof CampaignFields)[];

/** Which text fields belong to each type; the others are removed (stored null). */
const TYPE_FIELDS: Record<CampaignType, readonly (keyof CampaignFields)[]> = {
  poll: ["pollQuestion", "pollOption1", "pollOption2"],
  question: ["questionText"],
  fun_fact: ["factText"],
  newsflash: ["newsText"],
};

export const isSnoozeDays = (value: unknown): value is SnoozeDays =>
  typeof value === "number" && (SNOOZE_CHOICES as readonly number[]).includes(value);

/** An ISO time with its zone ("2026-05-01T14:00:00.000Z", "…T10:00-04:00"). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** undefined: refused; null: no date. */
function readTime(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string" || !ISO_TIME.test(value.trim())) return undefined;
  const time = Date.parse(value.trim());
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

const text = (value: unknown): string => typeof value === "string" ? cleanText(value) : "";

/**
 * SPEC.md section 5's campaign form: title and the type's text required, a poll's question and
 * both options, dates optional (expiry after publish), snooze days 1, 3, 7 or 14. Absent
 * settings take section 9's defaults (type poll, active, snoozable, 3 days). Fields of the
 * other types are dropped. `types` limits the types offered (a team admin's: poll, question).
 */
export function checkCampaignWith(
  M: CampaignMessages,
  body: unknown,
  types: readonly CampaignType[] = CAMPAIGN_TYPES,
): Checked<CampaignFields> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: M.body, fields: {} };
  }
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((name) => !(CAMPAIGN_FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) return { ok: false, message: unknownFieldMessage(unknown), fields: {} };
  const fields: Record<string, string> = {};

  const title = text(input.title);
  if (!title) fields.title = M.title;
  else if (title.length > MAX_TITLE_LENGTH) fields.title = M.titleTooLong(MAX_TITLE_LENGTH);

  const type = (input.type ?? "poll") as CampaignType;
  const typeOk = (types as readonly unknown[]).includes(type);
  if (!typeOk) fields.type = M.type(types);

  const flag = (name: "isActive" | "isSnoozable") => {
    const value = input[name] ?? true;
    if (typeof value !== "boolean") fields[name] = M[name];
    return value === true;
  };
  const isActive = flag("isActive");
  const isSnoozable = flag("isSnoozable");
  const snoozeDays = input.snoozeDays ?? DEFAULT_SNOOZE_DAYS;
  if (!isSnoozeDays(snoozeDays)) fields.snoozeDays = M.snoozeDays;

  const publishAt = readTime(input.publishAt);
  const expiresAt = readTime(input.expiresAt);
  if (publishAt === undefined) fields.publishAt = M.publishAt;
  if (expiresAt === undefined) fields.expiresAt = M.expiresAt;
  if (publishAt && expiresAt && Date.parse(expiresAt) <= Date.parse(publishAt)) fields.expiresAt = M.expiryOrder;

  const content: Pick<
    CampaignFields,
    "pollQuestion" | "pollOption1" | "pollOption2" | "questionText" | "factText" | "newsText"
  > = {
    pollQuestion: null,
    pollOption1: null,
    pollOption2: null,
    questionText: null,
    factText: null,
    newsText: null,
  };
  if (typeOk) {
    for (const name of TYPE_FIELDS[type]) (content as Record<string, string>)[name] = text(input[name]);
    const tooLong = (value: string | null, max: number) => (value ?? "").length > max;
    if (type === "poll") {
      if (!content.pollQuestion) fields.pollQuestion = M.pollQuestion;
      else if (tooLong(content.pollQuestion, MAX_CAMPAIGN_TEXT_LENGTH)) {
        fields.pollQuestion = M.textTooLong(MAX_CAMPAIGN_TEXT_LENGTH);
      }
      for (const option of ["pollOption1", "pollOption2"] as const) {
        if (!content[option]) fields[option] = M.pollOptions;
        else if (tooLong(content[option], MAX_OPTION_LENGTH)) fields[option] = M.optionTooLong(MAX_OPTION_LENGTH);
      }
    } else {
      const [name] = TYPE_FIELDS[type] as ("questionText" | "factText" | "newsText")[];
      const required = { questionText: M.questionText, factText: M.factText, newsText: M.newsText }[name];
      if (!content[name]) fields[name] = required;
      else if (tooLong(content[name], MAX_CAMPAIGN_TEXT_LENGTH)) fields[name] = M.textTooLong(MAX_CAMPAIGN_TEXT_LENGTH);
    }
  }

  const order = CAMPAIGN_FIELDS.filter((name) => fields[name] !== undefined);
  if (order.length > 0) return { ok: false, message: fields[order[0]], fields };
  return {
    ok: true,
    value: {
      title,
      type,
      isActive,
      isSnoozable,
      snoozeDays: snoozeDays as SnoozeDays,
      publishAt: publishAt ?? null,
      expiresAt: expiresAt ?? null,
      ...content,
    },
  };
}

// ---- Responses ----

/** What a person does with a campaign: vote, answer in words, or dismiss it. */
export type ResponseAction =
  | { kind: "vote"; pollResponse: 1 | 2 }
  | { kind: "answer"; questionResponse: string }
  | { kind: "dismiss" };

export const RESPONSE_FIELDS = ["parentId", "pollResponse", "questionResponse", "isDismissed"] as const;

/**
 * A respond call's answer (its `parentId` is compared with the session before this): exactly
 * one of a vote 1 or 2 (polls only), a non-blank text of at most 500 characters (questions
 * only), or `isDismissed: true` (any type; fun facts and newsflashes have nothing else).
 */
export function checkResponseWith(
  M: CampaignMessages,
  campaign: Pick<Campaign, "type">,
  body: Record<string, unknown>,
): Checked<ResponseAction> {
  const refuse = (field: string, message: string): Checked<ResponseAction> => ({
    ok: false,
    message,
    fields: { [field]: message },
  });
  const unknown = Object.keys(body).find((name) => !(RESPONSE_FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) return { ok: false, message: unknownFieldMessage(unknown), fields: {} };
  const given = (["pollResponse", "questionResponse", "isDismissed"] as const).filter((name) =>
    body[name] !== undefined && body[name] !== null
  );
  if (given.length !== 1) return { ok: false, message: M.oneAnswer, fields: {} };
  const [field] = given;
  const value = body[field];
  if (field === "pollResponse") {
    if (campaign.type !== "poll") return refuse(field, M.notPoll);
    if (value !== 1 && value !== 2) return refuse(field, M.pollChoice);
    return { ok: true, value: { kind: "vote", pollResponse: value } };
  }
  if (field === "questionResponse") {
    if (campaign.type !== "question") return refuse(field, M.notQuestion);
    const answer = typeof value === "string" ? cleanAnswer(value) : "";
    if (!answer) return refuse(field, M.answer);
    if (answer.length > MAX_ANSWER_LENGTH) return refuse(field, M.answerTooLong(MAX_ANSWER_LENGTH));
    return { ok: true, value: { kind: "answer", questionResponse: answer } };
  }
  if (value !== true) return refuse(field, M.isDismissed);
  return { ok: true, value: { kind: "dismiss" } };
}

/** An answer as stored: well-formed, NFC, line breaks kept as "\n", other control characters as spaces, trimmed. */
export function cleanAnswer(value: string): string {
  const wellFormed = typeof value.toWellFormed === "function" ? value.toWellFormed() : value;
  return wellFormed.normalize("NFC").replace(/\r\n?/g, "\n")
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, " ").trim();
}
