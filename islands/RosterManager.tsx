import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import {
  filterPlayers,
  type FormFields,
  type ImportPreviewView,
  newPlayerFromForm,
  playerFormValues,
  playerPatchFromForm,
  rosterCounts,
  type RosterPanel,
  type RosterPlayer,
} from "../components/admin/roster/roster_forms.ts";
import { ImportPreviewTable, PlayerFields, PlayerTable } from "../components/admin/roster/RosterParts.tsx";
import { useHydrated } from "../lib/client/hydrated.ts";
import { api } from "../lib/client/api.ts";
import { onPhotoChange } from "../lib/client/player_photo.ts";
import { checkNewPlayerWith, checkPlayerPatchWith, playerMessages } from "../lib/roster/player_checks.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import { TEAM_NUMBER_TEXTS } from "../lib/teams/team_numbers.ts";
import type { Checked } from "../lib/validation.ts";

export interface RosterManagerProps {
  teamId: string;
  /** The roster page's path under the prefix the request used, e.g. `/admin/{id}/roster`. */
  rosterPath: string;
  players: RosterPlayer[];
  query: string;
  panel: RosterPanel | null;
  /** After a refused post without JavaScript: what was typed and what was wrong (`_`: the whole form). */
  values: FormFields;
  errors: Record<string, string>;
  importText: string;
  preview: ImportPreviewView | null;
  /** What the last change did ('Player added'); shown in a status message, not a toast, to keep the page's script small. */
  notice: string | null;
  /** The viewer may change players' photos (a team admin, not a system administrator): 'Change photo' per row. */
  photos?: boolean;
}

/** A refused import names every row's problems: the preview to show. */
const isPreview = (data: unknown): data is ImportPreviewView =>
  typeof data === "object" && data !== null && "rows" in data && Array.isArray(data.rows);

const csvBody = (text: string) => new Blob([text], { type: "text/csv" });

const fieldsOf = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])) as FormFields;

/** Roster management: live search, add/edit/remove forms and CSV import with a preview. */
export default function RosterManager(props: RosterManagerProps) {
  const { teamId, rosterPath } = props;
  const { m, lang } = useI18n();
  const playersApi = `/api/admin/${teamId}/players`;
  const [players, setPlayers] = useState(props.players);
  const [query, setQuery] = useState(props.query);
  const [panel, setPanel] = useState(props.panel);
  const [errors, setErrors] = useState(props.errors);
  const [values, setValues] = useState(props.values);
  const [csv, setCsv] = useState(props.importText);
  const [preview, setPreview] = useState(props.preview);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState(props.notice);
  // Tells tests (and styles) that the live search and the in-page forms are working.
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) heading.current?.focus();
  }, [panel]);
  // A photo saved in the PlayerPhoto dialog shows in its row at once.
  useEffect(
    () =>
      onPhotoChange(({ playerId, photoUrlSmall, photoUrlMedium }) =>
        setPlayers((all) => all.map((p) => p.id === playerId ? { ...p, photoUrlSmall, photoUrlMedium } : p))
      ),
    [],
  );

  const open = (next: RosterPanel | null) => {
    opened.current = true;
    setErrors({});
    setNotice(null);
    setValues({});
    setPreview(null);
    setPanel(next);
  };
  const onOpen = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const { panel: kind, player } = e.currentTarget.dataset;
    open(kind === "edit" || kind === "remove" ? { kind, playerId: player! } : kind ? { kind } as RosterPanel : null);
  };

  function refuse(fields: Record<string, string>, message: string) {
    setErrors({ ...fields, _: message || "Error" });
    heading.current?.focus();
  }
  async function done(message: string) {
    const reply = await api<{ players: RosterPlayer[] }>("GET", playersApi);
    if (reply.ok) setPlayers(reply.data.players);
    open(null);
    setNotice(message);
  }
  async function run(method: "POST" | "PATCH" | "DELETE", url: string, body: unknown, success: string) {
    setPending(true);
    const reply = await api<{ imported?: number; warning?: string }>(method, url, body);
    setPending(false);
    if (reply.ok) {
      const { imported, warning } = reply.data;
      const message = typeof imported === "number"
        ? `${imported} ${imported === 1 ? "player" : "players"} imported`
        : success;
      return await done(typeof warning === "string" ? `${message}. ${warning}` : message);
    }
    if (isPreview(reply.data)) setPreview(reply.data);
    refuse(reply.fields, reply.message);
  }
  /** The same rules as the server's, before the round trip. */
  function send<T>(checked: Checked<T>, method: "POST" | "PATCH", url: string, success: string) {
    if (checked.ok) run(method, url, checked.value, success);
    else refuse(checked.fields, checked.message);
  }

  const editing = panel?.kind === "edit" || panel?.kind === "remove"
    ? players.find((p) => p.id === panel.playerId)
    : undefined;
  const submitPlayer = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = fieldsOf(e.currentTarget);
    // The server's rules, with this page's words.
    const rules = playerMessages(lang, m.players);
    if (editing) {
      const patch = checkPlayerPatchWith(playerPatchFromForm(fields), new Date().getUTCFullYear(), rules);
      send(patch, "PATCH", `${playersApi}/${editing.id}`, "Player updated");
    } else send(checkNewPlayerWith(newPlayerFromForm(fields), rules), "POST", playersApi, "Player added");
  };
  const submitRemove = (e: FormEvent) => {
    e.preventDefault();
    run("DELETE", `${playersApi}/${editing!.id}`, undefined, "Player removed");
  };
  const submitImport = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const dryRun = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") !== "import";
    if (!dryRun) return run("POST", `${playersApi}/import`, csvBody(csv), "Players imported");
    setPending(true);
    api<ImportPreviewView>("POST", `${playersApi}/import?dryRun=true`, csvBody(csv)).then((reply) => {
      setPending(false);
      setPreview(reply.ok ? reply.data : null);
      setErrors(reply.ok ? {} : { _: reply.message || "Error" });
    });
  };
  const readFile = async (e: FormEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    if (file) changeCsv(await file.text());
  };
  const changeCsv = (text: string) => {
    setCsv(text);
    setPreview(null);
  };

  const counts = rosterCounts(players);
  const shown = filterPlayers(players, query);
  const cancel = <a className="button button--ghost" href={rosterPath} onClick={onOpen}>Cancel</a>;
  const formError = errors._ && <div className="notice notice--error" role="alert">{errors._}</div>;
  const title = panel?.kind === "add"
    ? "Add Player"
    : panel?.kind === "import"
    ? "Import CSV"
    : editing
    ? `${panel?.kind === "edit" ? "Edit" : "Remove"} #${editing.jerseyNumber} ${editing.firstName} ${editing.lastName}`
    : "Player not found";

  return (
    <div className="roster-admin" data-hydrated={hydrated || undefined}>
      {notice && <div className="notice notice--success" role="status">{notice}</div>}
      <div className="roster-admin__toolbar">
        <a className="button button--primary" href={`${rosterPath}?add=1`} data-panel="add" onClick={onOpen}>
          Add Player
        </a>
        <a className="button button--secondary" href={`${rosterPath}?import=1`} data-panel="import" onClick={onOpen}>
          Import CSV
        </a>
        <a className="button button--secondary" href={`${playersApi}/export`} download>Export CSV</a>
        <a className="button button--secondary" href={`${rosterPath}/print`}>Generate PDF</a>
      </div>
      <dl className="stats roster-admin__counts">
        {([
          [TEAM_NUMBER_TEXTS.players, counts.total],
          ["With photos", counts.withPhotos],
          ["With positions", counts.withPositions],
          [TEAM_NUMBER_TEXTS.playersWithParent, counts.withParent],
        ] as const).map(([label, value]) => (
          <div className="stats__item" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {panel && (
        <section className="card roster-admin__panel" aria-labelledby="roster-panel-title">
          <h2 id="roster-panel-title" ref={heading} tabIndex={-1}>{title}</h2>
          {formError}
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
                  {editing ? "Save Changes" : "Add Player"}
                </button>
                {cancel}
              </div>
            </form>
          )}
          {panel.kind === "remove" && editing && (
            <form method="post" action={`${rosterPath}/players/${editing.id}/remove`} onSubmit={submitRemove}>
              <p>This removes the player and their parent links from the roster. It cannot be undone.</p>
              <div className="form__actions">
                <button type="submit" className="button button--danger" disabled={pending}>Remove Player</button>
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
              <p className="muted">
                Header row: firstName, lastName, jerseyNumber, position, parentEmails. Nothing is saved until you press
                Import.
              </p>
              <div className="field">
                <label htmlFor="import-file">CSV file</label>
                <input id="import-file" type="file" name="file" accept=".csv,text/csv" onChange={readFile} />
              </div>
              <div className="field">
                <label htmlFor="import-text">Or paste the CSV</label>
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
                  Preview
                </button>
                {preview && (
                  <button
                    type="submit"
                    name="action"
                    value="import"
                    className="button button--primary"
                    disabled={pending || preview.invalid > 0}
                  >
                    Import
                  </button>
                )}
                {cancel}
              </div>
            </form>
          )}
        </section>
      )}
      <form role="search" method="get" action={rosterPath} className="roster-admin__search">
        <label htmlFor="roster-search">Search by name or jersey number</label>
        <input
          id="roster-search"
          type="search"
          name="q"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        <button type="submit" className="button button--secondary">Search</button>
      </form>
      <p className="muted" role="status">
        {`Showing ${shown.length} of ${players.length} ${players.length === 1 ? "player" : "players"}`}
      </p>
      <PlayerTable
        players={shown}
        rosterPath={rosterPath}
        query={query.trim()}
        onOpen={onOpen}
        photos={props.photos === true}
      />
    </div>
  );
}
