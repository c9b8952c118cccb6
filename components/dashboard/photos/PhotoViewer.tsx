import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { type GalleryItem, photoAlt } from "./gallery_rules.ts";
import { swipeDirection } from "./carousel.ts";
import { keepTabInside } from "../../../lib/client/dialog_focus.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

export interface PhotoViewerProps {
  photo: GalleryItem;
  /** "3 of 12" (in the page's language): where the photo is among the loaded ones. */
  position: string;
  /** The previous and next photos' openers; null at either end (the button is then disabled). */
  prev: (() => void) | null;
  next: (() => void) | null;
  canDelete: boolean;
  /** Deletes the photo (through the API); resolves false when it was refused. */
  onDelete: (photo: GalleryItem, dialog: HTMLDialogElement) => Promise<boolean>;
  onClose: () => void;
}

/**
 * A photo opened from the carousel: the medium image (800 px) in a modal dialog with its
 * caption and who shared it, a download of the full size, and for its uploader or an admin a
 * Delete that asks first. Previous and Next (disabled at the ends, as the carousel's arrows
 * are, and while a Delete is being asked about), the arrow keys and a swipe over 50 px on the
 * photo move to the neighbouring photos in the same dialog, so the focus stays where it was,
 * inside it. Escape or Close ends it.
 */
export function PhotoViewer({ photo, position, prev, next, canDelete, onDelete, onClose }: PhotoViewerProps) {
  const { m, t, lang } = useI18n();
  const texts = m.photos.viewer;
  const dialog = useRef<HTMLDialogElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  const pointer = useRef<{ x: number; y: number } | null>(null);

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

  // A Delete being asked about is answered first: it is about the photo shown.
  const toPrev = confirming ? null : prev;
  const toNext = confirming ? null : next;
  const step = (direction: number) => (direction < 0 ? toPrev : direction > 0 ? toNext : null)?.();

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    keepTabInside(e);
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const direction = e.key === "ArrowLeft" ? -1 : e.key === "ArrowRight" ? 1 : 0;
    if (!direction) return;
    e.preventDefault();
    step(direction);
  };

  const onPointerUp = (e: PointerEvent) => {
    const from = pointer.current;
    pointer.current = null;
    if (from) step(swipeDirection(e.clientX - from.x, e.clientY - from.y));
  };

  const arrow = (label: string, go: (() => void) | null, text: string) => (
    <button
      type="button"
      className="button button--ghost button--sm gallery__arrow"
      aria-label={label}
      // Not `disabled`: a button pressed at the end keeps the focus (a disabled one would drop it).
      aria-disabled={go ? undefined : true}
      onClick={() => go?.()}
    >
      {text}
    </button>
  );

  const remove = async () => {
    setBusy(true);
    const done = await onDelete(photo, dialog.current!);
    if (!done) {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="dialog gallery-viewer"
      aria-labelledby="gallery-viewer-title"
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      {/* Toasts shown while the dialog is open live here: the page behind it is inert. */}
      <div className="toast-region toast-region--dialog" aria-live="polite"></div>
      <div className="dialog__body">
        <div className="gallery-viewer__head">
          <h2 id="gallery-viewer-title" className="dialog__title">{texts.title}</h2>
          <button
            type="button"
            className="button button--ghost gallery-viewer__close"
            aria-label={texts.close}
            onClick={() => dialog.current?.close()}
          >
            ×
          </button>
        </div>
        <img
          className="gallery-viewer__img"
          src={photo.urls.medium}
          alt={photoAlt(photo, lang, m.photos)}
          draggable={false}
          onPointerDown={(e) => (pointer.current = { x: e.clientX, y: e.clientY })}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (pointer.current = null)}
        />
        <div className="gallery__nav gallery-viewer__nav">
          {arrow(texts.previousLabel, toPrev, texts.previous)}
          <p className="gallery__count" aria-live="polite">{position}</p>
          {arrow(texts.nextLabel, toNext, texts.next)}
        </div>
        {photo.caption && <p className="gallery-viewer__caption">{photo.caption}</p>}
        {photo.uploaderName && (
          <p className="gallery-viewer__by">{t(m.photos.sharedBy, { name: photo.uploaderName })}</p>
        )}
        <div className="dialog__actions gallery-viewer__actions">
          {photo.urls.full && (
            <a className="button button--ghost button--sm" href={photo.urls.full} download="photo.jpg">
              {texts.download}
            </a>
          )}
          {canDelete && !confirming && (
            <button
              ref={ask}
              type="button"
              className="button button--ghost button--sm"
              onClick={() => setConfirming(true)}
            >
              {texts.delete}
            </button>
          )}
        </div>
        {canDelete && confirming && (
          <div className="gallery-viewer__confirm" role="group" aria-labelledby="gallery-viewer-confirm">
            <p id="gallery-viewer-confirm">{texts.confirm}</p>
            <div className="dialog__actions">
              <button
                type="button"
                className="button button--ghost button--sm"
                onClick={() =>
                  setConfirming(false)}
              >
                {texts.keep}
              </button>
              <button
                type="button"
                className="button button--danger button--sm"
                disabled={busy}
                ref={confirm}
                onClick={remove}
              >
                {busy ? texts.deleting : texts.yesDelete}
              </button>
            </div>
          </div>
        )}
      </div>
    </dialog>
  );
}
