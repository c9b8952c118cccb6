/**
 * 'Change photo' for one player, inside another island (the family-member dialog, a roster
 * row): it opens the page's PlayerPhoto dialog (islands/PlayerPhoto.tsx). The server renders
 * it only for a viewer who may change that player's photo (a parent of the player or a team
 * admin); the API checks the same again. Choosing, shrinking and sending a photo needs
 * JavaScript: without it the button is hidden (static/features/headshots.css) and a line says so.
 */
import { openPlayerPhoto, type PhotoTarget } from "../../lib/client/player_photo.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

export function ChangePhotoButton({ target, className = "button button--secondary" }: {
  target: PhotoTarget;
  className?: string;
}) {
  const { m, t } = useI18n();
  return (
    <span className="photo-change">
      <button
        type="button"
        className={`${className} photo-trigger`}
        aria-haspopup="dialog"
        data-photo-player={target.playerId}
        onClick={(e) => openPlayerPhoto(target, e.currentTarget)}
      >
        {m.headshots.change}
        <span className="visually-hidden">{` ${t(m.headshots.changeOf, { name: target.name })}`}</span>
      </button>
      <noscript>
        <span className="photo-change__nojs">{m.headshots.needsJavaScript}</span>
      </noscript>
    </span>
  );
}
