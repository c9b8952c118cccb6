/**
 * Parents' requests to remove their child from the roster (issue 22), on the claims page beside
 * claims and join requests. Plain forms: Approve deletes the player for good, Deny needs a reason
 * the parent is sent. They post and come back to the claims page with a notice, with JavaScript
 * or without.
 */
import { childPrivacyPaths, MAX_DENY_REASON, type RemovalRequestView } from "../../lib/families/child_privacy.ts";
import { formatDate } from "./format.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

export function RemovalRequests({ requests, claimsPath }: { requests: RemovalRequestView[]; claimsPath: string }) {
  const { m, t, lang } = useI18n();
  const texts = m.childPrivacy;
  if (requests.length === 0) return null;
  return (
    <section id="removal-requests" className="card admin-card removal-requests" aria-labelledby="removal-heading">
      <h2 id="removal-heading">{texts.adminHeading} ({requests.length})</h2>
      <p className="muted">{texts.adminIntro}</p>
      <ul className="admin-list">
        {requests.map((r) => (
          <li key={r.id} className="removal-request" data-request={r.id}>
            <h3 className="removal-request__name">{`${r.childName} #${r.jerseyNumber}`}</h3>
            <p className="muted">
              {t(texts.requestedBy, { name: r.requesterName, date: formatDate(r.createdAt, lang) })}
            </p>
            <p className="removal-request__reason">{r.reason ? `“${r.reason}”` : texts.noReason}</p>
            <div className="removal-request__actions">
              <form method="post" action={childPrivacyPaths.approve(claimsPath, r.id)}>
                <button type="submit" className="button button--danger">
                  {texts.approve}
                  <span className="visually-hidden">: {r.childName}</span>
                </button>
              </form>
              <form method="post" action={childPrivacyPaths.deny(claimsPath, r.id)} className="removal-request__deny">
                <div className="field">
                  <label htmlFor={`deny-reason-${r.id}`}>{texts.denyReasonLabel}</label>
                  <textarea
                    id={`deny-reason-${r.id}`}
                    name="reason"
                    rows={2}
                    required
                    maxLength={MAX_DENY_REASON}
                  />
                </div>
                <button type="submit" className="button button--secondary">
                  {texts.deny}
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
