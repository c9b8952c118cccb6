/**
 * Meet Your Soccer Family: the section, its cards, the family-member dialog and the Family
 * Explorer (the FamilyExplorer island gets this area as props), and the families calls'
 * refusals (lib/families FAMILY_TEXTS).
 */
export const family = {
  title: "Meet Your Soccer Family",
  players: "Players",
  parents: "Parents",
  noPlayers: "No players found",
  noParents: "No parents found",
  explore: "Explore Family",
  close: "Close",
  previous: "Previous member",
  next: "Next member",
  newBadge: "New!",
  youBadge: "You",
  familyBadge: "Family",
  familyNotFound: "Family not found",
  teamNotFound: "Team not found",
  /** The Players/Parents toggle's name. */
  toggle: "Show players or parents",
  /** The avatar's text in the member dialog (before the counter below: it is the more specific). */
  photoOf: "Photo of {name}",
  /** A parent's card: "Parent of Maya R., Leo R.". */
  parentOf: "Parent of {names}",
  /** Read on a player card before their parents' names. */
  cardParents: { one: "Parent", other: "Parents" },
  /** What a member is to their family (SPEC.md's relationship values, as shown). */
  relationship: { Child: "Child", Parent: "Parent" },
  /** The card's position abbreviation for the usual positions (lib/families positionAbbreviation). */
  positions: { GK: "GK", DEF: "DEF", MID: "MID", FWD: "FWD" },
  /** The names lib/db gives a family: "The Rivera Family", or without a last name "Our Family". */
  familyName: "The {name} Family",
  ourFamily: "Our Family",
  facts: {
    jersey: "Jersey",
    position: "Position",
    favoritePosition: "Favorite position",
    age: "Age",
    yearsPlaying: "Years playing",
    occupation: "Occupation",
    email: "Email",
    phone: "Phone",
  },
  interests: "Interests",
  funFacts: "Fun facts",
  relatedChildren: "Children",
  /** The Explorer's counter: "2 of 4". */
  counter: "{index} of {total}",
  showMember: "Show {name}",
};
