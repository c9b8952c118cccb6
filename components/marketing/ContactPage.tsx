import { SiteLayout } from "../SiteLayout.tsx";

const EMAIL = "hello@goalmates.app";

export function ContactPage() {
  return (
    <SiteLayout narrow>
      <header className="mk-page-header">
        <p className="mk-eyebrow">Get in touch</p>
        <h1 className="mk-page-title">Contact</h1>
        <p className="mk-lead">
          GoalMates is run by a small volunteer team of soccer parents. We read every message, usually between practice
          pick-ups.
        </p>
      </header>

      <section className="mk-callout card" aria-labelledby="contact-email">
        <h2 id="contact-email">E-mail us</h2>
        <p>
          Questions, ideas, bug reports or a good orange-slice story: write to us at{" "}
          <a href={`mailto:${EMAIL}`}>{EMAIL}</a>.
        </p>
      </section>

      <section className="mk-prose" aria-labelledby="contact-player">
        <h2 id="contact-player">Changing a player's details</h2>
        <p>
          For anything about a player's data, the fastest path is inside the team:
        </p>
        <ul>
          <li>
            <strong>Ask your team admin.</strong> A team admin can fix or remove a player on the roster directly.
          </li>
          <li>
            <strong>Use the claim button on the roster page.</strong>{" "}
            Choose “Claim or update this player” on your team's public roster. Once a team admin approves, you get an
            e-mail with a secure link to edit your child's details yourself.
          </li>
        </ul>
      </section>

      <section className="mk-prose" aria-labelledby="contact-privacy">
        <h2 id="contact-privacy">Privacy requests</h2>
        <p>
          If you would rather write to us, e-mail <a href={`mailto:${EMAIL}`}>{EMAIL}</a> and include:
        </p>
        <ul>
          <li>the team name, and</li>
          <li>the child's first name.</li>
        </ul>
        <p>
          That is all we need to find the right record. Please don't send more personal details than that. You can read
          what we store and who sees it on our <a href="/privacy">privacy page</a>.
        </p>
      </section>
    </SiteLayout>
  );
}
