/**
 * A horizontal bar chart drawn as server-rendered SVG (no chart library, no JavaScript): one
 * bar per value, its length the value's share of the total. Accessible: the SVG is one image
 * (`role="img"`) named by its `<title>` and described by a `<desc>` with every number, and a
 * visually hidden table carries the same numbers for screen readers and copy-paste.
 * Widths are percentages of the SVG's own width, so it fits a phone without shrinking its text.
 */
import { useI18n } from "../../lib/i18n/context.tsx";
import { formatNumber } from "../../lib/i18n/format.ts";

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartProps {
  /** Unique on the page: the ids of the title, description and table derive from it. */
  id: string;
  /** What the chart shows (its accessible name and the table's caption). */
  title: string;
  bars: Bar[];
}

/** Height of one bar's row: the label line above, then the bar. */
export const ROW_HEIGHT = 46;
/** The share of the width the bars may take; the rest holds the value after the bar. */
export const TRACK_PERCENT = 72;
/** Labels longer than this are cut in the drawing (the table and description keep them whole). */
export const MAX_DRAWN_LABEL = 40;

/** A value's share of the total as a whole percent (0 when the total is 0). */
export const sharePercent = (value: number, total: number): number =>
  total <= 0 ? 0 : Math.round((value / total) * 100);

const drawnLabel = (label: string) =>
  label.length > MAX_DRAWN_LABEL ? `${label.slice(0, MAX_DRAWN_LABEL - 1).trimEnd()}…` : label;

/** Rounds a percentage for an SVG attribute (at most two decimals). */
const pct = (value: number) => `${Math.round(value * 100) / 100}%`;

/** A chart of poll votes: its description counts votes ("3 votes (75%)"). */
export function BarChart({ id, title, bars }: BarChartProps) {
  const { m, t, lang } = useI18n();
  const texts = m.sysadmin.chart;
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  const described = bars
    .map((bar) =>
      t(texts.bar, {
        label: bar.label,
        votes: t(texts.votes, { count: bar.value }),
        percent: sharePercent(bar.value, total),
      })
    )
    .join(". ");
  const height = bars.length * ROW_HEIGHT + 4;
  return (
    <div className="bar-chart">
      <svg
        className="bar-chart__svg"
        width="100%"
        height={height}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{described ? `${described}.` : texts.noValues}</desc>
        {bars.map((bar, i) => {
          const top = i * ROW_HEIGHT;
          const share = sharePercent(bar.value, total);
          const length = total <= 0 ? 0 : (bar.value / total) * TRACK_PERCENT;
          return (
            <g key={i} className="bar-chart__row">
              <text className="bar-chart__label" x="0" y={top + 16}>{drawnLabel(bar.label)}</text>
              <rect className="bar-chart__track" x="0" y={top + 24} width={pct(TRACK_PERCENT)} height="16" rx="3" />
              <rect className="bar-chart__bar" x="0" y={top + 24} width={pct(length)} height="16" rx="3" />
              <text className="bar-chart__value" x={pct(TRACK_PERCENT + 2)} y={top + 37}>
                {t(texts.value, { value: bar.value, percent: share })}
              </text>
            </g>
          );
        })}
      </svg>
      {/* The wrapper hides the table: a table itself ignores the 1px box and would widen the page. */}
      <div className="visually-hidden">
        <table id={`${id}-table`}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.option}</th>
              <th scope="col">{texts.votesColumn}</th>
              <th scope="col">{texts.share}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar, i) => (
              <tr key={i}>
                <th scope="row">{bar.label}</th>
                <td>{formatNumber(lang, bar.value)}</td>
                <td>{`${formatNumber(lang, sharePercent(bar.value, total))}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
