import { type ReactNode, useEffect, useRef, useState } from "react";
import ClaimActions from "../components/admin/ClaimActions.tsx";
import type { AdminClaim, PlayerChoice } from "../lib/teams/admin_views.ts";
import { claimKind, claimTarget, formatDate, matchedPlayer, noMatch, requesterOf } from "../components/admin/format.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import { DEFAULT_LANGUAGE } from "../lib/i18n/languages.ts";

export interface ClaimsBoardProps {
  teamId: string;
  /** The claims page (`/admin/{id}/claims` or `/teams/{id}/claims`); each claim's forms post under it. */
  claimsPath: string;
  /** A page of pending claims and one of decided claims, newest first. */
  pending: AdminClaim[];
  processed: AdminClaim[];
  /** By claim id, the players to pick from for each claim that needs the admin to choose. */
  choices: Record<string, PlayerChoice[]>;
  /** The next page of each list, or null. */
  morePending: string | null;
  moreProcessed: string | null;
}

const PENDING_HEADING = "pending-claims-heading";

/** One table of claims: the columns every claim has, then `headings` filled by `cells`. */
function ClaimsTable(
  { claims, headings, cells }: { claims: AdminClaim[]; headings: string[]; cells: (claim: AdminClaim) => ReactNode },
) {
  const { columns } = useI18n().m.adminClaims;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--stack">
        <thead>
          <tr>
            {[columns.type, columns.parent, columns.email, columns.player, columns.target, ...headings].map((h) => (
              <th key={h} scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {claims.map((claim) => (
            <tr key={claim.id} data-claim={claim.id}>
              <ClaimCells claim={claim} />
              {cells(claim)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ClaimCells({ claim }: { claim: AdminClaim }) {
  const i18n = useI18n();
  const { columns } = i18n.m.adminClaims;
  // On a phone each row is a card, each cell labelled. The stylesheet labels the row header
  // "Parent" by itself; another language names it here (the English row header stays bare markup,
  // as tests/integration/admin_pages_test.ts reads it).
  const rowLabel = i18n.lang === DEFAULT_LANGUAGE ? undefined : columns.parent;
  return (
    <>
      <td data-label={columns.type}>{claimKind(claim, i18n)}</td>
      <th scope="row" data-label={rowLabel}>{requesterOf(claim)}</th>
      <td data-label={columns.email} className="admin-table__email">{claim.email}</td>
      <td data-label={columns.player}>
        {matchedPlayer(claim, i18n) ?? <span className="muted">{noMatch(i18n)}</span>}
      </td>
      <td data-label={columns.target}>{claimTarget(claim, i18n)}</td>
    </>
  );
}

function NextPageLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return null;
  return (
    <p className="pager">
      <a className="button button--ghost" href={href}>{label}</a>
    </p>
  );
}

/**
 * The claims page's two tables. A decision moves its claim from Pending to the top of
 * Processed at once (the counters and the side badge follow in ClaimActions); focus goes to
 * the next pending claim's Approve, or to the Pending heading when none is left.
 */
export default function ClaimsBoard(props: ClaimsBoardProps) {
  const { m, lang } = useI18n();
  const texts = m.adminClaims;
  const { columns } = texts;
  const [pending, setPending] = useState(props.pending);
  const [processed, setProcessed] = useState(props.processed);
  const current = useRef(pending);
  current.current = pending;
  /** Where focus goes once a decided row is gone: a claim id, or "" for the heading. */
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    const target = focusAfter.current;
    if (target === null) return;
    focusAfter.current = null;
    const next = target
      ? document.querySelector<HTMLElement>(`tr[data-claim="${CSS.escape(target)}"] button`)
      : document.getElementById(PENDING_HEADING);
    next?.focus();
  }, [pending]);

  const decided = (claim: AdminClaim) => {
    const list = current.current;
    const at = list.findIndex((c) => c.id === claim.id);
    focusAfter.current = (list[at + 1] ?? list[at - 1])?.id ?? "";
    setPending((rows) => rows.filter((c) => c.id !== claim.id));
    setProcessed((rows) => [claim, ...rows.filter((c) => c.id !== claim.id)]);
  };

  return (
    <>
      <section className="card admin-card" aria-labelledby={PENDING_HEADING}>
        <h2 id={PENDING_HEADING} tabIndex={-1}>{texts.pendingHeading}</h2>
        {pending.length === 0 ? <p className="muted">{texts.nothingPending}</p> : (
          <ClaimsTable
            claims={pending}
            headings={[columns.note, columns.date, columns.actions]}
            cells={(claim) => (
              <>
                <td data-label={columns.note} className="admin-table__note">{claim.note}</td>
                <td data-label={columns.date}>
                  <time dateTime={claim.createdAt}>{formatDate(claim.createdAt, lang)}</time>
                </td>
                <td data-label={columns.actions} className="admin-table__actions">
                  <ClaimActions
                    teamId={props.teamId}
                    claimId={claim.id}
                    formAction={`${props.claimsPath}/${encodeURIComponent(claim.id)}`}
                    back="claims"
                    requester={requesterOf(claim)}
                    choices={props.choices[claim.id] ?? null}
                    onDecided={decided}
                  />
                </td>
              </>
            )}
          />
        )}
      </section>
      <NextPageLink href={props.morePending} label={texts.morePending} />
      <section className="card admin-card" aria-labelledby="processed-claims-heading">
        <h2 id="processed-claims-heading">{texts.processedHeading}</h2>
        {processed.length === 0 ? <p className="muted">{texts.noDecisions}</p> : (
          <ClaimsTable
            claims={processed}
            headings={[columns.status, columns.decided]}
            cells={(claim) => (
              <>
                <td data-label={columns.status}>
                  <span className={`status status--${claim.status}`}>
                    {claim.status === "approved" ? texts.status.approved : texts.status.denied}
                  </span>
                </td>
                <td data-label={columns.decided}>
                  {claim.decidedAt ? <time dateTime={claim.decidedAt}>{formatDate(claim.decidedAt, lang)}</time> : "—"}
                </td>
              </>
            )}
          />
        )}
      </section>
      <NextPageLink href={props.moreProcessed} label={texts.olderProcessed} />
    </>
  );
}
