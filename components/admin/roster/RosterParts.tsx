/** The roster management forms' pieces the RosterPanel island renders. */
import type { InputHTMLAttributes } from "react";
import type { FormFields, ImportPreviewView } from "./roster_forms.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

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
  const { m } = useI18n();
  const label = m.adminRosterForms.fields;
  const props = { values, errors };
  return (
    <>
      <div className="roster-admin__grid">
        <Field name="firstName" label={label.firstName} autoComplete="off" required {...props} />
        <Field name="lastName" label={label.lastName} autoComplete="off" required {...props} />
        <Field name="jerseyNumber" label={label.jerseyNumber} required {...NUMBER} {...props} />
        <Field name="position" label={label.position} autoComplete="off" {...props} />
      </div>
      {full && (
        <>
          <div className="roster-admin__grid">
            <Field name="birthYear" label={label.birthYear} {...NUMBER} {...props} />
            <Field name="yearsPlaying" label={label.yearsPlaying} {...NUMBER} {...props} />
          </div>
          <fieldset className="roster-admin__stats">
            <legend>{label.seasonStats}</legend>
            <div className="roster-admin__grid">
              <Field name="gamesPlayed" label={label.gamesPlayed} {...NUMBER} {...props} />
              <Field name="goals" label={label.goals} {...NUMBER} {...props} />
              <Field name="assists" label={label.assists} {...NUMBER} {...props} />
            </div>
            {errors.stats && <p className="field__error">{errors.stats}</p>}
          </fieldset>
        </>
      )}
    </>
  );
}

/** Every row the dry run read, with its errors, before anything is saved. */
export function ImportPreviewTable({ preview }: { preview: ImportPreviewView }) {
  const { m, t } = useI18n();
  const text = m.adminRosterForms.preview;
  const ready = t(text.ready, { count: preview.valid, invalid: preview.invalid });
  return (
    <>
      <p role="status">{preview.invalid > 0 ? `${ready} ${text.fixRows}` : ready}</p>
      {/* A wide preview scrolls sideways on a phone: the region takes the focus, so a keyboard can scroll it. */}
      <div className="roster-admin__scroll" role="region" aria-label={text.caption} tabIndex={0}>
        <table className="roster-admin__table roster-admin__preview">
          <caption className="visually-hidden">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.line}</th>
              <th scope="col">{text.jersey}</th>
              <th scope="col">{text.name}</th>
              <th scope="col">{text.position}</th>
              <th scope="col">{text.parentEmails}</th>
              <th scope="col">{text.check}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line} className={r.errors.length ? "roster-admin__bad-row" : undefined}>
                <td>{r.line}</td>
                <td>{r.jerseyNumber ?? ""}</td>
                <th scope="row">{`${r.firstName} ${r.lastName}`.trim() || text.noName}</th>
                <td>{r.position ?? ""}</td>
                <td>{r.parentEmails.join(", ")}</td>
                <td>
                  {r.errors.length
                    ? r.errors.join("; ")
                    : r.warnings.length
                    ? t(text.okWith, { warnings: r.warnings.join("; ") })
                    : text.ok}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
