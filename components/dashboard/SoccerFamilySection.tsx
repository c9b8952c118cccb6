import { Island } from "../../lib/render/island.tsx";
import type { SoccerFamily } from "../../lib/families/types.ts";
import type { TeamViewer } from "../../lib/team_viewer.ts";
import { FAMILY_TEXTS } from "../../lib/families/rules.ts";

export interface SoccerFamilySectionProps {
  teamId: string;
  family: SoccerFamily;
  viewer: TeamViewer;
  /** The page's `?member=`: a list, a card's dialog or the Explorer opened without JavaScript. */
  openMember: string | null;
}

/**
 * Meet Your Soccer Family: the team's players and parents as sideways-scrolling cards, each
 * opening the family-member dialog, and from there the Family Explorer. The FamilyExplorer
 * island renders all of it on the server and hydrates on the first interaction; before that
 * (and without JavaScript) its controls are links and a GET form that the page answers.
 */
export function SoccerFamilySection({ teamId, family, openMember }: SoccerFamilySectionProps) {
  // What the viewer may see (e-mails, badges) was decided when `family` was loaded for them.
  return (
    <section className="card dash-section family-section" id="family" aria-labelledby="family-title">
      <h2 id="family-title">{FAMILY_TEXTS.title}</h2>
      <Island name="FamilyExplorer" hydrate="interaction" props={{ family, openMember }} />
      {/* The player photo dialog that the 'Change photo' buttons of the member dialog open. */}
      {family.players.some((p) => p.canChangePhoto) && (
        <Island name="PlayerPhoto" hydrate="interaction" props={{ teamId }} />
      )}
    </section>
  );
}
