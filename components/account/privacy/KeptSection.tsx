/** What GoalMates keeps about the person and their children, and for how long, in plain words. */
import { PrivacySection } from "./Section.tsx";
import { useI18n } from "../../../lib/i18n/context.tsx";
import type { RetentionKind } from "../../../lib/retention.ts";
import { messageParts } from "../../../lib/i18n/message_parts.tsx";

export interface RetentionLine {
  kind: RetentionKind;
  what: string;
  text: string;
}

/** What stays until someone removes it: the person's own records and their children's, in this order. */
const KEPT_UNTIL_REMOVED = ["account", "children", "teams", "shared", "requests"] as const;

export function KeptSection({ retention }: { retention: RetentionLine[] }) {
  const { m } = useI18n();
  const texts = m.account.privacy.kept;
  return (
    <PrivacySection id="privacy-kept-heading" title={texts.title}>
      <p>{texts.intro}</p>
      <dl className="privacy__kept">
        {KEPT_UNTIL_REMOVED.map((key) => (
          <div key={key}>
            <dt>{texts.untilRemoved[key].what}</dt>
            <dd>{texts.untilRemoved[key].text}</dd>
          </div>
        ))}
      </dl>
      <h3 className="privacy__subheading">{texts.forAWhile}</h3>
      <ul className="privacy__retention">
        {/* lib/retention.ts's periods, each in the page's language. */}
        {retention.map((line) => <li key={line.kind}>{m.retention[line.kind].text}</li>)}
      </ul>
      <p className="muted">{messageParts(texts.whoSees, { link: <a href="/privacy">{texts.privacyLink}</a> })}</p>
    </PrivacySection>
  );
}
