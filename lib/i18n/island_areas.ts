/**
 * The catalogue areas each island's components use: its page writes them, in the page's
 * language, into the island's props, so the browser gets only these strings (and no catalogue
 * code). An island not listed gets `common` only. An area missing here shows as a thrown
 * error when the island hydrates (tests/e2e/hydration_e2e_test.ts renders every island).
 */
import type { IslandName } from "../../islands/mod.ts";
import type { Area } from "./catalog.ts";

const ALWAYS: Area[] = ["common"];

export const ISLAND_AREAS: Partial<Record<IslandName, Area[]>> = {
  ClaimDialog: ["claims"],
  PlayerPhoto: ["headshots"],
  // The "Change photo" buttons inside these (components/photos) read the headshots area.
  // And its player forms check with the players area's words (lib/roster/player_checks.ts).
  RosterManager: ["headshots", "players"],
  // Its member dialog holds the guardian's child privacy form (components/dashboard/family).
  FamilyExplorer: ["headshots", "family", "childPrivacy"],
  PhotoGallery: ["photos"],
  PhotoUpload: ["photos"],
  TeamLogin: ["login"],
  TeamAccessLogin: ["login"],
  SysadminLogin: ["login"],
  // Its avatar menu (components/AccountMenu.tsx) reads the layout area.
  AccountSettings: ["layout", "accountSettings"],
  FeedComposer: ["feed"],
  EssentialForm: ["essentials"],
  CampaignCards: ["campaigns"],
  // The system administrator's console: its campaign types and refusals.
  GlobalCampaignForm: ["campaigns"],
  JoinFlow: ["join"],
  EditPlayer: ["edit", "players"],
};

export const islandAreas = (name: IslandName): Area[] => [...ALWAYS, ...(ISLAND_AREAS[name] ?? [])];
