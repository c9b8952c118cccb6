/**
 * The e-mails a person can turn on and off (issue 23), as they read them on /account and in a
 * notification mail, and the unsubscribe page each such mail links to.
 */
export const notifications = {
  kinds: {
    teamNews: { label: "Team news", hint: "An e-mail when a team admin posts news." },
    scheduleChanges: {
      label: "Schedule changes",
      hint: "An e-mail when a game or practice in the next 14 days is cancelled, moved or removed.",
    },
    weeklyDigest: { label: "Weekly digest", hint: "One summary of your teams' week, on Sunday evenings." },
  },
  unsubscribe: {
    title: "Unsubscribe",
    doneTitle: "Unsubscribed",
    /** `{kind}` is the kind's label as it reads inside a sentence; a non-breaking hyphen keeps "e‑mails" whole. */
    question: "Stop {kind} e\u2011mails from GoalMates?",
    othersStay: "Your other e-mails from GoalMates stay as they are.",
    stop: "Stop {kind} e-mails",
    allChoices: "All your notification choices",
    done: "You are unsubscribed",
    doneText: "GoalMates will send you no more {kind} e-mails. You can turn them on again in your account.",
    unknownLink: "This unsubscribe link is not valid.",
  },
};
