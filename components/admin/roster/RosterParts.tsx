/** The pieces of the roster management page the RosterManager island renders. */
import type { InputHTMLAttributes, MouseEvent } from "react";
import type { FormFields, ImportPreviewView, RosterPlayer } from "./roster_forms.ts";
import { ChangePhotoButton } from "../../photos/ChangePhotoButton.tsx";
import { TEAM_NUMBER_TEXTS } from "../../../lib/teams/team_numbers.ts";

type Errors = Record<string, string>;

/** A labelled input whose error is tied to it with `aria-describedby`. */
export function Field(
  { name, label, values, errors, ...input }:
    & { name: string; label: string; values: FormFields; errors: Errors }
    & InputHTMLAttributes<HTMLInputElement>,
) {
  const error = errors[name];
  const id = `player-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={values[name] ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

const NUMBER = { type: "text", inputMode: "numeric", pattern: "[0-9]*" } as const;

/** First and last name, jersey and position; the edit form adds age details and season stats. */
export function PlayerFields({ values, errors, full }: { values: FormFields; errors: Errors; full: boolean }) {
  const props = { values, errors };
  return (
    <>
      <div className="roster-admin__grid">
        <Field name="firstName" label="First name" autoComplete="off" required {...props} />
        <Field name="lastName" label="Last name" autoComplete="off" required {...props} />
        <Field name="jerseyNumber" label="Jersey number (0–99)" required {...NUMBER} {...props} />
        <Field name="position" label="Position" autoComplete="off" {...props} />
      </div>
      {full && (
        <>
          <div className="roster-admin__grid">
            <Field name="birthYear" label="Birth year" {...NUMBER} {...props} />
            <Field name="yearsPlaying" label="Years playing" {...NUMBER} {...props} />
          </div>
          <fieldset className="roster-admin__stats">
            <legend>Season stats</legend>
            <div className="roster-admin__grid">
              <Field name="gamesPlayed" label="Games played" {...NUMBER} {...props} />
              <Field name="goals" label="Goals" {...NUMBER} {...props} />
              <Field name="assists" label="Assists" {...NUMBER} {...props} />
            </div>
            {errors.stats && <p className="field__error">{errors.stats}</p>}
          </fieldset>
        </>
      )}
    </>
  );
}

const initials = (p: RosterPlayer) => `${p.firstName[0] ?? ""}${p.lastName[0] ?? ""}`.toUpperCase();

export function PlayerTable({ players, rosterPath, query, onOpen, photos = false }: {
  players: RosterPlayer[];
  rosterPath: string;
  query: string;
  onOpen: (e: MouseEvent<HTMLAnchorElement>) => void;
  /** Each row gets 'Change photo' (the page then has the PlayerPhoto dialog). */
  photos?: boolean;
}) {
  return (
    <div className="roster-admin__scroll">
      <table className="roster-admin__table roster-admin__table--stack">
        <caption className="visually-hidden">Players</caption>
        <thead>
          <tr>
            <th scope="col">Jersey</th>
            <th scope="col">Photo</th>
            <th scope="col">Name</th>
            <th scope="col">Position</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {players.length === 0 && (
            <tr>
              <td colSpan={6} className="roster-admin__empty">
                {query ? `No players match "${query}".` : "No players yet. Add one or import a CSV file."}
              </td>
            </tr>
          )}
          {players.map((p) => {
            const name = `${p.firstName} ${p.lastName}`;
            return (
              <tr key={p.id}>
                <td className="roster-admin__jersey" data-label="Jersey">
                  {p.jerseyNumber}
                  {p.sharesJerseyWith.length > 0 && (
                    <span className="badge badge--warning" title={`Also worn by ${p.sharesJerseyWith.join(", ")}`}>
                      Shared<span className="visually-hidden">{`: also worn by ${p.sharesJerseyWith.join(", ")}`}</span>
                    </span>
                  )}
                </td>
                <td className="roster-admin__photo-cell" data-label="Photo">
                  {p.photoUrlSmall
                    ? (
                      <img
                        className="roster-admin__photo"
                        src={p.photoUrlSmall}
                        alt={`Photo of ${name}`}
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
                <td data-label="Position">{p.position ?? "—"}</td>
                <td data-label="Status">
                  <span className={p.isApproved ? "badge" : "badge badge--muted"}>
                    {p.isApproved ? TEAM_NUMBER_TEXTS.hasParent : TEAM_NUMBER_TEXTS.noParentYet}
                  </span>
                </td>
                <td className="roster-admin__actions" data-label="Actions">
                  <a href={`${rosterPath}?edit=${p.id}`} data-panel="edit" data-player={p.id} onClick={onOpen}>
                    Edit<span className="visually-hidden">{` ${name}`}</span>
                  </a>
                  <a href={`${rosterPath}?remove=${p.id}`} data-panel="remove" data-player={p.id} onClick={onOpen}>
                    Remove<span className="visually-hidden">{` ${name}`}</span>
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

/** Every row the dry run read, with its errors, before anything is saved. */
export function ImportPreviewTable({ preview }: { preview: ImportPreviewView }) {
  return (
    <>
      <p role="status">
        {`${preview.valid} row${preview.valid === 1 ? "" : "s"} ready to import, ${preview.invalid} with errors.`}
        {preview.invalid > 0 && " Fix the rows with errors before importing."}
      </p>
      <div className="roster-admin__scroll">
        <table className="roster-admin__table roster-admin__preview">
          <caption className="visually-hidden">Import preview</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Jersey</th>
              <th scope="col">Name</th>
              <th scope="col">Position</th>
              <th scope="col">Parent emails</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line} className={r.errors.length ? "roster-admin__bad-row" : undefined}>
                <td>{r.line}</td>
                <td>{r.jerseyNumber ?? ""}</td>
                <th scope="row">{`${r.firstName} ${r.lastName}`.trim() || "(no name)"}</th>
                <td>{r.position ?? ""}</td>
                <td>{r.parentEmails.join(", ")}</td>
                <td>
                  {r.errors.length ? r.errors.join("; ") : r.warnings.length ? `OK. ${r.warnings.join("; ")}` : "OK"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
