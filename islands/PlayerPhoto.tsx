import { type ChangeEvent, type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { announcePhotoChange, type PhotoTarget, readTarget, triggerOf } from "../lib/client/player_photo.ts";
import {
  changeHeadshot,
  checkHeadshotFile,
  type HeadshotResult,
  type HeadshotUrls,
  setHeadshot,
  shrinkImage,
} from "../lib/client/headshot.ts";
import { toast } from "../lib/client/toast.tsx";
import { signedOut } from "../lib/client/signed_out.ts";
import { keepTabInside } from "../lib/client/dialog_focus.ts";
import { useI18n } from "../lib/i18n/context.tsx";

export interface PlayerPhotoProps {
  teamId: string;
}

type Busy = "prepare" | "save" | "remove" | null;
type Chosen = { blob: Blob; url: string };

const initialsOf = (name: string) =>
  name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]).join("").toUpperCase();

/**
 * The player photo dialog (SPEC.md section 2): the current photo, a file picker for one image
 * (10 MB, images only), a preview of the photo as it will be sent (shrunk by the browser to a
 * long edge of 2048 px, orientation applied), Save, and Remove photo with a confirmation.
 * One per page: the 'Change photo' buttons of other islands open it for their player
 * (lib/client/player_photo.ts); a saved photo is announced so they show it without a reload.
 * Only that player's parents and the team's admins get those buttons; the API checks again.
 */
export default function PlayerPhoto({ teamId }: PlayerPhotoProps) {
  const { m, t } = useI18n();
  const texts = m.headshots.dialog;
  // The upload code names a failure by its key (lib/client/headshot.ts).
  const problems = m.headshots.errors;
  const [target, setTarget] = useState<PhotoTarget | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    const el = dialog.current;
    if (!target || !el || el.open) return;
    el.showModal();
    file.current?.focus();
  }, [target]);
  // The confirmation takes the focus from 'Remove photo' (the safe answer first) and gives it back.
  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (asked.current) removeButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  // The preview's object URL lives as long as the preview.
  useEffect(() => () => chosen ? URL.revokeObjectURL(chosen.url) : undefined, [chosen]);

  const onOpen = (e: MouseEvent<HTMLButtonElement>) => {
    const next = readTarget(e.currentTarget);
    if (!next) return;
    setChosen(null);
    setError(null);
    setConfirming(false);
    setTarget(next);
  };
  // Escape, Cancel or a save: the dialog closes and its opener has the focus again.
  const onClose = () => {
    if (!target) return;
    setChosen(null);
    setConfirming(false);
    triggerOf(target.playerId)?.focus();
    setTarget(null);
  };
  const close = () => dialog.current?.close();
  // No closing halfway through a save.
  const onCancel = (e: { preventDefault(): void }) => busy && e.preventDefault();

  const refuse = (title: string, message = "") => {
    toast({ title, description: message && message !== title ? message : undefined, variant: "destructive" });
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.currentTarget.files?.[0];
    setChosen(null);
    setConfirming(false);
    if (!picked) return setError(null);
    const found = checkHeadshotFile(picked);
    if (found) {
      const problem = problems[found];
      e.currentTarget.value = "";
      setError(problem);
      return refuse(problem);
    }
    setError(null);
    setBusy("prepare");
    const unreadable = () => {
      setError(problems.invalidType);
      refuse(problems.invalidType);
    };
    try {
      const blob = await shrinkImage(picked);
      if (blob) setChosen({ blob, url: URL.createObjectURL(blob) });
      else unreadable();
    } catch {
      unreadable();
    } finally {
      setBusy(null);
    }
  };

  const done = (result: HeadshotResult, removed: boolean) => {
    setBusy(null);
    if (!result.ok) {
      if (result.status === 401) return signedOut();
      return refuse(problems[result.problem], result.message);
    }
    const urls: HeadshotUrls = result.urls;
    announcePhotoChange({ playerId: target!.playerId, ...urls });
    close();
    toast({ title: removed ? texts.removed : texts.updated });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!target || !chosen || busy) return;
    setBusy("save");
    done(await changeHeadshot({ teamId, playerId: target.playerId, photo: chosen.blob }), false);
  };
  const remove = async () => {
    if (!target || busy) return;
    setBusy("remove");
    done(await setHeadshot(target.playerId, { photoUrl: null, photoUrlSmall: null, photoUrlMedium: null }), true);
  };

  const name = target?.name ?? "";
  return (
    <div className="player-photo">
      <button type="button" hidden data-player-photo-open="" onClick={onOpen}>{m.headshots.change}</button>
      <dialog
        ref={dialog}
        className="dialog player-photo__dialog"
        aria-labelledby={target ? "player-photo-title" : undefined}
        aria-busy={busy ? true : undefined}
        onClose={onClose}
        onCancel={onCancel}
        onKeyDown={keepTabInside}
      >
        {target && (
          <>
            {/* Toasts shown while the dialog is open live here: the page behind it is inert. */}
            <div className="toast-region toast-region--dialog" aria-live="polite"></div>
            <form className="dialog__body" onSubmit={save}>
              <h2 id="player-photo-title" className="dialog__title">{t(texts.title, { name })}</h2>
              <div className="player-photo__frames">
                <figure className="player-photo__frame">
                  {target.photoUrl
                    ? <img className="player-photo__image" src={target.photoUrl} alt={t(texts.title, { name })} />
                    : (
                      <span className="player-photo__image player-photo__initials" aria-hidden="true">
                        {initialsOf(name)}
                      </span>
                    )}
                  <figcaption>{target.photoUrl ? texts.current : texts.none}</figcaption>
                </figure>
                {chosen && (
                  <figure className="player-photo__frame">
                    <img className="player-photo__image" src={chosen.url} alt={t(texts.newAlt, { name })} />
                    <figcaption>{texts.newPhoto}</figcaption>
                  </figure>
                )}
              </div>
              <div className="field">
                <label htmlFor="player-photo-file">{texts.choose}</label>
                <input
                  ref={file}
                  id="player-photo-file"
                  className="input"
                  type="file"
                  name="photo"
                  accept="image/*"
                  disabled={busy === "save" || busy === "remove"}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "player-photo-hint player-photo-error" : "player-photo-hint"}
                  onChange={choose}
                />
                <p id="player-photo-hint" className="field__hint">{texts.hint}</p>
                {error && <p id="player-photo-error" className="field__error">{error}</p>}
              </div>
              {confirming && (
                <div className="player-photo__confirm" role="group" aria-labelledby="player-photo-confirm">
                  <p id="player-photo-confirm">{t(texts.confirmRemove, { name })}</p>
                  <div className="dialog__actions">
                    <button type="button" className="button button--danger" disabled={!!busy} onClick={remove}>
                      {busy === "remove" ? texts.removing : texts.yesRemove}
                    </button>
                    <button
                      ref={keep}
                      type="button"
                      className="button button--ghost"
                      onClick={() => setConfirming(false)}
                    >
                      {texts.keep}
                    </button>
                  </div>
                </div>
              )}
              <div className="dialog__actions player-photo__actions">
                {target.photoUrl && !confirming && (
                  <button
                    ref={removeButton}
                    type="button"
                    className="button button--ghost player-photo__remove"
                    disabled={!!busy}
                    onClick={() => setConfirming(true)}
                  >
                    {texts.remove}
                  </button>
                )}
                <button type="button" className="button button--secondary" disabled={!!busy} onClick={close}>
                  {texts.cancel}
                </button>
                <button type="submit" className="button button--primary" disabled={!chosen || !!busy}>
                  {busy === "save" ? texts.saving : texts.save}
                </button>
              </div>
            </form>
          </>
        )}
      </dialog>
    </div>
  );
}
