import type { FormEvent, MouseEvent } from "react";
import type { Campaign } from "../../../lib/db/campaigns.ts";
import { DASHBOARD_SNOOZE_DAYS, MAX_ANSWER_LENGTH } from "../../../lib/campaigns/limits.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

/** What a card shows of a campaign (the island's props carry only this). */
export type CardCampaign = Pick<
  Campaign,
  | "id"
  | "title"
  | "type"
  | "isSnoozable"
  | "pollQuestion"
  | "pollOption1"
  | "pollOption2"
  | "questionText"
  | "factText"
  | "newsText"
>;

export const toCardCampaign = (c: CardCampaign): CardCampaign => ({
  id: c.id,
  title: c.title,
  type: c.type,
  isSnoozable: c.isSnoozable,
  pollQuestion: c.pollQuestion,
  pollOption1: c.pollOption1,
  pollOption2: c.pollOption2,
  questionText: c.questionText,
  factText: c.factText,
  newsText: c.newsText,
});

export const cardId = (campaignId: string) => `campaign-${campaignId}`;

export interface CampaignCardProps {
  campaign: CardCampaign;
  index: number;
  total: number;
  current: boolean;
  /** The neighbours Previous and Next lead to (wrapping); null with one card. */
  previous: string | null;
  next: string | null;
  /** Where the card's plain forms post (`…/campaigns/{id}`); null: read-only. */
  action: string | null;
  /** The option voted for, while 'Thanks for your vote!' shows. */
  voted: 1 | 2 | null;
  busy: boolean;
  error: string | undefined;
  answer: string;
  onGo: (event: MouseEvent<HTMLAnchorElement>, campaignId: string) => void;
  onRespond: (event: FormEvent<HTMLFormElement>, campaign: CardCampaign) => void;
  onSnooze: (event: FormEvent<HTMLFormElement>, campaign: CardCampaign) => void;
}

/**
 * One campaign card: a poll's two options, a question's answer box, a fun fact's or
 * newsflash's Dismiss, and Snooze for 1 day. Every button is a plain form's, posting to the
 * dashboard's form routes; the island takes over their submit.
 */
export function CampaignCard(p: CampaignCardProps) {
  const { campaign: c, action, voted, busy, error } = p;
  const { m, t } = useI18n();
  const T = m.campaigns;
  const position = t(T.position, { index: p.index + 1, total: p.total });
  const id = cardId(c.id);
  const text = c.type === "poll"
    ? c.pollQuestion
    : c.type === "question"
    ? c.questionText
    : c.type === "fun_fact"
    ? c.factText
    : c.newsText;
  const respond = action && (
    <form
      method="post"
      action={`${action}/respond`}
      className={`campaign-card__form campaign-card__form--${c.type}`}
      onSubmit={(e) => p.onRespond(e, c)}
      noValidate
    >
      {c.type === "poll" && (
        <div className="campaign-card__options" role="group" aria-label={T.voteGroup}>
          {([1, 2] as const).map((option) => (
            <button
              key={option}
              type="submit"
              name="pollResponse"
              value={String(option)}
              className={`button ${voted === option ? "button--primary" : "button--secondary"} campaign-card__option`}
              aria-pressed={voted === null ? undefined : voted === option}
              aria-disabled={voted !== null || busy ? true : undefined}
            >
              {option === 1 ? c.pollOption1 : c.pollOption2}
            </button>
          ))}
        </div>
      )}
      {c.type === "question" && (
        <div className="field">
          <label htmlFor={`${id}-answer`}>{T.answerLabel}</label>
          <textarea
            id={`${id}-answer`}
            name="questionResponse"
            rows={3}
            maxLength={MAX_ANSWER_LENGTH}
            defaultValue={p.answer}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
      )}
      {error && <p className="field__error" id={`${id}-error`} role="alert">{error}</p>}
      {c.type === "question" && (
        <button type="submit" className="button button--primary" aria-disabled={busy ? true : undefined}>
          {T.submit}
        </button>
      )}
      {(c.type === "fun_fact" || c.type === "newsflash") && (
        <>
          <input type="hidden" name="isDismissed" value="true" />
          <button type="submit" className="button button--primary" aria-disabled={busy ? true : undefined}>
            {T.dismiss}
          </button>
        </>
      )}
    </form>
  );
  return (
    <article className={`campaign-card campaign-card--${c.type}${p.current ? " is-current" : ""}`} id={id}>
      <div className="campaign-card__meta">
        <span className="campaign-card__type">{T.types[c.type]}</span>
        <span className="campaign-card__count">{position}</span>
      </div>
      <h3 className="campaign-card__title" id={`${id}-title`} tabIndex={-1}>{c.title}</h3>
      <p className="campaign-card__text">{text}</p>
      {respond}
      {c.type === "poll" && action && (
        <p className="campaign-card__thanks" role="status">{voted !== null ? T.thanks : ""}</p>
      )}
      <div className="campaign-card__foot">
        {action && c.isSnoozable && (
          <form method="post" action={`${action}/snooze`} onSubmit={(e) => p.onSnooze(e, c)}>
            <input type="hidden" name="snoozeDays" value={String(DASHBOARD_SNOOZE_DAYS)} />
            <button type="submit" className="button button--ghost button--sm" aria-disabled={busy ? true : undefined}>
              {T.snooze}
              <span className="visually-hidden">{` ${T.snoozeHint}`}</span>
            </button>
          </form>
        )}
        {p.previous && p.next && (
          <nav className="campaign-card__nav" aria-label={t(T.navLabel, { position })}>
            <a
              className="button button--ghost button--sm"
              href={`#${cardId(p.previous)}`}
              onClick={(e) => p.onGo(e, p.previous!)}
            >
              {T.previous}
            </a>
            <a
              className="button button--ghost button--sm"
              href={`#${cardId(p.next)}`}
              onClick={(e) => p.onGo(e, p.next!)}
            >
              {T.next}
            </a>
          </nav>
        )}
      </div>
    </article>
  );
}
