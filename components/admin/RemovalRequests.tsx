/**
 * Parents' requests to remove their child from the roster (issue 22), on the claims page beside
 * claims and join requests. Plain forms: Approve deletes the player for good, Deny needs a reason
 * the parent is sent. They post and come back to the claims page with a notice, with JavaScript
 * or without.
 */
import { childPrivacyPaths, MAX_DENY_REASON, type RemovalRequestView } from "../../lib/families/child_privacy.ts";
import { CHILD_PRIVACY_TEXTS as TEXTS } from "../../lib/families/child_privacy_rules.ts";
import { formatDate } from "./format.ts";

export function RemovalRequests({ requests, claimsPath }: { requests: RemovalRequestView[]; claimsPath: string }) {
  if (requests.length === 0) return null;
  return (
    <section id="removal-requests" className="card admin-card removal-requests" aria-labelledby="removal-heading">
      <h2 id="removal-heading">{TEXTS.adminHeading} ({requests.length})</h2>
      <p className="muted">{TEXTS.adminIntro}</p>
      <ul className="admin-list">
        {requests.map((r) => (
          <li key={r.id} className="removal-request" data-request={r.id}>
            <h3 className="removal-request__name">{`${r.childName} #${r.jerseyNumber}`}</h3>
            <p className="muted">{TEXTS.requestedBy(r.requesterName, formatDate(r.createdAt))}</p>
            <p className="removal-request__reason">{r.reason ? `“${r.reason}”` : TEXTS.noReason}</p>
            <div className="removal-request__actions">
              <form method="post" action={childPrivacyPaths.approve(claimsPath, r.id)}>
                <button type="submit" className="button button--danger">
                  {TEXTS.approve}
                  <span className="visually-hidden">: {r.childName}</span>
                </button>
              </form>
              <form method="post" action={childPrivacyPaths.deny(claimsPath, r.id)} className="removal-request__deny">
                <div className="field">
                  <label htmlFor={`deny-reason-${r.id}`}>{TEXTS.denyReasonLabel}</label>
                  <textarea
                    id={`deny-reason-${r.id}`}
                    name="reason"
                    rows={2}
                    required
                    maxLength={MAX_DENY_REASON}
                  />
                </div>
                <button type="submit" className="button button--secondary">
                  {TEXTS.deny}
                  <span className="visually-hidden">: {r.childName}</span>
                </button>
              </form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
