/** `/account`: the signed-in person's name, password and sessions, as plain forms (post/redirect/get). */
import type { InputHTMLAttributes, ReactNode } from "react";
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";
import { TeamLoginCard } from "./TeamLoginCard.tsx";
import { MIN_PASSWORD_LENGTH } from "../../lib/auth/password_policy.ts";
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from "../../lib/notifications/kinds.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

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
  { person, account, notice, reauthMessage, state, notifications, notificationsSaved }: {
    person: AccountPerson;
    account: HeaderAccount | null;
    /** A success notice after a post/redirect/get, in the page's language. */
    notice: string | null;
    /** Why a first password needs a fresh sign-in (lib/auth's words, in the page's language). */
    reauthMessage: string;
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
  const { m } = useI18n();
  const texts = m.account;
  return (
    <SiteLayout narrow account={account}>
      <div className="account">
        <header className="account__header">
          <h1>{texts.title}</h1>
          <p className="muted">
            {messageParts(texts.signedInAs, { email: <strong>{person.email}</strong> })}
          </p>
        </header>
        {notice && <div className="notice notice--success" role="status">{notice}</div>}

        <Section id="account-name-heading" title={texts.name.heading}>
          <form method="post" action="/account/name" className="form" noValidate>
            <FormError message={nameErrors._} />
            <div className="account__row">
              <Field
                id="account-first-name"
                name="firstName"
                label={texts.name.firstName}
                autoComplete="given-name"
                required
                maxLength={50}
                defaultValue={name.firstName ?? ""}
                error={nameErrors.firstName}
              />
              <Field
                id="account-last-name"
                name="lastName"
                label={texts.name.lastName}
                autoComplete="family-name"
                required
                maxLength={50}
                defaultValue={name.lastName ?? ""}
                error={nameErrors.lastName}
              />
            </div>
            <div className="form__actions">
              <button type="submit" className="button button--primary">{texts.name.save}</button>
            </div>
          </form>
        </Section>

        <Section
          id="account-password-heading"
          title={person.hasPassword ? texts.password.changeHeading : texts.password.setHeading}
        >
          <p className="muted">
            {person.hasPassword ? texts.password.changeIntro : texts.password.setIntro}
            {person.isTeamAdmin ? texts.password.adminHint : texts.password.linkHint}
          </p>
          {!person.hasPassword && !person.recentSignIn
            ? (
              <div className="notice" role="note">
                <p>{reauthMessage}</p>
                <a className="button button--secondary" href="/team-login?next=/account">
                  {texts.password.signInAgain}
                </a>
              </div>
            )
            : <PasswordForm person={person} errors={passwordErrors} />}
        </Section>

        <Section id="account-notifications-heading" anchor="notifications" title={texts.notifications.heading}>
          <NotificationsForm preferences={notifications} saved={notificationsSaved} />
        </Section>

        <Section id="account-privacy-heading" title={texts.privacyCard.heading}>
          <p>{texts.privacyCard.text}</p>
          <a className="button button--secondary" href="/account/privacy">{texts.privacyCard.button}</a>
        </Section>

        <Section id="account-sessions-heading" title={texts.sessions.heading}>
          <p>{texts.sessions.text}</p>
          <form method="post" action="/account/sign-out-everywhere">
            <FormError message={errorsOf("sessions")._} />
            <button type="submit" className="button button--danger">{texts.sessions.button}</button>
          </form>
        </Section>
      </div>
    </SiteLayout>
  );
}

/** The e-mails the person wants: one switch per kind, saved together (a plain form, no JavaScript needed). */
function NotificationsForm({ preferences, saved }: { preferences: NotificationPreferences; saved: boolean }) {
  const id = (kind: NotificationKind) => `account-notify-${kind}`;
  const { m } = useI18n();
  const kinds = m.notifications.kinds;
  return (
    <form method="post" action="/account/notifications" className="form">
      {saved && <div className="notice notice--success" role="status">{m.account.messages.notifications.saved}</div>}
      <p className="muted">{m.account.notifications.intro}</p>
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
          <label htmlFor={id(kind)}>{kinds[kind].label}</label>
          <p className="field__hint" id={`${id(kind)}-hint`}>{kinds[kind].hint}</p>
        </div>
      ))}
      <div className="form__actions">
        <button type="submit" className="button button--primary">{m.account.notifications.save}</button>
      </div>
    </form>
  );
}

/** Set or change the password (the current one is asked for once one is set). */
function PasswordForm({ person, errors }: { person: AccountPerson; errors: Record<string, string> }) {
  const { m, t } = useI18n();
  const texts = m.account.password;
  return (
    <form method="post" action="/account/password" className="form" noValidate>
      <FormError message={errors._} />
      {/* For password managers: which account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={person.email} readOnly hidden />
      {person.hasPassword && (
        <Field
          id="account-current-password"
          name="currentPassword"
          label={texts.current}
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
      )}
      <Field
        id="account-new-password"
        name="newPassword"
        label={texts.new}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={t(texts.newHint, { count: MIN_PASSWORD_LENGTH })}
        error={errors.newPassword}
      />
      <Field
        id="account-confirm-password"
        name="confirmPassword"
        label={texts.again}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary">
          {person.hasPassword ? texts.change : texts.set}
        </button>
      </div>
    </form>
  );
}

/** A team's shared sign-in (team username) is not a person: nothing here applies to it. */
export function TeamAccountPage(
  { teamName, account, message }: {
    teamName: string;
    account: HeaderAccount | null;
    /** Why a team login has no password here (lib/auth's words, in the page's language). */
    message: string;
  },
) {
  const { m } = useI18n();
  return (
    <SiteLayout narrow account={account}>
      <div className="account">
        <h1>{m.account.title}</h1>
        <TeamLoginCard
          title={m.account.teamLogin.title}
          teamName={teamName}
          why={m.account.teamLogin.whyAccount}
          message={message}
          returnTo="/account"
        />
      </div>
    </SiteLayout>
  );
}

/** After 'Sign out everywhere': nobody is signed in here any more. */
export function SignedOutEverywherePage() {
  const texts = useI18n().m.account.signedOut;
  return (
    <SiteLayout narrow>
      <div className="card empty-state">
        <h1>{texts.title}</h1>
        <p>{texts.text}</p>
        <a className="button button--primary" href="/team-login">{texts.signIn}</a>
      </div>
    </SiteLayout>
  );
}
