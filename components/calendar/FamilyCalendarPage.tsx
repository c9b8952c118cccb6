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

export interface FamilyCalendarPageProps {
  account: HeaderAccount | null;
  /** A success notice after a post/redirect/get. */
  notice: string | null;
  /** A refusal to show at the top (e.g. too many attempts). */
  error?: string | null;
  /** The person's link, or null when they have none. */
  link: { urls: FamilyCalendarUrls; createdAt: string } | null;
  /** The teams the calendar includes (the person's teams now). */
  teams: { id: string; name: string }[];
}

const createdDate = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  month: "short",
  day: "numeric",
  year: "numeric",
});

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

function teamList(teams: { name: string }[]): string {
  const names = teams.map((t) => t.name);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function Teams({ teams, hasLink }: { teams: { name: string }[]; hasLink: boolean }) {
  if (teams.length === 0) {
    return (
      <p className="muted">
        You are not on a team yet: the calendar stays empty until you join one, then fills by itself.
      </p>
    );
  }
  return (
    <p className="muted">
      {hasLink ? "It includes " : "It will include "}
      <strong>{teamList(teams)}</strong>, and any team you join later; a team you leave drops out.
    </p>
  );
}

export function FamilyCalendarPage({ account, notice, error, link, teams }: FamilyCalendarPageProps) {
  return (
    <SiteLayout narrow account={account}>
      <div className="account family-calendar">
        <header className="account__header">
          <h1>Your family calendar</h1>
          <p className="muted">
            Every game and practice of your teams in the calendar app you already use, on your phone and computer. It
            keeps itself up to date: new games, time changes and cancellations show up by themselves.
          </p>
        </header>
        {notice && <div className="notice notice--success" role="status">{notice}</div>}
        {error && <div className="notice notice--error" role="alert">{error}</div>}

        <Section id="family-calendar-link-heading" title="Your calendar link">
          {link
            ? (
              <>
                <Address
                  id="family-calendar-https"
                  label="Calendar link"
                  value={link.urls.https}
                  hint="Paste this into Outlook or any calendar app that subscribes to a calendar by its address."
                />
                <Address
                  id="family-calendar-webcal"
                  label="Subscription link (webcal)"
                  value={link.urls.webcal}
                  hint="The same calendar: opened on an iPhone, iPad or Mac it asks Apple Calendar to subscribe."
                />
                <div className="family-calendar__actions">
                  <Island
                    name="ShareLink"
                    hydrate="interaction"
                    props={{
                      url: link.urls.https,
                      title: "My GoalMates calendar",
                      label: "Copy link",
                      copiedTitle: "Calendar Link Copied!",
                    }}
                  />
                  <a className="button button--primary" href={link.urls.google} rel="noreferrer">
                    Add to Google Calendar
                  </a>
                  <a className="button button--secondary" href={link.urls.webcal}>Open in Apple Calendar</a>
                </div>
                <Teams teams={teams} hasLink />
                <p className="muted family-calendar__created">
                  Link created {createdDate.format(new Date(link.createdAt))}.
                </p>
              </>
            )
            : (
              <>
                <p>
                  You do not have a calendar link yet. Create one, then add it to your calendar app once: it updates
                  itself from then on.
                </p>
                <Teams teams={teams} hasLink={false} />
                <form method="post" action="/account/calendar">
                  <button type="submit" className="button button--primary">Create my calendar link</button>
                </form>
              </>
            )}
        </Section>

        <Section id="family-calendar-help-heading" title="Add it to your calendar">
          <div className="family-calendar__help">
            <div>
              <h3>Google Calendar</h3>
              <p>
                On a computer, choose <strong>Add to Google Calendar</strong>{" "}
                and confirm. Or, in Google Calendar, next to “Other calendars” choose + then{" "}
                <strong>From URL</strong>, and paste your calendar link. It shows on your phone's Google Calendar too.
              </p>
            </div>
            <div>
              <h3>Apple Calendar and iPhone</h3>
              <p>
                On your iPhone, iPad or Mac, open this page and choose{" "}
                <strong>Open in Apple Calendar</strong>, then Subscribe. Or go to Settings → Calendar → Accounts → Add
                Account → Other → <strong>Add Subscribed Calendar</strong>, and paste your calendar link.
              </p>
            </div>
            <div>
              <h3>Outlook</h3>
              <p>
                In Outlook, choose <strong>Add calendar</strong> → <strong>Subscribe from web</strong>{" "}
                (Outlook for Windows: From Internet), paste your calendar link, name it and save.
              </p>
            </div>
          </div>
          <p className="muted">
            Calendar apps check for changes on their own schedule, from every hour to a few times a day: Google's and
            Outlook's can take several hours to show a change.
          </p>
        </Section>

        {link && (
          <Section id="family-calendar-private-heading" title="Keep it private">
            <p>
              Anyone who has this link can see what it shows: your teams' games and practices (titles, times and places)
              and your first name. Nothing else: no roster, messages or photos. Share it only with your own calendars.
              If it got out, reset it: the old link stops working at once, and you add the new one to your calendar apps
              again.
            </p>
            <div className="family-calendar__actions">
              <form method="post" action="/account/calendar/reset">
                <button type="submit" className="button button--secondary">Reset link</button>
              </form>
              <form method="post" action="/account/calendar/revoke">
                <button type="submit" className="button button--danger">Turn off</button>
              </form>
            </div>
            <p className="muted">Turned off, the link stops working; your calendar apps stop updating it.</p>
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
  return (
    <SiteLayout narrow account={account}>
      <div className="account family-calendar">
        <h1>Your family calendar</h1>
        <TeamLoginCard
          title="A personal account is needed"
          teamName={teamName}
          why="."
          message={message}
          returnTo="/account/calendar"
        />
      </div>
    </SiteLayout>
  );
}
