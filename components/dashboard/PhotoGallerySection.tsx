import { Island } from "../../lib/render/island.tsx";
import { canWrite, type TeamViewer } from "../../lib/team_viewer.ts";
import type { GalleryPage } from "../../lib/photos/types.ts";
import { toGalleryItem, uploaderTypeOf, viewAllHref } from "./photos/gallery_rules.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

export interface PhotoGallerySectionProps {
  teamId: string;
  /** The team's first photos (10, newest first) and whether there are more; null when they could not be read. */
  photos: GalleryPage | null;
  viewer: TeamViewer;
}

/**
 * Photo Gallery (SPEC.md section 2): Add Photos (the PhotoUpload island: its dialog), View All
 * (a server-rendered page of every photo) and the carousel of the first photos (the PhotoGallery
 * island), each rendered on the server and hydrated on first interaction. Without JavaScript
 * the first photos show, each a link to its larger image, and View All pages through the rest.
 */
export function PhotoGallerySection({ teamId, photos, viewer }: PhotoGallerySectionProps) {
  const { m } = useI18n();
  const writer = canWrite(viewer);
  return (
    <section className="card dash-section gallery-section" id="photos" aria-labelledby="photos-title">
      <div className="gallery-section__head">
        <h2 id="photos-title" tabIndex={-1}>{m.photos.title}</h2>
        <div className="gallery-section__actions">
          {writer && (
            <Island
              name="PhotoUpload"
              hydrate="interaction"
              props={{ teamId, uploaderName: viewer.displayName, uploaderType: uploaderTypeOf(viewer.role) }}
            />
          )}
          <a className="button button--ghost button--sm" href={viewAllHref(teamId)}>
            {m.photos.viewAll} <span className="visually-hidden">{m.photos.viewAllHidden}</span>
          </a>
        </div>
      </div>
      <Island
        name="PhotoGallery"
        hydrate="interaction"
        props={{
          teamId,
          photos: (photos?.photos ?? []).map(toGalleryItem),
          hasMore: photos?.hasMore ?? false,
          failed: photos === null,
          viewer: { userId: viewer.userId, isAdmin: viewer.isAdmin, canWrite: writer },
        }}
      />
    </section>
  );
}
