import type { FormEvent, MouseEvent, Ref } from "react";
import { TextField } from "../edit/TextField.tsx";
import type { AccountValues, IdentityValues } from "./join_flow.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

interface AccountStepProps {
  action: string;
  identity: IdentityValues;
  values: AccountValues;
  playerName: string;
  /** False when opened by slug: the player is named as typed, and a team admin checks it. */
  playerConfirmed: boolean;
  errors: Record<string, string>;
  pending: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onChange(values: AccountValues): void;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
  onBack(e: MouseEvent<HTMLButtonElement>): void;
}

/** Step 2: the requester's own name and e-mail (the verified player rides along hidden). */
export function AccountStep(
  { action, identity, values, playerName, playerConfirmed, errors, pending, headingRef, onChange, onSubmit, onBack }:
    AccountStepProps,
) {
  const { m } = useI18n();
  const texts = m.join.account;
  const set = (name: keyof AccountValues) => (e: { currentTarget: HTMLInputElement }) =>
    onChange({ ...values, [name]: e.currentTarget.value });
  const field = (name: keyof AccountValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: set(name),
  });
  return (
    <section className="card join-step" aria-labelledby="join-account-title">
      <h2 id="join-account-title" ref={headingRef} tabIndex={-1}>{texts.title}</h2>
      {playerConfirmed
        ? (
          <p className="notice notice--success">
            {texts.playerFound} <strong>{playerName}</strong>
          </p>
        )
        : (
          <p className="notice" role="note">
            {texts.player} <strong>{playerName}</strong>. {m.join.rules.adminWillCheck}
          </p>
        )}
      <form method="post" action={action} className="form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="step" value="account" />
        <input type="hidden" name="userType" value={identity.userType} />
        <input type="hidden" name="mode" value={identity.mode} />
        <input type="hidden" name="jerseyNumber" value={identity.jerseyNumber} />
        <input type="hidden" name="playerLastName" value={identity.lastName} />
        <div className="join-row">
          <TextField id="join-first-name" label={texts.firstName} autoComplete="given-name" {...field("firstName")} />
          <TextField id="join-last-name" label={texts.lastName} autoComplete="family-name" {...field("lastName")} />
        </div>
        <TextField id="join-email" label={texts.email} type="email" autoComplete="email" {...field("email")} />
        <TextField
          id="join-confirm-email"
          label={texts.confirmEmail}
          type="email"
          autoComplete="email"
          {...field("confirmEmail")}
        />
        {/* Submit comes first, so Enter in a field submits rather than goes back. */}
        <button
          type="submit"
          name="action"
          value="submit"
          className="button button--primary button--block"
          disabled={pending}
        >
          {pending ? texts.pending : texts.submit}
        </button>
        <button
          type="submit"
          name="action"
          value="back"
          className="button button--ghost button--block"
          onClick={onBack}
        >
          {texts.back}
        </button>
      </form>
    </section>
  );
}
