import { Island } from "../../lib/render/island.tsx";
import { canWrite, type TeamViewer } from "../../lib/team_viewer.ts";
import type { ActiveCampaign } from "../../lib/campaigns/mod.ts";
import type { SectionForm } from "./forms.ts";
import { toCardCampaign } from "./campaigns/CampaignCard.tsx";
import { PollResultsPanel } from "./campaigns/PollResults.tsx";
import type { PollResults } from "../../lib/campaigns/poll_results.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

export interface CampaignsSectionProps {
  teamId: string;
  /** The campaigns live for the viewer now (the first page). */
  campaigns: ActiveCampaign[];
  viewer: TeamViewer;
  /** A card's plain form the server refused: what was typed and why. */
  form?: SectionForm & { campaignId: string };
  /** The poll the person just voted in without JavaScript (`?voted=`): its results, shown above the cards. */
  pollResults?: PollResults | null;
}

/**
 * The family dashboard's interactive campaign section: the CampaignCards island (hydrated on
 * first interaction; its server markup is plain forms), or a short line when nothing waits.
 * A system administrator or a team's shared login reads the cards without answering.
 */
export function CampaignsSection({ teamId, campaigns, viewer, form, pollResults = null }: CampaignsSectionProps) {
  const { m } = useI18n();
  const parentId = canWrite(viewer) ? viewer.userId : null;
  // A refusal about a card no longer listed (answered elsewhere, deactivated) shows above the cards.
  const orphan = form && !campaigns.some((c) => c.id === form.campaignId)
    ? Object.values(form.errors)[0] ?? null
    : null;
  return (
    <section className="card dash-section campaigns" id="campaigns" aria-labelledby="campaigns-title">
      <h2 id="campaigns-title">{m.campaigns.title}</h2>
      {orphan && <p className="notice notice--error" role="alert">{orphan}</p>}
      {campaigns.length === 0
        ? (
          <>
            {pollResults && <PollResultsPanel results={pollResults} />}
            <p className="muted campaigns__empty">{m.campaigns.empty}</p>
          </>
        )
        : (
          <Island
            name="CampaignCards"
            hydrate="interaction"
            props={{ teamId, campaigns: campaigns.map(toCardCampaign), parentId, form: form ?? null, pollResults }}
          />
        )}
    </section>
  );
}
