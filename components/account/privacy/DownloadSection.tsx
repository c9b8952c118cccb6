/** "Download my data": one link to the JSON export (a plain download, with or without JavaScript). */
import { PrivacySection } from "./Section.tsx";

export const EXPORT_HREF = "/api/account/export";

export function DownloadSection() {
  return (
    <PrivacySection id="privacy-download-heading" title="Download my data">
      <p>
        One file with everything we hold about you: your account, teams, children's records, claims and requests, posts,
        photos, essentials, answers, sign-in sessions and the team records that mention you. It leaves out your password
        and secret links.
      </p>
      <a className="button button--secondary" href={EXPORT_HREF} download>Download my data</a>
    </PrivacySection>
  );
}
