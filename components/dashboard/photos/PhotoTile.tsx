import type { MouseEvent } from "react";
import { type GalleryItem, photoAlt } from "./gallery_rules.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

export interface PhotoTileProps {
  photo: GalleryItem;
  /**
   * Show the caption and uploader under the thumbnail (the View All page): the image is then
   * named `label` ("Photo 7") and described by them.
   */
  details?: { label: string };
  /** The carousel opens the photo in its dialog; without it (or JavaScript) the link opens the medium image. */
  onOpen?: (photo: GalleryItem, event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * One photo: its thumbnail (320 px), a link to the medium image (800 px). The square is kept by
 * CSS; the image is lazy and has its caption (or who shared it) as its text.
 */
export function PhotoTile({ photo, details, onOpen }: PhotoTileProps) {
  const { m, t, lang } = useI18n();
  const captionId = `photo-${photo.id}-caption`;
  return (
    <figure className="photo-tile">
      <a
        className="photo-tile__link"
        href={photo.urls.medium}
        data-photo={photo.id}
        // A mouse drag is a swipe in the carousel, not a drag of the link.
        draggable={false}
        aria-describedby={details ? captionId : undefined}
        onClick={onOpen && ((event) => onOpen(photo, event))}
      >
        <img
          className="photo-tile__img"
          src={photo.urls.thumbnail}
          alt={details ? details.label : photoAlt(photo, lang, m.photos)}
          loading="lazy"
          draggable={false}
        />
      </a>
      {details && (
        <figcaption className="photo-tile__caption" id={captionId}>
          {photo.caption && <span className="photo-tile__text">{photo.caption}</span>}
          {photo.uploaderName && (
            <span className="photo-tile__by">{t(m.photos.sharedBy, { name: photo.uploaderName })}</span>
          )}
        </figcaption>
      )}
    </figure>
  );
}
