import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { signedOut } from "../lib/client/signed_out.ts";
import {
  CAPTION_MAX_LENGTH,
  GALLERY_TEXTS,
  type GalleryItem,
  MAX_UPLOAD_FILES,
  viewAllHref,
} from "../components/dashboard/photos/gallery_rules.ts";
import { checkFiles, UPLOAD_DIALOG_TEXTS } from "../components/dashboard/photos/upload_rules.ts";
import { captionLength } from "../lib/photos/rules.ts";
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

const STATUS: Record<Item["stage"], string> = {
  ready: "Ready",
  preparing: "Preparing…",
  uploading: "Uploading",
  processing: "Processing…",
  saving: "Saving…",
  done: "Uploaded",
  failed: "",
};

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
    const checked = checkFiles(items.length, files);
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
        );
        update(item.key, { stage: "done", progress: 100 });
        saved.push(photo);
        announcePhotos([photo]);
      } catch (error) {
        const failure = error instanceof UploadError
          ? error
          : new UploadError(UPLOAD_DIALOG_TEXTS.uploadFailed, GALLERY_TEXTS.tryAgain);
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
      toast({ title: saved.length === 1 ? "Photo added" : `${saved.length} photos added` });
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
        {GALLERY_TEXTS.addPhotos}
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
              <h2 id="upload-title" className="dialog__title">{GALLERY_TEXTS.addPhotos}</h2>
              <button
                type="button"
                className="button button--ghost upload__close"
                aria-label="Close"
                disabled={busy}
                onClick={close}
              >
                ×
              </button>
            </div>
            <p id="upload-lead" className="dialog__lead">
              Up to {MAX_UPLOAD_FILES} photos at a time, each with a caption of up to {CAPTION_MAX_LENGTH}{" "}
              characters. Large photos are made smaller before they are sent.
            </p>
            {items.length < MAX_UPLOAD_FILES && (
              <div className="field upload__pick">
                <label htmlFor="upload-files">Choose photos</label>
                <input id="upload-files" type="file" accept="image/*" multiple disabled={busy} onChange={pick} />
              </div>
            )}
            {items.length > 0 && (
              <ol className="upload__list" aria-label="Photos to upload">
                {items.map((item, i) => {
                  const n = i + 1;
                  const id = `upload-caption-${item.key}`;
                  return (
                    <li key={item.key} className={`upload__item upload__item--${item.stage}`}>
                      <img className="upload__preview" src={item.preview} alt="" />
                      <div className="upload__fields">
                        <p className="upload__name">{`Photo ${n}: ${item.file.name}`}</p>
                        <label htmlFor={id}>{`Caption for photo ${n} (optional)`}</label>
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
                          <span className="visually-hidden">{` characters used`}</span>
                        </p>
                        {item.stage !== "ready" && (
                          <div className="upload__progress">
                            <progress max={100} value={item.progress} aria-label={`Photo ${n} upload progress`} />
                            <span className="upload__status">
                              {item.stage === "uploading"
                                ? `Uploading ${item.progress}%`
                                : item.error ?? STATUS[item.stage]}
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
                        Remove<span className="visually-hidden">{` photo ${n}`}</span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            )}
            <div className="dialog__actions">
              <button type="button" className="button button--ghost" disabled={busy} onClick={close}>Cancel</button>
              <button type="submit" className="button button--primary" disabled={busy || items.length === 0}>
                {busy ? "Uploading…" : "Upload"}
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  );
}
