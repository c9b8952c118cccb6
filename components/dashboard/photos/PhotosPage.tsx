import { type HeaderAccount, SiteFooter, SiteHeader } from "../../SiteLayout.tsx";
import { PhotoTile } from "./PhotoTile.tsx";
import { mayDeletePhoto, type PhotoDeleter } from "./carousel.ts";
import type { GalleryPage } from "../../../lib/photos/types.ts";
import { MAX_OFFSET, toGalleryItem, VIEW_ALL_PAGE_SIZE, viewAllHref } from "./gallery_rules.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

export interface PhotosPageProps {
  team: { id: string; name: string };
  /** The photos from `offset` on (newest first) and whether older ones follow; null when they could not be read. */
  photos: GalleryPage | null;
  offset: number;
  account: HeaderAccount | null;
  /** The viewer may add photos (everyone of the team but a system administrator). */
  canAdd: boolean;
  /** Who looks: the uploader of a photo, or an admin, gets its Delete (a plain form). */
  viewer: PhotoDeleter;
}

/**
 * View All (`/family-dashboard/{teamId}/photos?offset=N`): every photo of the team as a grid of
 * thumbnails, each a link to its medium image, with its caption and who shared it; newer and
 * older pages by `?offset=`. Server-rendered only: it works the same without JavaScript.
 */
export function PhotosPage({ team, photos, offset, account, canAdd, viewer }: PhotosPageProps) {
  const { m, t } = useI18n();
  const gallery = m.photos;
  const page = m.dashboard.viewAll;
  const dashboard = `/family-dashboard/${encodeURIComponent(team.id)}`;
  const items = (photos?.photos ?? []).map(toGalleryItem);
  const older = photos?.hasMore && items.length > 0 && offset + items.length <= MAX_OFFSET;
  return (
    <>
      <SiteHeader account={account} />
      <main id="main" className="container page photos-page" tabIndex={-1}>
        <p className="photos-page__back">
          <a href={`${dashboard}#photos`}>{page.back}</a>
        </p>
        <h1 className="photos-page__title">
          <span className="visually-hidden">{team.name}:</span> {gallery.title}
        </h1>
        <p className="photos-page__team muted">{team.name}</p>
        {photos === null
          ? <p className="notice notice--error" role="status">{gallery.spec.failedToLoadPhotos}</p>
          : items.length === 0
          ? (
            <div className="gallery__state">
              <p className="gallery__state-icon" aria-hidden="true">📷</p>
              <p className="gallery__state-title">{offset > 0 ? page.noMore : gallery.carousel.empty}</p>
              {offset === 0 && (
                <p className="muted">{canAdd ? gallery.carousel.emptyHint : gallery.carousel.emptyReadOnly}</p>
              )}
            </div>
          )
          : (
            <>
              <p className="photos-page__range">
                {t(page.range, { from: offset + 1, to: offset + items.length })}
              </p>
              <ul className="photos-page__grid">
                {items.map((photo, i) => (
                  <li key={photo.id}>
                    <PhotoTile photo={photo} details={{ label: t(page.photoLabel, { n: offset + i + 1 }) }} />
                    {mayDeletePhoto(viewer, photo) && (
                      <details className="photos-page__delete">
                        <summary>{page.delete}</summary>
                        <form method="post" action={`${dashboard}/photos/${encodeURIComponent(photo.id)}/delete`}>
                          <input type="hidden" name="offset" value={offset} />
                          <button type="submit" className="button button--danger">{page.deleteThis}</button>
                        </form>
                      </details>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        {(offset > 0 || older) && (
          <nav className="photos-page__pager" aria-label={page.pager}>
            {offset > 0 && (
              <a
                className="button button--secondary"
                rel="prev"
                href={viewAllHref(team.id, offset - VIEW_ALL_PAGE_SIZE)}
              >
                {page.newer}
              </a>
            )}
            {older && (
              <a className="button button--secondary" rel="next" href={viewAllHref(team.id, offset + items.length)}>
                {page.older}
              </a>
            )}
          </nav>
        )}
        {canAdd && (
          <section id="add-photos" className="card photos-page__add" aria-labelledby="add-photos-title">
            <h2 id="add-photos-title">{gallery.addPhotos}</h2>
            <p>
              {page.needsJavaScript} <a href={`${dashboard}#photos`}>{page.needsJavaScriptLink}</a>
              {page.needsJavaScriptEnd}
            </p>
          </section>
        )}
      </main>
      <SiteFooter signedIn={Boolean(account?.href)} />
    </>
  );
}
