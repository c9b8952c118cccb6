/**
 * The team's photo gallery. Uploads, the carousel and headshots arrive with the photos work
 * (issue order 7); until then the section says so rather than showing a dead button.
 */
export function PhotoGallerySection() {
  return (
    <section className="card dash-section" id="photos" aria-labelledby="photos-title">
      <h2 id="photos-title">Photo Gallery</h2>
      <p className="muted">Team photos are coming soon: you will be able to add up to three at a time here.</p>
    </section>
  );
}
