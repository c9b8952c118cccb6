/**
 * `/account/privacy`: what GoalMates keeps about the person and their children and for how
 * long, then one section per action: download, leave a team, the children's choices, delete the
 * account. Plain forms (post/redirect/get, a notice after each); no JavaScript needed.
 */
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";
import { TeamLoginCard } from "./TeamLoginCard.tsx";
import { KeptSection, type RetentionLine } from "./privacy/KeptSection.tsx";
import { DownloadSection } from "./privacy/DownloadSection.tsx";
import { LeaveSection, type LeaveTeam } from "./privacy/LeaveSection.tsx";
import { ChildrenSection, type PrivacyChildView } from "./privacy/ChildrenSection.tsx";
import { DeleteSection } from "./privacy/DeleteSection.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import type { Catalog } from "../../lib/i18n/catalog.ts";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

export const PRIVACY_PAGE_PATH = "/account/privacy";

/** A refused action shown in its own section. */
export type PrivacyPageError =
  | { section: "leave"; message: string }
  | { section: "child"; playerId: string; message: string }
  | { section: "children"; message: string }
  | { section: "delete"; message: string }
  | { section: "page"; message: string };

export interface PrivacyPageProps {
  account: HeaderAccount | null;
  email: string;
  teams: LeaveTeam[];
  childList: PrivacyChildView[];
  retention: RetentionLine[];
  /** Why the team's only admin cannot leave (lib/accounts' words, in the page's language). */
  onlyAdminMessage: string;
  /** A success notice after a post/redirect/get, in the page's language. */
  notice: string | null;
  error?: PrivacyPageError | null;
}

type SectionError = Exclude<PrivacyPageError, { section: "page" }>;

/** Where each section's refusal is shown: the field or the section it belongs to. */
function problemLink(
  error: SectionError,
  goTo: Catalog["account"]["privacy"]["goTo"],
): { href: string; label: string } {
  switch (error.section) {
    case "leave":
      return { href: "#privacy-leave-heading", label: goTo.leave };
    case "child":
      return { href: `#child-${error.playerId}`, label: goTo.child };
    case "children":
      return { href: "#privacy-children-heading", label: goTo.children };
    case "delete":
      return { href: "#privacy-delete-confirm", label: goTo.delete };
  }
}

/**
 * A refused form comes back as this long page, scrolled to the top: without this the refusal
 * would sit far below the fold (the delete form is last). It names the problem and links to it.
 */
function ProblemSummary({ error }: { error: SectionError }) {
  const link = problemLink(error, useI18n().m.account.privacy.goTo);
  return (
    <div className="notice notice--error privacy__problem" role="alert">
      <p>{error.message}</p>
      <a href={link.href}>{link.label}</a>
    </div>
  );
}

export function PrivacyPage(props: PrivacyPageProps) {
  const { account, email, teams, childList, retention, onlyAdminMessage, notice, error } = props;
  const errorOf = (section: PrivacyPageError["section"]) => error?.section === section ? error.message : undefined;
  const texts = useI18n().m.account.privacy;
  return (
    <SiteLayout narrow account={account}>
      <div className="account privacy">
        <header className="account__header">
          <h1>{texts.title}</h1>
          <p className="muted">{messageParts(texts.intro, { email: <strong>{email}</strong> })}</p>
        </header>
        {notice && <div className="notice notice--success" role="status">{notice}</div>}
        {errorOf("page") && <div className="notice notice--error" role="alert">{errorOf("page")}</div>}
        {error && error.section !== "page" && <ProblemSummary error={error} />}
        <nav aria-label={texts.onThisPage} className="privacy__toc">
          <ul>
            <li>
              <a href="#privacy-kept-heading">{texts.toc.kept}</a>
            </li>
            <li>
              <a href="#privacy-download-heading">{texts.toc.download}</a>
            </li>
            <li>
              <a href="#privacy-leave-heading">{texts.toc.leave}</a>
            </li>
            <li>
              <a href="#privacy-children-heading">{texts.toc.children}</a>
            </li>
            <li>
              <a href="#privacy-delete-heading">{texts.toc.delete}</a>
            </li>
          </ul>
        </nav>
        <KeptSection retention={retention} />
        <DownloadSection />
        <LeaveSection teams={teams} onlyAdminMessage={onlyAdminMessage} error={errorOf("leave")} />
        <ChildrenSection
          childList={childList}
          error={error?.section === "child" ? { playerId: error.playerId, message: error.message } : null}
          sectionError={errorOf("children")}
        />
        <DeleteSection
          email={email}
          onlyAdminOf={teams.filter((t) => t.onlyAdmin).map((t) => t.name)}
          error={errorOf("delete")}
        />
      </div>
    </SiteLayout>
  );
}

/** A team's shared login holds no one's personal data: the page says so and offers a personal sign-in. */
export function PrivacyTeamLoginPage(
  { teamName, account, message }: { teamName: string; account: HeaderAccount | null; message: string },
) {
  const { m } = useI18n();
  return (
    <SiteLayout narrow account={account}>
      <div className="account">
        <h1>{m.account.privacy.title}</h1>
        <TeamLoginCard
          title={m.account.teamLogin.title}
          teamName={teamName}
          why={m.account.teamLogin.whyPrivacy}
          message={message}
          returnTo={PRIVACY_PAGE_PATH}
        />
      </div>
    </SiteLayout>
  );
}
