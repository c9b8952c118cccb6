import { Island } from "../../lib/render/island.tsx";
import type { OutboxEntry } from "../../lib/mail/mailers.ts";
import type { Page } from "../../lib/db/kv.ts";
import { SiteLayout } from "../SiteLayout.tsx";
import type { EmailTestProps } from "../../islands/sysadmin/EmailTest.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

interface EmailTestPageProps {
  form: EmailTestProps;
  /** The outbox, newest first; null when mail goes out by SMTP. */
  outbox: Page<OutboxEntry> | null;
  /** Development: mails are kept whole, with their links. Production: recipient and subject only. */
  withBodies: boolean;
  /** Only links to this app are made clickable: a mail's text can quote what people typed. */
  appUrl: string;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

function appLinks(text: string | undefined, appUrl: string): string[] {
  const links = (text?.match(URL_IN_TEXT) ?? []).filter((url) => url.startsWith(`${appUrl}/`));
  return [...new Set(links)];
}

const sentAt = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

function OutboxMail({ entry, links }: { entry: OutboxEntry; links: string[] }) {
  const { m, t } = useI18n();
  return (
    <li className="card outbox__mail">
      <p className="outbox__meta">
        <time dateTime={entry.createdAt}>{sentAt(entry.createdAt)}</time>
        {` · ${t(m.sysadminCampaigns.emailTest.outbox.to, { address: entry.to.address })}`}
      </p>
      <h3 className="outbox__subject">{entry.subject}</h3>
      {links.length > 0 && (
        <ul className="outbox__links">
          {links.map((link) => (
            <li key={link}>
              <a href={link}>{link}</a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Outbox({ page, withBodies, appUrl }: { page: Page<OutboxEntry>; withBodies: boolean; appUrl: string }) {
  const entries = page.values;
  const texts = useI18n().m.sysadminCampaigns.emailTest.outbox;
  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <div className="outbox__header">
        <h2 id="outbox-title">{withBodies ? texts.devTitle : texts.title}</h2>
        <a className="button button--ghost" href="/email-test">{texts.refresh}</a>
      </div>
      <p className="muted">{withBodies ? texts.devLead : texts.lead}</p>
      {entries.length === 0 ? <p>{texts.empty}</p> : (
        <ol className="outbox__list">
          {entries.map((entry) => (
            <OutboxMail key={entry.id} entry={entry} links={withBodies ? appLinks(entry.text, appUrl) : []} />
          ))}
        </ol>
      )}
      {page.cursor && (
        <p className="pager">
          <a className="button button--ghost" href={`/email-test?cursor=${encodeURIComponent(page.cursor)}`}>
            {texts.older}
          </a>
        </p>
      )}
    </section>
  );
}

/** `/email-test`: the test-mail form and, without SMTP, the development outbox. */
export function EmailTestPage({ form, outbox, withBodies, appUrl }: EmailTestPageProps) {
  const texts = useI18n().m.sysadminCampaigns.emailTest;
  return (
    <SiteLayout narrow>
      <div className="email-test">
        <h1>{texts.title}</h1>
        <p>{texts.lead}</p>
        <Island name="EmailTest" props={form} />
        {outbox && <Outbox page={outbox} withBodies={withBodies} appUrl={appUrl} />}
      </div>
    </SiteLayout>
  );
}
