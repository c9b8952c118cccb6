import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import {
  type FormFields,
  type ImportPreviewView,
  newPlayerFromForm,
  playerFormValues,
  playerPatchFromForm,
} from "../components/admin/roster/roster_forms.ts";
import { ImportPreviewTable, PlayerFields } from "../components/admin/roster/RosterParts.tsx";
import { announceRosterChange, type PanelRequest, readPanelRequest } from "../components/admin/roster/roster_panel.ts";
import { api } from "../lib/client/api.ts";
import { checkNewPlayerWith, checkPlayerPatchWith, playerMessages } from "../lib/roster/player_checks.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import type { Checked } from "../lib/validation.ts";

export interface RosterPanelProps {
  teamId: string;
  /** The roster page's path under the prefix the request used, e.g. `/admin/{id}/roster`. */
  rosterPath: string;
  /** The form the page opened (`?add=1`, `?edit=`, `?remove=`, `?import=1`); else closed until a link opens one. */
  open: PanelRequest | null;
  /** After a refused post without JavaScript: what was typed and what was wrong (`_`: the whole form). */
  values: FormFields;
  errors: Record<string, string>;
  importText: string;
  preview: ImportPreviewView | null;
}

/** A refused import names every row's problems: the preview to show. */
const isPreview = (data: unknown): data is ImportPreviewView =>
  typeof data === "object" && data !== null && "rows" in data && Array.isArray(data.rows);

const csvBody = (text: string) => new Blob([text], { type: "text/csv" });

const fieldsOf = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])) as FormFields;

/**
 * The roster's forms: add, edit and remove a player, and CSV import with a preview. Opened by the
 * RosterManager island's links (components/admin/roster/roster_panel.ts); a saved change is
 * announced to it, which shows it in the table.
 */
export default function RosterPanel(props: RosterPanelProps) {
  const { rosterPath } = props;
  const { m, t, lang } = useI18n();
  const text = m.adminRosterForms;
  const playersApi = `/api/admin/${props.teamId}/players`;
  const [panel, setPanel] = useState(props.open);
  const [errors, setErrors] = useState(props.errors);
  const [values, setValues] = useState(props.values);
  const [csv, setCsv] = useState(props.importText);
  const [preview, setPreview] = useState(props.preview);
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) heading.current?.focus();
  }, [panel]);

  const open = (next: PanelRequest | null) => {
    opened.current = true;
    setErrors({});
    setValues({});
    setPreview(null);
    setPanel(next);
  };
  const close = (e: MouseEvent) => {
    e.preventDefault();
    open(null);
  };

  function refuse(fields: Record<string, string>, message: string) {
    setErrors({ ...fields, _: message || text.error });
    heading.current?.focus();
  }
  async function run(method: "POST" | "PATCH" | "DELETE", url: string, body: unknown, success: string) {
    setPending(true);
    const reply = await api<{ imported?: number; warning?: string }>(method, url, body);
    setPending(false);
    if (reply.ok) {
      const { imported, warning } = reply.data;
      const message = typeof imported === "number" ? t(text.notices.importedCount, { count: imported }) : success;
      open(null);
      return announceRosterChange(typeof warning === "string" ? `${message}. ${warning}` : message);
    }
    if (isPreview(reply.data)) setPreview(reply.data);
    refuse(reply.fields, reply.message);
  }
  /** The same rules as the server's, before the round trip. */
  function send<T>(checked: Checked<T>, method: "POST" | "PATCH", url: string, success: string) {
    if (checked.ok) run(method, url, checked.value, success);
    else refuse(checked.fields, checked.message);
  }

  const editing = panel?.kind === "edit" || panel?.kind === "remove" ? panel.player : null;
  const submitPlayer = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = fieldsOf(e.currentTarget);
    // The server's rules, with this page's words.
    const rules = playerMessages(lang, m.players);
    if (editing) {
      const patch = checkPlayerPatchWith(playerPatchFromForm(fields), new Date().getUTCFullYear(), rules);
      send(patch, "PATCH", `${playersApi}/${editing.id}`, text.notices.updated);
    } else send(checkNewPlayerWith(newPlayerFromForm(fields), rules), "POST", playersApi, text.notices.added);
  };
  const submitRemove = (e: FormEvent) => {
    e.preventDefault();
    run("DELETE", `${playersApi}/${editing!.id}`, undefined, text.notices.removed);
  };
  const submitImport = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const dryRun = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") !== "import";
    if (!dryRun) return run("POST", `${playersApi}/import`, csvBody(csv), text.notices.imported);
    setPending(true);
    api<ImportPreviewView>("POST", `${playersApi}/import?dryRun=true`, csvBody(csv)).then((reply) => {
      setPending(false);
      setPreview(reply.ok ? reply.data : null);
      setErrors(reply.ok ? {} : { _: reply.message || text.error });
    });
  };
  const readFile = async (e: FormEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    if (file) changeCsv(await file.text());
  };
  const changeCsv = (value: string) => {
    setCsv(value);
    setPreview(null);
  };

  const cancel = <a className="button button--ghost" href={rosterPath} onClick={close}>{text.cancel}</a>;
  const title = panel?.kind === "add"
    ? text.titles.add
    : panel?.kind === "import"
    ? text.titles.import
    : editing
    ? t(panel?.kind === "edit" ? text.titles.edit : text.titles.remove, {
      jersey: String(editing.jerseyNumber),
      name: `${editing.firstName} ${editing.lastName}`,
    })
    : text.titles.notFound;

  return (
    <>
      <button type="button" hidden data-roster-panel-open="" onClick={(e) => open(readPanelRequest(e.currentTarget))}>
        {text.titles.add}
      </button>
      {panel && (
        <section className="card roster-admin__panel" aria-labelledby="roster-panel-title">
          <h2 id="roster-panel-title" ref={heading} tabIndex={-1}>{title}</h2>
          {errors._ && <div className="notice notice--error" role="alert">{errors._}</div>}
          {(panel.kind === "add" || (panel.kind === "edit" && editing)) && (
            <form
              method="post"
              action={`${rosterPath}/players${editing ? `/${editing.id}` : ""}`}
              className="form"
              noValidate
              onSubmit={submitPlayer}
              key={editing?.id ?? "new"}
            >
              <PlayerFields
                values={Object.keys(values).length ? values : editing ? playerFormValues(editing) : {}}
                errors={errors}
                full={!!editing}
              />
              <div className="form__actions">
                <button type="submit" className="button button--primary" disabled={pending}>
                  {editing ? text.saveChanges : text.addPlayer}
                </button>
                {cancel}
              </div>
            </form>
          )}
          {panel.kind === "remove" && editing && (
            <form method="post" action={`${rosterPath}/players/${editing.id}/remove`} onSubmit={submitRemove}>
              <p>{text.removeWarning}</p>
              <div className="form__actions">
                <button type="submit" className="button button--danger" disabled={pending}>
                  {text.removePlayer}
                </button>
                {cancel}
              </div>
            </form>
          )}
          {panel.kind === "import" && (
            <form
              method="post"
              action={`${rosterPath}/import`}
              encType="multipart/form-data"
              className="form"
              onSubmit={submitImport}
            >
              <p className="muted">{text.importForm.hint}</p>
              <div className="field">
                <label htmlFor="import-file">{text.importForm.file}</label>
                <input id="import-file" type="file" name="file" accept=".csv,text/csv" onChange={readFile} />
              </div>
              <div className="field">
                <label htmlFor="import-text">{text.importForm.paste}</label>
                <textarea
                  id="import-text"
                  name="csv"
                  rows={6}
                  value={csv}
                  onChange={(e) => changeCsv(e.currentTarget.value)}
                />
              </div>
              {preview && <ImportPreviewTable preview={preview} />}
              <div className="form__actions">
                <button type="submit" name="action" value="preview" className="button button--secondary">
                  {text.importForm.preview}
                </button>
                {preview && (
                  <button
                    type="submit"
                    name="action"
                    value="import"
                    className="button button--primary"
                    disabled={pending || preview.invalid > 0}
                  >
                    {text.importForm.import}
                  </button>
                )}
                {cancel}
              </div>
            </form>
          )}
        </section>
      )}
    </>
  );
}
