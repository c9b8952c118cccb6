import { Island } from "../../lib/render/island.tsx";
import type { Page } from "../../lib/db/kv.ts";
import type { EssentialItem } from "../../lib/essentials/types.ts";
import { canWrite, type TeamViewer } from "../../lib/team_viewer.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import type { SectionForm } from "./forms.ts";
import { EssentialsList } from "./essentials/EssentialsList.tsx";

export interface EssentialsSectionProps {
  teamId: string;
  /** One page of the team's items, newest first; `cursor` leads to the next (`?essentials=`). */
  items: Page<EssentialItem>;
  viewer: TeamViewer;
  /** The add form refused without JavaScript: what was typed and the message per field. */
  form?: SectionForm;
}

/** The next page of the list as a plain link (the page reads `?essentials=`). */
export const essentialsMoreHref = (teamId: string, cursor: string) =>
  `/family-dashboard/${encodeURIComponent(teamId)}?essentials=${encodeURIComponent(cursor)}#essentials`;

/**
 * The Essentials (SPEC.md section 2): the team's recommended items grouped by category, and the
 * add form. A person of the team gets both in the EssentialForm island (server-rendered as
 * plain forms, hydrated on first interaction); a read-only viewer (a system administrator)
 * gets the list alone, without JavaScript.
 */
export function EssentialsSection({ teamId, items, viewer, form }: EssentialsSectionProps) {
  const { m } = useI18n();
  const moreHref = items.cursor ? essentialsMoreHref(teamId, items.cursor) : null;
  return (
    <section className="card dash-section essentials" id="essentials" aria-labelledby="essentials-title">
      <h2 id="essentials-title">{m.essentials.title}</h2>
      <p className="essentials__intro">{m.essentials.intro}</p>
      {canWrite(viewer)
        ? (
          <Island
            name="EssentialForm"
            hydrate="interaction"
            props={{
              teamId,
              items: items.values,
              viewer: { userId: viewer.userId, isAdmin: viewer.isAdmin },
              moreHref,
              form: form ?? null,
            }}
          />
        )
        : (
          <>
            <EssentialsList teamId={teamId} items={items.values} viewer={null} />
            {moreHref && <a className="essentials__more" href={moreHref}>{m.essentials.more}</a>}
            <p className="essentials__read-only">{m.essentials.readOnly}</p>
          </>
        )}
    </section>
  );
}
