import type { PublicPlayer } from "../../lib/roster/public_players.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

/**
 * The player card: real data only. Fields the admin has not entered are left out rather
 * than filled with placeholders.
 */
export function PlayerCard({ player, closeHref }: { player: PublicPlayer; closeHref: string }) {
  const { m, t } = useI18n();
  const card = m.roster.card;
  const facts: [string, string | number][] = [[card.jersey, `#${player.jerseyNumber}`]];
  if (player.position) facts.push([card.position, player.position]);
  if (player.age !== null) facts.push([card.age, player.age]);
  if (player.yearsPlaying !== null) facts.push([card.yearsPlaying, player.yearsPlaying]);
  const stats = player.stats;
  return (
    <dialog open className="dialog dialog--inline player-card" aria-labelledby="player-card-name">
      <div className="dialog__body">
        <div className="player-card__top">
          {player.photoUrlMedium || player.photoUrl
            ? (
              <img
                className="player-card__photo"
                src={player.photoUrlMedium ?? player.photoUrl ?? ""}
                alt={t(card.photoAlt, { name: player.firstName })}
                width={96}
                height={96}
              />
            )
            : (
              <span className="player-card__photo player-card__photo--initial" aria-hidden="true">
                {player.firstName[0]}
              </span>
            )}
          <div>
            <h2 id="player-card-name" className="dialog__title">{`${player.firstName} ${player.lastName}`}</h2>
            {player.position && <p className="player-card__position">{player.position}</p>}
          </div>
          <span className="jersey jersey--lg" aria-hidden="true">{player.jerseyNumber}</span>
        </div>
        <dl className="facts">
          {facts.map(([label, value]) => (
            <div key={label} className="facts__item">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {stats && (
          <section aria-labelledby="player-card-stats">
            <h3 id="player-card-stats" className="player-card__subtitle">{card.thisSeason}</h3>
            <dl className="stats">
              <div className="stats__item">
                <dt>{card.games}</dt>
                <dd>{stats.gamesPlayed}</dd>
              </div>
              <div className="stats__item">
                <dt>{card.goals}</dt>
                <dd>{stats.goals}</dd>
              </div>
              <div className="stats__item">
                <dt>{card.assists}</dt>
                <dd>{stats.assists}</dd>
              </div>
            </dl>
          </section>
        )}
        <div className="dialog__actions">
          <a className="button button--primary" href={closeHref}>{card.close}</a>
        </div>
      </div>
    </dialog>
  );
}
