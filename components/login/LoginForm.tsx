import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useAdoptedFields } from "../../lib/client/adopt_values.ts";
import type { Catalog } from "../../lib/i18n/catalog.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { LoginField } from "./LoginField.tsx";
import { failureToast, readRememberedEmail, rememberEmail, useHydrated } from "./client.ts";

/** One input of a sign-in form. */
export interface LoginInput {
  id: string;
  name: string;
  label: string;
  type: "email" | "text" | "password";
  autoComplete: string;
  /** What the server rendered into it: after a post without JavaScript, what was typed. */
  value?: string;
  /** A Show password button beside it, once JavaScript runs. */
  revealable?: boolean;
}

/** The texts a sign-in form shows: the `login` area its island gets with its props. */
export type LoginTexts = Catalog["login"];

/** An e-mail input: `autoComplete` "username" where a password follows (the password manager's account). */
export const emailInput = (
  texts: LoginTexts,
  id: string,
  autoComplete: "username" | "email",
  value: string,
): LoginInput => ({
  id,
  name: "email",
  label: texts.fields.email,
  type: "email",
  autoComplete,
  value,
});

/** The password input: "current-password", so a password manager fills it. */
export const passwordInput = (texts: LoginTexts, id: string, revealable = false): LoginInput => ({
  id,
  name: "password",
  label: texts.fields.password,
  type: "password",
  autoComplete: "current-password",
  revealable,
});

/**
 * What `send` reports: refused (`error` shows above the form; without it, a toast said it all),
 * or done (`leaving`: the page moves on, so the button stays busy until it does).
 */
export type LoginSent = { ok: false; error?: string } | { ok: true; leaving?: boolean };

export interface LoginFormProps {
  /** Where the form posts without JavaScript. */
  action: string;
  /** Hidden inputs of that post, by name. */
  hidden?: Record<string, string>;
  /** Above the error: the form's lead paragraph or heading. */
  intro?: ReactNode;
  /** The first input is the one the error describes and a blank form focuses. */
  inputs: readonly LoginInput[];
  errorId: string;
  /** The server's reply to a post without JavaScript. */
  error: string | null;
  /** Set to refuse a blank input in the browser: the message above the form, and a toast's title to repeat it. */
  blank?: { message: string; toast?: string };
  /** The browser's own checks of the inputs (type="email") stay off where this is set. */
  noValidate?: boolean;
  submitLabel: string;
  /** The button's text while sending, when it is disabled meanwhile; without it the button stays as it is. */
  busyLabel?: string;
  secondary?: boolean;
  /** localStorage key: the first input starts from the address last used, and a success remembers it. */
  remember?: string;
  /** Sends the inputs' values by name, trimmed (passwords aside), once the island has hydrated. */
  send(values: Record<string, string>): Promise<LoginSent>;
}

/**
 * The form every sign-in island uses: labelled inputs that adopt what a password manager filled
 * before hydration, the error above them, the busy button, and a post to the page without JavaScript.
 */
export function LoginForm(props: LoginFormProps) {
  const { inputs, errorId } = props;
  const { m } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() =>
    Object.fromEntries(inputs.map((input) => [input.name, input.value ?? ""]))
  );
  const [error, setError] = useState(props.error);
  const [pending, setPending] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  // The show-password toggle needs JavaScript, so it appears only once that runs.
  const canToggle = useHydrated();
  const firstName = inputs[0].name;
  const firstInput = () => form.current?.elements.namedItem(firstName) as HTMLInputElement | null;
  // A password manager may have filled the inputs before the island hydrated (all of them hold text).
  useAdoptedFields(form, (changed) => setValues((v) => ({ ...v, ...changed as Record<string, string> })));

  useEffect(() => {
    if (!props.remember) return;
    // Unless the server or the visitor filled it before the script arrived.
    const value = firstInput()?.value || readRememberedEmail(props.remember);
    if (value) setValues((v) => ({ ...v, [firstName]: value }));
  }, []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const sent = Object.fromEntries(
      inputs.map(({ name, type }) => [name, type === "password" ? values[name] : values[name].trim()]),
    );
    if (props.blank && inputs.some(({ name }) => !sent[name])) {
      setError(props.blank.message);
      firstInput()?.focus();
      if (props.blank.toast) failureToast(props.blank.toast, props.blank.message);
      return;
    }
    setPending(true);
    setError(null);
    const outcome = await props.send(sent);
    if (outcome.ok && props.remember) rememberEmail(props.remember, sent[firstName]);
    if (outcome.ok && outcome.leaving) return;
    setPending(false);
    if (!outcome.ok && outcome.error) setError(outcome.error);
  }

  const passwordToggle = (controls: string) => (
    <button
      type="button"
      className="button button--ghost password-toggle"
      aria-pressed={passwordShown}
      aria-controls={controls}
      onClick={() => setPasswordShown((shown) => !shown)}
    >
      {passwordShown ? m.login.fields.hidePassword : m.login.fields.showPassword}
    </button>
  );
  const busy = pending && props.busyLabel !== undefined;

  return (
    <form
      ref={form}
      method="post"
      action={props.action}
      className="form"
      noValidate={props.noValidate}
      onSubmit={onSubmit}
    >
      {props.intro}
      {error && <div className="notice notice--error" id={errorId} role="alert">{error}</div>}
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {inputs.map((input, i) => (
        <LoginField
          key={input.name}
          id={input.id}
          name={input.name}
          label={input.label}
          type={input.revealable && passwordShown ? "text" : input.type}
          autoComplete={input.autoComplete}
          value={values[input.name]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, [input.name]: value }));
          }}
          invalid={i === 0 && error !== null}
          describedBy={i === 0 && error ? errorId : undefined}
          addon={input.revealable && canToggle ? passwordToggle(input.id) : undefined}
        />
      ))}
      <button
        type="submit"
        className={`button ${props.secondary ? "button--secondary" : "button--primary"} button--block`}
        disabled={busy}
      >
        {busy ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}
