/**
 * The Account Settings dialog (islands/AccountSettings.tsx: My Profile, My Players) and the
 * profile rules' messages it shares with the server (lib/accounts/profile_check.ts). Kept apart
 * from `account`: the island gets this area with its props on every dashboard page.
 */
export const accountSettings = {
  title: "Account Settings",
  close: "Close",
  adminDashboard: "Team Admin Dashboard",
  tabs: { profile: "My Profile", players: "My Players" },
  noPlayers: "No players of {team} are linked to your account.",
  noProfile:
    "My Profile and My Players belong to a person's account. You are signed in as {label}, which has no profile of its own.",
  saving: "Saving...",
  profile: {
    firstName: "First name",
    lastName: "Last name",
    email: "E-mail",
    /** `{email}` is shown in bold. */
    pending: "Waiting for confirmation: {email}. Open the link we sent there to switch.",
    phone: "Phone (optional)",
    occupation: "Occupation (optional)",
    interests: "Interests (optional)",
    funFacts: "Fun facts (optional)",
    onePerLine: "One per line",
    save: "Save Profile",
    failedTitle: "Update Failed",
    failed: "Failed to update profile. Please try again.",
    saved: "Profile updated",
  },
  player: {
    firstName: "First name",
    lastName: "Last name",
    jerseyNumber: "Jersey number",
    position: "Position",
    save: "Save Player",
    failedTitle: "Error",
    failed: "Failed to update player",
    saved: "Player information updated successfully",
  },
  /** The profile rules (lib/accounts/profile_check.ts), in the browser and on the server. */
  rules: {
    firstName: "First name is required",
    lastName: "Last name is required",
    firstNameTooLong: "First name must be at most {max} characters",
    lastNameTooLong: "Last name must be at most {max} characters",
    email: "Please enter a valid email address",
    phone: "Please enter a valid phone number",
    occupation: "Occupation must be at most {max} characters",
    interests: "Interests: at most {items}, each at most {max} characters",
    funFacts: "Fun facts: at most {items}, each at most {max} characters",
    body: "Please send the profile as a JSON object",
    unknownField: "Unknown field: {name}",
  },
};
