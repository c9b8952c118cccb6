import { useEffect, useRef, useState } from "react";
import { type GalleryItem, photoAlt } from "./gallery_rules.ts";

export interface PhotoViewerProps {
  photo: GalleryItem;
  canDelete: boolean;
  /** Deletes the photo (through the API); resolves false when it was refused. */
  onDelete: (photo: GalleryItem, dialog: HTMLDialogElement) => Promise<boolean>;
  onClose: () => void;
}

/**
 * A photo opened from the carousel: the medium image (800 px) in a modal dialog with its
 * caption and who shared it, a download of the full size, and for its uploader or an admin a
 * Delete that asks first. Escape or Close ends it; the browser gives the focus back.
 */
export function PhotoViewer({ photo, canDelete, onDelete, onClose }: PhotoViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  // The confirmation takes the focus from the Delete button, which takes it back on Keep it.
  useEffect(() => {
    if (confirming) confirm.current?.focus();
    else if (asked.current) ask.current?.focus();
    asked.current ||= confirming;
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    const done = await onDelete(photo, dialog.current!);
    if (!done) {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <dialog ref={dialog} className="dialog gallery-viewer" aria-labelledby="gallery-viewer-title" onClose={onClose}>
      {/* Toasts shown while the dialog is open live here: the page behind it is inert. */}
      <div className="toast-region toast-region--dialog" aria-live="polite"></div>
      <div className="dialog__body">
        <div className="gallery-viewer__head">
          <h2 id="gallery-viewer-title" className="dialog__title">Team photo</h2>
          <button
            type="button"
            className="button button--ghost gallery-viewer__close"
            aria-label="Close"
            onClick={() =>
              dialog.current?.close()}
          >
            ×
          </button>
        </div>
        <img className="gallery-viewer__img" src={photo.urls.medium} alt={photoAlt(photo)} />
        {photo.caption && <p className="gallery-viewer__caption">{photo.caption}</p>}
        {photo.uploaderName && <p className="gallery-viewer__by">{`Shared by ${photo.uploaderName}`}</p>}
        <div className="dialog__actions gallery-viewer__actions">
          {photo.urls.full && (
            <a className="button button--ghost button--sm" href={photo.urls.full} download="photo.jpg">Download</a>
          )}
          {canDelete && !confirming && (
            <button
              ref={ask}
              type="button"
              className="button button--ghost button--sm"
              onClick={() => setConfirming(true)}
            >
              Delete photo
            </button>
          )}
        </div>
        {canDelete && confirming && (
          <div className="gallery-viewer__confirm" role="group" aria-labelledby="gallery-viewer-confirm">
            <p id="gallery-viewer-confirm">Delete this photo? This cannot be undone.</p>
            <div className="dialog__actions">
              <button
                type="button"
                className="button button--ghost button--sm"
                onClick={() =>
                  setConfirming(false)}
              >
                Keep it
              </button>
              <button
                type="button"
                className="button button--danger button--sm"
                disabled={busy}
                ref={confirm}
                onClick={remove}
              >
                {busy ? "Deleting…" : "Yes, delete"}
              </button>
            </div>
          </div>
        )}
      </div>
    </dialog>
  );
}
