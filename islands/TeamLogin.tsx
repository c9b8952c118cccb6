import { type FormEvent, type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { emailInput, LoginForm, type LoginSent, passwordInput } from "../components/login/LoginForm.tsx";
import { LOGIN_TABS, type LoginTab, teamLoginHref } from "../components/login/login_links.ts";
import { failureToast, REMEMBERED_EMAIL, useHydrated } from "../components/login/client.ts";
import { loginRefused } from "../components/login/login_refused.ts";
import { api } from "../lib/client/api.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import { messageParts } from "../lib/i18n/message_parts.tsx";

export interface TeamLoginProps {
  tab: LoginTab;
  /** A local path to open after signing in, or "". */
  next: string;
  magic: {
    email: string;
    /** Set once a link was asked for: the panel shows 'Check your email'. */
    sentTo: string | null;
    error: string | null;
  };
  password: { email: string; error: string | null };
}

/** SPEC.md section 9: the admin login moves on 1 s after success. */
const REDIRECT_DELAY_MS = 1000;

function MagicLinkPanel(
  { next, initial, hidden }: { next: string; initial: TeamLoginProps["magic"]; hidden: boolean },
) {
  const { m } = useI18n();
  const texts = m.login;
  // What the form shows when 'Change Email' brings it back: the address, and no error any more.
  const [form, setForm] = useState({ email: initial.email, error: initial.error });
  const [sentTo, setSentTo] = useState(initial.sentTo);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // Focus follows the panel's state change, not the first render.
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (sentTo ? sentHeading.current : document.getElementById("magic-email"))?.focus();
  }, [sentTo]);

  async function send(values: Record<string, string>): Promise<LoginSent> {
    const reply = await api("POST", "/api/team/magic-link", { email: values.email, next });
    if (!reply.ok) {
      // Only a throttle, or no connection, has something more useful to say than the spec's text.
      const reason = (reply.status === 0 || reply.status === 429) && reply.message;
      failureToast(texts.toasts.magicLinkFailed, reason || texts.refused.checkEmail);
      return { ok: false };
    }
    moveFocus.current = true;
    setForm({ email: values.email, error: null });
    setSentTo(values.email);
    toast({ title: texts.toasts.magicLinkSent, description: texts.magic.checkInbox });
    return { ok: true };
  }

  function changeEmail(e: FormEvent) {
    e.preventDefault();
    moveFocus.current = true;
    setSentTo(null);
  }

  return (
    <div role="tabpanel" id="login-panel-magic" aria-labelledby="login-tab-magic" hidden={hidden}>
      {sentTo
        ? (
          <div className="login-sent">
            <span className="login-sent__icon" aria-hidden="true">✉</span>
            <h2 className="login-sent__title" ref={sentHeading} tabIndex={-1}>{texts.magic.sentTitle}</h2>
            <p>{messageParts(texts.magic.sent, { email: <strong>{sentTo}</strong> })}</p>
            {/* Without JavaScript this posts back and the server shows the form again, filled in. */}
            <form method="post" action="/team-login" onSubmit={changeEmail}>
              <input type="hidden" name="action" value="change" />
              <input type="hidden" name="email" value={sentTo} />
              <input type="hidden" name="next" value={next} />
              <button type="submit" className="button button--secondary">{texts.magic.changeEmail}</button>
            </form>
          </div>
        )
        : (
          <LoginForm
            action="/team-login"
            hidden={{ action: "magic", next }}
            intro={<p className="login-panel__lead">{texts.magic.lead}</p>}
            inputs={[emailInput(texts, "magic-email", "email", form.email)]}
            errorId="magic-error"
            error={form.error}
            blank={{ message: texts.refused.checkEmail, toast: texts.toasts.magicLinkFailed }}
            noValidate
            submitLabel={texts.magic.send}
            busyLabel={texts.magic.sending}
            remember={REMEMBERED_EMAIL.team}
            send={send}
          />
        )}
    </div>
  );
}

function PasswordPanel(
  { next, initial, hidden }: { next: string; initial: TeamLoginProps["password"]; hidden: boolean },
) {
  const { m } = useI18n();
  const texts = m.login;
  async function send(values: Record<string, string>): Promise<LoginSent> {
    const reply = await api<{ teamId?: unknown }>("POST", "/api/team-admin/login", values);
    const teamId = reply.ok ? reply.data.teamId : undefined;
    if (typeof teamId !== "string") {
      loginRefused(reply, texts.refused.invalidLogin, texts);
      return { ok: false };
    }
    toast({ title: texts.toasts.loginSuccessful, description: texts.password.redirecting });
    setTimeout(() => location.assign(next || `/teams/${encodeURIComponent(teamId)}`), REDIRECT_DELAY_MS);
    return { ok: true, leaving: true };
  }

  return (
    <div role="tabpanel" id="login-panel-password" aria-labelledby="login-tab-password" hidden={hidden}>
      <LoginForm
        action="/team-login"
        hidden={{ action: "password", next }}
        intro={<p className="login-panel__lead">{texts.password.lead}</p>}
        inputs={[
          emailInput(texts, "password-email", "username", initial.email),
          passwordInput(texts, "password-password"),
        ]}
        errorId="password-error"
        error={initial.error}
        blank={{ message: texts.refused.missingLogin }}
        noValidate
        submitLabel={texts.signIn}
        busyLabel={texts.signingIn}
        remember={REMEMBERED_EMAIL.admin}
        send={send}
      />
    </div>
  );
}

/**
 * `/team-login`: the Magic Link and Email & Password tabs. Each tab is a link and each panel
 * a form that posts to the page, so all of it works before (or without) JavaScript.
 */
export default function TeamLogin(props: TeamLoginProps) {
  const { m } = useI18n();
  const [tab, setTab] = useState(props.tab);
  // Until the arrow keys work, every tab must be reachable with Tab.
  const rovingFocus = useHydrated();

  function select(id: LoginTab, focus: boolean) {
    setTab(id);
    history.replaceState(history.state, "", teamLoginHref(id, props.next));
    if (focus) document.getElementById(`login-tab-${id}`)?.focus();
  }

  const onClick = (id: LoginTab) => (e: MouseEvent) => {
    e.preventDefault();
    select(id, false);
  };

  function onKeyDown(e: KeyboardEvent) {
    const i = LOGIN_TABS.indexOf(tab);
    const last = LOGIN_TABS.length - 1;
    const target = e.key === "ArrowRight"
      ? (i + 1) % LOGIN_TABS.length
      : e.key === "ArrowLeft"
      ? (i + last) % LOGIN_TABS.length
      : e.key === "Home"
      ? 0
      : e.key === "End"
      ? last
      : null;
    if (target === null) return;
    e.preventDefault();
    select(LOGIN_TABS[target], true);
  }

  return (
    <>
      <div role="tablist" aria-label={m.login.tabs.label} className="tabs login-tabs">
        {LOGIN_TABS.map((id) => (
          <a
            key={id}
            role="tab"
            id={`login-tab-${id}`}
            href={teamLoginHref(id, props.next)}
            aria-selected={tab === id}
            aria-controls={`login-panel-${id}`}
            tabIndex={rovingFocus && tab !== id ? -1 : 0}
            className="tabs__tab"
            onClick={onClick(id)}
            onKeyDown={onKeyDown}
          >
            {m.login.tabs[id]}
          </a>
        ))}
      </div>
      <MagicLinkPanel next={props.next} initial={props.magic} hidden={tab !== "magic"} />
      <PasswordPanel next={props.next} initial={props.password} hidden={tab !== "password"} />
    </>
  );
}
