/**
 * Every e-mail GoalMates sends (lib/mail/templates.ts, the notification mails in
 * lib/notifications) and the family calendar feed's own texts. Sentences that join pieces of
 * user data keep their words here; the code only puts the pieces in.
 */
export const mail = {
  hello: "Hi {name},",
  helloAnyone: "Hi,",
  /** Joins the last two of a list: "A, B and C". */
  and: "and",
  buttonFallback: "If the button does not work, open this address: {url}",
  footer: "GoalMates · the team behind the team. You get this e-mail because someone used this address on GoalMates.",
  /** A moment in UTC, as the account mails write it (English keeps '2026-03-14 21:30'). */
  utc: "{when} UTC",
  verification: {
    subject: "Verify your e-mail to create {team} on GoalMates",
    confirm: "Confirm this address and we will create {team} for you.",
    expiry: "The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.",
    action: "Verify my e-mail",
  },
  signIn: {
    subject: "Your GoalMates sign-in link",
    use: "Use the button below to sign in to GoalMates.",
    expiry: "The link works once and expires in 15 minutes. If you did not ask for it, ignore this e-mail.",
    action: "Sign in",
  },
  claimApproved: {
    subject: "Your claim for {player} on {team} is approved",
    approved: "A team admin of {team} approved your claim: you are now listed as a parent of {player}.",
    link: "Use the secure link below to check and update your child's details. It works once and expires in 7 days.",
    action: "Update player details",
  },
  joinApproved: {
    subject: "Welcome to {team} on GoalMates",
    approved: "Your request to join {team} was approved.",
    signIn: "Use the button below to sign in. The link works once and expires in 15 minutes.",
    action: "Sign in to GoalMates",
  },
  test: {
    subject: "[Test] {subject}",
    teamName: "Test Team",
  },
  coAdminInvite: {
    subject: "You are now an admin of {team} on GoalMates",
    made: "{invitedBy} made you an admin of {team}: you can review claims, manage the roster and the invite link.",
    signIn:
      "Use the button below to sign in. The link works once and expires in 15 minutes; after that, request a new one on the sign-in page.",
    action: "Open the team admin area",
  },
  passwordChanged: {
    subjectSet: "A password was set for your GoalMates account",
    subjectChanged: "Your GoalMates password was changed",
    whatSet:
      "A password was set for your GoalMates account on {when}. Every other session of the account was signed out.",
    whatChanged:
      "The password of your GoalMates account was changed on {when}. Every other session of the account was signed out.",
    wasYou: "If this was you, there is nothing to do.",
    notYou:
      "If it was not you, sign in with an e-mailed link at {link}, change the password on your account page and use 'Sign out everywhere'.",
    action: "Review your account",
  },
  emailChangeConfirm: {
    subject: "Confirm your new e-mail for GoalMates",
    asked: "Someone signed in to GoalMates asked to use {email} as the e-mail of their account.",
    confirm:
      "If it was you, confirm it with the button below. The link works once and expires in 24 hours. If it was not you, ignore this e-mail: nothing changes.",
    action: "Confirm new e-mail",
  },
  emailChangeTaken: {
    subject: "Someone tried to use your e-mail on GoalMates",
    tried:
      "Someone signed in to another GoalMates account asked to change its e-mail to {email}. This address already has a GoalMates account, so nothing was changed.",
    wasYou: "If it was you, sign in with this address instead at {link}. If it was not you, there is nothing to do.",
  },
  emailChanged: {
    subject: "Your GoalMates e-mail was changed",
    changed: "The e-mail of your GoalMates account was changed to {email} on {when}. Sign-in links now go there.",
    wasYou: "If this was you, there is nothing to do. If it was not you, contact your team admin at once.",
    action: "Review your account",
  },
  adminRequests: {
    requests: { one: "{count} new request", other: "{count} new requests" },
    linkAsks: { one: "{count} new invite link request", other: "{count} new invite link requests" },
    subject: "{what} for {team}",
    waiting: {
      one: "{count} new request to join {team} is waiting for your review:",
      other: "{count} new requests to join {team} are waiting for your review:",
    },
    more: "…and {count} more on the claims page.",
    hearFromUs: "Each family hears from us once you approve their request.",
    expired: {
      one: "Someone whose invite link to {team} has expired asked for a new one:",
      other: "People whose invite link to {team} has expired asked for a new one:",
    },
    generate: "Generate a new invite link on the team dashboard ({link}) and send it to them.",
    removals: {
      one: "{count} removal request from parents is also waiting on the claims page ({link}).",
      other: "{count} removal requests from parents are also waiting on the claims page ({link}).",
    },
    howOften: "We collect new requests and e-mail you at most once every 15 minutes.",
    review: "Review requests",
    openDashboard: "Open the team dashboard",
    /** One claim or join request, as typed. */
    claim: "Claim by {email} for {child}",
    joinAsPlayer: "Join request from {name} ({email}) as the player {child}",
    joinAsParent: "Join request from {name} ({email}) as a parent of {child}",
    jerseyUnknown: "{surname} (jersey number unknown)",
  },
  requestPending: {
    subject: "Your request to join {teams} is waiting for the team admin",
    nothingYet: {
      one:
        "Someone asked for a GoalMates sign-in link for this address. There is nothing to sign in to yet: your request is waiting for the team admin of {teams}.",
      other:
        "Someone asked for a GoalMates sign-in link for this address. There is nothing to sign in to yet: your requests are waiting for the team admin of {teams}.",
    },
    soon:
      "We'll e-mail you a sign-in link as soon as the team admin approves. You don't need to do anything until then.",
    notYou: "If you did not ask for a sign-in link, ignore this e-mail.",
  },
  memberRemoved: {
    subject: "You are no longer a member of {team} on GoalMates",
    removed:
      "A team admin of {team} has taken you off the team on GoalMates. You no longer see its family dashboard or its roster as a member. Your posts there stay; deleting your GoalMates account removes them.",
    seasons: "Teams change from season to season, and this may simply be a tidy-up.",
    rejoin:
      "If you would like to rejoin, ask the team for its invite link and send a join request from it: the team admin will review it. Your GoalMates account and any other teams you belong to are not affected.",
  },
  childRemovalApproved: {
    subject: "{child} is removed from {team}",
    approved: "The team admin of {team} approved your request: {child} is no longer on the roster.",
    deleted:
      "We deleted {child}'s record with its photo, stats and parent links. Posts other families wrote stay theirs.",
    untouched:
      "Your own account is untouched. You can leave the team or delete your account from your privacy page at any time.",
    action: "Open my privacy page",
  },
  childRemovalDenied: {
    subject: "Your request about {child} on {team}",
    notRemoved: "The team admin of {team} did not remove {child} from the roster. They wrote:",
    reason: "“{reason}”",
    still:
      "You can still hide {child}'s last name and photo from other families, talk to the team admin, or ask again.",
    action: "Open my privacy page",
  },
  accountDeleted: {
    subject: "Your GoalMates account was deleted",
    deleted:
      "Your GoalMates account was deleted as you asked. Your profile, team memberships, posts, photos, recommendations, answers and requests are gone, and every device was signed out.",
    votes:
      "Poll results still count your vote, without your name. Team records of past changes now show an anonymous id instead of you.",
    last: "This is the last e-mail we send you. If you ever want to come back, sign up at {link} as someone new.",
  },
  /** Team news, schedule changes and the weekly digest share this footer. */
  notification: {
    why: "You get this because you are a member of {teams}, and “{kind}” is on in your GoalMates notification choices.",
    stop: "Stop these e-mails",
    allChoices: "All notification choices",
    openGoalMates: "Open GoalMates",
  },
  news: {
    subject: "News from {teams}",
    subjectCount: "{count} news posts from {team}",
    moreOnTeam: "and {count} more on the team dashboard",
    moreOnTeams: "and {count} more on your teams' dashboards",
    openTeam: "Open the {team} dashboard",
    someAdmin: "A team admin",
  },
  schedule: {
    subject: { one: "Schedule change for {team}", other: "{count} schedule changes for {team}" },
    intro: {
      one: "The {team} calendar has a change in the next two weeks:",
      other: "The {team} calendar has {count} changes in the next two weeks:",
    },
    cancelled: "Cancelled",
    moved: "Moved",
    removed: "Removed",
    /** "Moved: Practice, from Tue, Dec 1 · 5:30 PM ET at Field 2 to Wed, Dec 2 · 6:00 PM ET at Field 3". */
    fromTo: "from {from} to {to}",
    at: "at {location}",
    noLocation: "no location given",
    more: {
      one: "and {count} more change: the dashboard shows the new schedule",
      other: "and {count} more changes: the dashboard shows the new schedule",
    },
    action: "See the schedule",
  },
  digest: {
    subject: "Your week with {teams}",
    intro: "Here is your week with {teams}.",
    posts: "Posts this week:",
    kudos: "Kudos from {author}",
    kudosTo: "Kudos from {author} to {player}",
    advice: "Advice from {author}",
    news: "News from {author}",
    more: "and {count} more",
    photos: { one: "{count} new photo in the team gallery.", other: "{count} new photos in the team gallery." },
    photoAlt: "Photo shared by {name} on {weekday}",
    comingUp: "Coming up in the next 7 days:",
    waiting: "Waiting for your answer:",
    campaign: "Campaign",
    campaignTypes: { poll: "Poll", question: "Question", fun_fact: "Fun Fact", newsflash: "Newsflash" },
    /** An event type as a word; "event" stands for every other type (a key "other" would read as a plural). */
    eventTypes: { game: "Game", practice: "Practice", event: "Event" },
    cancelled: "CANCELLED:",
    home: "vs {opponent}",
    away: "@ {opponent}",
    openTeam: "Open {team}",
  },
  /** The family calendar subscription (lib/calendar/subscription.ts): its name in the calendar app. */
  calendarFeed: {
    name: "GoalMates – {name}'s teams",
    nameAnyone: "GoalMates – My teams",
    description: "Games and practices of your GoalMates teams",
    /** Before a cancelled event's title (some calendar apps show STATUS:CANCELLED like any other). */
    cancelled: "CANCELLED:",
    tentative: "Time/location may change",
    /** An event type as a word; "event" stands for every other type (a key "other" would read as a plural). */
    eventTypes: { game: "Game", practice: "Practice", event: "Event" },
  },
};
