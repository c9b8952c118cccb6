/**
 * The catalogue areas each island's components use: its page writes them, in the page's
 * language, into the island's props, so the browser gets only these strings (and no catalogue
 * code). An island not listed gets `common` only. An area missing here shows as a thrown
 * error when the island hydrates (tests/e2e/hydration_e2e_test.ts renders every island).
 */
import type { IslandName } from "../../islands/mod.ts";
import { type Area, areasOf, type Catalog } from "./catalog.ts";
import type { Language } from "./languages.ts";

/**
 * An area, or only some of its top-level entries: an island's messages count in its 8 KB
 * budget with its code (issue 24), so one that reads a few entries of a large area gets those.
 */
export type IslandArea = Area | { area: Area; only: readonly string[] };

/** lib/client's own words (lib/i18n/client_texts.ts): every island may toast or lose the connection. */
const ALWAYS: IslandArea[] = [{ area: "common", only: ["client"] }];

/** The "Change photo" button (components/photos/ChangePhotoButton.tsx): not the photo dialog's words. */
const CHANGE_PHOTO: IslandArea = { area: "headshots", only: ["change", "changeOf", "needsJavaScript"] };

export const ISLAND_AREAS: Partial<Record<IslandName, IslandArea[]>> = {
  ClaimDialog: ["claims"],
  PlayerPhoto: ["headshots"],
  // The "Change photo" buttons inside these (components/photos) read the headshots area.
  // The team's numbers above its table are the adminCommon area's.
  RosterManager: [CHANGE_PHOTO, { area: "adminCommon", only: ["numbers"] }, "adminRoster"],
  // Its player forms check with the players area's words (lib/roster/player_checks.ts).
  RosterPanel: ["players", "adminRosterForms"],
  // Its member dialog holds the guardian's photo choice (components/photos/HeadshotConsentForm.tsx)
  // and child privacy form (components/dashboard/family/ChildPrivacyForm.tsx).
  FamilyExplorer: [
    { area: "headshots", only: ["change", "changeOf", "needsJavaScript", "consent"] },
    // Not the section's title (server-rendered) nor lib's family names and refusals.
    {
      area: "family",
      only: [
        "players",
        "parents",
        "noPlayers",
        "noParents",
        "explore",
        "close",
        "previous",
        "next",
        "newBadge",
        "youBadge",
        "familyBadge",
        "toggle",
        "photoOf",
        "parentOf",
        "cardParents",
        "relationship",
        "positions",
        "facts",
        "interests",
        "funFacts",
        "relatedChildren",
        "counter",
        "showMember",
      ],
    },
    { area: "childPrivacy", only: ["heading", "hideLastName", "hidePhoto", "hint", "save", "moreChoices"] },
  ],
  PhotoGallery: ["photos"],
  PhotoUpload: ["photos"],
  TeamLogin: ["login"],
  TeamAccessLogin: ["login"],
  SysadminLogin: ["login"],
  // Its avatar menu (components/AccountMenu.tsx) reads the layout area, and holds the language switch.
  AccountSettings: ["layout", "accountSettings", { area: "common", only: ["language"] }],
  FeedComposer: ["feed"],
  EssentialForm: ["essentials"],
  CampaignCards: ["campaigns"],
  TeamCalendarCard: ["adminCalendar"],
  // The system administrator's console: the campaign types' names and the Campaigns tab's words
  // (the server answers its refusals; the page hands over the delete question).
  GlobalCampaignForm: [
    { area: "campaigns", only: ["types"] },
    { area: "sysadminCampaigns", only: ["toasts", "form", "tables", "statuses"] },
  ],
  EmailTest: [{ area: "sysadminCampaigns", only: ["emailTest"] }],
  JoinFlow: ["join"],
  SignupWizard: ["signup"],
  SignupVerify: ["signupPages"],
  SignupCelebration: ["signupPages"],
  EditPlayer: ["edit", "players"],
  SettingsForm: ["adminSettings"],
  // How a claim reads in a list (components/admin/format.ts) is adminCommon's; Approve and Deny
  // (components/admin/ClaimActions.tsx) are adminClaims'.
  ClaimsBoard: ["adminCommon", "adminClaims"],
  // The dashboard's cards; a pending claim's Approve and Deny (ClaimActions) are adminClaims'.
  PendingClaimsCard: ["adminCards", "adminCommon", "adminClaims"],
  InviteLinkCard: ["adminCards", "adminCommon"],
  // Its copy-failed toast (components/admin/share.ts).
  ShareLink: ["adminCommon"],
};

export const islandAreas = (name: IslandName): IslandArea[] => [...ALWAYS, ...(ISLAND_AREAS[name] ?? [])];

/** What an island's page writes into its props in `lang`: its areas, or their entries it reads. */
export function islandMessages(lang: Language, name: IslandName): Partial<Catalog> {
  const messages: Record<string, unknown> = {};
  for (const wanted of islandAreas(name)) {
    if (typeof wanted === "string") {
      Object.assign(messages, areasOf(lang, [wanted]));
      continue;
    }
    const area = areasOf(lang, [wanted.area])[wanted.area] as Record<string, unknown>;
    const picked = Object.fromEntries(wanted.only.map((key) => [key, area[key]]));
    messages[wanted.area] = { ...messages[wanted.area] as object, ...picked };
  }
  return messages as Partial<Catalog>;
}
