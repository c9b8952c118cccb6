/**
 * A poll's results as the person who voted sees them: how many chose each option and which one
 * was theirs. Counts only: nothing here says who voted what. Dependency-free (the dashboard's
 * CampaignCards island renders them too).
 */

export interface PollResults {
  campaignId: string;
  title: string;
  question: string;
  /** Option 1 and option 2, in the poll's order. */
  options: [PollOptionResult, PollOptionResult];
  /** Every vote so far (the viewer's included). */
  total: number;
  /** The viewer's own vote. */
  choice: 1 | 2;
}

export interface PollOptionResult {
  label: string;
  votes: number;
}

/**
 * Both options' shares as whole percents that add up to 100 (rounding each on its own can
 * make 101: 12.5 % and 87.5 %); 0 and 0 before any vote.
 */
export function pollPercents(results: Pick<PollResults, "options" | "total">): [number, number] {
  if (results.total <= 0) return [0, 0];
  const first = Math.round((results.options[0].votes / results.total) * 100);
  return [first, 100 - first];
}
