import { Island } from "../../../lib/render/island.tsx";
import type { RosterManagerProps } from "../../../islands/RosterManager.tsx";

/** The roster management page's content (inside the admin layout's `<main>`). */
export function RosterManagementContent(props: RosterManagerProps) {
  return (
    <div className="admin-roster">
      <Island name="RosterManager" props={props} hydrate="visible" />
      {/* The player photo dialog that each row's 'Change photo' opens. */}
      {props.photos && <Island name="PlayerPhoto" props={{ teamId: props.teamId }} hydrate="interaction" />}
    </div>
  );
}
