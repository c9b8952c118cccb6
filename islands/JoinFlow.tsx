import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { checkIdentity, checkJoinRequest, JOIN_MESSAGES } from "../lib/join/rules.ts";
import { api } from "../lib/client/api.ts";
import {
  type AccountValues,
  EMPTY_ACCOUNT,
  EMPTY_IDENTITY,
  identityBody,
  identityErrors,
  type IdentityValues,
  JOIN_TEXTS,
  type JoinFlowProps,
  joinRequestBody,
  type JoinStep,
  typedPlayer,
} from "../components/join/join_flow.ts";
import { IdentifyStep } from "../components/join/IdentifyStep.tsx";
import { AccountStep } from "../components/join/AccountStep.tsx";
import { SuccessStep } from "../components/join/SuccessStep.tsx";

export type { JoinFlowProps };

const failure = (title: string, description: string) => toast({ title, description, variant: "destructive" });

/** Focuses the first field with an error, so the keyboard lands where the fix is. */
function focusFirstError(form: HTMLFormElement, errors: Record<string, string>) {
  const name = Object.keys(errors)[0];
  (form.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.focus();
}

/**
 * `/join/{codeOrSlug}`: identify the player, give your details, done. Every step is also a
 * form that posts to the page, so the flow works before (or without) JavaScript.
 */
export default function JoinFlow(props: JoinFlowProps) {
  const [step, setStep] = useState<JoinStep>(props.step);
  const [identity, setIdentity] = useState<IdentityValues>(props.identity);
  const [account, setAccount] = useState<AccountValues>(props.account);
  const [playerName, setPlayerName] = useState(props.playerName);
  const [playerConfirmed, setPlayerConfirmed] = useState(props.playerConfirmed);
  const [errors, setErrors] = useState(props.errors);
  const [submitted, setSubmitted] = useState(props.submittedMessage);
  const [pending, setPending] = useState(false);
  // A refusal the server rendered (no-JavaScript post); later ones are toasts.
  const [notice, setNotice] = useState(props.notice);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus follows a step change, not the first render.
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const goTo = (next: JoinStep) => {
    setErrors({});
    setNotice(null);
    setStep(next);
  };

  async function verify(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = identityBody(identity);
    const checked = checkIdentity(body);
    if (!checked.ok) {
      const fieldErrors = identityErrors(checked.fields);
      setErrors(fieldErrors);
      return focusFirstError(form, fieldErrors);
    }
    setErrors({});
    setNotice(null);
    setPending(true);
    const reply = await api<{ found?: boolean | null; playerName?: string | null }>(
      "POST",
      `/api/teams/${encodeURIComponent(props.teamKey)}/verify-player`,
      body,
    );
    setPending(false);
    if (!reply.ok) return failure(JOIN_TEXTS.verificationError, reply.message || JOIN_TEXTS.tryAgain);
    // By slug the server says nothing either way (found: null): a team admin checks the player.
    if (reply.data.found === null) {
      setPlayerName(typedPlayer(identity));
      setPlayerConfirmed(false);
      return goTo("account");
    }
    if (reply.data.found !== true) return failure(JOIN_TEXTS.playerNotFound, JOIN_MESSAGES.playerNotFound);
    setPlayerName(String(reply.data.playerName ?? ""));
    setPlayerConfirmed(true);
    goTo("account");
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = joinRequestBody(identity, account);
    const checked = checkJoinRequest(body);
    if (!checked.ok) {
      setErrors(checked.fields);
      return focusFirstError(form, checked.fields);
    }
    setErrors({});
    setNotice(null);
    setPending(true);
    const reply = await api<{ message?: string }>(
      "POST",
      `/api/teams/${encodeURIComponent(props.teamKey)}/join-requests`,
      body,
    );
    setPending(false);
    if (!reply.ok) {
      const title = reply.status === 0 ? JOIN_TEXTS.submissionError : JOIN_TEXTS.requestFailed;
      return failure(title, reply.message || JOIN_TEXTS.tryAgain);
    }
    setSubmitted(reply.data.message || JOIN_MESSAGES.submitted(checked.value.email));
    goTo("success");
  }

  function back(e: MouseEvent<HTMLButtonElement>) {
    e.preventDefault();
    goTo("identify");
  }

  function again(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setIdentity(EMPTY_IDENTITY);
    setAccount(EMPTY_ACCOUNT);
    setPlayerName("");
    goTo("identify");
  }

  return (
    <>
      {notice && (
        <div className="notice notice--error join-notice" role="alert">
          <p className="join-notice__title">{notice.title}</p>
          <p>{notice.message}</p>
        </div>
      )}
      {step === "identify" && (
        <IdentifyStep
          action={props.action}
          values={identity}
          allowSurname={props.allowSurname}
          errors={errors}
          pending={pending}
          headingRef={heading}
          onChange={setIdentity}
          onSubmit={verify}
        />
      )}
      {step === "account" && (
        <AccountStep
          action={props.action}
          identity={identity}
          values={account}
          playerName={playerName}
          playerConfirmed={playerConfirmed}
          errors={errors}
          pending={pending}
          headingRef={heading}
          onChange={setAccount}
          onSubmit={submit}
          onBack={back}
        />
      )}
      {step === "success" && (
        <SuccessStep action={props.action} message={submitted} headingRef={heading} onAgain={again} />
      )}
    </>
  );
}
