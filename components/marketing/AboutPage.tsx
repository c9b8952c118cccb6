import { SiteLayout } from "../SiteLayout.tsx";

const WHAT_IT_DOES = [
  "A team feed for news, cheers, carpool calls and the odd lost-and-found",
  "A shared photo gallery, visible only to signed-in members of the team",
  "Upcoming games and practices, read from the schedule app your team already uses",
  "Recommended gear for the season, from cleats to rain jackets",
  "Light polls, questions and fun facts that get parents talking",
];

export function AboutPage() {
  return (
    <SiteLayout narrow>
      <header className="mk-page-header">
        <p className="mk-eyebrow">About GoalMates</p>
        <h1 className="mk-page-title">The team behind the team, together</h1>
        <p className="mk-lead">
          GoalMates is a free community app for the parents of a youth soccer team. It is the place where the grown-ups
          on the sideline get to know each other, share the season and keep the kids cheered on.
        </p>
      </header>

      <section className="mk-prose" aria-labelledby="about-what">
        <h2 id="about-what">What GoalMates is</h2>
        <p>
          Every team already has a coach, a schedule and a group chat that never sleeps. What it rarely has is one
          friendly home for its families. GoalMates gives each team:
        </p>
        <ul className="mk-checklist">
          {WHAT_IT_DOES.map((item) => <li key={item}>{item}</li>)}
        </ul>
      </section>

      <section className="mk-prose" aria-labelledby="about-who">
        <h2 id="about-who">Who makes it</h2>
        <p>
          GoalMates is built by a small volunteer team of soccer parents. We have stood in the rain at 8 a.m. games,
          searched for shin guards under car seats and scrolled through hundreds of unread messages to find out which
          field we were on. We made the app we wished our own teams had.
        </p>
      </section>

      <section className="mk-prose" aria-labelledby="about-free">
        <h2 id="about-free">Why it is free</h2>
        <p>
          A team should not need a budget line, or one generous parent paying for everyone, to feel like a team.
          GoalMates is free for the whole team: every admin, parent and player. We keep it simple so it stays cheap to
          run, and we never pay for it with your family's data: there are no ads, we do not sell data and there are no
          tracking scripts. Read more on our <a href="/privacy">privacy page</a>.
        </p>
      </section>

      <section className="mk-prose" aria-labelledby="about-not">
        <h2 id="about-not">What GoalMates is not</h2>
        <p>
          GoalMates is{" "}
          <strong>not a roster or schedule tool</strong>, and it does not try to replace the one your club uses. Your
          team admin connects the team calendar from TeamSnap, PlayMetrics or any ICS calendar, and GoalMates reads
          upcoming events from it and keeps them in sync. Game times, field changes and registrations stay where they
          already live.
        </p>
      </section>

      <section className="mk-callout card" aria-labelledby="about-start">
        <h2 id="about-start">Bring your team together</h2>
        <p>It takes a few minutes and costs nothing.</p>
        <div className="mk-actions">
          <a className="button button--primary" href="/signup">
            Create a Team
          </a>
          <a className="button button--secondary" href="/#how-it-works">
            See How It Works
          </a>
        </div>
      </section>
    </SiteLayout>
  );
}
