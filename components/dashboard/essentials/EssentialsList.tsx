import type { FormEvent } from "react";
import type { EssentialItem, EssentialsViewer } from "../../../lib/essentials/types.ts";
import { groupByCategory } from "../../../lib/essentials/item_rules.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

export interface EssentialsListProps {
  teamId: string;
  items: EssentialItem[];
  /** Who looks: the adder of an item and a team admin get its Remove button (none for a read-only viewer). */
  viewer: EssentialsViewer | null;
  /** The island's removal through the API; without it the Remove form posts as a plain form. */
  onRemove?: (item: EssentialItem, event: FormEvent<HTMLFormElement>) => void;
  /** Items whose removal is under way (their button is disabled). */
  removing?: ReadonlySet<string>;
}

export const essentialElementId = (item: Pick<EssentialItem, "id">) => `essential-${item.id}`;

/** A category's or subcategory's name in the page's language (`names`: the catalogue's); else the value itself. */
export const shownName = (names: Record<string, string>, value: string): string =>
  Object.hasOwn(names, value) ? names[value] : value;

/** The link's host, as its visible text ('example.com'); the whole address when it has none. */
function hostOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "") || link;
  } catch {
    return link;
  }
}

const mayRemove = (viewer: EssentialsViewer | null, item: EssentialItem) =>
  viewer !== null && (viewer.isAdmin || (viewer.userId !== null && viewer.userId === item.userId));

/**
 * The Essentials grouped by category (SPEC.md section 9's order): each item's name,
 * subcategory, description, link (a new tab, without the opener), who added it, and Remove for
 * its adder or a team admin. Shared by the server-rendered section and the EssentialForm island.
 */
export function EssentialsList({ teamId, items, viewer, onRemove, removing }: EssentialsListProps) {
  const { m, t } = useI18n();
  const T = m.essentials;
  // Stored in English (the API's values); one the catalogue does not know is shown as stored.
  const categoryName = (category: string) => shownName(T.categories, category);
  const subcategoryName = (subcategory: string) => shownName(T.subcategories, subcategory);
  if (items.length === 0) {
    return (
      <div className="essentials__empty">
        <p className="essentials__empty-title">{T.empty}</p>
        <p className="essentials__empty-hint">{T.emptyHint}</p>
      </div>
    );
  }
  return (
    <div className="essentials__groups">
      {groupByCategory(items).map(([category, list]) => (
        <div className="essentials__group" key={category}>
          <h3 className="essentials__category">{categoryName(category)}</h3>
          <ul className="essentials__list">
            {list.map((item) => (
              <li className="essential" id={essentialElementId(item)} tabIndex={-1} key={item.id}>
                <div className="essential__head">
                  <p className="essential__name">{item.name}</p>
                  <span className="essential__subcategory">{subcategoryName(item.subcategory)}</span>
                </div>
                <p className="essential__description">{item.description}</p>
                {item.link && (
                  <p className="essential__link">
                    <a href={item.link} target="_blank" rel="noopener noreferrer">
                      {hostOf(item.link)}
                      <span className="visually-hidden">{T.opensNewTab}</span>
                    </a>
                  </p>
                )}
                <div className="essential__foot">
                  <p className="essential__by">{t(T.addedBy, { name: item.userName })}</p>
                  {mayRemove(viewer, item) && (
                    <form
                      method="post"
                      action={`/family-dashboard/${encodeURIComponent(teamId)}/essentials/${
                        encodeURIComponent(item.id)
                      }/delete`}
                      onSubmit={onRemove && ((event) => onRemove(item, event))}
                    >
                      <button
                        type="submit"
                        className="button button--ghost button--sm"
                        aria-label={t(T.removeLabel, { name: item.name })}
                        disabled={removing?.has(item.id)}
                      >
                        {T.remove}
                      </button>
                    </form>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
