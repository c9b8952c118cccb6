/**
 * How long GoalMates keeps what it keeps only for a while (lib/retention.ts), as /privacy and
 * /account/privacy tell it: per kind, what is kept, the period alone, and one sentence saying when it goes.
 */
export const retention = {
  "unverified-signup": {
    period: "24 hours",
    what: "A signup whose e-mail address was never confirmed",
    text:
      "If you start signing up and never click the link we e-mail you, everything you typed is deleted after 24 hours.",
  },
  "expired-link": {
    period: "as soon as the link expires",
    what: "Links we e-mail (sign-in, confirm your address, edit your child's details, change your e-mail)",
    text:
      "Each link we e-mail works once and is deleted as soon as it is used or expires: sign-in links after 15 minutes, signup and e-mail change links after 24 hours, edit links after 7 days.",
  },
  "link-renewal": {
    period: "7 days",
    what: "The note that lets an expired sign-in link offer a fresh one",
    text:
      "So that opening an old sign-in link can offer to send a fresh one, we remember which address it was for, for 7 days after it expires.",
  },
  "rate-limit": {
    period: "as soon as its time window ends (at most 48 hours)",
    what: "Counts of attempts (sign-ins, signups, posts) used to stop abuse",
    text:
      "To stop abuse we count attempts per address for a short time window; each count is deleted when its window ends, at most 48 hours later.",
  },
  session: {
    period: "as soon as the session ends",
    what: "Sign-in sessions (which device is signed in, and when it was last used)",
    text:
      "A sign-in session is deleted when it ends: when you sign out, after 30 days for parents and players (or 30 days unused), and after 12 hours for team and admin logins.",
  },
  "undecided-request": {
    period: "30 days",
    what: "Claims and join requests no team admin has answered",
    text:
      "A claim or join request that no team admin answers within 30 days is deleted, with your name and e-mail in it. You can send it again.",
  },
  "failed-mail": {
    period: "30 days",
    what: "E-mails we could not deliver",
    text: "An e-mail we could not deliver is kept for 30 days so we can find out what went wrong, then deleted.",
  },
  "dev-outbox": {
    period: "7 days",
    what: "Test e-mails kept on a server that sends no mail (development only)",
    text: "On a test server that sends no e-mail, the messages it would have sent are kept for 7 days, then deleted.",
  },
  "security-event": {
    period: "90 days",
    what: "The record of admins' changes and decisions (who approved a claim, changed settings, removed a photo)",
    text:
      "The record of who changed what in a team (approved a claim, changed settings, removed a photo) is deleted after 90 days. Security events such as refused sign-ins are never stored with your data.",
  },
};
