/** The 'How it works' box of the claim dialog and the claim form page. */
export function ClaimSteps({ headingId, level = 3 }: { headingId: string; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <aside className="info-box" aria-labelledby={headingId}>
      <Heading id={headingId} className="info-box__title">How it works</Heading>
      <ol>
        <li>Send your claim with the email address you use.</li>
        <li>A team admin checks it and approves it.</li>
        <li>You get an email with a secure, single-use link to update your child's details.</li>
      </ol>
    </aside>
  );
}
