/** `/account`: the signed-in person's name, password and sessions, as plain forms (post/redirect/get). */
import type { InputHTMLAttributes, ReactNode } from "react";
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";
import { TeamLoginCard } from "./TeamLoginCard.tsx";
import { MIN_PASSWORD_LENGTH } from "../../lib/auth/password_policy.ts";
import { AUTH_MESSAGES } from "../../lib/auth/messages.ts";
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from "../../lib/notifications/kinds.ts";
import { NOTIFICATION_KIND_TEXTS, NOTIFICATION_MESSAGES } from "../../lib/notifications/texts.ts";

export interface AccountPerson {
  firstName: string;
  lastName: string;
  email: string;
  hasPassword: boolean;
  /** Signed in within the last 10 minutes: needed to set a first password (there is no current one to ask for). */
  recentSignIn: boolean;
  /** Team admins sign in with the password on the Team Login page's Email & Password tab. */
  isTeamAdmin: boolean;
}

/** Which form a refused post came from, what it held (never a password) and what was wrong. */
export interface AccountFormState {
  form: "name" | "password" | "sessions" | null;
  values: { firstName?: string; lastName?: string };
  /** Field → message; `_` is a message for the whole form. */
  errors: Record<string, string>;
}

export const NO_ACCOUNT_FORM: AccountFormState = { form: null, values: {}, errors: {} };

function Field(
  { id, name, label, error, hint, ...input }:
    & { id: string; name: string; label: string; error?: string; hint?: string }
    & InputHTMLAttributes<HTMLInputElement>,
) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && <p className="field__hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

function Section(
  { id, anchor, title, children }: { id: string; anchor?: string; title: string; children: ReactNode },
) {
  return (
    <section className="card account-section" id={anchor} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function FormError({ message }: { message?: string }) {
  return message ? <div className="notice notice--error" role="alert">{message}</div> : null;
}

export function AccountPage(
  { person, account, notice, state, notifications, notificationsSaved }: {
    person: AccountPerson;
    account: HeaderAccount | null;
    /** A success notice after a post/redirect/get. */
    notice: string | null;
    state: AccountFormState;
    notifications: NotificationPreferences;
    /** Just back from saving the notification choices: the notice shows in their section. */
    notificationsSaved: boolean;
  },
) {
  const errorsOf = (form: AccountFormState["form"]) => state.form === form ? state.errors : {};
  const nameErrors = errorsOf("name");
  const passwordErrors = errorsOf("password");
  const name = state.form === "name" ? state.values : person;
  return (
    <SiteLayout narrow account={account}>
      <div className="account">
        <header className="account__header">
          <h1>Your Account</h1>
          <p className="muted">
            Signed in as <strong>{person.email}</strong>
          </p>
        </header>
        {notice && <div className="notice notice--success" role="status">{notice}</div>}

        <Section id="account-name-heading" title="Your name">
          <form method="post" action="/account/name" className="form" noValidate>
            <FormError message={nameErrors._} />
            <div className="account__row">
              <Field
                id="account-first-name"
                name="firstName"
                label="First name"
                autoComplete="given-name"
                required
                maxLength={50}
                defaultValue={name.firstName ?? ""}
                error={nameErrors.firstName}
              />
              <Field
                id="account-last-name"
                name="lastName"
                label="Last name"
                autoComplete="family-name"
                required
                maxLength={50}
                defaultValue={name.lastName ?? ""}
                error={nameErrors.lastName}
              />
            </div>
            <div className="form__actions">
              <button type="submit" className="button button--primary">Save Name</button>
            </div>
          </form>
        </Section>

        <Section id="account-password-heading" title={person.hasPassword ? "Change password" : "Set a password"}>
          <p className="muted">
            {person.hasPassword
              ? "Changing your password signs you out everywhere else."
              : "You sign in with magic links. A password is optional; setting one signs you out everywhere else."}
            {person.isTeamAdmin
              ? " As a team admin you can sign in with it on the Team Login page's Email & Password tab."
              : " Sign-in links sent to your email keep working either way."}
          </p>
          {!person.hasPassword && !person.recentSignIn
            ? (
              <div className="notice" role="note">
                <p>{AUTH_MESSAGES.reauthRequired}</p>
                <a className="button button--secondary" href="/team-login?next=/account">Sign in again</a>
              </div>
            )
            : <PasswordForm person={person} errors={passwordErrors} />}
        </Section>

        <Section id="account-notifications-heading" anchor="notifications" title="Notifications">
          <NotificationsForm preferences={notifications} saved={notificationsSaved} />
        </Section>

        <Section id="account-privacy-heading" title="Your data and privacy">
          <p>
            See what GoalMates keeps about you and your children, download it, leave a team, choose what other families
            see of your child, or delete your account.
          </p>
          <a className="button button--secondary" href="/account/privacy">Your data and privacy</a>
        </Section>

        <Section id="account-sessions-heading" title="Sign out everywhere">
          <p>
            Lost a phone, or signed in on a shared computer? This ends every session of your account on every device,
            this one included. You will need to sign in again.
          </p>
          <form method="post" action="/account/sign-out-everywhere">
            <FormError message={errorsOf("sessions")._} />
            <button type="submit" className="button button--danger">Sign out everywhere</button>
          </form>
        </Section>
      </div>
    </SiteLayout>
  );
}

/** The e-mails the person wants: one switch per kind, saved together (a plain form, no JavaScript needed). */
function NotificationsForm({ preferences, saved }: { preferences: NotificationPreferences; saved: boolean }) {
  const id = (kind: NotificationKind) => `account-notify-${kind}`;
  return (
    <form method="post" action="/account/notifications" className="form">
      {saved && <div className="notice notice--success" role="status">{NOTIFICATION_MESSAGES.saved}</div>}
      <p className="muted">Which e-mails GoalMates sends you. Every e-mail also has a link to stop that kind.</p>
      {NOTIFICATION_KINDS.map((kind) => (
        <div className="switch" key={kind}>
          <input
            id={id(kind)}
            type="checkbox"
            name={kind}
            value="on"
            defaultChecked={preferences[kind]}
            aria-describedby={`${id(kind)}-hint`}
          />
          <label htmlFor={id(kind)}>{NOTIFICATION_KIND_TEXTS[kind].label}</label>
          <p className="field__hint" id={`${id(kind)}-hint`}>{NOTIFICATION_KIND_TEXTS[kind].hint}</p>
        </div>
      ))}
      <div className="form__actions">
        <button type="submit" className="button button--primary">Save Notifications</button>
      </div>
    </form>
  );
}

/** Set or change the password (the current one is asked for once one is set). */
function PasswordForm({ person, errors }: { person: AccountPerson; errors: Record<string, string> }) {
  return (
    <form method="post" action="/account/password" className="form" noValidate>
      <FormError message={errors._} />
      {/* For password managers: which account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={person.email} readOnly hidden />
      {person.hasPassword && (
        <Field
          id="account-current-password"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
      )}
      <Field
        id="account-new-password"
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. A short sentence works well.`}
        error={errors.newPassword}
      />
      <Field
        id="account-confirm-password"
        name="confirmPassword"
        label="New password again"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary">
          {person.hasPassword ? "Change Password" : "Set Password"}
        </button>
      </div>
    </form>
  );
}

/** A team's shared sign-in (team username) is not a person: nothing here applies to it. */
export function TeamAccountPage({ teamName, account }: { teamName: string; account: HeaderAccount | null }) {
  return (
    <SiteLayout narrow account={account}>
      <div className="account">
        <h1>Your Account</h1>
        <TeamLoginCard
          title="Signed in with the team login"
          teamName={teamName}
          why=", so it has no name or password of its own to change here."
          message={AUTH_MESSAGES.teamAccountNoPassword}
          returnTo="/account"
        />
      </div>
    </SiteLayout>
  );
}

/** After 'Sign out everywhere': nobody is signed in here any more. */
export function SignedOutEverywherePage() {
  return (
    <SiteLayout narrow>
      <div className="card empty-state">
        <h1>Signed out everywhere</h1>
        <p>Every session of your account has ended, on every device. Sign in again to continue.</p>
        <a className="button button--primary" href="/team-login">Team Login</a>
      </div>
    </SiteLayout>
  );
}
