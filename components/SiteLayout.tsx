import type { ReactNode } from "react";

export function Logo() {
  return (
    <a className="logo" href="/">
      <span className="logo__mark" aria-hidden="true">⚽</span>
      <span className="logo__text">GoalMates</span>
    </a>
  );
}

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav aria-label="Account">
          <a className="button button--ghost" href="/team-login">Team Login</a>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
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
            <li>
              <a href="/contact">Contact</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** Header, `<main id="main">` (the skip link's target) and footer around a page's content. */
export function SiteLayout({ children, narrow }: { children: ReactNode; narrow?: boolean }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className={narrow ? "container container--narrow page" : undefined} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
