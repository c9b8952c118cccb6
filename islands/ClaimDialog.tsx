import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { checkClaim, type ClaimRuleTexts, MAX_NOTE_LENGTH, MAX_SURNAME_LENGTH } from "../lib/claims/rules.ts";
import { toast } from "../lib/client/toast.tsx";
import { api } from "../lib/client/api.ts";
import { ClaimSteps } from "../components/roster/ClaimSteps.tsx";
import { useI18n } from "../lib/i18n/context.tsx";

export interface ClaimDialogProps {
  teamSlug: string;
  /** The plain claim form page; the button's link before (or without) JavaScript. */
  claimPageUrl: string;
  allowSurname: boolean;
  /** The team admin's instructions, shown above the form. */
  instructions: string;
  /** Prefilled when the parent came from one player's card. */
  initialJersey: number | null;
}

type Tab = "jersey" | "surname";
type Fields = { jerseyNumber: string; childSurname: string; email: string; note: string };
type RosterPlayer = { id: string; firstName: string; lastName: string; jerseyNumber: number };
type RosterState = { status: "idle" | "loading" | "ready"; players: RosterPlayer[] };

const TABS: Tab[] = ["jersey", "surname"];

/** The roster, fetched once the dialog first opens, to confirm which player a jersey is. */
function useRoster(active: boolean, teamSlug: string): RosterState {
  const [state, setState] = useState<RosterState>({ status: "idle", players: [] });
  useEffect(() => {
    if (!active || state.status !== "idle") return;
    setState({ status: "loading", players: [] });
    // Without the roster the hint is simply missing; the claim still works.
    api<{ players?: RosterPlayer[] }>("GET", `/api/teams/${encodeURIComponent(teamSlug)}/roster`)
      .then((reply) => setState({ status: "ready", players: (reply.ok && reply.data.players) || [] }));
  }, [active]);
  return state;
}

function JerseyHint({ roster, value }: { roster: RosterState; value: string }) {
  const { m, t, lang } = useI18n();
  if (roster.status === "loading") return <>{m.claims.dialog.loadingRoster}</>;
  if (roster.status !== "ready" || !/^\d{1,2}$/.test(value.trim())) return null;
  const n = Number(value);
  const match = roster.players.filter((p) => p.jerseyNumber === n);
  if (match.length === 0) return <>{t(m.claims.rules.noJersey, { number: String(n) })}</>;
  // "#7 Maya R. or #7 Mia T.": the language's own 'or' (Intl.ListFormat).
  const players = new Intl.ListFormat(lang, { type: "disjunction" })
    .format(match.map((p) => `#${n} ${p.firstName} ${p.lastName}`));
  return <>{t(m.claims.dialog.claiming, { players })}</>;
}

export default function ClaimDialog(props: ClaimDialogProps) {
  const { m, t } = useI18n();
  const { dialog: texts, rules } = m.claims;
  // The rules run here as on the server, writing their messages in the page's language.
  const ruleTexts: ClaimRuleTexts = {
    ...rules,
    surnameLength: t(rules.surnameLength, { max: String(MAX_SURNAME_LENGTH) }),
    note: t(rules.note, { max: String(MAX_NOTE_LENGTH) }),
  };
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>("jersey");
  const [fields, setFields] = useState<Fields>({
    jerseyNumber: props.initialJersey === null ? "" : String(props.initialJersey),
    childSurname: "",
    email: "",
    note: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const roster = useRoster(open, props.teamSlug);
  const tabs = props.allowSurname ? TABS : TABS.slice(0, 1);

  useEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) el.showModal();
    if (!open && el?.open) el.close();
  }, [open]);

  const update = (name: keyof Fields) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((errs) => ({ ...errs, [name]: "" }));
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    const i = tabs.indexOf(tab);
    const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    setTab(next);
    document.getElementById(`claim-tab-${next}`)?.focus();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = tab === "jersey"
      ? { mode: "jersey", jerseyNumber: fields.jerseyNumber, email: fields.email, note: fields.note }
      : { mode: "surname", childSurname: fields.childSurname, email: fields.email, note: fields.note };
    const check = checkClaim(body, ruleTexts);
    if (!check.ok) {
      setErrors(check.fields);
      const first = Object.keys(check.fields)[0];
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setPending(true);
    const reply = await api<{ message?: string }>(
      "POST",
      `/api/teams/${encodeURIComponent(props.teamSlug)}/claims`,
      check.value,
    );
    setPending(false);
    if (!reply.ok) {
      return toast({
        title: texts.errorTitle,
        description: reply.message || `${reply.status}`,
        variant: "destructive",
      });
    }
    setFields({ jerseyNumber: "", childSurname: "", email: "", note: "" });
    // Closed before the toast, so the toast goes to the page rather than the closing dialog.
    dialog.current?.close();
    setOpen(false);
    toast({ title: texts.submittedTitle, description: reply.data.message || rules.submitted });
  }

  const field = (name: keyof Fields, label: string, input: React.ReactElement, hint?: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`claim-${name}`}>{label}</label>
      {input}
      {hint && <p className="field__hint" id={`claim-${name}-hint`} aria-live="polite">{hint}</p>}
      {errors[name] && <p className="field__error" id={`claim-${name}-error`}>{errors[name]}</p>}
    </div>
  );
  const inputProps = (name: keyof Fields) => ({
    id: `claim-${name}`,
    name,
    value: fields[name],
    onChange: update(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `claim-${name}-error` : undefined,
  });

  return (
    <>
      <div className="claim-bar">
        <a
          className="button button--primary button--block button--lg"
          href={props.claimPageUrl}
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          {texts.open}
        </a>
      </div>
      <dialog ref={dialog} className="dialog" aria-labelledby="claim-title" onClose={() => setOpen(false)}>
        {/* Toasts shown while the dialog is open live here: the page behind it is inert. */}
        <div className="toast-region toast-region--dialog" aria-live="polite"></div>
        <form ref={form} className="dialog__body" noValidate onSubmit={onSubmit}>
          <h2 id="claim-title" className="dialog__title">{texts.title}</h2>
          <p className="dialog__lead">{texts.lead}</p>
          {props.instructions && <p className="notice">{props.instructions}</p>}
          <div role="tablist" aria-label={texts.tabsLabel} className="tabs">
            {tabs.map((id) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`claim-tab-${id}`}
                aria-selected={tab === id}
                aria-controls="claim-panel"
                tabIndex={tab === id ? 0 : -1}
                className="tabs__tab"
                onClick={() => setTab(id)}
                onKeyDown={onTabKey}
              >
                {id === "jersey" ? texts.byJersey : texts.bySurname}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="claim-panel" aria-labelledby={`claim-tab-${tab}`} className="tabs__panel">
            {tab === "jersey"
              ? field(
                "jerseyNumber",
                texts.jerseyNumber,
                <input {...inputProps("jerseyNumber")} type="number" inputMode="numeric" min={0} max={99} />,
                <JerseyHint roster={roster} value={fields.jerseyNumber} />,
              )
              : field("childSurname", texts.childSurname, <input {...inputProps("childSurname")} autoComplete="off" />)}
            {field("email", texts.email, <input {...inputProps("email")} type="email" autoComplete="email" />)}
            {field(
              "note",
              texts.note,
              <textarea {...inputProps("note")} rows={2} maxLength={MAX_NOTE_LENGTH} />,
            )}
          </div>
          <ClaimSteps headingId="claim-how" />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              {texts.cancel}
            </button>
            <button type="submit" className="button button--primary" disabled={pending}>
              {pending ? texts.submitting : texts.submit}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
