import { type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { checkPlayerEdit } from "../lib/roster/player_rules.ts";
import { EDIT_TEXTS, type EditablePlayer, fieldsOf, type PlayerFields } from "../components/edit/edit_texts.ts";
import { PlayerForm } from "../components/edit/PlayerForm.tsx";
import { ParentEmails } from "../components/edit/ParentEmails.tsx";

export interface EditPlayerProps {
  token: string;
}

type State =
  | { status: "loading" }
  | { status: "denied"; message: string }
  | { status: "ready"; player: EditablePlayer; emails: string[] };

type FieldErrors = Partial<Record<keyof PlayerFields, string>>;

interface Reply {
  ok: boolean;
  data: Record<string, unknown>;
}

/** Calls the API with the edit-session cookie; rejects only when the server cannot be reached. */
async function call(url: string, method = "GET", body?: unknown): Promise<Reply> {
  const res = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  return { ok: res.ok, data: typeof data === "object" && data !== null ? data : {} };
}

const messageOf = (reply: Reply, fallback: string) =>
  typeof reply.data.message === "string" && reply.data.message ? reply.data.message : fallback;
const failure = (description: string) => toast({ title: EDIT_TEXTS.error, description, variant: "destructive" });

/**
 * `/edit?token=…`: the page a claim approval e-mails. The HTML spends nothing (mail scanners
 * open links); this island's own call spends the single-use token and opens a one-hour edit
 * session for this browser, then shows the form.
 */
export default function EditPlayer({ token }: EditPlayerProps) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [values, setValues] = useState<PlayerFields | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [newEmail, setNewEmail] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    call(`/api/edit?token=${encodeURIComponent(token)}`)
      .then((reply) => {
        const player = reply.data.player as EditablePlayer | undefined;
        if (!reply.ok || !player) {
          return setState({ status: "denied", message: messageOf(reply, EDIT_TEXTS.invalidToken) });
        }
        setValues(fieldsOf(player));
        setState({ status: "ready", player, emails: (reply.data.playerEmails as string[]) ?? [] });
      })
      .catch(() => setState({ status: "denied", message: EDIT_TEXTS.cannotConnect }));
  }, []);

  // The new state's heading takes focus, so screen readers hear the outcome.
  useEffect(() => {
    if (state.status !== "loading") heading.current?.focus();
  }, [state.status]);

  if (state.status === "loading") {
    return (
      <div className="edit-state" role="status">
        <span className="spinner" aria-hidden="true"></span>
        <p>{EDIT_TEXTS.validating}</p>
      </div>
    );
  }
  if (state.status === "denied") {
    return (
      <div className="empty-state edit-state">
        <h1 ref={heading} tabIndex={-1}>{EDIT_TEXTS.accessDenied}</h1>
        <p>{state.message}</p>
        <p className="muted">Edit links work once. Ask your team admin to send you a new one.</p>
        <a className="button button--primary" href="/">Go to Roster</a>
      </div>
    );
  }
  const { player, emails } = state;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!values) return;
    const checked = checkPlayerEdit({ ...values }, location.origin);
    if (!checked.ok) {
      setErrors(checked.fields);
      failure(checked.message);
      const first = Object.keys(checked.fields)[0];
      (e.currentTarget.querySelector(`[name="${first}"]`) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const reply = await call(`/api/players/${encodeURIComponent(player.id)}`, "PATCH", { ...values });
      const saved = reply.data.player as EditablePlayer | undefined;
      if (!reply.ok || !saved) {
        setErrors((reply.data.fields as FieldErrors) ?? {});
        return failure(messageOf(reply, EDIT_TEXTS.error));
      }
      setValues(fieldsOf(saved));
      setState({ status: "ready", player: saved, emails });
      toast({ title: messageOf(reply, EDIT_TEXTS.updated) });
    } catch {
      failure(EDIT_TEXTS.cannotConnect);
    } finally {
      setSaving(false);
    }
  }

  async function addEmail(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = newEmail.trim();
    // The API's own rule; it answers with its message for anything else.
    if (!email.includes("@")) {
      setEmailError(EDIT_TEXTS.emailRequired);
      return failure(EDIT_TEXTS.emailRequired);
    }
    setEmailError(undefined);
    setAdding(true);
    try {
      const reply = await call(`/api/players/${encodeURIComponent(player.id)}/emails`, "POST", { email });
      if (!reply.ok) return failure(messageOf(reply, EDIT_TEXTS.error));
      const playerEmails = Array.isArray(reply.data.playerEmails) ? reply.data.playerEmails as string[] : emails;
      setState({ status: "ready", player, emails: playerEmails });
      setNewEmail("");
      toast({ title: messageOf(reply, EDIT_TEXTS.emailAdded) });
    } catch {
      failure(EDIT_TEXTS.cannotConnect);
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="edit-player">
      <h1 ref={heading} tabIndex={-1}>Edit {player.firstName} {player.lastName}</h1>
      <p className="muted">Changes show on the team roster as soon as you save.</p>
      <PlayerForm
        values={values ?? fieldsOf(player)}
        errors={errors}
        saving={saving}
        onChange={(name, value) => setValues((v) => v && { ...v, [name]: value })}
        onSubmit={save}
      />
      <ParentEmails
        emails={emails}
        newEmail={newEmail}
        error={emailError}
        adding={adding}
        onChange={setNewEmail}
        onSubmit={addEmail}
      />
      <aside className="info-box edit-notice" aria-labelledby="edit-notice-title">
        <h2 className="info-box__title" id="edit-notice-title">Security Notice</h2>
        <p>
          This edit link expires after use: it has now been spent, and this browser can edit{" "}
          {player.firstName}'s details for one hour. For changes later, sign in or ask your team admin for a new link.
        </p>
      </aside>
    </div>
  );
}
