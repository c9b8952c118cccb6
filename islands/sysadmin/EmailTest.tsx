import { type FormEvent, useState } from "react";
import { toast } from "../../lib/client/toast.tsx";
import { LoginField } from "../../components/login/LoginField.tsx";
import { TEST_EMAIL_TEXTS } from "../../components/login/texts.ts";
import { api } from "../../lib/client/api.ts";

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

const FAILED: Record<TestEmailType, string> = {
  "verification": TEST_EMAIL_TEXTS.verificationFailed,
  "magic-link": TEST_EMAIL_TEXTS.magicLinkFailed,
};

/** The missing-input message for `type`, or null when the form can be sent. */
function missingInput(type: TestEmailType, email: string, playerName: string): string | null {
  if (type === "verification") return email ? null : TEST_EMAIL_TEXTS.emailRequired;
  return email && playerName ? null : TEST_EMAIL_TEXTS.bothRequired;
}

function ResultItem({ result }: { result: TestEmailResult }) {
  const facts: [string, string][] = [
    ["Type", result.type],
    ["Success", result.success ? "Yes" : "No"],
    ["Email", result.email],
    ["Message", result.message],
    ["Code", String(result.code)],
  ];
  if (result.playerName) facts.push(["Player name", result.playerName]);
  if (result.token) facts.push(["Token", result.token]);
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
  const [email, setEmail] = useState(props.email);
  const [playerName, setPlayerName] = useState(props.playerName);
  const [results, setResults] = useState(props.results);
  const [pending, setPending] = useState<TestEmailType | null>(null);

  async function send(type: TestEmailType) {
    const address = email.trim();
    const name = playerName.trim();
    const missing = missingInput(type, address, name);
    if (missing) return toast({ title: "Error", description: missing, variant: "destructive" });
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
    if (result.success) toast({ title: "Test email sent", description: result.message });
    else toast({ title: FAILED[type], description: result.message, variant: "destructive" });
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
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <LoginField
          id="test-player-name"
          name="playerName"
          label="Player name"
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
            {pending === "verification" ? "Sending..." : "Test Verification Email"}
          </button>
          <button
            type="submit"
            name="type"
            value="magic-link"
            className="button button--secondary"
            disabled={!!pending}
          >
            {pending === "magic-link" ? "Sending..." : "Test Magic Link Email"}
          </button>
        </div>
      </form>
      <section className="email-test__results" aria-labelledby="test-results-title">
        <h2 id="test-results-title">Results</h2>
        {results.length === 0 ? <p className="muted">No test e-mails sent yet.</p> : (
          <ol className="test-results">
            {results.map((result, i) => <ResultItem key={results.length - i} result={result} />)}
          </ol>
        )}
      </section>
    </>
  );
}
