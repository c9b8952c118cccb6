import { SiteLayout } from "../SiteLayout.tsx";
import { RETENTION_PERIODS } from "../../lib/retention.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

export function PrivacyPage() {
  const { m } = useI18n();
  const privacy = m.marketing.privacy;
  return (
    <SiteLayout narrow>
      <header className="mk-page-header">
        <p className="mk-eyebrow">{privacy.eyebrow}</p>
        <h1 className="mk-page-title">{privacy.title}</h1>
        <p className="mk-lead">{privacy.lead}</p>
      </header>

      <section className="mk-prose" aria-labelledby="privacy-children">
        <h2 id="privacy-children">{privacy.children.title}</h2>
        <p>{privacy.children.text}</p>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-who">
        <h2 id="privacy-who">{privacy.who.title}</h2>
        <div className="mk-table-wrap">
          <table className="mk-table">
            <caption className="visually-hidden">{privacy.who.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{privacy.who.whatColumn}</th>
                <th scope="col">{privacy.who.whoColumn}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(privacy.who.rows).map(([key, { what, who }]) => (
                <tr key={key}>
                  <th scope="row">{what}</th>
                  <td>{who}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-roster">
        <h2 id="privacy-roster">{privacy.roster.title}</h2>
        <p>{privacy.roster.text}</p>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-photos">
        <h2 id="privacy-photos">{privacy.photos.title}</h2>
        <p>{privacy.photos.reencoded}</p>
        <p>{privacy.photos.stored}</p>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-delete">
        <h2 id="privacy-delete">{privacy.removing.title}</h2>
        <ul>
          {Object.entries(privacy.removing.items).map(([key, item]) => <li key={key}>{item}</li>)}
        </ul>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-retention">
        <h2 id="privacy-retention">{privacy.retention.title}</h2>
        <p>{privacy.retention.text}</p>
        <div className="mk-table-wrap">
          <table className="mk-table">
            <caption className="visually-hidden">{privacy.retention.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{privacy.retention.whatColumn}</th>
                <th scope="col">{privacy.retention.whenColumn}</th>
              </tr>
            </thead>
            <tbody>
              {RETENTION_PERIODS.map(({ kind }) => (
                <tr key={kind}>
                  <th scope="row">{m.retention[kind].what}</th>
                  <td>{m.retention[kind].text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-email">
        <h2 id="privacy-email">{privacy.email.title}</h2>
        <p>{privacy.email.text}</p>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-ads">
        <h2 id="privacy-ads">{privacy.ads.title}</h2>
        <p>{privacy.ads.text}</p>
      </section>

      <section className="mk-callout card" aria-labelledby="privacy-questions">
        <h2 id="privacy-questions">{privacy.questions.title}</h2>
        <p>{messageParts(privacy.questions.text, { link: <a href="/contact">{privacy.questions.link}</a> })}</p>
      </section>
    </SiteLayout>
  );
}
