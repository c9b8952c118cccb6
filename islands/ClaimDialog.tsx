import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { checkClaim, CLAIM_MESSAGES, MAX_NOTE_LENGTH } from "../lib/claims/rules.ts";
import { toast } from "../lib/client/toast.tsx";
import { api } from "../lib/client/api.ts";
import { ClaimSteps } from "../components/roster/ClaimSteps.tsx";

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

const TABS: { id: Tab; label: string }[] = [
  { id: "jersey", label: "By Jersey Number" },
  { id: "surname", label: "By Child Surname" },
];

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
  if (roster.status === "loading") return <>Loading roster...</>;
  if (roster.status !== "ready" || !/^\d{1,2}$/.test(value.trim())) return null;
  const n = Number(value);
  const match = roster.players.filter((p) => p.jerseyNumber === n);
  if (match.length === 0) return <>{CLAIM_MESSAGES.noJersey(n)}</>;
  return <>Claiming {match.map((p) => `#${n} ${p.firstName} ${p.lastName}`).join(" or ")}</>;
}

export default function ClaimDialog(props: ClaimDialogProps) {
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
    const i = tabs.findIndex((t) => t.id === tab);
    const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    setTab(next.id);
    document.getElementById(`claim-tab-${next.id}`)?.focus();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = tab === "jersey"
      ? { mode: "jersey", jerseyNumber: fields.jerseyNumber, email: fields.email, note: fields.note }
      : { mode: "surname", childSurname: fields.childSurname, email: fields.email, note: fields.note };
    const check = checkClaim(body);
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
      return toast({ title: "Error", description: reply.message || `${reply.status}`, variant: "destructive" });
    }
    setFields({ jerseyNumber: "", childSurname: "", email: "", note: "" });
    // Closed before the toast, so the toast goes to the page rather than the closing dialog.
    dialog.current?.close();
    setOpen(false);
    toast({ title: "Claim Submitted", description: reply.data.message || CLAIM_MESSAGES.submitted });
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
          Claim or update this player
        </a>
      </div>
      <dialog ref={dialog} className="dialog" aria-labelledby="claim-title" onClose={() => setOpen(false)}>
        {/* Toasts shown while the dialog is open live here: the page behind it is inert. */}
        <div className="toast-region toast-region--dialog" aria-live="polite"></div>
        <form ref={form} className="dialog__body" noValidate onSubmit={onSubmit}>
          <h2 id="claim-title" className="dialog__title">Claim Player</h2>
          <p className="dialog__lead">Tell us which player is your child. A team admin reviews every claim.</p>
          {props.instructions && <p className="notice">{props.instructions}</p>}
          <div role="tablist" aria-label="How to find your child" className="tabs">
            {tabs.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`claim-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls="claim-panel"
                tabIndex={tab === t.id ? 0 : -1}
                className="tabs__tab"
                onClick={() => setTab(t.id)}
                onKeyDown={onTabKey}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="claim-panel" aria-labelledby={`claim-tab-${tab}`} className="tabs__panel">
            {tab === "jersey"
              ? field(
                "jerseyNumber",
                "Jersey Number",
                <input {...inputProps("jerseyNumber")} type="number" inputMode="numeric" min={0} max={99} />,
                <JerseyHint roster={roster} value={fields.jerseyNumber} />,
              )
              : field("childSurname", "Child's Surname", <input {...inputProps("childSurname")} autoComplete="off" />)}
            {field("email", "Your Email", <input {...inputProps("email")} type="email" autoComplete="email" />)}
            {field(
              "note",
              "Note (optional)",
              <textarea {...inputProps("note")} rows={2} maxLength={MAX_NOTE_LENGTH} />,
            )}
          </div>
          <ClaimSteps headingId="claim-how" />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={pending}>
              {pending ? "Submitting..." : "Submit Claim"}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
