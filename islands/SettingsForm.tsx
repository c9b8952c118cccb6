import { type FormEvent, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { api } from "../lib/client/api.ts";
import { useHydrated } from "../components/login/client.ts";
import {
  SETTINGS_SWITCHES,
  type SettingsFormValues,
  settingsPatchFromForm,
} from "../components/admin/settings/settings_form.ts";

export interface SettingsFormProps {
  teamId: string;
  settingsPath: string;
  teamName: string;
  publicRosterUrl: string;
  values: SettingsFormValues;
  /** A refused post without JavaScript: the save's or the deletion's message. */
  saveError: string | null;
  deleteError: string | null;
}

const failed = (description: string) => toast({ title: "Error", description, variant: "destructive" });

/** Team settings: save (toast), copy the public roster URL, and Delete Team with the typed name. */
export default function SettingsForm(props: SettingsFormProps) {
  const { values } = props;
  const hydrated = useHydrated();
  const [teamName, setTeamName] = useState(props.teamName);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const teamApi = `/api/admin/${props.teamId}`;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fields = Object.fromEntries([...new FormData(e.currentTarget)].map(([k, v]) => [k, String(v)]));
    const patch = settingsPatchFromForm(fields);
    setPending(true);
    const reply = await api("PATCH", `${teamApi}/settings`, patch);
    setPending(false);
    if (!reply.ok) return failed(reply.message || `${reply.status}`);
    setTeamName(patch.name.trim());
    toast({ title: "Settings saved" });
  }

  async function remove(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    const reply = await api("DELETE", teamApi, { confirm: typed });
    setPending(false);
    if (reply.ok) location.assign("/home");
    else failed(reply.message || `${reply.status}`);
  }

  function copy() {
    navigator.clipboard.writeText(props.publicRosterUrl).then(
      () => toast({ title: "Copied!", description: "The public roster link is on your clipboard." }),
      () => failed("Select the address and copy it."),
    );
  }

  const text = (name: "name" | "season" | "orgName", label: string) => (
    <div className="field">
      <label htmlFor={`settings-${name}`}>{label}</label>
      <input id={`settings-${name}`} name={name} defaultValue={values[name]} required={name === "name"} />
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
      <form method="post" action={props.settingsPath} className="form" onSubmit={save}>
        {props.saveError && <div className="notice notice--error" role="alert">{props.saveError}</div>}
        <section className="card settings__section" aria-labelledby="settings-team">
          <h2 id="settings-team">Team</h2>
          {text("name", "Team name")}
          {text("season", "Season")}
          {text("orgName", "Organization")}
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
            />
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
              aria-describedby="settings-domain-hint"
            />
            <p className="field__hint" id="settings-domain-hint">
              Claims and joins need an address at one of these domains. Leave empty to allow any.
            </p>
          </div>
        </section>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pending}>Save Settings</button>
        </div>
      </form>
      <section className="card settings__danger" aria-labelledby="settings-danger">
        <h2 id="settings-danger">Danger zone</h2>
        <p>Deleting the team removes its roster, claims, parents' access and photos. It cannot be undone.</p>
        <form method="post" action={`${props.settingsPath}/delete`} className="form" onSubmit={remove}>
          {props.deleteError && <div className="notice notice--error" role="alert">{props.deleteError}</div>}
          <div className="field">
            <label htmlFor="settings-confirm">{`Type the team name (${teamName}) to confirm`}</label>
            <input
              id="settings-confirm"
              name="confirm"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
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
