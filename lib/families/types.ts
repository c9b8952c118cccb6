/**
 * The shapes of the families domain that pages, islands and the API share (no server code here;
 * SPEC.md section 3: Family, Family member, Detailed family member, Parent).
 */
import type { PublicPhotoChoice } from "../photos/headshot_consent.ts";
import type { PlayerSummary } from "../db/players.ts";
import type { ChildPrivacy } from "./child_privacy.ts";

export type MemberType = "player" | "parent";
export type Relationship = "Child" | "Parent";

/** SPEC.md's Family. */
export interface FamilySummary {
  id: string;
  familyName: string;
}

/** A person as a small avatar: a player's parents, a family member link's parent. */
export interface PersonRef {
  id: string;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
}

/** A player as a family member link or a parent's `player` names them. */
export interface PlayerRef extends PersonRef {
  jerseyNumber: number;
}

/** SPEC.md's Family member (link), with the player or the parent it is. */
export interface FamilyMemberLinkView {
  memberId: string;
  memberType: MemberType;
  relationship: Relationship;
  player: PlayerRef | null;
  parent: PersonRef | null;
}

export interface FamilyView extends FamilySummary {
  members: FamilyMemberLinkView[];
}

/**
 * SPEC.md's Detailed family member. `email` and `phone` are present only for a parent, and
 * only when the viewer administers the team or is that parent.
 */
export interface DetailedFamilyMember {
  id: string;
  type: MemberType;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  jerseyNumber: number | null;
  position: string | null;
  relationship: Relationship;
  age: number | null;
  yearsPlaying: number | null;
  favoritePosition: string | null;
  occupation: string | null;
  email?: string;
  phone?: string;
  interests: string[];
  funFacts: string[];
  isNew: boolean;
}

/** A player as a person of the team sees them (`GET /api/public/teams/{id}/players` with a session). */
export interface TeamPlayer extends PlayerSummary {
  age: number | null;
  yearsPlaying: number | null;
  isNew: boolean;
  familyId: string | null;
  parents: PersonRef[];
}

/** SPEC.md's Parent. `email` and `phone` only for the team's admins and the parent themselves. */
export interface TeamParent {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  photoUrl: string | null;
  isNew: boolean;
  familyRole: "Parent";
  familyId: string | null;
  /** Their (first) child on the team; `players` lists every one. */
  player: PlayerRef | null;
  players: PlayerRef[];
}

/**
 * One card of Meet Your Soccer Family, with what its dialog shows (the detailed fields) and
 * its badges for the viewer.
 */
export interface FamilyCard extends DetailedFamilyMember {
  /** "player:<id>" or "parent:<id>". */
  key: string;
  /** Their full name, else what the team calls them ("Leo's parent": lib/families/display_name.ts). */
  name: string;
  /** First name and last initial ("Maya R."), else `name`. */
  shortName: string;
  /** GK, DEF, MID, FWD… (null without a position). */
  positionAbbr: string | null;
  /** The viewer is this player's account, or this parent. */
  isYou: boolean;
  /** In the viewer's family (and not the viewer). */
  isFamily: boolean;
  familyId: string | null;
  familyName: string | null;
  /** A player's parents' keys, or a parent's children's keys (avatars, the dialog's links). */
  related: string[];
  /** A player's small photo, for the card (`photoUrl` is the dialog's medium one); null for parents. */
  photoUrlSmall: string | null;
  /** The viewer may change this player's photo: a parent of the player or a team admin. */
  canChangePhoto: boolean;
  /** Whether this player's photo may be on the public roster: for a guardian of the player only, else null (R41). */
  publicPhoto: PublicPhotoChoice | null;
  /** What the team's other families see of this child: for a guardian of the player only, else null (issue 22). */
  childPrivacy: ChildPrivacy | null;
}

/** What the Meet Your Soccer Family section shows one viewer. */
export interface SoccerFamily {
  /** By jersey number. */
  players: FamilyCard[];
  /** By name. */
  parents: FamilyCard[];
}
