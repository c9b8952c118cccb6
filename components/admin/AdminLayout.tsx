import type { ReactNode } from "react";
import { Logo } from "../SiteLayout.tsx";
import { type AdminPaths, type AdminSection, publicRosterPath } from "./paths.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

interface AdminLayoutProps {
  team: { name: string; slug: string; season: string };
  paths: AdminPaths;
  current: AdminSection;
  pendingCount: number;
  /** The page's own heading (the dashboard's is the team name). */
  title: string;
  children: ReactNode;
}

function NavItem({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <li>
      <a className="admin-nav__link" href={href} aria-current={current ? "page" : undefined}>{children}</a>
    </li>
  );
}

/** The team admin area: side navigation (a top bar on narrow screens), header, content. */
export function AdminLayout({ team, paths, current, pendingCount, title, children }: AdminLayoutProps) {
  const nav = useI18n().m.admin.nav;
  return (
    <div className="admin-shell">
      <aside className="admin-sidebar">
        <Logo />
        <nav aria-label={nav.label}>
          <ul className="admin-nav">
            <NavItem href={paths.dashboard} current={current === "dashboard"}>{nav.dashboard}</NavItem>
            <NavItem href={paths.claims} current={current === "claims"}>
              {nav.claims}
              {pendingCount > 0 && (
                // A decision made in place (components/admin/ClaimActions.tsx) updates it, and removes it at 0.
                <span data-number="claims-pending" data-live-zero="remove" className="admin-nav__badge">
                  {pendingCount}
                  <span className="visually-hidden">{nav.pending}</span>
                </span>
              )}
            </NavItem>
            <NavItem href={paths.roster} current={current === "roster"}>{nav.roster}</NavItem>
            <NavItem href={paths.campaigns} current={current === "campaigns"}>{nav.campaigns}</NavItem>
            {paths.showAccess && <NavItem href={paths.access} current={current === "access"}>{nav.access}</NavItem>}
            <NavItem href={paths.settings} current={current === "settings"}>{nav.settings}</NavItem>
          </ul>
          <ul className="admin-nav admin-nav--secondary">
            <li>
              <a className="admin-nav__link" href={publicRosterPath(team.slug)}>{nav.backToRoster}</a>
            </li>
            <li>
              <a className="admin-nav__link" href="/account">{nav.account}</a>
            </li>
            <li>
              <a className="admin-nav__link" href="/api/logout">{nav.signOut}</a>
            </li>
          </ul>
        </nav>
      </aside>
      <main id="main" className="admin-main" tabIndex={-1}>
        <header className="admin-header">
          <div>
            <p className="admin-header__team">{team.name} · {team.season}</p>
            <h1>{title}</h1>
          </div>
          <a className="button button--secondary" href={paths.familyDashboard}>{nav.familyDashboard}</a>
        </header>
        {children}
      </main>
    </div>
  );
}

/** A notice after a form post (post/redirect/get), success or error. */
export function AdminNotice({ notice }: { notice: { kind: "success" | "error"; text: string } | null }) {
  if (!notice) return null;
  return (
    <div className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
      {notice.text}
    </div>
  );
}
