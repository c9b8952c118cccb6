/**
 * A guardian's "Show {child}'s photo on the public roster" (R41), in their child's member
 * dialog. A plain form that posts (the page answers with post/redirect/get back to the dialog),
 * and, once the FamilyExplorer island is awake, the same form saved through the API with the
 * new state shown at once. The server renders it only for a guardian of the player; the API
 * checks the same again.
 */
import { type FormEvent, useState } from "react";
import { api } from "../../lib/client/api.ts";
import { signedOut } from "../../lib/client/signed_out.ts";
import {
  type HeadshotConsentAnswer,
  headshotConsentPaths,
  type PublicPhotoChoice,
} from "../../lib/photos/headshot_consent.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

export interface HeadshotConsentFormProps {
  playerId: string;
  firstName: string;
  choice: PublicPhotoChoice;
  /** Tells the island a choice was saved (its cards' props still hold the old one). */
  onSaved?: (playerId: string, consented: boolean) => void;
}

export function HeadshotConsentForm({ playerId, firstName, choice, onSaved }: HeadshotConsentFormProps) {
  const { m, t } = useI18n();
  const texts = m.headshots.consent;
  const [saved, setSaved] = useState(choice.consented);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `headshot-consent-${playerId}`;

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const wanted = new FormData(e.currentTarget).get("public") === "on";
    setBusy(true);
    setError(null);
    const result = await api<HeadshotConsentAnswer>("PUT", headshotConsentPaths.api(choice.teamId, playerId), {
      public: wanted,
    });
    setBusy(false);
    if (!result.ok) {
      if (result.status === 401) return signedOut();
      return setError(result.message || texts.failed);
    }
    setSaved(result.data.public);
    onSaved?.(playerId, result.data.public);
  };

  return (
    <form
      className="headshot-consent"
      method="post"
      action={headshotConsentPaths.form(choice.teamId, playerId)}
      aria-busy={busy ? true : undefined}
      onSubmit={save}
    >
      <div className="switch">
        <input
          id={id}
          type="checkbox"
          name="public"
          value="on"
          defaultChecked={choice.consented}
          aria-describedby={`${id}-hint ${id}-status`}
        />
        <label htmlFor={id}>{t(texts.label, { name: firstName })}</label>
        <p className="field__hint" id={`${id}-hint`}>{texts.hint}</p>
      </div>
      <p className="headshot-consent__status" id={`${id}-status`} role="status">
        {t(!saved ? texts.hidden : choice.teamShowsPhotos ? texts.shown : texts.waiting, { name: firstName })}
      </p>
      {error && <p className="field__error" role="alert">{error}</p>}
      <button type="submit" className="button button--secondary headshot-consent__save" disabled={busy}>
        {busy ? texts.saving : texts.save}
      </button>
    </form>
  );
}
