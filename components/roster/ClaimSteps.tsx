import { useI18n } from "../../lib/i18n/context.tsx";

/** The 'How it works' box of the claim dialog and the claim form page. */
export function ClaimSteps({ headingId, level = 3 }: { headingId: string; level?: 2 | 3 }) {
  const { m } = useI18n();
  const steps = m.claims.steps;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <aside className="info-box" aria-labelledby={headingId}>
      <Heading id={headingId} className="info-box__title">{steps.title}</Heading>
      <ol>
        <li>{steps.send}</li>
        <li>{steps.review}</li>
        <li>{steps.link}</li>
      </ol>
    </aside>
  );
}
