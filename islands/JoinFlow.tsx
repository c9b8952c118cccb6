import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { checkIdentityWith, checkJoinRequestWith, joinMessages } from "../lib/join/checks.ts";
import { api } from "../lib/client/api.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import {
  type AccountValues,
  EMPTY_ACCOUNT,
  EMPTY_IDENTITY,
  identityBody,
  identityErrors,
  type IdentityValues,
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

/**
 * `/join/{codeOrSlug}`: identify the player, give your details, done. Every step is also a
 * form that posts to the page, so the flow works before (or without) JavaScript.
 */
export default function JoinFlow(props: JoinFlowProps) {
  const { m, lang } = useI18n();
  const texts = m.join;
  // The server's checks, in the page's language.
  const M = joinMessages(lang, texts.rules);
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

  const clearMessages = () => {
    setErrors({});
    setNotice(null);
  };

  const goTo = (next: JoinStep) => {
    clearMessages();
    setStep(next);
  };

  /** The browser's check refused a step: its errors go on the fields, and the focus on the first, where the fix is. */
  function refuse(form: HTMLFormElement, fieldErrors: Record<string, string>) {
    setErrors(fieldErrors);
    const first = Object.keys(fieldErrors)[0];
    (form.querySelector(`[name="${first}"]`) as HTMLInputElement | null)?.focus();
  }

  /** Sends a checked step to the team's join API, the button busy meanwhile. */
  async function call<T>(path: string, body: Record<string, unknown>) {
    clearMessages();
    setPending(true);
    const reply = await api<T>("POST", `/api/teams/${encodeURIComponent(props.teamKey)}/${path}`, body);
    setPending(false);
    return reply;
  }

  async function verify(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = identityBody(identity);
    const checked = checkIdentityWith(body, M);
    if (!checked.ok) return refuse(e.currentTarget, identityErrors(checked.fields));
    const reply = await call<{ found?: boolean | null; playerName?: string | null }>("verify-player", body);
    if (!reply.ok) return failure(texts.verificationError, reply.message || texts.tryAgain);
    // By slug the server says nothing either way (found: null): a team admin checks the player.
    if (reply.data.found === null) {
      setPlayerName(typedPlayer(identity, texts.jerseyUnknown));
      setPlayerConfirmed(false);
      return goTo("account");
    }
    if (reply.data.found !== true) return failure(texts.playerNotFound, M.playerNotFound);
    setPlayerName(String(reply.data.playerName ?? ""));
    setPlayerConfirmed(true);
    goTo("account");
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = joinRequestBody(identity, account);
    const checked = checkJoinRequestWith(body, M);
    if (!checked.ok) return refuse(e.currentTarget, checked.fields);
    const reply = await call<{ message?: string }>("join-requests", body);
    if (!reply.ok) {
      const title = reply.status === 0 ? texts.submissionError : texts.requestFailed;
      return failure(title, reply.message || texts.tryAgain);
    }
    setSubmitted(reply.data.message || M.submitted(checked.value.email));
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

  // What both form steps get alike.
  const stepProps = { action: props.action, errors, pending, headingRef: heading };

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
          {...stepProps}
          values={identity}
          allowSurname={props.allowSurname}
          onChange={setIdentity}
          onSubmit={verify}
        />
      )}
      {step === "account" && (
        <AccountStep
          {...stepProps}
          identity={identity}
          values={account}
          playerName={playerName}
          playerConfirmed={playerConfirmed}
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
