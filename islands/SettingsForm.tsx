import { type FormEvent, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { api } from "../lib/client/api.ts";
import { useHydrated } from "../lib/client/hydrated.ts";
import {
  SETTINGS_SWITCHES,
  settingsErrors,
  type SettingsField,
  type SettingsFormValues,
  settingsPatchFromForm,
  timeZoneGroups,
  timeZoneHint,
} from "../components/admin/settings/settings_form.ts";
import type { TimeZoneSource } from "../lib/time_zone.ts";

export interface SettingsFormProps {
  teamId: string;
  settingsPath: string;
  teamName: string;
  publicRosterUrl: string;
  values: SettingsFormValues;
  /** The zones the server accepts (IANA names and UTC), and who set the team's current one. */
  timeZones: string[];
  timeZoneSource: TimeZoneSource;
  /** A refused post without JavaScript: the save's or the deletion's message. */
  saveError: string | null;
  deleteError: string | null;
}

const failed = (description: string) => toast({ title: "Error", description, variant: "destructive" });

/** The id of a field's input, and of its error message. */
const inputIds: Record<SettingsField | "confirm", string> = {
  name: "settings-name",
  season: "settings-season",
  orgName: "settings-orgName",
  timeZone: "settings-timeZone",
  claimInstructions: "settings-instructions",
  allowedEmailDomains: "settings-domain-list",
  confirm: "settings-confirm",
};
const errorId = (field: keyof typeof inputIds) => `${inputIds[field]}-error`;

/**
 * Team settings: save (toast), copy the public roster URL, and Delete Team with the typed name.
 * Both forms are `noValidate`: a refused value is shown next to its field (aria-invalid and
 * aria-describedby), by the page route without JavaScript and by this island with it.
 */
export default function SettingsForm(props: SettingsFormProps) {
  const { values } = props;
  const hydrated = useHydrated();
  const [teamName, setTeamName] = useState(props.teamName);
  const [zoneSource, setZoneSource] = useState(props.timeZoneSource);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  /** Field → message of the last refused save; `_` is a message about no one field. */
  const [errors, setErrors] = useState(() => settingsErrors(props.saveError));
  /** The refused save the page was rendered with (without JavaScript), until the next save. */
  const [summary, setSummary] = useState(props.saveError);
  const [deleteError, setDeleteError] = useState(props.deleteError);
  const teamApi = `/api/admin/${props.teamId}`;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const fields = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
    const patch = settingsPatchFromForm(fields);
    setPending(true);
    setSummary(null);
    const reply = await api<{ settings?: { timeZoneSource?: TimeZoneSource } }>("PATCH", `${teamApi}/settings`, patch);
    setPending(false);
    if (!reply.ok) {
      const found = reply.status === 400 ? settingsErrors(reply.message, reply.fields) : {};
      setErrors(found);
      const first = Object.keys(found).find((f): f is SettingsField => f in inputIds);
      if (first) document.getElementById(inputIds[first])?.focus();
      return failed(reply.message || `${reply.status}`);
    }
    setErrors({});
    setTeamName(patch.name.trim());
    setZoneSource(reply.data.settings?.timeZoneSource ?? zoneSource);
    toast({ title: "Settings saved" });
  }

  async function remove(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    const reply = await api("DELETE", teamApi, { confirm: typed });
    setPending(false);
    if (reply.ok) return location.assign("/home");
    if (reply.status === 400) {
      setDeleteError(reply.message);
      document.getElementById(inputIds.confirm)?.focus();
    }
    failed(reply.message || `${reply.status}`);
  }

  function copy() {
    navigator.clipboard.writeText(props.publicRosterUrl).then(
      () => toast({ title: "Copied!", description: "The public roster link is on your clipboard." }),
      () => failed("Select the address and copy it."),
    );
  }

  /** What ties a field to its error (and hint): aria-invalid, aria-describedby. */
  const invalid = (field: keyof typeof inputIds, message: string | null | undefined, hintId?: string) => ({
    "aria-invalid": message ? true : undefined,
    "aria-describedby": [hintId, message ? errorId(field) : ""].filter(Boolean).join(" ") || undefined,
  });
  const fieldError = (field: keyof typeof inputIds, message: string | null | undefined) =>
    message ? <p className="field__error" id={errorId(field)}>{message}</p> : null;
  const text = (name: "name" | "season" | "orgName", label: string) => (
    <div className="field">
      <label htmlFor={inputIds[name]}>{label}</label>
      <input
        id={inputIds[name]}
        name={name}
        defaultValue={values[name]}
        required={name === "name"}
        {...invalid(name, errors[name])}
      />
      {fieldError(name, errors[name])}
    </div>
  );
  const switches = (names: string[]) =>
    SETTINGS_SWITCHES.filter((s) => names.includes(s.name)).map((s) => (
      <div className="switch" key={s.name}>
        <input
          id={`settings-${s.name}`}
          type="checkbox"
          name={s.name}
          defaultChecked={values.switches[s.name]}
          aria-describedby={`settings-${s.name}-hint`}
        />
        <label htmlFor={`settings-${s.name}`}>{s.label}</label>
        <p className="field__hint" id={`settings-${s.name}-hint`}>{s.hint}</p>
      </div>
    ));

  return (
    <div className="settings">
      <form method="post" action={props.settingsPath} className="form" noValidate onSubmit={save}>
        {summary && <div className="notice notice--error" role="alert">{summary}</div>}
        <section className="card settings__section" aria-labelledby="settings-team">
          <h2 id="settings-team">Team</h2>
          {text("name", "Team name")}
          {text("season", "Season")}
          {text("orgName", "Organization")}
          <div className="field">
            <label htmlFor={inputIds.timeZone}>Time zone</label>
            <select
              id={inputIds.timeZone}
              name="timeZone"
              defaultValue={values.timeZone}
              {...invalid("timeZone", errors.timeZone, "settings-timeZone-hint")}
            >
              {timeZoneGroups(props.timeZones).map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((zone) => <option key={zone.value} value={zone.value}>{zone.label}</option>)}
                </optgroup>
              ))}
            </select>
            <p className="field__hint" id="settings-timeZone-hint">{timeZoneHint(zoneSource)}</p>
            {fieldError("timeZone", errors.timeZone)}
          </div>
          <div className="field">
            <label htmlFor="settings-url">Public roster URL</label>
            <div className="field__with-addon">
              <input id="settings-url" value={props.publicRosterUrl} readOnly />
              <button type="button" className="button button--secondary" onClick={copy} hidden={!hydrated}>
                Copy
              </button>
            </div>
          </div>
        </section>
        <section className="card settings__section" aria-labelledby="settings-claims">
          <h2 id="settings-claims">Claim settings</h2>
          {switches(["openClaims", "allowSurnameFallback"])}
          <div className="field">
            <label htmlFor="settings-instructions">Claim instructions</label>
            <textarea
              id="settings-instructions"
              name="claimInstructions"
              rows={3}
              maxLength={500}
              defaultValue={values.claimInstructions}
              {...invalid("claimInstructions", errors.claimInstructions)}
            />
            {fieldError("claimInstructions", errors.claimInstructions)}
          </div>
        </section>
        <section className="card settings__section" aria-labelledby="settings-visibility">
          <h2 id="settings-visibility">Roster visibility</h2>
          {switches(["showPhotos", "showPositions", "showParentNames", "showLastNames"])}
        </section>
        <section className="card settings__section" aria-labelledby="settings-domains">
          <h2 id="settings-domains">Allowed email domains</h2>
          <div className="field">
            <label htmlFor="settings-domain-list">Domains, one per line</label>
            <textarea
              id="settings-domain-list"
              name="allowedEmailDomains"
              rows={3}
              defaultValue={values.allowedEmailDomains}
              {...invalid("allowedEmailDomains", errors.allowedEmailDomains, "settings-domain-hint")}
            />
            <p className="field__hint" id="settings-domain-hint">
              Claims and joins need an address at one of these domains. Leave empty to allow any.
            </p>
            {fieldError("allowedEmailDomains", errors.allowedEmailDomains)}
          </div>
        </section>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pending}>Save Settings</button>
        </div>
      </form>
      <section className="card settings__danger" aria-labelledby="settings-danger">
        <h2 id="settings-danger">Danger zone</h2>
        <p>Deleting the team removes its roster, claims, parents' access and photos. It cannot be undone.</p>
        <form method="post" action={`${props.settingsPath}/delete`} className="form" noValidate onSubmit={remove}>
          <div className="field">
            <label htmlFor="settings-confirm">{`Type the team name (${teamName}) to confirm`}</label>
            <input
              id="settings-confirm"
              name="confirm"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              {...invalid("confirm", deleteError)}
            />
            {fieldError("confirm", deleteError)}
          </div>
          <button
            type="submit"
            className="button button--danger"
            disabled={pending || (hydrated && typed !== teamName)}
          >
            Delete Team
          </button>
        </form>
      </section>
    </div>
  );
}
