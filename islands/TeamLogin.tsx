import {
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from "react";
import { toast } from "../lib/client/toast.tsx";
import { LoginField } from "../components/login/LoginField.tsx";
import { LOGIN_TABS, type LoginTab, teamLoginHref } from "../components/login/login_links.ts";
import { LOGIN_TEXTS } from "../components/login/texts.ts";
import { readRememberedEmail, REMEMBERED_EMAIL, rememberEmail, useHydrated } from "../components/login/client.ts";
import { api } from "../lib/client/api.ts";
import { useAdoptedValue } from "../lib/client/adopt_values.ts";

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

const failure = (title: string, description: string) => toast({ title, description, variant: "destructive" });

/**
 * Prefills an empty e-mail field with the address remembered under `key`, unless the
 * visitor already typed one before the script arrived.
 */
function usePrefill(key: string, input: RefObject<HTMLInputElement | null>, set: (v: string) => void) {
  useEffect(() => {
    const typed = input.current?.value ?? "";
    const value = typed || readRememberedEmail(key);
    if (value) set(value);
  }, []);
}

/** Error shown above a form: from the server's reply to a post without JavaScript, or a blank field. */
function FormError({ id, message }: { id: string; message: string | null }) {
  return message ? <div className="notice notice--error" id={id} role="alert">{message}</div> : null;
}

function MagicLinkPanel(
  { next, initial, hidden }: { next: string; initial: TeamLoginProps["magic"]; hidden: boolean },
) {
  const [email, setEmail, input] = useAdoptedValue(initial.email);
  const [sentTo, setSentTo] = useState(initial.sentTo);
  const [error, setError] = useState(initial.error);
  const [pending, setPending] = useState(false);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // Focus follows the panel's state change, not the first render.
  const moveFocus = useRef(false);
  usePrefill(REMEMBERED_EMAIL.team, input, setEmail);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (sentTo ? sentHeading.current : input.current)?.focus();
  }, [sentTo]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!address) {
      setError(LOGIN_TEXTS.checkEmail);
      input.current?.focus();
      return failure(LOGIN_TEXTS.magicLinkFailed, LOGIN_TEXTS.checkEmail);
    }
    setPending(true);
    setError(null);
    const reply = await api("POST", "/api/team/magic-link", { email: address, next });
    setPending(false);
    if (!reply.ok) {
      // Only a throttle, or no connection, has something more useful to say than the spec's text.
      const reason = (reply.status === 429 || reply.status === 0) && reply.message;
      return failure(LOGIN_TEXTS.magicLinkFailed, reason || LOGIN_TEXTS.checkEmail);
    }
    rememberEmail(REMEMBERED_EMAIL.team, address);
    moveFocus.current = true;
    setSentTo(address);
    toast({ title: LOGIN_TEXTS.magicLinkSent, description: "Check your inbox for your sign-in link." });
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
            <h2 className="login-sent__title" ref={sentHeading} tabIndex={-1}>Check your email</h2>
            <p>
              If <strong>{sentTo}</strong>{" "}
              belongs to a GoalMates account, a sign-in link is on its way. It works once, for 15 minutes.
            </p>
            {/* Without JavaScript this posts back and the server shows the form again, filled in. */}
            <form method="post" action="/team-login" onSubmit={changeEmail}>
              <input type="hidden" name="action" value="change" />
              <input type="hidden" name="email" value={sentTo} />
              <input type="hidden" name="next" value={next} />
              <button type="submit" className="button button--secondary">Change Email</button>
            </form>
          </div>
        )
        : (
          <form method="post" action="/team-login" className="form" noValidate onSubmit={onSubmit}>
            <p className="login-panel__lead">We will e-mail you a link that signs you in. No password needed.</p>
            <FormError id="magic-error" message={error} />
            <input type="hidden" name="action" value="magic" />
            <input type="hidden" name="next" value={next} />
            <LoginField
              id="magic-email"
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              inputRef={input}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              invalid={error !== null}
              describedBy={error ? "magic-error" : undefined}
            />
            <button type="submit" className="button button--primary button--block" disabled={pending}>
              {pending ? "Sending..." : "Send Magic Link"}
            </button>
          </form>
        )}
    </div>
  );
}

function PasswordPanel(
  { next, initial, hidden }: { next: string; initial: TeamLoginProps["password"]; hidden: boolean },
) {
  // A password manager may have filled both fields before the island hydrated.
  const [email, setEmail, emailInput] = useAdoptedValue(initial.email);
  const [password, setPassword, passwordInput] = useAdoptedValue("");
  const [error, setError] = useState(initial.error);
  const [pending, setPending] = useState(false);
  usePrefill(REMEMBERED_EMAIL.admin, emailInput, setEmail);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError(LOGIN_TEXTS.missingLogin);
      emailInput.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    const reply = await api<{ teamId?: unknown }>("POST", "/api/team-admin/login", { email: email.trim(), password });
    const teamId = reply.ok ? reply.data.teamId : undefined;
    if (typeof teamId !== "string") {
      setPending(false);
      const title = !reply.ok && reply.status === 0 ? LOGIN_TEXTS.loginError : LOGIN_TEXTS.loginFailed;
      return failure(title, (!reply.ok && reply.message) || LOGIN_TEXTS.invalidLogin);
    }
    rememberEmail(REMEMBERED_EMAIL.admin, email.trim());
    toast({ title: LOGIN_TEXTS.loginSuccessful, description: "Taking you to your team..." });
    // The button stays disabled until the page changes.
    setTimeout(() => location.assign(next || `/teams/${encodeURIComponent(teamId)}`), REDIRECT_DELAY_MS);
  }

  return (
    <div role="tabpanel" id="login-panel-password" aria-labelledby="login-tab-password" hidden={hidden}>
      <form method="post" action="/team-login" className="form" noValidate onSubmit={onSubmit}>
        <p className="login-panel__lead">For team admins who have set a password.</p>
        <FormError id="password-error" message={error} />
        <input type="hidden" name="action" value="password" />
        <input type="hidden" name="next" value={next} />
        <LoginField
          id="password-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          inputRef={emailInput}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          invalid={error !== null}
          describedBy={error ? "password-error" : undefined}
        />
        <LoginField
          id="password-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          inputRef={passwordInput}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? "Signing in..." : "Sign In"}
        </button>
      </form>
    </div>
  );
}

/**
 * `/team-login`: the Magic Link and Email & Password tabs. Each tab is a link and each panel
 * a form that posts to the page, so all of it works before (or without) JavaScript.
 */
export default function TeamLogin(props: TeamLoginProps) {
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
    const i = LOGIN_TABS.findIndex((t) => t.id === tab);
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
    select(LOGIN_TABS[target].id, true);
  }

  return (
    <>
      <div role="tablist" aria-label="How to sign in" className="tabs login-tabs">
        {LOGIN_TABS.map((t) => (
          <a
            key={t.id}
            role="tab"
            id={`login-tab-${t.id}`}
            href={teamLoginHref(t.id, props.next)}
            aria-selected={tab === t.id}
            aria-controls={`login-panel-${t.id}`}
            tabIndex={rovingFocus && tab !== t.id ? -1 : 0}
            className="tabs__tab"
            onClick={onClick(t.id)}
            onKeyDown={onKeyDown}
          >
            {t.label}
          </a>
        ))}
      </div>
      <MagicLinkPanel next={props.next} initial={props.magic} hidden={tab !== "magic"} />
      <PasswordPanel next={props.next} initial={props.password} hidden={tab !== "password"} />
    </>
  );
}
