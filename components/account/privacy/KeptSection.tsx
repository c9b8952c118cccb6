/** What GoalMates keeps about the person and their children, and for how long, in plain words. */
import { PrivacySection } from "./Section.tsx";

export interface RetentionLine {
  what: string;
  text: string;
}

/** What stays until someone removes it: the person's own records and their children's. */
const KEPT_UNTIL_REMOVED: [string, string][] = [
  [
    "Your account",
    "Your name, e-mail, phone and what you wrote in your profile. Kept until you delete your account below.",
  ],
  [
    "Your children",
    "Each child's roster record (name, jersey number, position, photo, and age, years playing and stats if filled in). Kept while they are on the team: until you ask for their removal and the team admin agrees, or the team is deleted.",
  ],
  [
    "Your teams",
    "Which teams you belong to, your role and your family in each. Kept until you leave the team or delete your account.",
  ],
  [
    "What you shared",
    "Your posts, gallery photos, essentials and campaign answers. Kept until you (or a team admin) delete them, or you delete your account.",
  ],
  [
    "Your claims and join requests",
    "What you asked a team admin, with your name, e-mail and note. Once answered, kept until the team is deleted or you delete your account; unanswered, see below.",
  ],
];

export function KeptSection({ retention }: { retention: RetentionLine[] }) {
  return (
    <PrivacySection id="privacy-kept-heading" title="What we keep, and for how long">
      <p>
        GoalMates keeps only what your team needs. Nobody sees it but the people your team settings allow, and we never
        sell it or show ads.
      </p>
      <dl className="privacy__kept">
        {KEPT_UNTIL_REMOVED.map(([what, text]) => (
          <div key={what}>
            <dt>{what}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <h3 className="privacy__subheading">Kept only for a while</h3>
      <ul className="privacy__retention">
        {retention.map((line) => <li key={line.what}>{line.text}</li>)}
      </ul>
      <p className="muted">
        Who can see each of these is on our <a href="/privacy">privacy page</a>.
      </p>
    </PrivacySection>
  );
}
