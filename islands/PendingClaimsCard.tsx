import { useEffect, useRef, useState } from "react";
import ClaimActions from "../components/admin/ClaimActions.tsx";
import { api } from "../lib/client/api.ts";
import { type AdminClaim, needsPlayerChoice, PENDING_PREVIEW } from "../lib/teams/admin_views.ts";
import { claimTarget, formatDate, matchedPlayer, noMatch, requesterOf } from "../components/admin/format.ts";
import { useI18n } from "../lib/i18n/context.tsx";

export interface PendingClaimsCardProps {
  teamId: string;
  /** The claims page: View All, Choose Player, and where each claim's forms post under. */
  claimsPath: string;
  /** The newest pending claims, at most PENDING_PREVIEW. */
  pending: AdminClaim[];
  /** How many claims are pending in all. */
  total: number;
}

const HEADING = "pending-heading";

/**
 * The dashboard's Pending Claims card. A decided claim leaves the list at once (the tiles and
 * the side badge follow in ClaimActions); when more claims wait than the list shows, the next
 * ones are fetched. Focus goes to the next claim's first action, or to the heading.
 */
export default function PendingClaimsCard(
  { teamId, claimsPath, pending, total: initialTotal }: PendingClaimsCardProps,
) {
  const i18n = useI18n();
  const { m, t, lang } = i18n;
  const texts = m.adminCards.pending;
  const [shown, setShown] = useState(pending);
  const [total, setTotal] = useState(initialTotal);
  const current = useRef({ shown, total });
  current.current = { shown, total };
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    const target = focusAfter.current;
    if (target === null) return;
    focusAfter.current = null;
    const next = target
      ? document.querySelector<HTMLElement>(`li[data-claim="${CSS.escape(target)}"] :is(a, button)`)
      : document.getElementById(HEADING);
    next?.focus();
  }, [shown]);

  const decided = async (claim: AdminClaim) => {
    const { shown: list, total: count } = current.current;
    const at = list.findIndex((c) => c.id === claim.id);
    focusAfter.current = (list[at + 1] ?? list[at - 1])?.id ?? "";
    const rest = list.filter((c) => c.id !== claim.id);
    setShown(rest);
    setTotal(count - 1);
    if (rest.length >= Math.min(count - 1, PENDING_PREVIEW)) return;
    // More claims wait than the list now shows: bring in the next ones.
    const reply = await api<{ values: AdminClaim[] }>(
      "GET",
      `/api/admin/${encodeURIComponent(teamId)}/claims?status=pending&limit=${PENDING_PREVIEW}`,
    );
    if (reply.ok) setShown(reply.data.values);
  };

  return (
    <section className="card admin-card" aria-labelledby={HEADING}>
      <div className="admin-card__head">
        <h2 id={HEADING} tabIndex={-1}>{texts.heading}</h2>
        {total > PENDING_PREVIEW && (
          <a className="button button--ghost" href={claimsPath}>
            {texts.viewAll}
            <span className="visually-hidden">{` ${t(texts.viewAllCount, { count: total })}`}</span>
          </a>
        )}
      </div>
      {shown.length === 0 ? <p className="muted">{texts.empty}</p> : (
        <ul className="pending-list">
          {shown.map((claim) => (
            <li key={claim.id} className="pending-list__item" data-claim={claim.id}>
              <div className="pending-list__who">
                <p className="pending-list__parent">{requesterOf(claim)}</p>
                <p className="muted">
                  {matchedPlayer(claim, i18n) ?? noMatch(i18n)} · {claimTarget(claim, i18n)} ·{" "}
                  <time dateTime={claim.createdAt}>{formatDate(claim.createdAt, lang)}</time>
                </p>
              </div>
              {needsPlayerChoice(claim)
                ? <a className="button button--secondary" href={claimsPath}>{texts.choosePlayer}</a>
                : (
                  <ClaimActions
                    teamId={teamId}
                    claimId={claim.id}
                    formAction={`${claimsPath}/${encodeURIComponent(claim.id)}`}
                    back="dashboard"
                    requester={requesterOf(claim)}
                    choices={null}
                    onDecided={decided}
                  />
                )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
