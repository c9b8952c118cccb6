/**
 * `/account/calendar`: the person's private calendar link (one URL that puts every game and
 * practice of all their teams into their own calendar app), with how to add it to Google,
 * Apple and Outlook calendars, and Reset / Turn off. Plain forms (post/redirect/get); the one
 * island is the Copy button (ShareLink), which is a link to the feed without JavaScript.
 */
import type { ReactNode } from "react";
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";
import { TeamLoginCard } from "../account/TeamLoginCard.tsx";
import { Island } from "../../lib/render/island.tsx";
import type { FamilyCalendarUrls } from "../../lib/calendar/subscription.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import type { Catalog } from "../../lib/i18n/catalog.ts";
import type { Language } from "../../lib/i18n/languages.ts";
import { dateLocale } from "../../lib/time_zone.ts";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

type Texts = Catalog["familyCalendar"];

export interface FamilyCalendarPageProps {
  account: HeaderAccount | null;
  /** A success notice after a post/redirect/get, in the page's language. */
  notice: string | null;
  /** A refusal to show at the top (e.g. too many attempts), in the page's language. */
  error?: string | null;
  /** The person's link, or null when they have none. */
  link: { urls: FamilyCalendarUrls; createdAt: string } | null;
  /** The teams the calendar includes (the person's teams now). */
  teams: { id: string; name: string }[];
}

/** The day the link was made ("Nov 22, 2026", "22 nov 2026"): it spans teams, so the default zone. */
const createdDate = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(dateLocale(lang), {
    timeZone: "America/New_York",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(iso));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card family-calendar__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A read-only address the person can select and copy, with a visible label. */
function Address({ id, label, value, hint }: { id: string; label: string; value: string; hint: string }) {
  return (
    <div className="field family-calendar__address">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" readOnly value={value} aria-describedby={`${id}-hint`} spellCheck={false} />
      <p className="field__hint" id={`${id}-hint`}>{hint}</p>
    </div>
  );
}

/** The teams' names in a sentence: 'A', 'A and B', 'A, B and C' (the language's "and"). */
function teamList(
  teams: { name: string }[],
  texts: Texts["teams"],
  t: (m: string, p: Record<string, string>) => string,
) {
  const names = teams.map((team) => team.name);
  if (names.length <= 1) return names.join("");
  return t(texts.lastTwo, { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

function Teams({ teams, hasLink }: { teams: { name: string }[]; hasLink: boolean }) {
  const { m, t } = useI18n();
  const texts = m.familyCalendar.teams;
  if (teams.length === 0) return <p className="muted">{texts.none}</p>;
  return (
    <p className="muted">
      {messageParts(hasLink ? texts.includes : texts.willInclude, {
        teams: <strong>{teamList(teams, texts, t)}</strong>,
      })}
    </p>
  );
}

export function FamilyCalendarPage({ account, notice, error, link, teams }: FamilyCalendarPageProps) {
  const { m, t, lang } = useI18n();
  const texts = m.familyCalendar;
  const bold = (text: string) => <strong>{text}</strong>;
  return (
    <SiteLayout narrow account={account}>
      <div className="account family-calendar">
        <header className="account__header">
          <h1>{texts.title}</h1>
          <p className="muted">{texts.intro}</p>
        </header>
        {notice && <div className="notice notice--success" role="status">{notice}</div>}
        {error && <div className="notice notice--error" role="alert">{error}</div>}

        <Section id="family-calendar-link-heading" title={texts.link.heading}>
          {link
            ? (
              <>
                <Address
                  id="family-calendar-https"
                  label={texts.link.https}
                  value={link.urls.https}
                  hint={texts.link.httpsHint}
                />
                <Address
                  id="family-calendar-webcal"
                  label={texts.link.webcal}
                  value={link.urls.webcal}
                  hint={texts.link.webcalHint}
                />
                <div className="family-calendar__actions">
                  <Island
                    name="ShareLink"
                    hydrate="interaction"
                    props={{
                      url: link.urls.https,
                      title: texts.link.shareTitle,
                      label: texts.link.copy,
                      copiedTitle: texts.link.copied,
                    }}
                  />
                  <a className="button button--primary" href={link.urls.google} rel="noreferrer">
                    {texts.link.google}
                  </a>
                  <a className="button button--secondary" href={link.urls.webcal}>{texts.link.apple}</a>
                </div>
                <Teams teams={teams} hasLink />
                <p className="muted family-calendar__created">
                  {t(texts.link.created, { date: createdDate(link.createdAt, lang) })}
                </p>
              </>
            )
            : (
              <>
                <p>{texts.link.none}</p>
                <Teams teams={teams} hasLink={false} />
                <form method="post" action="/account/calendar">
                  <button type="submit" className="button button--primary">{texts.link.create}</button>
                </form>
              </>
            )}
        </Section>

        <Section id="family-calendar-help-heading" title={texts.help.heading}>
          <div className="family-calendar__help">
            <div>
              <h3>{texts.help.google.title}</h3>
              <p>
                {messageParts(texts.help.google.text, {
                  add: bold(texts.link.google),
                  fromUrl: bold(texts.help.google.fromUrl),
                })}
              </p>
            </div>
            <div>
              <h3>{texts.help.apple.title}</h3>
              <p>
                {messageParts(texts.help.apple.text, {
                  open: bold(texts.link.apple),
                  subscribed: bold(texts.help.apple.subscribed),
                })}
              </p>
            </div>
            <div>
              <h3>{texts.help.outlook.title}</h3>
              <p>
                {messageParts(texts.help.outlook.text, {
                  add: bold(texts.help.outlook.add),
                  subscribe: bold(texts.help.outlook.subscribe),
                })}
              </p>
            </div>
          </div>
          <p className="muted">{texts.help.delay}</p>
        </Section>

        {link && (
          <Section id="family-calendar-private-heading" title={texts.private.heading}>
            <p>{texts.private.text}</p>
            <div className="family-calendar__actions">
              <form method="post" action="/account/calendar/reset">
                <button type="submit" className="button button--secondary">{texts.private.reset}</button>
              </form>
              <form method="post" action="/account/calendar/revoke">
                <button type="submit" className="button button--danger">{texts.private.revoke}</button>
              </form>
            </div>
            <p className="muted">{texts.private.revokeHint}</p>
          </Section>
        )}
      </div>
    </SiteLayout>
  );
}

/** A team's shared login has no calendar of its own: the calendar belongs to a person. */
export function FamilyCalendarTeamLoginPage(
  { teamName, account, message }: { teamName: string; account: HeaderAccount | null; message: string },
) {
  const { m } = useI18n();
  return (
    <SiteLayout narrow account={account}>
      <div className="account family-calendar">
        <h1>{m.familyCalendar.title}</h1>
        <TeamLoginCard
          title={m.account.teamLogin.personalNeeded}
          teamName={teamName}
          why={m.account.teamLogin.whyCalendar}
          message={message}
          returnTo="/account/calendar"
        />
      </div>
    </SiteLayout>
  );
}
