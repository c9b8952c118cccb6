import { Island } from "../../../lib/render/island.tsx";
import type { SettingsFormProps } from "../../../islands/SettingsForm.tsx";
import { AdminNotice } from "../AdminLayout.tsx";

/** The team settings page's content (inside the admin layout's `<main>`). */
export function SettingsContent({ notice, ...form }: SettingsFormProps & { notice: string | null }) {
  return (
    <div className="admin-settings">
      <AdminNotice notice={notice ? { kind: "success", text: notice } : null} />
      <Island name="SettingsForm" props={form} hydrate="visible" />
    </div>
  );
}
