/**
 * The photo calls' shapes (SPEC.md section 7 and DECISIONS.md; docs/features.md "Photos"), for islands and
 * components to `import type`. Types only.
 */
import type { PhotoRecord } from "../db/gallery.ts";

export type { UploaderType } from "../db/gallery.ts";

/** SPEC.md section 3's Gallery photo as the API and the pages give it. */
export interface GalleryPhoto extends PhotoRecord {
  /** The uploader's name now (read from their account when shown, never stored): see lib/families/display_name.ts. */
  uploaderName: string;
}

/** `GET /api/teams/:teamId/photos?limit=&offset=`. */
export interface GalleryPage {
  photos: GalleryPhoto[];
  hasMore: boolean;
}

/** `POST /api/objects/upload` body. */
export interface UploadUrlRequest {
  teamId: string;
  purpose: "gallery" | "headshot";
  /** Required for a headshot. */
  playerId?: string;
  /** The file's size in bytes (at most 10 MB); the PUT may send no more. */
  size: number;
  contentType: string;
}

/** `POST /api/objects/upload` answer. `uploadURL` is opaque: PUT the bytes to it as given. */
export interface UploadUrlAnswer {
  uploadURL: string;
  objectPath: string;
}

/** `POST /api/photos/process-gallery-photo` answer. */
export interface ProcessedGalleryPhoto {
  objectPath: string;
  thumbnailPath: string;
  mediumPath: string;
}

/** `POST /api/players/process-headshot` answer (the full size stays at `originalPath`). */
export interface ProcessedHeadshot {
  smallPath: string;
  mediumPath: string;
}

/** `PUT /api/players/:playerId/photo` body and answer. */
export interface PlayerPhotoFields {
  photoUrl: string | null;
  photoUrlSmall: string | null;
  photoUrlMedium: string | null;
}
