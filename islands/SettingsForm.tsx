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
  type SettingsRefusal,
  type SwitchName,
  timeZoneGroupsIn,
  timeZoneHintIn,
} from "../components/admin/settings/settings_fields.ts";
import type { TimeZoneSource } from "../lib/time_zone.ts";
import { useI18n } from "../lib/i18n/context.tsx";

export interface SettingsFormProps {
  teamId: string;
  settingsPath: string;
  teamName: string;
  publicRosterUrl: string;
  values: SettingsFormValues;
  /** The zones the server accepts (IANA names and UTC), and who set the team's current one. */
  timeZones: string[];
  timeZoneSource: TimeZoneSource;
  /** A refused post without JavaScript: the save's message and fields, or the deletion's message (in the page's language). */
  saveError: SettingsRefusal | null;
  deleteError: string | null;
}

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
  const { m, t } = useI18n();
  const T = m.adminSettings;
  const hydrated = useHydrated();
  const [teamName, setTeamName] = useState(props.teamName);
  const [zoneSource, setZoneSource] = useState(props.timeZoneSource);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  /** Field → message of the last refused save; `_` is a message about no one field. */
  const [errors, setErrors] = useState(() => settingsErrors(T, props.saveError));
  /** The refused save the page was rendered with (without JavaScript), until the next save. */
  const [summary, setSummary] = useState(props.saveError?.message ?? null);
  const [deleteError, setDeleteError] = useState(props.deleteError);
  const teamApi = `/api/admin/${props.teamId}`;
  const failed = (description: string) => toast({ title: T.errorTitle, description, variant: "destructive" });

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
      const found = reply.status === 400 ? settingsErrors(T, reply) : {};
      setErrors(found);
      const first = Object.keys(found).find((f): f is SettingsField => f in inputIds);
      if (first) document.getElementById(inputIds[first])?.focus();
      return failed(reply.message || `${reply.status}`);
    }
    setErrors({});
    setTeamName(patch.name.trim());
    setZoneSource(reply.data.settings?.timeZoneSource ?? zoneSource);
    toast({ title: T.saved });
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
      () => toast({ title: T.copied, description: T.copiedText }),
      () => failed(T.copyFailed),
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
  const switches = (names: SwitchName[]) =>
    SETTINGS_SWITCHES.filter((name) => names.includes(name)).map((name) => (
      <div className="switch" key={name}>
        <input
          id={`settings-${name}`}
          type="checkbox"
          name={name}
          defaultChecked={values.switches[name]}
          aria-describedby={`settings-${name}-hint`}
        />
        <label htmlFor={`settings-${name}`}>{T.switches[name].label}</label>
        <p className="field__hint" id={`settings-${name}-hint`}>{T.switches[name].hint}</p>
      </div>
    ));

  return (
    <div className="settings">
      <form method="post" action={props.settingsPath} className="form" noValidate onSubmit={save}>
        {summary && <div className="notice notice--error" role="alert">{summary}</div>}
        <section className="card settings__section" aria-labelledby="settings-team">
          <h2 id="settings-team">{T.team.heading}</h2>
          {text("name", T.team.name)}
          {text("season", T.team.season)}
          {text("orgName", T.team.orgName)}
          <div className="field">
            <label htmlFor={inputIds.timeZone}>{T.team.timeZone}</label>
            <select
              id={inputIds.timeZone}
              name="timeZone"
              defaultValue={values.timeZone}
              {...invalid("timeZone", errors.timeZone, "settings-timeZone-hint")}
            >
              {timeZoneGroupsIn(T, props.timeZones).map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((zone) => <option key={zone.value} value={zone.value}>{zone.label}</option>)}
                </optgroup>
              ))}
            </select>
            <p className="field__hint" id="settings-timeZone-hint">{timeZoneHintIn(T, zoneSource)}</p>
            {fieldError("timeZone", errors.timeZone)}
          </div>
          <div className="field">
            <label htmlFor="settings-url">{T.team.publicRosterUrl}</label>
            <div className="field__with-addon">
              <input id="settings-url" value={props.publicRosterUrl} readOnly />
              <button type="button" className="button button--secondary" onClick={copy} hidden={!hydrated}>
                {T.team.copy}
              </button>
            </div>
          </div>
        </section>
        <section className="card settings__section" aria-labelledby="settings-claims">
          <h2 id="settings-claims">{T.claims.heading}</h2>
          {switches(["openClaims", "allowSurnameFallback"])}
          <div className="field">
            <label htmlFor="settings-instructions">{T.claims.instructions}</label>
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
          <h2 id="settings-visibility">{T.visibility.heading}</h2>
          {switches(["showPhotos", "showPositions", "showParentNames", "showLastNames"])}
        </section>
        <section className="card settings__section" aria-labelledby="settings-domains">
          <h2 id="settings-domains">{T.domains.heading}</h2>
          <div className="field">
            <label htmlFor="settings-domain-list">{T.domains.label}</label>
            <textarea
              id="settings-domain-list"
              name="allowedEmailDomains"
              rows={3}
              defaultValue={values.allowedEmailDomains}
              {...invalid("allowedEmailDomains", errors.allowedEmailDomains, "settings-domain-hint")}
            />
            <p className="field__hint" id="settings-domain-hint">{T.domains.hint}</p>
            {fieldError("allowedEmailDomains", errors.allowedEmailDomains)}
          </div>
        </section>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pending}>{T.save}</button>
        </div>
      </form>
      <section className="card settings__danger" aria-labelledby="settings-danger">
        <h2 id="settings-danger">{T.danger.heading}</h2>
        <p>{T.danger.text}</p>
        <form method="post" action={`${props.settingsPath}/delete`} className="form" noValidate onSubmit={remove}>
          <div className="field">
            <label htmlFor="settings-confirm">{t(T.danger.confirm, { team: teamName })}</label>
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
            {T.danger.delete}
          </button>
        </form>
      </section>
    </div>
  );
}
