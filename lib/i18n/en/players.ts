/**
 * The player forms' rules (SPEC.md section 5): the parent's edit form and the team admin's add
 * and edit forms and CSV rows, on the server and in the EditPlayer and RosterManager islands
 * (lib/roster/player_checks.ts).
 */
export const players = {
  firstName: "First name is required",
  lastName: "Last name is required",
  jersey: "Jersey number must be between 0 and 99",
  position: "Position must be text",
  photoUrl: "Please enter a valid URL",
  photoElsewhere: "Please use a photo uploaded to GoalMates",
  photoThroughDialog: "To change or remove the photo, use Change photo.",
  birthYear: "Birth year must be between {min} and {max}",
  yearsPlaying: "Years playing must be between 0 and 30",
  stats: "Games, goals and assists must be whole numbers from 0 to 999",
  firstNameTooLong: "First name must be at most {max} characters",
  lastNameTooLong: "Last name must be at most {max} characters",
  positionTooLong: "Position must be at most {max} characters",
  unknownField: "Unknown field: {name}",
  body: "Please send the player as a JSON object",
};
