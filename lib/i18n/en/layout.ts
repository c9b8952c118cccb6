/** The site header, the footer and the avatar menu that every signed-in page shares. */
export const layout = {
  header: {
    nav: "Account",
    teamLogin: "Team Login",
    hub: "Your Hub",
    account: "Account:",
    signedInAs: "Signed in as",
    /** A team login's name in the header: the team's shared sign-in, not a person. */
    teamLoginName: "{name} (team login)",
  },
  footer: {
    brand: "GoalMates · free for the whole team",
    nav: "Footer",
    about: "About",
    howItWorks: "How It Works",
    privacy: "Privacy",
    yourData: "Your data",
    contact: "Contact",
  },
  menu: {
    label: "Account menu:",
    hub: "Your Hub",
    notifications: "Notifications",
    privacy: "Your data and privacy",
    teamAdmin: "Team admin",
    signOut: "Sign out",
  },
};
