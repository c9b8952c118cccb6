import { type FormEvent, useState } from "react";
import { toast } from "../../lib/client/toast.tsx";
import { LoginField } from "../../components/login/LoginField.tsx";
import { api } from "../../lib/client/api.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import type { Catalog } from "../../lib/i18n/catalog.ts";

export type TestEmailType = "verification" | "magic-link";

/** One attempt, as the result list shows it. */
export interface TestEmailResult {
  type: TestEmailType;
  success: boolean;
  email: string;
  message: string;
  /** The HTTP status of the reply. */
  code: number;
  playerName?: string;
  token?: string;
}

export interface EmailTestProps {
  email: string;
  playerName: string;
  /** Newest first. */
  results: TestEmailResult[];
}

/** The page's words (the `sysadminCampaigns` area's). */
type Texts = Catalog["sysadminCampaigns"]["emailTest"];

/** The missing-input message for `type`, or null when the form can be sent (the server checks again). */
function missingInput(texts: Texts, type: TestEmailType, email: string, playerName: string): string | null {
  if (type === "verification") return email ? null : texts.refused.emailRequired;
  return email && playerName ? null : texts.refused.bothRequired;
}

function ResultItem({ result, texts }: { result: TestEmailResult; texts: Texts }) {
  const { facts: names } = texts;
  const facts: [string, string][] = [
    [names.type, result.type === "verification" ? texts.types.verification : texts.types.magicLink],
    [names.success, result.success ? texts.yes : texts.no],
    [names.email, result.email],
    [names.message, result.message],
    [names.code, String(result.code)],
  ];
  if (result.playerName) facts.push([names.playerName, result.playerName]);
  if (result.token) facts.push([names.token, result.token]);
  return (
    <li className={`test-result${result.success ? "" : " test-result--failed"}`}>
      <dl className="test-result__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** `/email-test`: sends a test verification or sign-in mail and lists what came back. */
export default function EmailTest(props: EmailTestProps) {
  const texts = useI18n().m.sysadminCampaigns.emailTest;
  const [email, setEmail] = useState(props.email);
  const [playerName, setPlayerName] = useState(props.playerName);
  const [results, setResults] = useState(props.results);
  const [pending, setPending] = useState<TestEmailType | null>(null);

  async function send(type: TestEmailType) {
    const address = email.trim();
    const name = playerName.trim();
    const missing = missingInput(texts, type, address, name);
    if (missing) return toast({ title: texts.toasts.error, description: missing, variant: "destructive" });
    setPending(type);
    const body = type === "verification" ? { email: address } : { email: address, playerName: name };
    const reply = await api<{ message?: unknown; token?: unknown }>("POST", `/api/test-email/${type}`, body);
    setPending(null);
    const data = reply.ok ? reply.data : {};
    const said = reply.ok ? typeof data.message === "string" && data.message : reply.message;
    const result: TestEmailResult = {
      type,
      success: reply.ok,
      email: address,
      message: said || `${reply.status}`,
      code: reply.status,
      // Nothing reached the server (status 0): there is nothing more to show.
      playerName: type === "magic-link" && reply.status ? name : undefined,
      token: typeof data.token === "string" ? data.token : undefined,
    };
    setResults((list) => [result, ...list]);
    if (result.success) toast({ title: texts.toasts.sent, description: result.message });
    else {
      const title = type === "verification" ? texts.toasts.verificationFailed : texts.toasts.magicLinkFailed;
      toast({ title, description: result.message, variant: "destructive" });
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Enter in a field submits the first button, as the form does without JavaScript.
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void send(submitter?.value === "magic-link" ? "magic-link" : "verification");
  }

  return (
    <>
      <form method="post" action="/email-test" className="form card" noValidate onSubmit={onSubmit}>
        <LoginField
          id="test-email"
          name="email"
          label={texts.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <LoginField
          id="test-player-name"
          name="playerName"
          label={texts.playerName}
          autoComplete="off"
          value={playerName}
          onChange={(e) => setPlayerName(e.currentTarget.value)}
        />
        <div className="form__actions email-test__actions">
          <button
            type="submit"
            name="type"
            value="verification"
            className="button button--primary"
            disabled={!!pending}
          >
            {pending === "verification" ? texts.sending : texts.sendVerification}
          </button>
          <button
            type="submit"
            name="type"
            value="magic-link"
            className="button button--secondary"
            disabled={!!pending}
          >
            {pending === "magic-link" ? texts.sending : texts.sendMagicLink}
          </button>
        </div>
      </form>
      <section className="email-test__results" aria-labelledby="test-results-title">
        <h2 id="test-results-title">{texts.results}</h2>
        {results.length === 0 ? <p className="muted">{texts.noResults}</p> : (
          <ol className="test-results">
            {results.map((result, i) => <ResultItem key={results.length - i} result={result} texts={texts} />)}
          </ol>
        )}
      </section>
    </>
  );
}
