import { SiteLayout } from "../SiteLayout.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

export function AboutPage() {
  const { m } = useI18n();
  const about = m.marketing.about;
  return (
    <SiteLayout narrow>
      <header className="mk-page-header">
        <p className="mk-eyebrow">{about.eyebrow}</p>
        <h1 className="mk-page-title">{about.title}</h1>
        <p className="mk-lead">{about.lead}</p>
      </header>

      <section className="mk-prose" aria-labelledby="about-what">
        <h2 id="about-what">{about.what.title}</h2>
        <p>{about.what.text}</p>
        <ul className="mk-checklist">
          {Object.entries(about.what.items).map(([key, item]) => <li key={key}>{item}</li>)}
        </ul>
      </section>

      <section className="mk-prose" aria-labelledby="about-who">
        <h2 id="about-who">{about.who.title}</h2>
        <p>{about.who.text}</p>
      </section>

      <section className="mk-prose" aria-labelledby="about-free">
        <h2 id="about-free">{about.free.title}</h2>
        <p>{messageParts(about.free.text, { link: <a href="/privacy">{m.marketing.privacyPageLink}</a> })}</p>
      </section>

      <section className="mk-prose" aria-labelledby="about-not">
        <h2 id="about-not">{about.not.title}</h2>
        <p>{messageParts(about.not.text, { strong: <strong>{about.not.strong}</strong> })}</p>
      </section>

      <section className="mk-callout card" aria-labelledby="about-start">
        <h2 id="about-start">{about.start.title}</h2>
        <p>{about.start.text}</p>
        <div className="mk-actions">
          <a className="button button--primary" href="/signup">
            {m.marketing.createTeam}
          </a>
          <a className="button button--secondary" href="/#how-it-works">
            {m.marketing.seeHowItWorks}
          </a>
        </div>
      </section>
    </SiteLayout>
  );
}
