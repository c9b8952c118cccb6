/** `/account/calendar`: the person's private calendar link, and lib/calendar's messages about it. */
export const familyCalendar = {
  title: "Your family calendar",
  intro:
    "Every game and practice of your teams in the calendar app you already use, on your phone and computer. It keeps itself up to date: new games, time changes and cancellations show up by themselves.",
  link: {
    heading: "Your calendar link",
    https: "Calendar link",
    httpsHint: "Paste this into Outlook or any calendar app that subscribes to a calendar by its address.",
    webcal: "Subscription link (webcal)",
    webcalHint: "The same calendar: opened on an iPhone, iPad or Mac it asks Apple Calendar to subscribe.",
    shareTitle: "My GoalMates calendar",
    copy: "Copy link",
    copied: "Calendar Link Copied!",
    google: "Add to Google Calendar",
    apple: "Open in Apple Calendar",
    created: "Link created {date}.",
    none:
      "You do not have a calendar link yet. Create one, then add it to your calendar app once: it updates itself from then on.",
    create: "Create my calendar link",
  },
  teams: {
    none: "You are not on a team yet: the calendar stays empty until you join one, then fills by itself.",
    /** `{teams}` is shown in bold. */
    includes: "It includes {teams}, and any team you join later; a team you leave drops out.",
    willInclude: "It will include {teams}, and any team you join later; a team you leave drops out.",
    /** The last two names of a list ("Rockets and Comets"); the others go before, with commas. */
    lastTwo: "{first} and {last}",
  },
  help: {
    heading: "Add it to your calendar",
    google: {
      title: "Google Calendar",
      /** `{add}` and `{fromUrl}` are shown in bold. */
      text:
        "On a computer, choose {add} and confirm. Or, in Google Calendar, next to “Other calendars” choose + then {fromUrl}, and paste your calendar link. It shows on your phone's Google Calendar too.",
      fromUrl: "From URL",
    },
    apple: {
      title: "Apple Calendar and iPhone",
      /** `{open}` and `{subscribed}` are shown in bold. */
      text:
        "On your iPhone, iPad or Mac, open this page and choose {open}, then Subscribe. Or go to Settings → Calendar → Accounts → Add Account → Other → {subscribed}, and paste your calendar link.",
      subscribed: "Add Subscribed Calendar",
    },
    outlook: {
      title: "Outlook",
      /** `{add}` and `{subscribe}` are shown in bold. */
      text:
        "In Outlook, choose {add} → {subscribe} (Outlook for Windows: From Internet), paste your calendar link, name it and save.",
      add: "Add calendar",
      subscribe: "Subscribe from web",
    },
    delay:
      "Calendar apps check for changes on their own schedule, from every hour to a few times a day: Google's and Outlook's can take several hours to show a change.",
  },
  private: {
    heading: "Keep it private",
    text:
      "Anyone who has this link can see what it shows: your teams' games and practices (titles, times and places) and your first name. Nothing else: no roster, messages or photos. Share it only with your own calendars. If it got out, reset it: the old link stops working at once, and you add the new one to your calendar apps again.",
    reset: "Reset link",
    revoke: "Turn off",
    revokeHint: "Turned off, the link stops working; your calendar apps stop updating it.",
  },
  /** lib/calendar's FAMILY_CALENDAR_MESSAGES. */
  messages: {
    personalAccountNeeded:
      "The family calendar belongs to a person. Sign in with your own email to get a calendar link; the team login has none.",
    created: "Your calendar link is ready. Add it to your calendar app below.",
    reset: "Your calendar link was reset. The old link no longer works: add the new one to your calendar apps.",
    revoked: "Your calendar link was turned off. Calendar apps that use it will stop updating.",
    tooManyFetches: {
      one: "This calendar link was fetched too often. Try again in {count} minute.",
      other: "This calendar link was fetched too often. Try again in {count} minutes.",
    },
  },
};
