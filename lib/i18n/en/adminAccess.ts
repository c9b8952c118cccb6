/**
 * The team admin's Access page (the team's shared login, its admins, its parents and players), the
 * Access calls' answers (lib/teams ACCESS_MESSAGES), and taking a person off a team or leaving it
 * (lib/teams MEMBERSHIP_MESSAGES, also the parents' "Leave a team").
 */
export const adminAccess = {
  title: "Access",
  login: {
    heading: "Team Username and Password",
    /** `{username}` is shown in bold. */
    current: "Helpers can sign in at this team's page with the username {username}.",
    none: "No team login yet. Set one so helpers can sign in at this team's page without their own account.",
    username: "Team username",
    password: "New password",
    passwordHint: "At least {min} characters.",
    save: "Save Team Login",
  },
  admins: {
    heading: "Team Admins",
    you: "You",
    remove: "Remove",
    removeName: "Remove {name}",
    lastAdmin: "A team needs at least one admin: invite another before leaving.",
    inviteLabel: "Invite a co-admin by email",
    invite: "Invite",
  },
  members: {
    heading: "Parents and Players",
    intro:
      "Removing someone takes them off the team: they lose its family dashboard and are no longer linked to their children here. Their posts stay. We e-mail them, and they can ask to join again with the invite link.",
    noMore: "No more parents or players.",
    none: "No parents or players have joined yet.",
    roles: { TEAM_STANDARD: "Parent", PLAYER: "Player" },
    /** A player's own roster entry, or a parent's children. */
    roster: "Roster: {players}",
    parentOf: "Parent of {players}",
    remove: "Remove",
    confirm: "Remove {name} from {team}? We will e-mail them.",
    removeFromTeam: "Remove from Team",
    firstPage: "First page",
    nextPage: "Next page",
  },
  /** lib/teams ACCESS_MESSAGES. */
  messages: {
    username: "Username must be 3 to 40 letters, digits, dots, dashes or underscores.",
    saved: "Team login saved.",
    email: "Please enter a valid email address.",
    invited: "{email} is now an admin of this team. We e-mailed them a sign-in link.",
    alreadyAdmin: "That person is already an admin of this team.",
    lastAdmin: "A team needs at least one admin.",
    notAdmin: "That person is not an admin of this team.",
    removed: "Admin removed.",
    teamNotFound: "Team not found",
  },
  /** lib/teams MEMBERSHIP_MESSAGES. */
  membership: {
    onlyAdmin: "You are this team's only admin. Hand the team over to another admin or delete the team first.",
    notMember: "You are not a member of this team.",
    memberNotFound: "That person is not a member of this team.",
    teamNotFound: "Team not found",
    removeSelf: "You can't remove yourself from the team. To leave it, use Leave this team on your Privacy page.",
    removeAdmin: "That person is an admin of this team. Take away their admin role under Team Admins first.",
    teamLogin: "A team login can't leave a team. Sign in with your own account to leave it.",
    left: "You have left {team}. It no longer appears in your account.",
    removed: "{name} is no longer a member of this team. We e-mailed them to let them know.",
    /** The Access page's notice after a removal by form (the URL carries a code, never a name). */
    memberRemoved: "Member removed. We e-mailed them to let them know.",
    tryAgain: "Something changed on the team at the same moment. Please try again.",
  },
};
