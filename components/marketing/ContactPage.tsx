import { SiteLayout } from "../SiteLayout.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

const EMAIL = "hello@goalmates.app";

export function ContactPage() {
  const { m } = useI18n();
  const contact = m.marketing.contact;
  const email = <a href={`mailto:${EMAIL}`}>{EMAIL}</a>;
  return (
    <SiteLayout narrow>
      <header className="mk-page-header">
        <p className="mk-eyebrow">{contact.eyebrow}</p>
        <h1 className="mk-page-title">{contact.title}</h1>
        <p className="mk-lead">{contact.lead}</p>
      </header>

      <section className="mk-callout card" aria-labelledby="contact-email">
        <h2 id="contact-email">{contact.email.title}</h2>
        <p>{messageParts(contact.email.text, { email })}</p>
      </section>

      <section className="mk-prose" aria-labelledby="contact-player">
        <h2 id="contact-player">{contact.player.title}</h2>
        <p>{contact.player.text}</p>
        <ul>
          <li>
            <strong>{contact.player.admin}</strong> {contact.player.adminText}
          </li>
          <li>
            <strong>{contact.player.claim}</strong> {contact.player.claimText}
          </li>
        </ul>
      </section>

      <section className="mk-prose" aria-labelledby="contact-privacy">
        <h2 id="contact-privacy">{contact.privacy.title}</h2>
        <p>{messageParts(contact.privacy.text, { email })}</p>
        <ul>
          <li>{contact.privacy.teamName}</li>
          <li>{contact.privacy.childName}</li>
        </ul>
        <p>
          {messageParts(contact.privacy.enough, { link: <a href="/privacy">{m.marketing.privacyPageLink}</a> })}
        </p>
      </section>
    </SiteLayout>
  );
}
