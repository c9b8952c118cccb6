import { Island } from "../../lib/render/island.tsx";
import type { FamilyCard, SoccerFamily } from "../../lib/families/types.ts";
import type { TeamViewer } from "../../lib/team_viewer.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { translateMessage } from "../../lib/i18n/translate.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../lib/i18n/languages.ts";

export interface SoccerFamilySectionProps {
  teamId: string;
  family: SoccerFamily;
  viewer: TeamViewer;
  /** The page's `?member=`: a list, a card's dialog or the Explorer opened without JavaScript. */
  openMember: string | null;
}

/**
 * The family names lib/db gave ("The Rivera Family", "Our Family") in the page's language; the
 * island shows them as they come.
 */
function familyIn(lang: Language, family: SoccerFamily): SoccerFamily {
  if (lang === DEFAULT_LANGUAGE) return family;
  const named = (card: FamilyCard): FamilyCard =>
    card.familyName ? { ...card, familyName: translateMessage(card.familyName, lang) } : card;
  return { ...family, players: family.players.map(named), parents: family.parents.map(named) };
}

/**
 * Meet Your Soccer Family: the team's players and parents as sideways-scrolling cards, each
 * opening the family-member dialog, and from there the Family Explorer. The FamilyExplorer
 * island renders all of it on the server and hydrates on the first interaction; before that
 * (and without JavaScript) its controls are links and a GET form that the page answers.
 */
export function SoccerFamilySection({ teamId, family, openMember }: SoccerFamilySectionProps) {
  const { m, lang } = useI18n();
  // What the viewer may see (e-mails, badges) was decided when `family` was loaded for them.
  return (
    <section className="card dash-section family-section" id="family" aria-labelledby="family-title">
      <h2 id="family-title">{m.family.title}</h2>
      <Island name="FamilyExplorer" hydrate="interaction" props={{ family: familyIn(lang, family), openMember }} />
      {/* The player photo dialog that the 'Change photo' buttons of the member dialog open. */}
      {family.players.some((p) => p.canChangePhoto) && (
        <Island name="PlayerPhoto" hydrate="interaction" props={{ teamId }} />
      )}
    </section>
  );
}
