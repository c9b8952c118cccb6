/**
 * R41: a player's headshot is on the public roster only when the team shows photos publicly
 * AND a current guardian of that player opted the photo in. Inside the team (the family
 * dashboard, the admin's screens) it shows as always. The rule and the addresses of the
 * guardian's choice (its words are the catalogue's `headshots.consent`), pure and
 * dependency-free: the server, the pages and the FamilyExplorer island share them.
 */

export interface PublicHeadshotFacts {
  /** The team admin's 'Show photos' switch. */
  teamShowsPhotos: boolean;
  /** The account that agreed, or null when nobody did (or it was withdrawn). */
  consentBy: string | null | undefined;
  /** The player's guardians now (account ids). */
  guardianIds: Iterable<string>;
}

/** A consent counts only while the person who gave it is still a guardian of the player. */
export function consentIsCurrent(consentBy: string | null | undefined, guardianIds: Iterable<string>): boolean {
  if (!consentBy) return false;
  for (const id of guardianIds) if (id === consentBy) return true;
  return false;
}

/** Whether the public may see a player's headshot: the team switch and a current guardian's consent, both. */
export function headshotIsPublic({ teamShowsPhotos, consentBy, guardianIds }: PublicHeadshotFacts): boolean {
  return teamShowsPhotos && consentIsCurrent(consentBy, guardianIds);
}

/** What a guardian sees of their choice for one child (FamilyCard.publicPhoto). */
export interface PublicPhotoChoice {
  teamId: string;
  /** A current guardian agreed. */
  consented: boolean;
  teamShowsPhotos: boolean;
}

/** `PUT /api/teams/:teamId/players/:playerId/headshot-consent` body. */
export interface HeadshotConsentRequest {
  public: boolean;
}

/** Its answer: the choice as stored. */
export interface HeadshotConsentAnswer {
  playerId: string;
  public: boolean;
  /** When the consent was given; null when there is none. */
  consentedAt: string | null;
  teamShowsPhotos: boolean;
}

export const headshotConsentPaths = {
  api: (teamId: string, playerId: string) => `/api/teams/${teamId}/players/${playerId}/headshot-consent`,
  /** The plain form's POST (post/redirect/get back to the member dialog). */
  form: (teamId: string, playerId: string) => `/family-dashboard/${teamId}/players/${playerId}/headshot-consent`,
};
