/**
 * A person's own pages: /account (name, password, notifications, sign out everywhere), its data
 * and privacy page, the e-mail change link's pages and the deleted-account page; and the
 * refusals and notices lib/accounts and lib/notifications answer them with.
 */
export const account = {
  title: "Your Account",
  /** `{email}` is shown in bold. */
  signedInAs: "Signed in as {email}",
  name: {
    heading: "Your name",
    firstName: "First name",
    lastName: "Last name",
    save: "Save Name",
  },
  password: {
    changeHeading: "Change password",
    setHeading: "Set a password",
    changeIntro: "Changing your password signs you out everywhere else.",
    setIntro: "You sign in with magic links. A password is optional; setting one signs you out everywhere else.",
    adminHint: " As a team admin you can sign in with it on the Team Login page's Email & Password tab.",
    linkHint: " Sign-in links sent to your email keep working either way.",
    signInAgain: "Sign in again",
    current: "Current password",
    new: "New password",
    newHint: "At least {count} characters. A short sentence works well.",
    again: "New password again",
    change: "Change Password",
    set: "Set Password",
  },
  notifications: {
    heading: "Notifications",
    intro: "Which e-mails GoalMates sends you. Every e-mail also has a link to stop that kind.",
    save: "Save Notifications",
  },
  privacyCard: {
    heading: "Your data and privacy",
    text:
      "See what GoalMates keeps about you and your children, download it, leave a team, choose what other families see of your child, or delete your account.",
    button: "Your data and privacy",
  },
  sessions: {
    heading: "Sign out everywhere",
    text:
      "Lost a phone, or signed in on a shared computer? This ends every session of your account on every device, this one included. You will need to sign in again.",
    button: "Sign out everywhere",
  },
  signedOut: {
    title: "Signed out everywhere",
    text: "Every session of your account has ended, on every device. Sign in again to continue.",
    signIn: "Team Login",
  },
  /** What a team's shared login sees on a person's page. */
  teamLogin: {
    title: "Signed in with the team login",
    /** `{why}` ends the sentence: one of the `why…` texts below. */
    text: "You are signed in with the shared team username of {team}. It belongs to the team, not to a person{why}",
    whyAccount: ", so it has no name or password of its own to change here.",
    whyPrivacy: ", so it has no personal data to show, download or delete.",
    whyCalendar: ".",
    personalNeeded: "A personal account is needed",
    signIn: "Sign in with your email",
    hub: "Your Hub",
  },
  deleted: {
    title: "Account deleted",
    heading: "Your account was deleted",
    gone:
      "Your profile, team memberships, posts, photos, recommendations, answers and requests are gone, and every device was signed out. We sent one last e-mail to confirm it.",
    welcomeBack:
      "Poll results still count your vote, without your name. You are welcome back any time, as someone new.",
    home: "Go to the home page",
  },
  emailChange: {
    confirmTitle: "Confirm new e-mail",
    /** `{email}` is shown in bold. */
    confirmText:
      "Press Confirm to make {email} the e-mail of your GoalMates account. Sign-in links will go there from now on.",
    confirmButton: "Confirm new e-mail",
    expiredTitle: "Link expired",
    doneTitle: "E-mail changed",
    hub: "Go to your hub",
    failedTitle: "E-mail not changed",
    account: "Your Account",
  },
  privacy: {
    title: "Your data and privacy",
    /** `{email}` is shown in bold. */
    intro: "What GoalMates keeps about you and your children, and what you can do about it. Signed in as {email}.",
    onThisPage: "On this page",
    toc: {
      kept: "What we keep",
      download: "Download my data",
      leave: "Leave a team",
      children: "Your children",
      delete: "Delete my account",
    },
    goTo: {
      leave: "Go to Leave a team",
      child: "Go to your child's choices",
      children: "Go to Your children",
      delete: "Go to Delete my account",
    },
    kept: {
      title: "What we keep, and for how long",
      intro:
        "GoalMates keeps only what your team needs. Nobody sees it but the people your team settings allow, and we never sell it or show ads.",
      untilRemoved: {
        account: {
          what: "Your account",
          text:
            "Your name, e-mail, phone and what you wrote in your profile. Kept until you delete your account below.",
        },
        children: {
          what: "Your children",
          text:
            "Each child's roster record (name, jersey number, position, photo, and age, years playing and stats if filled in). Kept while they are on the team: until you ask for their removal and the team admin agrees, or the team is deleted.",
        },
        teams: {
          what: "Your teams",
          text:
            "Which teams you belong to, your role and your family in each. Kept until you leave the team or delete your account.",
        },
        shared: {
          what: "What you shared",
          text:
            "Your posts, gallery photos, essentials and campaign answers. Kept until you (or a team admin) delete them, or you delete your account.",
        },
        requests: {
          what: "Your claims and join requests",
          text:
            "What you asked a team admin, with your name, e-mail and note. Once answered, kept until the team is deleted or you delete your account; unanswered, see below.",
        },
      },
      forAWhile: "Kept only for a while",
      /** `{link}` is the link to /privacy, worded by `privacyLink`. */
      whoSees: "Who can see each of these is on our {link}.",
      privacyLink: "privacy page",
    },
    download: {
      title: "Download my data",
      text:
        "One file with everything we hold about you: your account, teams, children's records, claims and requests, posts, photos, essentials, answers, sign-in sessions and the team records that mention you. It leaves out your password and secret links.",
      button: "Download my data",
    },
    leave: {
      title: "Leave a team",
      text:
        "Leaving removes you from the team, with your links to your children there; they stay on its roster. The team leaves your hub and calendar. Your posts stay until you delete them or your account. You can join again with the team's invite link.",
      none: "You are not on a team.",
      /** `{team}` is `buttonTeam`, read by screen readers only. */
      button: "Leave {team}",
      buttonTeam: "{team}",
      roles: { TEAM_ADMIN: "Team admin", TEAM_STANDARD: "Parent", PLAYER: "Player" },
    },
    children: {
      title: "Your children",
      text:
        "Removing a child deletes their roster record, photo and stats, and their links to you. The team admin makes the change, so we ask them for you and e-mail you their answer.",
      none: "No child is linked to your account.",
      familySees: "Your family and the team's admins always see both.",
      save: "Save choices for {firstName}",
      asked: "You asked on {date} for {firstName} to be removed from the roster. ",
      waiting: "The team admin has not answered yet; we will e-mail you when they do.",
      why: "Why? (optional, the team admin sees this)",
      askRemove: "Ask to remove {firstName} from the team",
    },
    delete: {
      title: "Delete my account",
      cannotUndo: "This cannot be undone.",
      removes: " Deleting your account removes, at once and for good:",
      items: [
        "your name, e-mail, phone, profile and password;",
        "your place in every team, and your links to your children (their roster records stay with the team);",
        "your posts, gallery photos, essentials and campaign answers;",
        "your claims and join requests, your calendar link and every sign-in session.",
      ],
      stays:
        "Poll tallies keep their counts without your name, and team records of what you did keep no name or e-mail. We send one last e-mail to confirm. You can sign up again with the same address later, as someone new.",
      onlyAdmin: "You are the only admin of {teams}. Hand the team over to another admin or delete the team first.",
      confirmLabel: "Type your e-mail address to confirm",
      confirmHint: "It is {email}.",
      button: "Delete my account",
    },
  },
  /** lib/accounts' refusals and notices (PROFILE_MESSAGES, PRIVACY_MESSAGES, …). */
  messages: {
    nameSaved: "Your name was saved.",
    profileSaved: "Your profile was saved.",
    emailChangeSent: "We sent a confirmation link to {email}. Your e-mail changes when you open it.",
    tooManyEmailChanges: {
      one: "Too many e-mail changes requested. Please try again in {count} minute.",
      other: "Too many e-mail changes requested. Please try again in {count} minutes.",
    },
    confirmPassword: "The two new passwords do not match.",
    passwordSet: "Password set. Other sessions were signed out.",
    privacy: {
      personalAccountNeeded:
        "Your data and privacy choices belong to a person. Sign in with your own email to see them; the team login holds no personal data.",
      left: "You have left the team. Your posts stay until you delete them or your account.",
      onlyAdmin: "You are this team's only admin. Hand the team over to another admin or delete the team first.",
    },
    delete: {
      confirm: "Type your account's e-mail address to confirm.",
      mismatch: "That is not your account's e-mail address. Nothing was deleted.",
      unknownField: "Unknown field: {name}",
      gone: "This account no longer exists.",
      teamLogin: "A team login has no account of its own to delete. Sign in with your own account.",
    },
    emailChange: {
      invalid: "This link is invalid or has expired.",
      taken: "This e-mail address now belongs to another account, so it cannot be added to yours.",
      changed: "Your e-mail is now {email}.",
    },
    coParents: {
      limit: "A player can have at most 10 parent e-mails.",
    },
    notifications: {
      saved: "Your notification choices were saved.",
      nothingToChange: "Send at least one of teamNews, scheduleChanges and weeklyDigest.",
      notBoolean: "{kind} must be true or false.",
      notAnObject: "Request body must be a JSON object.",
      personalAccountNeeded: "Notifications belong to a person: sign in with your own account to choose them.",
    },
  },
};
