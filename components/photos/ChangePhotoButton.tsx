/**
 * 'Change photo' for one player, inside another island (the family-member dialog, a roster
 * row): it opens the page's PlayerPhoto dialog (islands/PlayerPhoto.tsx). The server renders
 * it only for a viewer who may change that player's photo (a parent of the player or a team
 * admin); the API checks the same again. Choosing, shrinking and sending a photo needs
 * JavaScript: without it the button is hidden (static/features/headshots.css) and a line says so.
 */
import { openPlayerPhoto, type PhotoTarget } from "../../lib/client/player_photo.ts";

export function ChangePhotoButton({ target, className = "button button--secondary" }: {
  target: PhotoTarget;
  className?: string;
}) {
  return (
    <span className="photo-change">
      <button
        type="button"
        className={`${className} photo-trigger`}
        aria-haspopup="dialog"
        data-photo-player={target.playerId}
        onClick={(e) => openPlayerPhoto(target, e.currentTarget)}
      >
        Change photo<span className="visually-hidden">{` of ${target.name}`}</span>
      </button>
      <noscript>
        <span className="photo-change__nojs">Changing a photo needs JavaScript.</span>
      </noscript>
    </span>
  );
}
