import type { RosterGrouping, RosterMode, RosterSort } from "../../lib/roster/public_players.ts";

export interface RosterView {
  mode: RosterMode;
  sort: RosterSort;
  group: RosterGrouping;
  /** The player whose card is open. */
  player: string | null;
}

/** A roster URL that keeps only the choices that differ from the defaults. */
export function rosterHref(slug: string, view: Partial<RosterView>): string {
  const q = new URLSearchParams();
  if (view.mode && view.mode !== "game") q.set("mode", view.mode);
  if (view.sort && view.sort !== "name") q.set("sort", view.sort);
  if (view.group && view.group !== "none") q.set("group", view.group);
  if (view.player) q.set("player", view.player);
  const query = q.toString();
  return `/t/${encodeURIComponent(slug)}/roster${query ? `?${query}` : ""}`;
}

export const claimHref = (slug: string, jersey?: number | null) =>
  `/t/${encodeURIComponent(slug)}/claim${jersey === undefined || jersey === null ? "" : `?jersey=${jersey}`}`;
