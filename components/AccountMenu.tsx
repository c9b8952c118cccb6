import type { ReactNode } from "react";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { useI18n } from "../lib/i18n/context.tsx";

export interface AccountMenuProps {
  /** The person's name (else e-mail): the avatar's initial and, wide enough, the name beside it. */
  label: string;
  /** The menu's first item, the person's account (a link to /account, or what opens Account Settings). */
  account: ReactNode;
  /** The team's admin dashboard, for its admins; null for everyone else. */
  adminHref: string | null;
}

export const initialOf = (label: string) => [...label.trim()][0]?.toUpperCase() ?? "?";

/** Where the menu's Sign out goes: the spec's logout link, which signs out at once from this site's own link. */
export const SIGN_OUT_HREF = "/api/logout";

/** The person's data and privacy controls (download, leave a team, their children, delete the account). */
export const PRIVACY_HREF = "/account/privacy";

/** The account page's section of which e-mails the person gets. */
export const NOTIFICATIONS_HREF = "/account#notifications";

/**
 * The header's avatar menu: a disclosure (`<details>`), so it opens by mouse, touch and keyboard
 * with or without JavaScript, listing the account, the hub, the person's notifications, their data and privacy, the
 * team's admin area (admins only) and Sign out.
 */
export function AccountMenu({ label, account, adminHref }: AccountMenuProps) {
  const menu = useI18n().m.layout.menu;
  return (
    <details className="acct-menu">
      <summary className="site-nav__account acct-menu__toggle" title={label}>
        <span className="visually-hidden">{menu.label}</span>
        <span className="site-nav__avatar" aria-hidden="true">{initialOf(label)}</span>
        <span className="site-nav__name">{label}</span>
      </summary>
      <ul className="acct-menu__list">
        <li>{account}</li>
        <li>
          <a className="acct-menu__item" href="/home">{menu.hub}</a>
        </li>
        <li>
          <a className="acct-menu__item" href={NOTIFICATIONS_HREF}>{menu.notifications}</a>
        </li>
        <li>
          <a className="acct-menu__item" href={PRIVACY_HREF}>{menu.privacy}</a>
        </li>
        {adminHref && (
          <li>
            <a className="acct-menu__item" href={adminHref}>{menu.teamAdmin}</a>
          </li>
        )}
        <li>
          <LanguageSwitch className="lang-switch acct-menu__lang" />
        </li>
        <li>
          <a className="acct-menu__item acct-menu__item--sign-out" href={SIGN_OUT_HREF}>{menu.signOut}</a>
        </li>
      </ul>
    </details>
  );
}
