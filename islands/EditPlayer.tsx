import { type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { api } from "../lib/client/api.ts";
import { checkPlayerEditWith, playerMessages } from "../lib/roster/player_checks.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import { type EditablePlayer, fieldsOf, type PlayerFields } from "../components/edit/edit_form.ts";
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

/** What the edit calls answer (`/api/edit`, `PATCH /api/players/{id}`, `POST …/emails`). */
interface EditReply {
  message?: string;
  player?: EditablePlayer;
  playerEmails?: string[];
}

/**
 * `/edit?token=…`: the page a claim approval e-mails. The HTML spends nothing (mail scanners
 * open links); this island's own call spends the single-use token and opens a one-hour edit
 * session for this browser, then shows the form.
 */
export default function EditPlayer({ token }: EditPlayerProps) {
  const { m, t, lang } = useI18n();
  const texts = m.edit;
  const failure = (description: string) => toast({ title: texts.error, description, variant: "destructive" });
  const [state, setState] = useState<State>({ status: "loading" });
  const [values, setValues] = useState<PlayerFields | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [newEmail, setNewEmail] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    api<EditReply>("GET", `/api/edit?token=${encodeURIComponent(token)}`).then((reply) => {
      const player = reply.ok ? reply.data.player : undefined;
      if (!player) {
        return setState({ status: "denied", message: (!reply.ok && reply.message) || texts.api.invalid });
      }
      setValues(fieldsOf(player));
      setState({ status: "ready", player, emails: (reply.ok && reply.data.playerEmails) || [] });
    });
  }, []);

  // The new state's heading takes focus, so screen readers hear the outcome.
  useEffect(() => {
    if (state.status !== "loading") heading.current?.focus();
  }, [state.status]);

  if (state.status === "loading") {
    return (
      <div className="edit-state" role="status">
        <span className="spinner" aria-hidden="true"></span>
        <p>{texts.validating}</p>
      </div>
    );
  }
  if (state.status === "denied") {
    return (
      <div className="empty-state edit-state">
        <h1 ref={heading} tabIndex={-1}>{texts.accessDenied}</h1>
        <p>{state.message}</p>
        <p className="muted">{texts.spentHint}</p>
        <a className="button button--primary" href="/">{texts.goToRoster}</a>
      </div>
    );
  }
  const { player, emails } = state;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!values) return;
    // The server's rules, with this page's words.
    const checked = checkPlayerEditWith({ ...values }, location.origin, playerMessages(lang, m.players));
    if (!checked.ok) {
      setErrors(checked.fields);
      failure(checked.message);
      const first = Object.keys(checked.fields)[0];
      (e.currentTarget.querySelector(`[name="${first}"]`) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    const reply = await api<EditReply>("PATCH", `/api/players/${encodeURIComponent(player.id)}`, { ...values });
    setSaving(false);
    if (!reply.ok || !reply.data.player) {
      setErrors(reply.ok ? {} : reply.fields);
      return failure((!reply.ok && reply.message) || texts.error);
    }
    const saved = reply.data.player;
    setValues(fieldsOf(saved));
    setState({ status: "ready", player: saved, emails });
    toast({ title: reply.data.message || texts.api.updated });
  }

  async function addEmail(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = newEmail.trim();
    // The API's own rule; it answers with its message for anything else.
    if (!email.includes("@")) {
      setEmailError(texts.emails.invalid);
      return failure(texts.emails.invalid);
    }
    setEmailError(undefined);
    setAdding(true);
    const reply = await api<EditReply>("POST", `/api/players/${encodeURIComponent(player.id)}/emails`, { email });
    setAdding(false);
    if (!reply.ok) return failure(reply.message || texts.error);
    const playerEmails = Array.isArray(reply.data.playerEmails) ? reply.data.playerEmails : emails;
    setState({ status: "ready", player, emails: playerEmails });
    setNewEmail("");
    toast({ title: reply.data.message || texts.api.emailAdded });
  }

  return (
    <div className="edit-player">
      <h1 ref={heading} tabIndex={-1}>{t(texts.heading, { name: `${player.firstName} ${player.lastName}` })}</h1>
      <p className="muted">{texts.lead}</p>
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
        <h2 className="info-box__title" id="edit-notice-title">{texts.notice.title}</h2>
        <p>{t(texts.notice.text, { name: player.firstName })}</p>
      </aside>
    </div>
  );
}
