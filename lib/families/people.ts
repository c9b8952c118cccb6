/**
 * A team's people as the families domain reads them (players, parents, their families), and
 * the projections each caller may see: the cards of Meet Your Soccer Family and the answers of
 * the `/api/public/...` calls. E-mails and phones reach only the team's admins and the parent
 * themselves (`mayContact`).
 */
import { getTeam, type Team } from "../db/teams.ts";
import { listPlayers, type Player, playerSummary } from "../db/players.ts";
import { listGuardianLinks } from "../db/guardians.ts";
import { getUsers, listTeamMembers, type Membership, type User } from "../db/users.ts";
import { type Family, listFamilies, listTeamFamilyMembers, memberKey } from "../db/families.ts";
import { listHeadshotConsents } from "../db/headshot_consents.ts";
import { consentIsCurrent } from "../photos/mod.ts";
import { DEFAULT_PAGE_SIZE, INVALID_CURSOR_MESSAGE, MAX_PAGE_SIZE, type Page, type PageOptions } from "../db/kv.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import type { TeamViewer } from "../team_viewer.ts";
import { isNewMember, positionAbbreviation, shortName } from "./rules.ts";
import { FAMILY_TEXTS } from "./texts.ts";
import { memberDisplayName } from "../names/display_name.ts";
import type { Language } from "../i18n/languages.ts";
import { asOtherFamiliesSee, childPrivacyOf } from "./child_privacy.ts";
import type {
  DetailedFamilyMember,
  FamilyCard,
  PersonRef,
  PlayerRef,
  SoccerFamily,
  TeamParent,
  TeamPlayer,
} from "./types.ts";

/** Everyone of a team the families domain shows, read at once (a team holds at most 500 players). */
export interface TeamPeople {
  team: Team;
  /** In creation (id) order. */
  players: Player[];
  playersById: Map<string, Player>;
  /** User id → their membership in the team. */
  members: Map<string, Membership>;
  /** The team's parents by id (accounts that are a player's parent, or have the parent role). */
  parents: User[];
  parentsById: Map<string, User>;
  /** Player id → their parents' ids; parent id → their children's ids. */
  parentsOf: Map<string, string[]>;
  childrenOf: Map<string, string[]>;
  families: Map<string, Family>;
  /** "player:<id>" / "parent:<id>" → family id. */
  familyOf: Map<string, string>;
  /** Player id → the account that agreed to show the player's photo on the public roster (R41). */
  publicPhotoConsentBy: Map<string, string>;
}

const push = (map: Map<string, string[]>, key: string, value: string) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

async function listAllMembers(kv: Deno.Kv, teamId: string): Promise<Membership[]> {
  const all: Membership[] = [];
  let cursor = "";
  do {
    const page = await listTeamMembers(kv, teamId, { cursor, limit: MAX_PAGE_SIZE });
    all.push(...page.values);
    cursor = page.cursor;
  } while (cursor);
  return all;
}

export async function loadTeamPeople(kv: Deno.Kv, teamId: string): Promise<TeamPeople> {
  const [team, players, links, memberships, families, familyLinks, consents] = await Promise.all([
    getTeam(kv, teamId),
    listPlayers(kv, teamId),
    listGuardianLinks(kv, teamId),
    listAllMembers(kv, teamId),
    listFamilies(kv, teamId),
    listTeamFamilyMembers(kv, teamId),
    listHeadshotConsents(kv, teamId),
  ]);
  if (!team) throw new NotFoundError(FAMILY_TEXTS.teamNotFound);
  const playersById = new Map(players.map((p) => [p.id, p]));
  const members = new Map(memberships.map((m) => [m.userId, m]));
  // A parent: a player's parent (not a player's own account), or a member with the parent role.
  const candidates = new Set([
    ...links.filter((l) => playersById.has(l.playerId)).map((l) => l.userId),
    ...memberships.filter((m) => m.role === "TEAM_STANDARD").map((m) => m.userId),
  ]);
  const ids = [...candidates].filter((id) => members.get(id)?.role !== "PLAYER").sort();
  const parents = (await getUsers(kv, ids)).filter((u): u is User => u !== null);
  const parentsById = new Map(parents.map((u) => [u.id, u]));
  const parentsOf = new Map<string, string[]>();
  const childrenOf = new Map<string, string[]>();
  for (const link of links) {
    if (!playersById.has(link.playerId) || !parentsById.has(link.userId)) continue;
    push(parentsOf, link.playerId, link.userId);
    push(childrenOf, link.userId, link.playerId);
  }
  return {
    team,
    players,
    playersById,
    members,
    parents,
    parentsById,
    parentsOf,
    childrenOf,
    families: new Map(families.map((f) => [f.id, f])),
    familyOf: new Map(familyLinks.map((l) => [memberKey(l.memberType, l.memberId), l.familyId])),
    publicPhotoConsentBy: new Map(consents.map((c) => [c.playerId, c.userId])),
  };
}

/** Whether the viewer may see a parent's e-mail and phone: the team's admins and the parent. */
export const mayContact = (viewer: TeamViewer, userId: string): boolean =>
  viewer.role === "TEAM_ADMIN" || (viewer.userId !== null && viewer.userId === userId);

const ageOf = (p: Player, now: Date) => p.birthYear ? now.getUTCFullYear() - p.birthYear : null;

export const personRef = (u: User): PersonRef => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  photoUrl: u.photoUrl,
});

export const playerRef = (p: Player): PlayerRef => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  jerseyNumber: p.jerseyNumber,
  photoUrl: p.photoUrlSmall ?? p.photoUrl,
});

/** When a parent joined the team: their membership's creation (else their account's). */
const joinedAt = (people: TeamPeople, u: User) => people.members.get(u.id)?.createdAt ?? u.createdAt;

export function detailedPlayer(p: Player, now: Date): DetailedFamilyMember {
  return {
    id: p.id,
    type: "player",
    firstName: p.firstName,
    lastName: p.lastName,
    photoUrl: p.photoUrlMedium ?? p.photoUrl,
    jerseyNumber: p.jerseyNumber,
    position: p.position,
    relationship: "Child",
    age: ageOf(p, now),
    yearsPlaying: p.yearsPlaying,
    favoritePosition: p.position,
    occupation: null,
    interests: [],
    funFacts: [],
    isNew: isNewMember(p.createdAt, now),
  };
}

export function detailedParent(
  u: User,
  people: TeamPeople,
  viewer: TeamViewer,
  now: Date,
): DetailedFamilyMember {
  const detail: DetailedFamilyMember = {
    id: u.id,
    type: "parent",
    firstName: u.firstName,
    lastName: u.lastName,
    photoUrl: u.photoUrl,
    jerseyNumber: null,
    position: null,
    relationship: "Parent",
    age: null,
    yearsPlaying: null,
    favoritePosition: null,
    occupation: u.occupation?.trim() || null,
    interests: u.interests ?? [],
    funFacts: u.funFacts ?? [],
    isNew: isNewMember(joinedAt(people, u), now),
  };
  if (mayContact(viewer, u.id)) {
    detail.email = u.email;
    detail.phone = u.phone;
  }
  return detail;
}

export function teamPlayer(p: Player, people: TeamPeople, now: Date): TeamPlayer {
  return {
    ...playerSummary(p),
    age: ageOf(p, now),
    yearsPlaying: p.yearsPlaying,
    isNew: isNewMember(p.createdAt, now),
    familyId: people.familyOf.get(memberKey("player", p.id)) ?? null,
    parents: (people.parentsOf.get(p.id) ?? []).map((id) => personRef(people.parentsById.get(id)!)),
  };
}

export function teamParent(u: User, people: TeamPeople, viewer: TeamViewer, now: Date): TeamParent {
  const players = (people.childrenOf.get(u.id) ?? []).map((id) => playerRef(people.playersById.get(id)!));
  // The keys in SPEC.md's order; `email` and `phone` only for those who may contact the parent.
  const contact = mayContact(viewer, u.id) ? { email: u.email, phone: u.phone } : {};
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    ...contact,
    photoUrl: u.photoUrl,
    isNew: isNewMember(joinedAt(people, u), now),
    familyRole: "Parent",
    familyId: people.familyOf.get(memberKey("parent", u.id)) ?? null,
    player: players[0] ?? null,
    players,
  };
}

/** The viewer's own player (a PLAYER account's roster record), or null. */
function viewerPlayerId(people: TeamPeople, viewer: TeamViewer): string | null {
  if (!viewer.userId) return null;
  const membership = people.members.get(viewer.userId);
  return membership?.role === "PLAYER" ? membership.playerId : null;
}

/** The viewer's family: their player's (a PLAYER account) or their own as a parent. */
function viewerFamilyId(people: TeamPeople, viewer: TeamViewer): string | null {
  const playerId = viewerPlayerId(people, viewer);
  if (playerId) return people.familyOf.get(memberKey("player", playerId)) ?? null;
  return viewer.userId ? people.familyOf.get(memberKey("parent", viewer.userId)) ?? null : null;
}

/**
 * The team's people as `viewer` may see them (issue 22): a child whose parent hid their last
 * name or photo shows to the team's other families as first name and initial, without a photo.
 * The child's own family (parents, the player's account, the family's members) and the team's
 * admins see everything. Every projection for a viewer reads the people through this.
 */
export function peopleSeenBy(people: TeamPeople, viewer: TeamViewer): TeamPeople {
  if (viewer.isAdmin || !people.players.some((p) => p.hideLastName || p.hidePhoto)) return people;
  const ownFamily = viewerFamilyId(people, viewer);
  const ownPlayer = viewerPlayerId(people, viewer);
  const ownChildren = new Set(viewer.userId ? people.childrenOf.get(viewer.userId) ?? [] : []);
  const isOwn = (p: Player) =>
    p.id === ownPlayer || ownChildren.has(p.id) ||
    (ownFamily !== null && people.familyOf.get(memberKey("player", p.id)) === ownFamily);
  const players = people.players.map((p) => isOwn(p) ? p : asOtherFamiliesSee(p));
  return { ...people, players, playersById: new Map(players.map((p) => [p.id, p])) };
}

/** One collator for every sort (`localeCompare` with options builds one per call: the dashboard's dearest sort). */
const nameOrder = new Intl.Collator("en", { sensitivity: "base" });

const byName = (a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }) =>
  nameOrder.compare(a.firstName, b.firstName) || nameOrder.compare(a.lastName, b.lastName);

/** A card's name: the person's own, else (a parent who joined without one) "Leo's parent", never an e-mail. */
function cardName(people: TeamPeople, detail: DetailedFamilyMember, lang?: Language): string {
  const { firstName, lastName } = detail;
  if (detail.type === "player") return memberDisplayName({ firstName, lastName }, lang);
  const firstChild = people.playersById.get(people.childrenOf.get(detail.id)?.[0] ?? "");
  const role = people.members.get(detail.id)?.role;
  return memberDisplayName({ firstName, lastName, role, childFirstName: firstChild?.firstName }, lang);
}

/** Meet Your Soccer Family for one viewer: every player and parent as a card, with its dialog's fields. */
export function soccerFamilyOf(everyone: TeamPeople, viewer: TeamViewer, now: Date): SoccerFamily {
  const people = peopleSeenBy(everyone, viewer);
  const ownFamily = viewerFamilyId(people, viewer);
  const ownPlayer = viewerPlayerId(people, viewer);
  const card = (
    detail: DetailedFamilyMember,
    isYou: boolean,
    related: string[],
    photo: Pick<FamilyCard, "photoUrlSmall" | "canChangePhoto" | "publicPhoto" | "childPrivacy"> = {
      photoUrlSmall: null,
      canChangePhoto: false,
      publicPhoto: null,
      childPrivacy: null,
    },
  ): FamilyCard => {
    const key = memberKey(detail.type, detail.id);
    const familyId = people.familyOf.get(key) ?? null;
    const name = cardName(people, detail, viewer.language);
    return {
      ...detail,
      key,
      name,
      shortName: shortName(detail.firstName, detail.lastName) || name,
      positionAbbr: positionAbbreviation(detail.position),
      isYou,
      isFamily: !isYou && familyId !== null && familyId === ownFamily,
      familyId,
      familyName: familyId ? people.families.get(familyId)?.familyName ?? null : null,
      related,
      ...photo,
    };
  };
  // Only a parent of a player or a team admin changes a player's photo (SPEC.md section 6).
  const mayChangePhoto = (p: Player) =>
    viewer.role === "TEAM_ADMIN" ||
    (viewer.userId !== null && (people.parentsOf.get(p.id) ?? []).includes(viewer.userId));
  // Only a guardian of the player, as themselves, chooses whether the photo is on the public roster (R41),
  // and what the team's other families see of them (issue 22).
  const isGuardianOf = (p: Player) =>
    viewer.userId !== null && viewer.role !== "PLAYER" && viewer.role !== "SYSADMIN" &&
    (people.parentsOf.get(p.id) ?? []).includes(viewer.userId);
  const publicPhoto = (p: Player): FamilyCard["publicPhoto"] => {
    const guardians = people.parentsOf.get(p.id) ?? [];
    if (!isGuardianOf(p)) return null;
    return {
      teamId: people.team.id,
      consented: consentIsCurrent(people.publicPhotoConsentBy.get(p.id), guardians),
      teamShowsPhotos: people.team.settings.showPhotos,
    };
  };
  // The viewer's own first (their children, or themselves as a player), then everyone as before:
  // a parent looks for their own child first.
  const ownChildren = new Set(viewer.userId ? people.childrenOf.get(viewer.userId) ?? [] : []);
  const playerRank = (p: Player) => p.id === ownPlayer || ownChildren.has(p.id) ? 0 : 1;
  const players = [...people.players]
    .sort((a, b) => playerRank(a) - playerRank(b) || a.jerseyNumber - b.jerseyNumber || byName(a, b))
    .map((p) =>
      card(
        detailedPlayer(p, now),
        p.id === ownPlayer,
        (people.parentsOf.get(p.id) ?? []).map((id) => memberKey("parent", id)),
        {
          photoUrlSmall: p.photoUrlSmall ?? p.photoUrl,
          canChangePhoto: mayChangePhoto(p),
          publicPhoto: publicPhoto(p),
          childPrivacy: isGuardianOf(p) ? childPrivacyOf(p) : null,
        },
      )
    );
  const parents = [...people.parents]
    .sort((a, b) => byName(a, b) || (a.id < b.id ? -1 : 1))
    .map((u) =>
      card(
        detailedParent(u, people, viewer, now),
        u.id === viewer.userId,
        (people.childrenOf.get(u.id) ?? []).map((id) => memberKey("player", id)),
      )
    );
  return { players, parents };
}

/** Ids (accounts, players) are ULIDs; a cursor of these pages is one. */
const ID_CURSOR = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * One page of a list already read whole and sorted by id: the values after the cursor (the id
 * of the previous page's last value) and, when more follow, the cursor of the next page.
 */
export function pageById<T extends { id: string }>(items: T[], options: PageOptions = {}): Page<T> {
  const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE));
  const after = options.cursor ?? "";
  if (after && !ID_CURSOR.test(after)) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  const start = after ? items.findIndex((item) => item.id > after) : 0;
  if (start < 0) return { values: [], cursor: "" };
  const values = items.slice(start, start + limit);
  return { values, cursor: start + limit < items.length ? values[values.length - 1].id : "" };
}
