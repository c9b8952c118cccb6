import { pollPercents, type PollResults } from "../../../lib/campaigns/poll_results.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

/**
 * After a vote: 'Thanks for your vote!' and the poll's results so far, each option's votes and
 * share in words (the bar is decoration) and the person's own choice marked 'Your vote'. Shown
 * above the campaign cards, by the CampaignCards island or (no cards left) the section itself.
 */
export function PollResultsPanel({ results }: { results: PollResults }) {
  const { m, t } = useI18n();
  const T = m.campaigns.results;
  const percents = pollPercents(results);
  const headingId = `poll-results-${results.campaignId}`;
  return (
    <section className="poll-results" aria-labelledby={headingId}>
      <p className="poll-results__thanks">{m.campaigns.thanks}</p>
      <h3 className="poll-results__title" id={headingId} tabIndex={-1}>{t(T.heading, { title: results.title })}</h3>
      {results.question && <p className="poll-results__question">{results.question}</p>}
      <dl className="campaign-tally poll-results__tally">
        {results.options.map((option, i) => (
          <div key={i} className={`campaign-tally__row${results.choice === i + 1 ? " poll-results__row--mine" : ""}`}>
            <dt>
              {option.label}
              {results.choice === i + 1 && <span className="badge poll-results__mine">{T.yourVote}</span>}
            </dt>
            <dd>
              <meter min={0} max={Math.max(1, results.total)} value={option.votes} aria-hidden="true" />
              {`${t(T.votes, { count: option.votes })} (${percents[i]}%)`}
            </dd>
          </div>
        ))}
      </dl>
      <p className="poll-results__total muted">{t(T.total, { count: results.total })}</p>
    </section>
  );
}
