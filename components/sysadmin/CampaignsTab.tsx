import { Island } from "../../lib/render/island.tsx";
import { AdminNotice } from "../admin/AdminLayout.tsx";
import type { ConsoleCampaign, GlobalFormState } from "./campaign_console.ts";

export interface CampaignsTabProps {
  /** One page of the global campaigns, newest first; `cursor` is the next page's ("" on the last). */
  campaigns: { values: ConsoleCampaign[]; cursor: string };
  /** Whether this is the first page (the tab offers 'Newest campaigns' otherwise). */
  isFirstPage: boolean;
  form: GlobalFormState;
  /** The create form shown open on the page (a refused post without JavaScript). */
  open: boolean;
  notice: { kind: "success" | "error"; text: string } | null;
}

export const campaignsTabHref = (cursor = "") =>
  cursor ? `/sysadmin?${new URLSearchParams({ tab: "campaigns", cursor })}` : "/sysadmin";

/**
 * The console's Campaigns tab: the notice of the last form post, then the GlobalCampaignForm
 * island ('Create Campaign', its dialog, the active and inactive tables), then the pages.
 */
export function CampaignsTab({ campaigns, isFirstPage, form, open, notice }: CampaignsTabProps) {
  return (
    <section className="console-campaigns-tab" aria-labelledby="campaigns-tab-heading">
      <h2 id="campaigns-tab-heading">Global Campaigns</h2>
      <p className="muted">
        A global campaign reaches the families of every active team on their family dashboard, between its publish and
        expiry dates. Each person answers, dismisses or snoozes it for themselves.
      </p>
      <AdminNotice notice={notice} />
      <Island name="GlobalCampaignForm" hydrate="interaction" props={{ campaigns: campaigns.values, form, open }} />
      {(!isFirstPage || campaigns.cursor) && (
        <nav className="console-pages" aria-label="Campaign pages">
          {!isFirstPage && <a className="button button--ghost" href={campaignsTabHref()}>Newest campaigns</a>}
          {campaigns.cursor && (
            <a className="button button--secondary" href={campaignsTabHref(campaigns.cursor)}>Older campaigns</a>
          )}
        </nav>
      )}
    </section>
  );
}

/**
 * Delete without JavaScript: the form's first post shows SPEC.md's confirmation (with
 * JavaScript the island asks with `confirm()` and calls the API instead).
 */
export function DeleteCampaignConfirm(
  { campaign, question }: { campaign: { id: string; title: string }; question: string },
) {
  return (
    <section className="card console-confirm" aria-labelledby="console-confirm-heading">
      <h2 id="console-confirm-heading">{`Delete “${campaign.title}”?`}</h2>
      <p role="alert">{question}</p>
      <form method="post" action={`/sysadmin/campaigns/${campaign.id}/delete`} className="console-confirm__actions">
        <input type="hidden" name="confirm" value="yes" />
        <a className="button button--secondary" href="/sysadmin">Cancel</a>
        <button type="submit" className="button button--danger">Delete Campaign</button>
      </form>
    </section>
  );
}
