/** "Download my data": one link to the JSON export (a plain download, with or without JavaScript). */
import { PrivacySection } from "./Section.tsx";
import { useI18n } from "../../../lib/i18n/context.tsx";

export const EXPORT_HREF = "/api/account/export";

export function DownloadSection() {
  const texts = useI18n().m.account.privacy.download;
  return (
    <PrivacySection id="privacy-download-heading" title={texts.title}>
      <p>{texts.text}</p>
      <a className="button button--secondary" href={EXPORT_HREF} download>{texts.button}</a>
    </PrivacySection>
  );
}
