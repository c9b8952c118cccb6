import { type FormEvent, useState } from "react";
import { toast } from "../../lib/client/toast.tsx";
import { api } from "../../lib/client/api.ts";
import type { AdminClaim } from "../../lib/teams/admin_views.ts";
import { type Coverage, NUMBER_VALUES, type TeamNumbers } from "../../lib/teams/team_numbers.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

export interface ClaimActionsProps {
  teamId: string;
  claimId: string;
  /** The page route the forms post to without JavaScript (`…/approve`, `…/deny` are appended). */
  formAction: string;
  /** Where the page route sends the browser back to after a decision. */
  back: "dashboard" | "claims";
  /** Who asked, for the buttons' accessible names ("Approve claim from …"). */
  requester: string;
  /** The roster to pick from when the claim matched no player or several; null when it matched one. */
  choices: { id: string; label: string }[] | null;
  /**
   * The list around these buttons takes the decided claim (as the API answers it) out of its
   * pending rows; without it the buttons give way to the decision's label.
   */
  onDecided?: (claim: AdminClaim) => void;
}

type Decision = "approve" | "deny";

/**
 * The team's numbers the server rendered outside any island (marked `data-number`, a name of
 * lib/teams/team_numbers.ts's NUMBER_VALUES: the tiles and the side navigation's Claims badge)
 * take the values the decision's answer carries, in the page's language (`coverage` writes "6 of
 * 14"). A tile's number is its `.admin-tile__value`, the badge's is its first text; one marked
 * `data-live-zero="remove"` goes away at 0.
 */
function showNumbers(numbers: TeamNumbers, coverage: Coverage) {
  for (const el of document.querySelectorAll<HTMLElement>("[data-number]")) {
    const name = el.dataset.number ?? "";
    if (!Object.hasOwn(NUMBER_VALUES, name)) continue;
    const text = NUMBER_VALUES[name as keyof typeof NUMBER_VALUES](numbers, coverage);
    const value = el.querySelector(".admin-tile__value")?.firstChild ?? el.firstChild;
    if (text === "0" && el.dataset.liveZero === "remove") el.remove();
    else if (value) value.textContent = text;
  }
}

/** Approve and Deny for one pending claim: in place with JavaScript, as two small forms without. */
export default function ClaimActions(
  { teamId, claimId, formAction, back, requester, choices, onDecided }: ClaimActionsProps,
) {
  const [decided, setDecided] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const selectId = `claim-player-${claimId}`;
  const { m, t } = useI18n();
  const texts = m.adminClaims;

  const submit = (decision: Decision) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const playerId = new FormData(e.currentTarget).get("playerId");
    setPending(true);
    const url = `/api/admin/${encodeURIComponent(teamId)}/claims/${encodeURIComponent(claimId)}/${decision}`;
    const reply = await api<{ message?: string; claim: AdminClaim; numbers: TeamNumbers }>(
      "POST",
      url,
      typeof playerId === "string" && playerId ? { playerId } : undefined,
    );
    setPending(false);
    if (!reply.ok) {
      toast({
        title: texts.actions.errorTitle,
        description: reply.message || `${reply.status}`,
        variant: "destructive",
      });
      // Someone else decided first: nothing is left to do here (a reload shows how it went).
      if (reply.status === 409) setDecided(texts.actions.alreadyDecided);
      return;
    }
    const approved = decision === "approve";
    const title = approved ? texts.actions.approvedTitle : texts.actions.deniedTitle;
    toast({ title, description: reply.data.message ?? "" });
    showNumbers(reply.data.numbers, (part, whole) => t(m.adminCommon.numbers.coverage, { part, whole }));
    if (onDecided) onDecided(reply.data.claim);
    else setDecided(approved ? texts.status.approved : texts.status.denied);
  };

  if (decided) return <p className="claim-actions__done" role="status">{decided}</p>;

  return (
    <div className="claim-actions">
      <form method="post" action={`${formAction}/approve`} onSubmit={submit("approve")} className="claim-actions__form">
        <input type="hidden" name="back" value={back} />
        {choices && (
          <>
            <label htmlFor={selectId} className="visually-hidden">
              {t(texts.actions.playerFor, { requester })}
            </label>
            <select id={selectId} name="playerId" className="claim-actions__select" required defaultValue="">
              <option value="" disabled>{texts.actions.choosePlayer}</option>
              {choices.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
            </select>
          </>
        )}
        <button
          type="submit"
          className="button button--primary button--sm"
          disabled={pending}
          aria-label={t(texts.actions.approveFrom, { requester })}
        >
          {texts.actions.approve}
        </button>
      </form>
      <form method="post" action={`${formAction}/deny`} onSubmit={submit("deny")} className="claim-actions__form">
        <input type="hidden" name="back" value={back} />
        <button
          type="submit"
          className="button button--secondary button--sm"
          disabled={pending}
          aria-label={t(texts.actions.denyFrom, { requester })}
        >
          {texts.actions.deny}
        </button>
      </form>
    </div>
  );
}
