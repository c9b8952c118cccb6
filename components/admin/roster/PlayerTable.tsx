/** The roster management's table of players, which the RosterManager island renders. */
import type { MouseEvent } from "react";
import type { RosterPlayer } from "./roster_forms.ts";
import { ChangePhotoButton } from "../../photos/ChangePhotoButton.tsx";
import { useI18n } from "../../../lib/i18n/context.tsx";

const initials = (p: RosterPlayer) => `${p.firstName[0] ?? ""}${p.lastName[0] ?? ""}`.toUpperCase();

export function PlayerTable({ players, rosterPath, query, onOpen, photos = false }: {
  players: RosterPlayer[];
  rosterPath: string;
  query: string;
  onOpen: (e: MouseEvent<HTMLAnchorElement>) => void;
  /** Each row gets 'Change photo' (the page then has the PlayerPhoto dialog). */
  photos?: boolean;
}) {
  const { m, t } = useI18n();
  const text = m.adminRoster.table;
  const numbers = m.adminCommon.numbers;
  return (
    <div className="roster-admin__scroll">
      <table className="roster-admin__table roster-admin__table--stack">
        <caption className="visually-hidden">{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.jersey}</th>
            <th scope="col">{text.photo}</th>
            <th scope="col">{text.name}</th>
            <th scope="col">{text.position}</th>
            <th scope="col">{text.status}</th>
            <th scope="col">{text.actions}</th>
          </tr>
        </thead>
        <tbody>
          {players.length === 0 && (
            <tr>
              <td colSpan={6} className="roster-admin__empty">
                {query ? t(text.noMatch, { query }) : text.empty}
              </td>
            </tr>
          )}
          {players.map((p) => {
            const name = `${p.firstName} ${p.lastName}`;
            const wornBy = t(text.alsoWornBy, {
              count: p.sharesJerseyWith.length,
              names: p.sharesJerseyWith.join(", "),
            });
            return (
              <tr key={p.id}>
                <td className="roster-admin__jersey" data-label={text.jersey}>
                  {p.jerseyNumber}
                  {p.sharesJerseyWith.length > 0 && (
                    <span className="badge badge--warning" title={wornBy}>
                      {text.shared}
                      <span className="visually-hidden">{`: ${wornBy}`}</span>
                    </span>
                  )}
                </td>
                <td className="roster-admin__photo-cell" data-label={text.photo}>
                  {p.photoUrlSmall
                    ? (
                      <img
                        className="roster-admin__photo"
                        src={p.photoUrlSmall}
                        alt={t(text.photoAlt, { name })}
                        width={40}
                        height={40}
                      />
                    )
                    : (
                      <span className="roster-admin__photo roster-admin__initials" aria-hidden="true">
                        {initials(p)}
                      </span>
                    )}
                </td>
                <th scope="row">{name}</th>
                <td data-label={text.position}>{p.position ?? "—"}</td>
                <td data-label={text.status}>
                  <span className={p.isApproved ? "badge" : "badge badge--muted"}>
                    {p.isApproved ? numbers.hasParent : numbers.noParentYet}
                  </span>
                </td>
                <td className="roster-admin__actions" data-label={text.actions}>
                  <a href={`${rosterPath}?edit=${p.id}`} data-panel="edit" data-player={p.id} onClick={onOpen}>
                    {text.edit}
                    <span className="visually-hidden">{` ${name}`}</span>
                  </a>
                  <a href={`${rosterPath}?remove=${p.id}`} data-panel="remove" data-player={p.id} onClick={onOpen}>
                    {text.remove}
                    <span className="visually-hidden">{` ${name}`}</span>
                  </a>
                  {photos && (
                    <ChangePhotoButton
                      className="roster-admin__photo-button"
                      target={{ playerId: p.id, name, photoUrl: p.photoUrlMedium ?? p.photoUrlSmall }}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
