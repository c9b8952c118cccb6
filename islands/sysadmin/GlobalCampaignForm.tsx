import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { api } from "../../lib/client/api.ts";
import { toast } from "../../lib/client/toast.tsx";
import { signedOut } from "../../lib/client/signed_out.ts";
import { SNOOZE_CHOICES } from "../../lib/campaigns/limits.ts";
import { formatCampaignTime } from "../../lib/campaigns/display.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import type { AdminCampaign } from "../../lib/campaigns/mod.ts";
import {
  type ConsoleCampaign,
  consoleCampaign,
  globalBodyFromForm,
  type GlobalFormState,
  globalFormValues,
} from "../../components/sysadmin/global_campaigns.ts";

export interface GlobalCampaignFormProps {
  /** One page of the global campaigns, newest first. */
  campaigns: ConsoleCampaign[];
  /** The form's values and messages (a refused post without JavaScript comes back filled in). */
  form: GlobalFormState;
  /** Show the form open on the page (after a refused post without JavaScript). */
  open: boolean;
  /** SPEC.md's delete confirmation, in the page's language (the `campaigns` area's). */
  deleteQuestion: string;
}

const TYPES = ["poll", "question", "fun_fact", "newsflash"] as const;
const API = "/api/admin/campaigns";
const DIALOG_ID = "deploy-campaign";

/**
 * The stat cards the server rendered outside the island (`data-live-count="activeCampaigns|
 * pendingCampaigns|totalCampaigns"`, the number in `.console-stat__value`) follow each change.
 */
function recount(delta: Partial<Record<string, number>>) {
  for (const el of document.querySelectorAll<HTMLElement>("[data-live-count]")) {
    const value = el.querySelector(".console-stat__value");
    const by = delta[el.dataset.liveCount ?? ""];
    if (value && by) value.textContent = String(Math.max(0, (parseInt(value.textContent ?? "", 10) || 0) + by));
  }
}

const countOf = (isActive: boolean, by: number): Record<string, number> => ({
  [isActive ? "activeCampaigns" : "pendingCampaigns"]: by,
});

/** The system administrator's session ended: SPEC.md's toast, then the console's sign-in. */
const sysadminSignedOut = () => signedOut("/sysadmin");

/**
 * The console's Campaigns tab: 'Create Campaign' opens 'Deploy New Global Campaign', and the
 * active and inactive tables with Activate/Deactivate and Delete. Every control is a plain
 * form (or a link to the form on the page) until this island wakes; then they call
 * `/api/admin/campaigns` and the tables, and the stat cards, change in place.
 */
export default function GlobalCampaignForm({ campaigns, form, open, deleteQuestion }: GlobalCampaignFormProps) {
  // The campaign types' names and the console's own words, in the page's language.
  const { m, t, lang } = useI18n();
  const s = m.sysadminCampaigns;
  const T = s.toasts;
  const f = s.form;
  const nowStatus = (row: ConsoleCampaign) => t(T.nowStatus, { title: row.title, status: s.statuses[row.status] });
  const [rows, setRows] = useState(campaigns);
  const [errors, setErrors] = useState(form.errors);
  const [message, setMessage] = useState(form.message);
  const [busy, setBusy] = useState("");
  // A new object each time, so focusing the same element twice runs the effect twice.
  const [focus, setFocus] = useState<{ id: string } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const { values } = form;

  useEffect(() => {
    if (focus) document.getElementById(focus.id)?.focus();
  }, [focus]);

  const openDialog = (e: MouseEvent) => {
    e.preventDefault();
    const el = dialog.current!;
    if (el.open) el.close();
    el.showModal();
  };
  const closeDialog = (e: MouseEvent) => {
    e.preventDefault();
    dialog.current?.close();
  };

  async function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const body = globalBodyFromForm(globalFormValues(Object.fromEntries(new FormData(formEl))));
    const refuse = (text: string, fields: Record<string, string>) => {
      setErrors(fields);
      setMessage(text);
      toast({ title: T.createFailed, description: text, variant: "destructive" });
      const first = Object.keys(fields)[0];
      if (first) formEl.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    };
    // The server checks it, and answers each refused field's message in the page's language: the
    // rules and all their messages would not fit in this island's budget beside its tables.
    setBusy("create");
    const reply = await api<AdminCampaign>("POST", API, body);
    setBusy("");
    if (!reply.ok) {
      if (reply.status === 401) return sysadminSignedOut();
      return refuse(reply.message || `${reply.status}`, reply.fields);
    }
    const created = consoleCampaign(reply.data);
    setRows((list) => [created, ...list]);
    recount({ totalCampaigns: 1, ...countOf(created.isActive, 1) });
    setErrors({});
    setMessage(null);
    formEl.reset();
    // Closed before the toast, so the toast goes to the page rather than the closing dialog.
    dialog.current?.close();
    toast({ title: T.deployed, description: nowStatus(created) });
    setFocus({ id: `console-title-${created.id}` });
  }

  async function onToggle(e: FormEvent, row: ConsoleCampaign) {
    e.preventDefault();
    setBusy(row.id);
    const reply = await api<AdminCampaign>("PATCH", `${API}/${row.id}`, { isActive: !row.isActive });
    setBusy("");
    if (!reply.ok) {
      if (reply.status === 401) return sysadminSignedOut();
      return toast({ title: T.statusFailed, description: reply.message || `${reply.status}`, variant: "destructive" });
    }
    const next = consoleCampaign(reply.data);
    setRows((list) => list.map((r) => r.id === row.id ? next : r));
    recount({ ...countOf(row.isActive, -1), ...countOf(next.isActive, 1) });
    toast({ title: next.isActive ? T.activated : T.deactivated, description: nowStatus(next) });
    setFocus({ id: `console-toggle-${row.id}` });
  }

  async function onDelete(e: FormEvent, row: ConsoleCampaign) {
    e.preventDefault();
    if (!confirm(deleteQuestion)) return;
    setBusy(row.id);
    const reply = await api("DELETE", `${API}/${row.id}`);
    setBusy("");
    if (!reply.ok) {
      if (reply.status === 401) return sysadminSignedOut();
      return toast({ title: T.deleteFailed, description: reply.message || `${reply.status}`, variant: "destructive" });
    }
    setRows((list) => list.filter((r) => r.id !== row.id));
    recount({ totalCampaigns: -1, ...countOf(row.isActive, -1) });
    toast({ title: T.deleted, description: t(T.gone, { title: row.title }) });
    setFocus({ id: `console-${row.isActive ? "active" : "inactive"}-heading` });
  }

  const field = (name: string, label: string, control: (a: object) => ReactNode, hint?: string) => {
    const id = `gc-${name}`;
    const error = errors[name];
    const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {control({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
        {hint && <p className="field__hint" id={`${id}-hint`}>{hint}</p>}
        {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
      </div>
    );
  };
  const input = (name: keyof typeof values, label: string, type = "text", hint?: string) =>
    field(name, label, (a) => <input {...a} type={type} defaultValue={String(values[name])} />, hint);
  const textarea = (name: keyof typeof values, label: string) =>
    field(name, label, (a) => <textarea {...a} rows={3} defaultValue={String(values[name])} />);

  const table = (active: boolean) => {
    const list = rows.filter((r) => r.isActive === active);
    const kind = active ? "active" : "inactive";
    const columns = s.tables;
    const dates = active
      ? [[columns.published, "published"], [columns.expires, "expires"]] as const
      : [[columns.created, "created"]] as const;
    const when = (iso: string | null) => iso ? formatCampaignTime(iso, lang) : columns.never;
    return (
      <section className="card console-list" aria-labelledby={`console-${kind}-heading`}>
        <h3 id={`console-${kind}-heading`} tabIndex={-1}>
          {active ? columns.active : columns.inactive} <span className="badge">{list.length}</span>
        </h3>
        {list.length === 0
          ? <p className="muted">{active ? columns.noActive : columns.noInactive}</p>
          : (
            <div className="admin-table-wrap">
              <table className="admin-table admin-table--stack console-table">
                <thead>
                  <tr>
                    <th scope="col">{columns.title}</th>
                    <th scope="col">{columns.text}</th>
                    <th scope="col">{columns.type}</th>
                    <th scope="col">{columns.status}</th>
                    <th scope="col">{columns.scope}</th>
                    {dates.map(([label]) => <th key={label} scope="col">{label}</th>)}
                    <th scope="col">{columns.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((r) => (
                    <tr key={r.id}>
                      <th scope="row" id={`console-title-${r.id}`} tabIndex={-1} data-label={columns.title}>
                        {r.title}
                      </th>
                      <td data-label={columns.text} className="console-table__text">{r.text}</td>
                      <td data-label={columns.type}>{m.campaigns.types[r.type]}</td>
                      <td data-label={columns.status}>
                        <span className={`status campaign-status campaign-status--${r.status.toLowerCase()}`}>
                          {s.statuses[r.status]}
                        </span>
                      </td>
                      <td data-label={columns.scope}>{columns.global}</td>
                      {dates.map(([label, key]) => <td key={key} data-label={label}>{when(r[key])}</td>)}
                      <td className="admin-table__actions">
                        <div className="console-actions">
                          <form
                            method="post"
                            action={`/sysadmin/campaigns/${r.id}/status`}
                            onSubmit={(e) => onToggle(e, r)}
                          >
                            <input type="hidden" name="isActive" value={String(!r.isActive)} />
                            <button
                              id={`console-toggle-${r.id}`}
                              type="submit"
                              className="button button--secondary button--sm"
                              disabled={busy === r.id}
                            >
                              {r.isActive ? columns.deactivate : columns.activate}
                              <span className="visually-hidden">{` ${r.title}`}</span>
                            </button>
                          </form>
                          <form
                            method="post"
                            action={`/sysadmin/campaigns/${r.id}/delete`}
                            onSubmit={(e) => onDelete(e, r)}
                          >
                            <button type="submit" className="button button--danger button--sm" disabled={busy === r.id}>
                              {columns.delete}
                              <span className="visually-hidden">{` ${r.title}`}</span>
                            </button>
                          </form>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
      </section>
    );
  };

  return (
    <div className="console-campaigns">
      <p className="console-campaigns__bar">
        <a className="button button--primary" href={`#${DIALOG_ID}`} onClick={openDialog}>{f.create}</a>
      </p>
      <dialog
        ref={dialog}
        id={DIALOG_ID}
        className="dialog console-dialog"
        aria-labelledby="deploy-title"
        open={open || undefined}
      >
        {/* Toasts shown while the dialog is open live here: the page behind it is inert. */}
        <div className="toast-region toast-region--dialog" aria-live="polite"></div>
        <form
          method="post"
          action="/sysadmin/campaigns"
          className="dialog__body form console-form"
          noValidate
          onSubmit={onCreate}
        >
          <h2 id="deploy-title" className="dialog__title">{f.title}</h2>
          <p className="dialog__lead">{f.lead}</p>
          {message && <div className="notice notice--error" role="alert">{message}</div>}
          {input("title", f.titleLabel)}
          {field("type", f.type, (a) => (
            <select {...a} defaultValue={values.type}>
              {TYPES.map((type) => <option key={type} value={type}>{m.campaigns.types[type]}</option>)}
            </select>
          ))}
          <fieldset className="console-part console-part--poll">
            <legend>{m.campaigns.types.poll}</legend>
            {input("pollQuestion", f.pollQuestion)}
            {input("pollOption1", f.option1)}
            {input("pollOption2", f.option2)}
          </fieldset>
          <div className="console-part console-part--question">{textarea("questionText", f.questionText)}</div>
          <div className="console-part console-part--fun_fact">{textarea("factText", f.factText)}</div>
          <div className="console-part console-part--newsflash">{textarea("newsText", f.newsText)}</div>
          <div className="console-form__row">
            {input("publishAt", f.publishAt, "datetime-local", f.publishHint)}
            {input("expiresAt", f.expiresAt, "datetime-local", f.expiresHint)}
          </div>
          <div className="console-form__row">
            <label className="choice">
              <input name="isActive" type="checkbox" value="on" defaultChecked={values.isActive} /> {f.active}
            </label>
            <label className="choice">
              <input name="isSnoozable" type="checkbox" value="on" defaultChecked={values.isSnoozable} /> {f.snoozable}
            </label>
            {field("snoozeDays", f.snoozeDays, (a) => (
              <select {...a} defaultValue={values.snoozeDays}>
                {SNOOZE_CHOICES.map((days) => <option key={days} value={String(days)}>{days}</option>)}
              </select>
            ))}
          </div>
          <div className="dialog__actions">
            <a className="button button--secondary" href="/sysadmin" onClick={closeDialog}>{f.cancel}</a>
            <button type="submit" className="button button--primary" disabled={busy === "create"}>
              {busy === "create" ? f.deploying : f.deploy}
            </button>
          </div>
        </form>
      </dialog>
      {table(true)}
      {table(false)}
    </div>
  );
}
