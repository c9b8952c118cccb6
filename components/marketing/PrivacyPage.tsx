import { SiteLayout } from "../SiteLayout.tsx";
import { RETENTION_PERIODS } from "../../lib/retention.ts";

/** What we store → who can see it. */
const VISIBILITY: Record<string, string> = {
  "Player's first name, last initial, jersey number and position": "Anyone who opens the team's public roster page.",
  "Player's full last name and photo": "On the public roster only if the team admin turns it on.",
  "Player's age (from the birth year), years playing and season stats":
    "Only once the team admin or a parent has entered them; then on the player's card, opened from the public roster.",
  "Parents' names": "Signed-in members of the team. On the public roster only if the team admin turns it on.",
  "Parents' e-mail addresses and phone numbers": "Never public. Player accounts cannot see them either.",
  "Claims (a parent asking to be linked to a child)": "Only that team's admins.",
  "Feed posts, gallery photos and family details": "Only signed-in members of that team.",
};

export function PrivacyPage() {
  return (
    <SiteLayout narrow>
      <header className="mk-page-header">
        <p className="mk-eyebrow">Children first</p>
        <h1 className="mk-page-title">Privacy</h1>
        <p className="mk-lead">
          GoalMates is about children's sports teams, so we keep what we store small and who sees it narrow. Here is
          exactly what we keep about players and their families, and who can see it.
        </p>
      </header>

      <section className="mk-prose" aria-labelledby="privacy-children">
        <h2 id="privacy-children">What we store about children</h2>
        <p>
          For each player, GoalMates stores a first name, last name, jersey number and position. Optionally it also
          stores a photo, birth year, years playing and season stats (games, goals and assists). This is entered by the
          team admin or by the child's parent, and only a parent of that player or a team admin can change it.
        </p>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-who">
        <h2 id="privacy-who">Who can see what</h2>
        <div className="mk-table-wrap">
          <table className="mk-table">
            <caption className="visually-hidden">
              What GoalMates stores and who can see it
            </caption>
            <thead>
              <tr>
                <th scope="col">What we store</th>
                <th scope="col">Who can see it</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(VISIBILITY).map(([what, who]) => (
                <tr key={what}>
                  <th scope="row">{what}</th>
                  <td>{who}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-roster">
        <h2 id="privacy-roster">The public roster</h2>
        <p>
          By default a team's public roster page shows only each player's first name, last initial, jersey number and
          position. Photos, full last names and parent names appear there only if the team admin turns them on in the
          team settings. Optional details (age, years playing, season stats) show on a player's card only when the team
          admin or a parent has filled them in, so leave them empty if you would rather not share them. Parents' e-mail
          addresses and phone numbers are never shown publicly.
        </p>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-photos">
        <h2 id="privacy-photos">Photos</h2>
        <p>
          Every uploaded photo is re-encoded before anyone sees it. Location (GPS) data and all other EXIF data are
          removed in the process, and the file exactly as uploaded is never shown to anyone. Gallery photos are visible
          only to signed-in members of that team.
        </p>
        <p>
          For each photo GoalMates stores three re-encoded sizes (the longest side at most 2048, 800 and 320 pixels),
          its caption, who uploaded it and when. It keeps no file names, no camera details and no location. The file as
          uploaded is deleted as soon as it has been re-encoded, and within an hour if the upload was never finished. A
          player's photo shows on the public roster only if the team admin turns photos on.
        </p>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-delete">
        <h2 id="privacy-delete">Removing things</h2>
        <ul>
          <li>Parents can delete their own posts and photos.</li>
          <li>Team admins can remove any post or photo in their team.</li>
          <li>
            Deleting a team removes all of its records and images.
          </li>
          <li>Removing a player, or their photo, deletes the photo's files too.</li>
        </ul>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-retention">
        <h2 id="privacy-retention">How long we keep things</h2>
        <p>
          Your account, your posts and photos and your child's roster record stay until you or your team admin delete
          them, or the team is deleted. Everything below is deleted on its own, without anyone asking:
        </p>
        <div className="mk-table-wrap">
          <table className="mk-table">
            <caption className="visually-hidden">What GoalMates deletes on its own, and when</caption>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Deleted</th>
              </tr>
            </thead>
            <tbody>
              {RETENTION_PERIODS.map((period) => (
                <tr key={period.kind}>
                  <th scope="row">{period.what}</th>
                  <td>{period.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-email">
        <h2 id="privacy-email">How we use e-mail</h2>
        <p>
          We use your e-mail address only to send sign-in links, to verify your address, and to tell you about decisions
          on claims and join requests. Sign-in links work once and expire after 15 minutes.
        </p>
      </section>

      <section className="mk-prose" aria-labelledby="privacy-ads">
        <h2 id="privacy-ads">No ads, no selling, no tracking</h2>
        <p>
          GoalMates shows no ads, never sells data and runs no tracking scripts.
        </p>
      </section>

      <section className="mk-callout card" aria-labelledby="privacy-questions">
        <h2 id="privacy-questions">Questions or requests</h2>
        <p>
          To correct or remove a player's details, the fastest path is your team admin, or the claim button on the
          team's roster page. For anything else, <a href="/contact">contact the GoalMates team</a>.
        </p>
      </section>
    </SiteLayout>
  );
}
