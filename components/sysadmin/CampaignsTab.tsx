import { Island } from "../../lib/render/island.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import { AdminNotice } from "../admin/AdminLayout.tsx";
import type { ConsoleCampaign, GlobalFormState } from "./global_campaigns.ts";

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
 * island ('Create Campaign', its dialog, the active and inactive tables), then the pages. The
 * route hands the notice and a refused form's messages over in the page's language.
 */
export function CampaignsTab({ campaigns, isFirstPage, form, open, notice }: CampaignsTabProps) {
  const { m } = useI18n();
  const s = m.sysadminCampaigns;
  const props = { campaigns: campaigns.values, form, open, deleteQuestion: m.campaigns.errors.deleteConfirm };
  return (
    <section className="console-campaigns-tab" aria-labelledby="campaigns-tab-heading">
      <h2 id="campaigns-tab-heading">{s.heading}</h2>
      <p className="muted">{s.lead}</p>
      <AdminNotice notice={notice} />
      <Island name="GlobalCampaignForm" hydrate="interaction" props={props} />
      {(!isFirstPage || campaigns.cursor) && (
        <nav className="console-pages" aria-label={s.pagesLabel}>
          {!isFirstPage && <a className="button button--ghost" href={campaignsTabHref()}>{s.newest}</a>}
          {campaigns.cursor && (
            <a className="button button--secondary" href={campaignsTabHref(campaigns.cursor)}>{s.older}</a>
          )}
        </nav>
      )}
    </section>
  );
}

/**
 * Delete without JavaScript: the form's first post shows SPEC.md's confirmation (with
 * JavaScript the island asks with `confirm()` and calls the API instead). `question` is in the
 * page's language.
 */
export function DeleteCampaignConfirm(
  { campaign, question }: { campaign: { id: string; title: string }; question: string },
) {
  const { m, t } = useI18n();
  const s = m.sysadminCampaigns.confirm;
  return (
    <section className="card console-confirm" aria-labelledby="console-confirm-heading">
      <h2 id="console-confirm-heading">{t(s.heading, { title: campaign.title })}</h2>
      <p role="alert">{question}</p>
      <form method="post" action={`/sysadmin/campaigns/${campaign.id}/delete`} className="console-confirm__actions">
        <input type="hidden" name="confirm" value="yes" />
        <a className="button button--secondary" href="/sysadmin">{s.cancel}</a>
        <button type="submit" className="button button--danger">{s.delete}</button>
      </form>
    </section>
  );
}
