import type { ReactNode } from "react";
import type { SessionUser } from "../lib/auth/session_user.ts";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { useI18n } from "../lib/i18n/context.tsx";

export function Logo() {
  return (
    <a className="logo" href="/">
      <span className="logo__mark" aria-hidden="true">⚽</span>
      <span className="logo__text">GoalMates</span>
    </a>
  );
}

/** Who the header shows as signed in; null (or left out) shows 'Team Login'. */
export interface HeaderAccount {
  /** The person's name, else their e-mail (a team login shows the team's name). */
  label: string;
  /** Their account page; null for a system administrator, who has none. */
  href: string | null;
  /** A team's shared sign-in, not a person: the header says so beside the team's name. */
  teamLogin?: boolean;
}

/** The header's account for a signed-in person or system administrator, or null when signed out. */
export function headerAccount(
  user: Pick<SessionUser, "kind" | "firstName" | "lastName" | "email"> | null,
  sysadminEmail: string | null = null,
): HeaderAccount | null {
  if (user) {
    const name = `${user.firstName} ${user.lastName}`.trim();
    return user.kind === "team"
      ? { label: name, href: "/account", teamLogin: true }
      : { label: name || user.email, href: "/account" };
  }
  return sysadminEmail ? { label: sysadminEmail, href: null } : null;
}

/** The account's name as the header shows it, in the page's language ("Rockets (team login)"). */
export function useAccountLabel(account: HeaderAccount): string {
  const { m, t } = useI18n();
  return account.teamLogin ? t(m.layout.header.teamLoginName, { name: account.label }) : account.label;
}

/**
 * The site header. Signed in, it shows the hub and the person's account; otherwise Team
 * Login. Pages that are cached for everyone (the landing page, the public roster) never pass
 * an account, so nobody's name is ever stored in a shared page.
 */
export function SiteHeader({ account }: { account?: HeaderAccount | null }) {
  const { m } = useI18n();
  const header = m.layout.header;
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav aria-label={header.nav} className="site-nav">
          {account
            ? (
              <ul className="site-nav__list">
                <li>
                  <a className="button button--ghost" href="/home">{header.hub}</a>
                </li>
                <li>
                  <HeaderAccountLink account={account} />
                </li>
              </ul>
            )
            : <a className="button button--ghost" href="/team-login">{header.teamLogin}</a>}
        </nav>
      </div>
    </header>
  );
}

/** The signed-in account: a link to the person's account page, or only the name (a system administrator). */
function HeaderAccountLink({ account }: { account: HeaderAccount }) {
  const { m } = useI18n();
  const label = useAccountLabel(account);
  const inside = (hiddenLead: string) => (
    <>
      <span className="visually-hidden">{hiddenLead}</span>
      <span className="site-nav__avatar" aria-hidden="true">{initialOf(label)}</span>
      <span className="site-nav__name">{label}</span>
    </>
  );
  return account.href
    ? <a className="site-nav__account" href={account.href} title={label}>{inside(m.layout.header.account)}</a>
    : <span className="site-nav__account" title={label}>{inside(m.layout.header.signedInAs)}</span>;
}

const initialOf = (label: string) => [...label.trim()][0]?.toUpperCase() ?? "?";

/** The footer; `signedIn` adds the person's data and privacy page beside the public privacy page. */
export function SiteFooter({ signedIn = false }: { signedIn?: boolean }) {
  const { m } = useI18n();
  const footer = m.layout.footer;
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__brand">{footer.brand}</p>
        <nav aria-label={footer.nav}>
          <ul className="site-footer__links">
            <li>
              <a href="/about">{footer.about}</a>
            </li>
            <li>
              <a href="/#how-it-works">{footer.howItWorks}</a>
            </li>
            <li>
              <a href="/privacy">{footer.privacy}</a>
            </li>
            {signedIn && (
              <li>
                <a href="/account/privacy">{footer.yourData}</a>
              </li>
            )}
            <li>
              <a href="/contact">{footer.contact}</a>
            </li>
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </footer>
  );
}

/** Header, `<main id="main">` (the skip link's target) and footer around a page's content. */
export function SiteLayout(
  { children, narrow, account }: { children: ReactNode; narrow?: boolean; account?: HeaderAccount | null },
) {
  return (
    <>
      <SiteHeader account={account} />
      <main id="main" className={narrow ? "container container--narrow page" : undefined} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter signedIn={Boolean(account?.href)} />
    </>
  );
}
