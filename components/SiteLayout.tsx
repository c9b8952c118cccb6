import type { ReactNode } from "react";
import type { SessionUser } from "../lib/auth/session_user.ts";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

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
}

/** The header's account for a signed-in person or system administrator, or null when signed out. */
export function headerAccount(
  user: Pick<SessionUser, "kind" | "firstName" | "lastName" | "email"> | null,
  sysadminEmail: string | null = null,
): HeaderAccount | null {
  if (user) {
    const name = `${user.firstName} ${user.lastName}`.trim();
    return { label: user.kind === "team" ? `${name} (team login)` : name || user.email, href: "/account" };
  }
  return sysadminEmail ? { label: sysadminEmail, href: null } : null;
}

/**
 * The site header. Signed in, it shows the hub and the person's account; otherwise Team
 * Login. Pages that are cached for everyone (the landing page, the public roster) never pass
 * an account, so nobody's name is ever stored in a shared page.
 */
export function SiteHeader({ account }: { account?: HeaderAccount | null }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav aria-label="Account" className="site-nav">
          {account
            ? (
              <ul className="site-nav__list">
                <li>
                  <a className="button button--ghost" href="/home">Your Hub</a>
                </li>
                <li>
                  {account.href
                    ? (
                      <a className="site-nav__account" href={account.href} title={account.label}>
                        <span className="visually-hidden">Account:</span>
                        <span className="site-nav__avatar" aria-hidden="true">{initialOf(account.label)}</span>
                        <span className="site-nav__name">{account.label}</span>
                      </a>
                    )
                    : (
                      <span className="site-nav__account" title={account.label}>
                        <span className="visually-hidden">Signed in as</span>
                        <span className="site-nav__avatar" aria-hidden="true">{initialOf(account.label)}</span>
                        <span className="site-nav__name">{account.label}</span>
                      </span>
                    )}
                </li>
              </ul>
            )
            : <a className="button button--ghost" href="/team-login">Team Login</a>}
        </nav>
      </div>
    </header>
  );
}

const initialOf = (label: string) => [...label.trim()][0]?.toUpperCase() ?? "?";

/** The footer; `signedIn` adds the person's data and privacy page beside the public privacy page. */
export function SiteFooter({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__brand">GoalMates · free for the whole team</p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <a href="/about">About</a>
            </li>
            <li>
              <a href="/#how-it-works">How It Works</a>
            </li>
            <li>
              <a href="/privacy">Privacy</a>
            </li>
            {signedIn && (
              <li>
                <a href="/account/privacy">Your data</a>
              </li>
            )}
            <li>
              <a href="/contact">Contact</a>
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
