import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { signedOut } from "../lib/client/signed_out.ts";
import {
  CAPTION_MAX_LENGTH,
  type GalleryItem,
  MAX_UPLOAD_FILES,
  viewAllHref,
} from "../components/dashboard/photos/gallery_rules.ts";
import { checkFiles } from "../components/dashboard/photos/upload_rules.ts";
import { captionLength } from "../lib/photos/limits.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import { announcePhotos } from "../components/dashboard/photos/gallery_events.ts";
import { UploadError, uploadGalleryPhoto, type UploadStage } from "../components/dashboard/photos/upload_client.ts";

export interface PhotoUploadProps {
  teamId: string;
  /** Sent in the spec's body (the server takes the uploader from the session). */
  uploaderName: string;
  uploaderType: string;
}

interface Item {
  key: number;
  file: File;
  /** An object URL of the file, for its preview (freed when the item goes). */
  preview: string;
  caption: string;
  stage: "ready" | UploadStage | "done" | "failed";
  /** 0–100: the PUT's upload progress. */
  progress: number;
  error?: string;
}

const freePreviews = (items: Item[]) => items.forEach((item) => URL.revokeObjectURL(item.preview));

/**
 * Add Photos: the button and its modal dialog. Up to 3 images (SPEC.md's 'Too many photos',
 * 'Invalid file type'), a preview and a caption (≤ 280) per photo, Upload with a progress bar
 * per photo (each sent by upload_client.ts: shrunk in the browser, then the spec's four calls;
 * 'File too large' only when a photo is still over 10 MB once shrunk). While photos are sent the
 * dialog cannot be closed; when all are saved it clears and closes and the photos appear in the
 * carousel (gallery_events.ts).
 * A photo that failed stays, with its message, to be tried again. Server-rendered (and without
 * JavaScript) the button is a link to the View All page, which says why adding needs JavaScript.
 */
export default function PhotoUpload({ teamId, uploaderName, uploaderType }: PhotoUploadProps) {
  const { m, t } = useI18n();
  const texts = m.photos;
  const dialogTexts = texts.upload;
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const nextKey = useRef(1);
  /** The caption field to focus once the picked photos are listed. */
  const focusKey = useRef(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) {
      el.showModal();
      el.querySelector<HTMLElement>("input")?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (focusKey.current) document.getElementById(`upload-caption-${focusKey.current}`)?.focus();
    focusKey.current = 0;
  }, [items.length]);

  // Leaving the page while photos are being sent asks first.
  useEffect(() => {
    if (!busy) return;
    const stay = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener("beforeunload", stay);
    return () => removeEventListener("beforeunload", stay);
  }, [busy]);

  const update = (key: number, change: Partial<Item>) =>
    setItems((list) => list.map((item) => item.key === key ? { ...item, ...change } : item));

  const show = (e: { preventDefault(): void }) => {
    e.preventDefault();
    setOpen(true);
  };

  // Escape, Close, Cancel or done: only when nothing is being sent (else the dialog stays open).
  const onClose = () => {
    if (sending.current) return dialog.current?.showModal();
    freePreviews(items);
    setItems([]);
    setOpen(false);
    trigger.current?.focus();
  };
  const close = () => dialog.current?.close();

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = "";
    if (files.length === 0) return;
    const checked = checkFiles(items.length, files, texts);
    if (!checked.ok) return toast({ title: checked.title, description: checked.description, variant: "destructive" });
    focusKey.current = nextKey.current;
    setItems((list) => [
      ...list,
      ...files.map((file): Item => ({
        key: nextKey.current++,
        file,
        preview: URL.createObjectURL(file),
        caption: "",
        stage: "ready",
        progress: 0,
      })),
    ]);
  };

  const remove = (item: Item) => {
    freePreviews([item]);
    setItems((list) => list.filter((i) => i.key !== item.key));
    dialog.current?.querySelector<HTMLElement>("input[type=file]")?.focus();
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const todo = items.filter((item) => item.stage !== "done");
    if (sending.current || todo.length === 0) return;
    sending.current = true;
    setBusy(true);
    const saved: GalleryItem[] = [];
    for (const item of todo) {
      update(item.key, { stage: "preparing", progress: 0, error: undefined });
      try {
        const photo = await uploadGalleryPhoto(
          { teamId, file: item.file, caption: item.caption, uploaderName, uploaderType },
          (stage, fraction = stage === "preparing" ? 0 : 1) =>
            update(item.key, { stage, progress: Math.round(fraction * 100) }),
          texts,
        );
        update(item.key, { stage: "done", progress: 100 });
        saved.push(photo);
        announcePhotos([photo]);
      } catch (error) {
        const failure = error instanceof UploadError ? error : new UploadError(texts.spec.uploadFailed, texts.tryAgain);
        if (failure.status === 401) {
          sending.current = false;
          setBusy(false);
          return signedOut();
        }
        update(item.key, { stage: "failed", error: `${failure.title}: ${failure.message}` });
        toast({ title: failure.title, description: failure.message, variant: "destructive" });
      }
    }
    sending.current = false;
    setBusy(false);
    if (saved.length === todo.length) {
      close();
      toast({ title: t(dialogTexts.added, { count: saved.length }) });
    } else {
      // What was saved is in the gallery already; what failed stays, to be tried again.
      setItems((list) => {
        freePreviews(list.filter((item) => item.stage === "done"));
        return list.filter((item) => item.stage !== "done");
      });
    }
  };

  return (
    <>
      <a
        ref={trigger}
        className="button button--primary button--sm"
        href={`${viewAllHref(teamId)}#add-photos`}
        aria-haspopup="dialog"
        onClick={show}
        onKeyDown={(e) => e.key === " " && show(e)}
      >
        {texts.addPhotos}
      </a>
      {open && (
        <dialog
          ref={dialog}
          className="dialog upload"
          aria-labelledby="upload-title"
          aria-describedby="upload-lead"
          onCancel={(e) => sending.current && e.preventDefault()}
          onClose={onClose}
        >
          {/* Toasts shown while the dialog is open live here: the page behind it is inert. */}
          <div className="toast-region toast-region--dialog" aria-live="polite"></div>
          <form className="dialog__body" noValidate onSubmit={submit}>
            <div className="upload__head">
              <h2 id="upload-title" className="dialog__title">{texts.addPhotos}</h2>
              <button
                type="button"
                className="button button--ghost upload__close"
                aria-label={dialogTexts.close}
                disabled={busy}
                onClick={close}
              >
                ×
              </button>
            </div>
            <p id="upload-lead" className="dialog__lead">
              {t(dialogTexts.lead, { maxFiles: MAX_UPLOAD_FILES, maxCaption: CAPTION_MAX_LENGTH })}
            </p>
            {items.length < MAX_UPLOAD_FILES && (
              <div className="field upload__pick">
                <label htmlFor="upload-files">{dialogTexts.choose}</label>
                <input id="upload-files" type="file" accept="image/*" multiple disabled={busy} onChange={pick} />
              </div>
            )}
            {items.length > 0 && (
              <ol className="upload__list" aria-label={dialogTexts.list}>
                {items.map((item, i) => {
                  const n = i + 1;
                  const id = `upload-caption-${item.key}`;
                  return (
                    <li key={item.key} className={`upload__item upload__item--${item.stage}`}>
                      <img className="upload__preview" src={item.preview} alt="" />
                      <div className="upload__fields">
                        <p className="upload__name">{t(dialogTexts.name, { n, file: item.file.name })}</p>
                        <label htmlFor={id}>{t(dialogTexts.caption, { n })}</label>
                        <textarea
                          id={id}
                          className="upload__caption"
                          rows={2}
                          maxLength={CAPTION_MAX_LENGTH}
                          value={item.caption}
                          disabled={busy || item.stage === "done"}
                          aria-describedby={`${id}-count`}
                          onChange={(e) => update(item.key, { caption: e.currentTarget.value })}
                        />
                        <p id={`${id}-count`} className="upload__count">
                          {`${captionLength(item.caption)}/${CAPTION_MAX_LENGTH}`}
                          <span className="visually-hidden">{` ${dialogTexts.charactersUsed}`}</span>
                        </p>
                        {item.stage !== "ready" && (
                          <div className="upload__progress">
                            <progress max={100} value={item.progress} aria-label={t(dialogTexts.progress, { n })} />
                            <span className="upload__status">
                              {item.stage === "uploading"
                                ? t(dialogTexts.uploadingPercent, { percent: item.progress })
                                : item.error ?? (item.stage === "failed" ? "" : dialogTexts.status[item.stage])}
                            </span>
                          </div>
                        )}
                      </div>
                      <button
                        type="button"
                        className="button button--ghost button--sm upload__remove"
                        disabled={busy}
                        onClick={() => remove(item)}
                      >
                        {dialogTexts.remove}
                        <span className="visually-hidden">{` ${t(dialogTexts.removeHidden, { n })}`}</span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            )}
            <div className="dialog__actions">
              <button type="button" className="button button--ghost" disabled={busy} onClick={close}>
                {dialogTexts.cancel}
              </button>
              <button type="submit" className="button button--primary" disabled={busy || items.length === 0}>
                {busy ? dialogTexts.uploadingButton : dialogTexts.upload}
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  );
}
