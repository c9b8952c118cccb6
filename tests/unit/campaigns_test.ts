/** The campaigns' pure rules: who sees what when, the display status, the form and response checks. */
import assert from "node:assert/strict";
import type { Campaign, CampaignResponse } from "../../lib/db/campaigns.ts";
import {
  appliesTo,
  checkCampaign,
  checkResponse,
  isLive,
  isVisibleTo,
  snoozeEnd,
  TEAM_CAMPAIGN_TYPES,
} from "../../lib/campaigns/rules.ts";
import { displayStatus, isoToLocal, localToIso } from "../../lib/campaigns/display.ts";
import { CAMPAIGN_MESSAGES as M } from "../../lib/campaigns/texts.ts";
import {
  campaignBodyFromForm,
  campaignFormValues,
  EMPTY_CAMPAIGN_FORM,
} from "../../components/admin/campaigns/campaign_form.ts";

const NOW = new Date("2026-05-10T12:00:00.000Z");
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const after = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const DAY = 86_400_000;

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: "01J0000000000000000000000A",
    title: "Snacks",
    type: "poll",
    isActive: true,
    isSnoozable: true,
    snoozeDays: 3,
    teamId: null,
    publishAt: null,
    expiresAt: null,
    createdAt: before(DAY),
    pollQuestion: "Oranges or apples?",
    pollOption1: "Oranges",
    pollOption2: "Apples",
    questionText: null,
    factText: null,
    newsText: null,
    ...overrides,
  };
}

function response(overrides: Partial<CampaignResponse> = {}): CampaignResponse {
  return {
    campaignId: "01J0000000000000000000000A",
    parentId: "u1",
    pollResponse: null,
    questionResponse: null,
    isDismissed: false,
    snoozedUntil: null,
    respondedAt: null,
    ...overrides,
  };
}

Deno.test("[campaigns] live: active, published (or no date), not expired (or no date)", () => {
  assert.equal(isLive(campaign(), NOW), true);
  assert.equal(isLive(campaign({ isActive: false }), NOW), false);
  assert.equal(isLive(campaign({ publishAt: before(1) }), NOW), true);
  assert.equal(isLive(campaign({ publishAt: NOW.toISOString() }), NOW), true, "published at this very moment");
  assert.equal(isLive(campaign({ publishAt: after(1) }), NOW), false, "scheduled");
  assert.equal(isLive(campaign({ expiresAt: after(1) }), NOW), true);
  assert.equal(isLive(campaign({ expiresAt: NOW.toISOString() }), NOW), false, "expired at this very moment");
  assert.equal(isLive(campaign({ expiresAt: before(1) }), NOW), false);
  assert.equal(isLive(campaign({ publishAt: before(DAY), expiresAt: after(DAY) }), NOW), true);
});

Deno.test("[campaigns] visible to a person: no response, or a snooze that ended; never once answered or dismissed", () => {
  assert.equal(isVisibleTo(null, NOW), true);
  assert.equal(isVisibleTo(response({ pollResponse: 2 }), NOW), false);
  assert.equal(isVisibleTo(response({ questionResponse: "Yes" }), NOW), false);
  assert.equal(isVisibleTo(response({ isDismissed: true }), NOW), false);
  assert.equal(isVisibleTo(response({ snoozedUntil: after(1) }), NOW), false, "snoozed");
  assert.equal(isVisibleTo(response({ snoozedUntil: NOW.toISOString() }), NOW), true, "the snooze just ended");
  assert.equal(isVisibleTo(response({ snoozedUntil: before(1) }), NOW), true);
  assert.equal(snoozeEnd(NOW, 7), after(7 * DAY));
});

Deno.test("[campaigns] a global campaign applies to anyone in a team; a team's only to its people", () => {
  assert.equal(appliesTo(campaign(), ["t1"]), true);
  assert.equal(appliesTo(campaign(), []), false, "in no team at all");
  assert.equal(appliesTo(campaign({ teamId: "t1" }), ["t2", "t1"]), true);
  assert.equal(appliesTo(campaign({ teamId: "t1" }), ["t2"]), false);
});

Deno.test("[campaigns] display status: Inactive, else Scheduled, Expired or Live", () => {
  assert.equal(displayStatus(campaign({ isActive: false, publishAt: after(DAY) }), NOW), "Inactive");
  assert.equal(displayStatus(campaign({ isActive: false, expiresAt: before(DAY) }), NOW), "Inactive");
  assert.equal(displayStatus(campaign({ publishAt: after(1) }), NOW), "Scheduled");
  assert.equal(displayStatus(campaign({ expiresAt: before(1) }), NOW), "Expired");
  assert.equal(displayStatus(campaign({ expiresAt: NOW.toISOString() }), NOW), "Expired");
  assert.equal(displayStatus(campaign({ publishAt: before(1), expiresAt: after(1) }), NOW), "Live");
  assert.equal(displayStatus(campaign(), NOW), "Live");
});

Deno.test("[campaigns] the form: defaults of SPEC.md section 9, cleaned text, other types' fields dropped", () => {
  const checked = checkCampaign({
    title: "  Snack  vote ",
    pollQuestion: "Oranges or apples?",
    pollOption1: "Oranges",
    pollOption2: "Apples",
    questionText: "ignored",
    factText: "ignored too",
  });
  assert.ok(checked.ok);
  assert.deepEqual(checked.value, {
    title: "Snack  vote",
    type: "poll",
    isActive: true,
    isSnoozable: true,
    snoozeDays: 3,
    publishAt: null,
    expiresAt: null,
    pollQuestion: "Oranges or apples?",
    pollOption1: "Oranges",
    pollOption2: "Apples",
    questionText: null,
    factText: null,
    newsText: null,
  });
  const question = checkCampaign({
    title: "Ask",
    type: "question",
    questionText: "What should we bring?",
    pollQuestion: "dropped",
    isActive: false,
    isSnoozable: false,
    snoozeDays: 14,
    publishAt: "2026-05-01T10:00:00-04:00",
    expiresAt: "2026-05-02T14:00:00Z",
  });
  assert.ok(question.ok);
  assert.equal(question.value.pollQuestion, null);
  assert.equal(question.value.publishAt, "2026-05-01T14:00:00.000Z");
  assert.equal(question.value.expiresAt, "2026-05-02T14:00:00.000Z");
  assert.equal(question.value.isActive, false);
  assert.equal(question.value.snoozeDays, 14);
  for (const [type, field] of [["fun_fact", "factText"], ["newsflash", "newsText"]] as const) {
    const other = checkCampaign({ title: "T", type, [field]: "Text" });
    assert.ok(other.ok, type);
    assert.equal(other.value[field], "Text");
  }
});

Deno.test("[campaigns] the form's messages, field by field, first one as the summary", () => {
  const cases: [Record<string, unknown>, string, Record<string, string>][] = [
    [{ pollQuestion: "Q", pollOption1: "A", pollOption2: "B" }, M.title, { title: M.title }],
    [{ title: " ", pollQuestion: "Q", pollOption1: "A", pollOption2: "B" }, M.title, { title: M.title }],
    [{ title: "T", pollOption1: "A", pollOption2: "B" }, M.pollQuestion, { pollQuestion: M.pollQuestion }],
    [{ title: "T", pollQuestion: "Q", pollOption1: "A" }, M.pollOptions, { pollOption2: M.pollOptions }],
    [
      { title: "T", pollQuestion: "Q" },
      M.pollOptions,
      { pollOption1: M.pollOptions, pollOption2: M.pollOptions },
    ],
    [{ title: "T", type: "question" }, M.questionText, { questionText: M.questionText }],
    [{ title: "T", type: "question", questionText: "  " }, M.questionText, { questionText: M.questionText }],
    [{ title: "T", type: "fun_fact" }, M.factText, { factText: M.factText }],
    [{ title: "T", type: "newsflash" }, M.newsText, { newsText: M.newsText }],
    [{ title: "T", type: "quiz" }, M.type(["poll", "question", "fun_fact", "newsflash"]), {
      type: "Type must be poll, question, fun_fact or newsflash",
    }],
    [{ title: "T", type: "question", questionText: "Q", snoozeDays: 2 }, M.snoozeDays, { snoozeDays: M.snoozeDays }],
    [{ title: "T", type: "question", questionText: "Q", snoozeDays: "3" }, M.snoozeDays, { snoozeDays: M.snoozeDays }],
    [{ title: "T", type: "question", questionText: "Q", isActive: "yes" }, M.isActive, { isActive: M.isActive }],
    [{ title: "T", type: "question", questionText: "Q", publishAt: "tomorrow" }, M.publishAt, {
      publishAt: M.publishAt,
    }],
    [{ title: "T", type: "question", questionText: "Q", expiresAt: "2026-05-01T10:00" }, M.expiresAt, {
      expiresAt: M.expiresAt,
    }],
    [
      {
        title: "T",
        type: "question",
        questionText: "Q",
        publishAt: "2026-05-02T10:00:00Z",
        expiresAt: "2026-05-02T10:00:00Z",
      },
      M.expiryOrder,
      { expiresAt: M.expiryOrder },
    ],
    [{ title: "x".repeat(121), type: "question", questionText: "Q" }, M.titleTooLong(120), {
      title: "Title must be at most 120 characters",
    }],
  ];
  for (const [body, message, fields] of cases) {
    const checked = checkCampaign(body);
    assert.ok(!checked.ok, JSON.stringify(body));
    assert.equal(checked.message, message, JSON.stringify(body));
    assert.deepEqual(checked.fields, fields, JSON.stringify(body));
  }
  const unknown = checkCampaign({ title: "T", teamId: "x" });
  assert.ok(!unknown.ok);
  assert.equal(unknown.message, "Unknown field: teamId");
  const notObject = checkCampaign([]);
  assert.ok(!notObject.ok);
  assert.equal(notObject.message, M.body);
  const teamFunFact = checkCampaign({ title: "T", type: "fun_fact", factText: "F" }, TEAM_CAMPAIGN_TYPES);
  assert.ok(!teamFunFact.ok);
  assert.equal(teamFunFact.message, "Type must be poll or question");
});

Deno.test("[campaigns] a response: exactly one answer, of the campaign's type", () => {
  const poll = { type: "poll" } as const;
  const question = { type: "question" } as const;
  const fact = { type: "fun_fact" } as const;
  assert.deepEqual(checkResponse(poll, { parentId: "u", pollResponse: 2 }), {
    ok: true,
    value: { kind: "vote", pollResponse: 2 },
  });
  assert.deepEqual(checkResponse(question, { questionResponse: "  Oranges\r\nplease " }), {
    ok: true,
    value: { kind: "answer", questionResponse: "Oranges\nplease" },
  });
  assert.deepEqual(checkResponse(fact, { isDismissed: true }), { ok: true, value: { kind: "dismiss" } });
  assert.deepEqual(checkResponse(poll, { isDismissed: true }), { ok: true, value: { kind: "dismiss" } });
  const refused: [Pick<Campaign, "type">, Record<string, unknown>, string][] = [
    [poll, {}, M.oneAnswer],
    [poll, { pollResponse: 1, isDismissed: true }, M.oneAnswer],
    [poll, { pollResponse: 3 }, M.pollChoice],
    [poll, { pollResponse: "1" }, M.pollChoice],
    [question, { pollResponse: 1 }, M.notPoll],
    [poll, { questionResponse: "x" }, M.notQuestion],
    [question, { questionResponse: " \n " }, M.answer],
    [question, { questionResponse: 5 }, M.answer],
    [question, { questionResponse: "x".repeat(501) }, M.answerTooLong(500)],
    [fact, { isDismissed: false }, M.isDismissed],
    [fact, { isDismissed: "true" }, M.isDismissed],
    [fact, { isDismissed: true, extra: 1 }, "Unknown field: extra"],
  ];
  for (const [c, body, message] of refused) {
    const checked = checkResponse(c, body);
    assert.ok(!checked.ok, JSON.stringify(body));
    assert.equal(checked.message, message, JSON.stringify(body));
  }
  assert.ok(checkResponse(question, { questionResponse: "x".repeat(500) }).ok, "500 characters is fine");
});

Deno.test("[campaigns] the admin form's local times are Eastern Time, across daylight saving", () => {
  assert.equal(localToIso("2026-07-01T10:00"), "2026-07-01T14:00:00.000Z", "EDT");
  assert.equal(localToIso("2026-01-15T10:00"), "2026-01-15T15:00:00.000Z", "EST");
  assert.equal(localToIso("2026-11-01T01:30") !== undefined, true, "the repeated hour resolves");
  assert.equal(localToIso("2026-03-08T02:30"), undefined, "the skipped hour does not exist");
  assert.equal(localToIso(""), null);
  assert.equal(localToIso("soon"), undefined);
  assert.equal(localToIso("2026-13-45T99:00"), undefined, "no rolling over into another date");
  assert.equal(localToIso("2026-02-30T10:00"), undefined);
  assert.equal(isoToLocal("2026-07-01T14:00:00.000Z"), "2026-07-01T10:00");
  assert.equal(isoToLocal("2026-01-15T15:00:00.000Z"), "2026-01-15T10:00");
});

Deno.test("[campaigns] the admin form becomes the create call's body with only its type's fields", () => {
  const values = campaignFormValues({
    title: "Snacks",
    type: "question",
    pollQuestion: "left over",
    pollOption1: "x",
    pollOption2: "y",
    questionText: "What do we bring?",
    publishAt: "2026-07-01T10:00",
    expiresAt: "",
    isSnoozable: "on",
    snoozeDays: "7",
  });
  assert.equal(values.isActive, false, "an unchecked box is absent");
  assert.deepEqual(campaignBodyFromForm(values), {
    title: "Snacks",
    type: "question",
    isActive: false,
    isSnoozable: true,
    snoozeDays: 7,
    publishAt: "2026-07-01T14:00:00.000Z",
    expiresAt: null,
    questionText: "What do we bring?",
  });
  const poll = campaignBodyFromForm({ ...EMPTY_CAMPAIGN_FORM.values, title: "P", publishAt: "later" });
  assert.equal(poll.publishAt, "later", "passed on to be refused");
  assert.deepEqual(Object.keys(poll).filter((k) => k.startsWith("poll")), [
    "pollQuestion",
    "pollOption1",
    "pollOption2",
  ]);
  const checked = checkCampaign(poll);
  assert.ok(!checked.ok);
  assert.equal(checked.fields.publishAt, M.publishAt);
});
