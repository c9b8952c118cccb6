import { type KeyboardEvent, type MouseEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { api } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.tsx";
import { signedOut } from "../lib/client/signed_out.ts";
import {
  CAROUSEL_PAGE_SIZE,
  GALLERY_FETCH_SIZE,
  type GalleryItem,
  toGalleryItem,
  viewAllHref,
} from "../components/dashboard/photos/gallery_rules.ts";
import {
  clampPage,
  hasNextPage,
  mayDeletePhoto,
  mergePhotos,
  pageLabel,
  pageRange,
  type PhotoDeleter,
  shouldPrefetch,
  swipeDirection,
} from "../components/dashboard/photos/carousel.ts";
import { takeAnnouncedPhotos } from "../components/dashboard/photos/gallery_events.ts";
import { PhotoTile } from "../components/dashboard/photos/PhotoTile.tsx";
import { PhotoViewer } from "../components/dashboard/photos/PhotoViewer.tsx";
import { useI18n } from "../lib/i18n/context.tsx";
import { formatNumber } from "../lib/i18n/format.ts";

export interface PhotoGalleryProps {
  teamId: string;
  /** The first photos the server read (up to 10), newest first. */
  photos: GalleryItem[];
  /** The server has more photos beyond them. */
  hasMore: boolean;
  /** The server could not read the photos: 'Failed to load photos' and Try again. */
  failed: boolean;
  viewer: PhotoDeleter;
}

/** A click that should open the link as the browser would (a new tab, a download). */
const modified = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * The Photo Gallery's carousel: 6 photos a page (3 columns, 2 on a phone), previous and next,
 * a swipe over 50 px or the arrow keys change the page; the first 10 photos come from the server
 * render, then 10 at a time from `GET /api/teams/{teamId}/photos?limit=10&offset=N`, fetched when
 * 6 or fewer remain beyond the page. A photo opens larger with its caption and uploader, and
 * the viewer moves through the loaded photos (the carousel follows it to the photo's page); its
 * uploader or an admin deletes it in place. Photos the Add Photos dialog saved appear at the
 * start (gallery_events.ts). Server-rendered, it is the first page with links that work without
 * JavaScript (each photo's medium image, the View All page for the next ones).
 */
export default function PhotoGallery(props: PhotoGalleryProps) {
  const { teamId, viewer } = props;
  const { m, t, lang } = useI18n();
  const texts = m.photos;
  const carousel = texts.carousel;
  const [photos, setPhotos] = useState(props.photos);
  const [hasMore, setHasMore] = useState(props.hasMore);
  const [failed, setFailed] = useState(props.failed);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  /** The photo open in the viewer, by its id (its place in the list moves when photos come and go). */
  const [openId, setOpenId] = useState<string | null>(null);
  /** The open photo was deleted: the section's title has the focus, not its (gone) thumbnail. */
  const deleted = useRef(false);
  const [announcement, setAnnouncement] = useState("");
  const busy = useRef(false);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  /** What should have the focus once the page changed: the first photo, or a still-usable arrow. */
  const focusAfter = useRef<"tile" | "prev" | "next" | null>(null);
  const grid = useRef<HTMLUListElement>(null);
  const prevLink = useRef<HTMLAnchorElement>(null);
  const nextLink = useRef<HTMLAnchorElement>(null);
  const base = `/api/teams/${encodeURIComponent(teamId)}/photos`;
  const state = { loaded: photos.length, page, hasMore };
  const [start, end] = pageRange(page, photos.length);
  const canPrev = page > 0;
  const canNext = hasNextPage(state);
  const openAt = openId === null ? -1 : photos.findIndex((p) => p.id === openId);
  const label = pageLabel(state, lang, texts);

  /** A refused call's toast: the server's message (in the page's language), else why there is none. */
  const failedToast = (title: string, reply: { ok: boolean; status: number; message?: string }) => {
    const description = reply.ok ? "" : reply.message;
    toast({ title, description: description || texts.tryAgain, variant: "destructive" });
  };

  const load = async (offset: number) => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    const reply = await api<{ photos?: GalleryItem[]; hasMore?: boolean }>(
      "GET",
      `${base}?limit=${GALLERY_FETCH_SIZE}&offset=${offset}`,
    );
    busy.current = false;
    setLoading(false);
    if (reply.status === 401) return signedOut();
    if (!reply.ok || !Array.isArray(reply.data.photos)) {
      failedToast(texts.spec.failedToLoadPhotos, reply);
      if (offset === 0) setFailed(true);
      setPage((p) => clampPage(p, photos.length));
      return;
    }
    const more = reply.data.photos.map(toGalleryItem);
    setFailed(false);
    setPhotos((list) => mergePhotos(offset === 0 ? [] : list, more, "end"));
    setHasMore(reply.data.hasMore === true && more.length > 0);
  };

  // The next photos, once 6 or fewer remain beyond the page shown.
  useEffect(() => {
    if (!failed && shouldPrefetch(state)) load(photos.length);
  }, [page, photos.length, hasMore, failed]);

  // After deletions the page shown is never past the last one.
  useEffect(() => setPage((p) => clampPage(p, photos.length)), [photos.length]);

  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === "tile") grid.current?.querySelector("a")?.focus();
    else if (target) (target === "prev" ? prevLink : nextLink).current?.focus();
  }, [page]);

  /** Photos the Add Photos dialog saved (queued newest last): at the start, and the first page shown. */
  const takeNew = () => {
    const added = takeAnnouncedPhotos().map(toGalleryItem).reverse();
    if (added.length === 0) return;
    setPhotos((list) => mergePhotos(list, added, "start"));
    setFailed(false);
    setPage(0);
    setAnnouncement(t(carousel.added, { count: added.length }));
  };
  useEffect(takeNew, []);

  const go = (to: number, focus: "tile" | "arrows" | null = null) => {
    if (to === page || to < 0 || (to > page && !canNext)) return;
    if (focus === "tile") focusAfter.current = "tile";
    else if (focus) {
      // The arrow pressed stays focused while it can be used; else the other one takes over.
      const ahead = { loaded: photos.length, page: to, hasMore };
      focusAfter.current = to > page ? (hasNextPage(ahead) ? "next" : "prev") : to > 0 ? "prev" : "next";
    }
    setPage(to);
    setAnnouncement("");
  };

  const arrow = (to: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (modified(e)) return;
    e.preventDefault();
    go(to, "arrows");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    go(page + step, "tile");
  };

  const onPointerUp = (e: PointerEvent<HTMLUListElement>) => {
    const from = pointer.current;
    pointer.current = null;
    if (!from) return;
    const direction = swipeDirection(e.clientX - from.x, e.clientY - from.y);
    if (direction === 0) return;
    // The click a mouse drag may end with is not a tap on a photo (a keyboard's later one is).
    swiped.current = true;
    setTimeout(() => (swiped.current = false));
    go(page + direction);
  };

  /** Shows the photo at `index` in the viewer, and the carousel's page it is on (which fetches more as it goes). */
  const view = (index: number) => {
    setOpenId(photos[index].id);
    setPage(Math.floor(index / CAROUSEL_PAGE_SIZE));
  };

  const openPhoto = (photo: GalleryItem, e: MouseEvent<HTMLAnchorElement>) => {
    if (modified(e)) return;
    e.preventDefault();
    if (swiped.current) return;
    deleted.current = false;
    setOpenId(photo.id);
  };

  // The photo shown last may be on another page than the one opened: its thumbnail gets the focus back.
  const closeViewer = () => {
    setOpenId(null);
    if (!deleted.current) grid.current?.querySelector<HTMLElement>(`[data-photo="${openId}"]`)?.focus();
  };

  const remove = async (photo: GalleryItem, dialog: HTMLDialogElement) => {
    const reply = await api("DELETE", `${base}/${encodeURIComponent(photo.id)}`);
    if (reply.status === 401) {
      signedOut();
      return false;
    }
    // Already gone (404): the carousel catches up all the same.
    if (!reply.ok && reply.status !== 404) {
      failedToast(carousel.deleteFailed, reply);
      return false;
    }
    deleted.current = true;
    dialog.close();
    setOpenId(null);
    setPhotos((list) => list.filter((p) => p.id !== photo.id));
    setAnnouncement(carousel.deleted);
    toast({ title: carousel.deleted });
    document.getElementById("photos-title")?.focus();
    return true;
  };

  let body;
  if (failed) {
    body = (
      <div className="gallery__state">
        <p className="gallery__state-title">{texts.spec.failedToLoadPhotos}</p>
        <a
          className="button button--secondary button--sm"
          href={`/family-dashboard/${encodeURIComponent(teamId)}#photos`}
          onClick={(e) => {
            e.preventDefault();
            load(0);
          }}
        >
          {loading ? carousel.retrying : carousel.retry}
        </a>
      </div>
    );
  } else if (photos.length === 0) {
    body = (
      <div className="gallery__state">
        <p className="gallery__state-icon" aria-hidden="true">📷</p>
        <p className="gallery__state-title">{carousel.empty}</p>
        <p className="muted">{viewer.canWrite ? carousel.emptyHint : carousel.emptyReadOnly}</p>
      </div>
    );
  } else {
    body = (
      <div className="gallery__carousel" role="group" aria-roledescription="carousel" aria-label={carousel.label}>
        <ul
          ref={grid}
          className="gallery__grid"
          aria-label={t(carousel.gridLabel, { range: label })}
          onKeyDown={onKeyDown}
          onPointerDown={(e) => (pointer.current = { x: e.clientX, y: e.clientY })}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (pointer.current = null)}
        >
          {photos.slice(start, end).map((photo) => (
            <li key={photo.id} className="gallery__item">
              <PhotoTile photo={photo} onOpen={openPhoto} />
            </li>
          ))}
          {start >= end && <li className="gallery__loading">{carousel.loading}</li>}
        </ul>
        <div className="gallery__nav">
          <a
            ref={prevLink}
            className="button button--ghost button--sm gallery__arrow"
            href={canPrev ? viewAllHref(teamId, (page - 1) * CAROUSEL_PAGE_SIZE) : undefined}
            role={canPrev ? undefined : "link"}
            aria-disabled={canPrev ? undefined : true}
            onClick={arrow(page - 1)}
          >
            <span aria-hidden="true">‹</span> {carousel.previous}{" "}
            <span className="visually-hidden">{carousel.arrowsHidden}</span>
          </a>
          <p className="gallery__count" aria-live="polite">{label}</p>
          <a
            ref={nextLink}
            className="button button--ghost button--sm gallery__arrow"
            href={canNext ? viewAllHref(teamId, (page + 1) * CAROUSEL_PAGE_SIZE) : undefined}
            role={canNext ? undefined : "link"}
            aria-disabled={canNext ? undefined : true}
            onClick={arrow(page + 1)}
          >
            {carousel.next} <span className="visually-hidden">{carousel.arrowsHidden}</span>{" "}
            <span aria-hidden="true">›</span>
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="gallery">
      {/* The Add Photos dialog clicks this to hand over new photos (and to wake the island). */}
      <button type="button" hidden tabIndex={-1} data-gallery-wake="" onClick={takeNew}></button>
      {body}
      <p className="visually-hidden" aria-live="polite">{announcement}</p>
      {openAt >= 0 && (
        <PhotoViewer
          photo={photos[openAt]}
          position={t(texts.viewer.position, {
            index: openAt + 1,
            total: `${formatNumber(lang, photos.length)}${hasMore ? "+" : ""}`,
          })}
          prev={openAt > 0 ? () => view(openAt - 1) : null}
          next={openAt < photos.length - 1 ? () => view(openAt + 1) : null}
          canDelete={mayDeletePhoto(viewer, photos[openAt])}
          onDelete={remove}
          onClose={closeViewer}
        />
      )}
    </div>
  );
}
