import { Island } from "../../../lib/render/island.tsx";
import type { RosterManagerProps } from "../../../islands/RosterManager.tsx";
import type { RosterPanelProps } from "../../../islands/RosterPanel.tsx";

/**
 * The roster management page's content (inside the admin layout's `<main>`): the forms' panel
 * above the roster, woken on first use (a link of the roster, or typing in a form the page opened).
 */
export function RosterManagementContent({ manager, panel }: { manager: RosterManagerProps; panel: RosterPanelProps }) {
  return (
    <div className="admin-roster">
      <Island name="RosterPanel" props={panel} hydrate="interaction" />
      <Island name="RosterManager" props={manager} hydrate="visible" />
      {/* The player photo dialog that each row's 'Change photo' opens. */}
      {manager.photos && <Island name="PlayerPhoto" props={{ teamId: manager.teamId }} hydrate="interaction" />}
    </div>
  );
}
