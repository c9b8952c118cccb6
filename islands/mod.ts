import ClaimDialog from "./ClaimDialog.tsx";
import SignupWizard from "./SignupWizard.tsx";
import SignupVerify from "./SignupVerify.tsx";
import SignupCelebration from "./SignupCelebration.tsx";
import TeamLogin from "./TeamLogin.tsx";
import SysadminLogin from "./sysadmin/SysadminLogin.tsx";
import EmailTest from "./sysadmin/EmailTest.tsx";
import InviteLinkCard from "./InviteLinkCard.tsx";
import ShareLink from "./ShareLink.tsx";
import TeamAccessLogin from "./TeamAccessLogin.tsx";
import EditPlayer from "./EditPlayer.tsx";
import JoinFlow from "./JoinFlow.tsx";
import RosterManager from "./RosterManager.tsx";
import RosterPanel from "./RosterPanel.tsx";
import SettingsForm from "./SettingsForm.tsx";
import PrintButton from "./PrintButton.tsx";
import ClaimsBoard from "./ClaimsBoard.tsx";
import PendingClaimsCard from "./PendingClaimsCard.tsx";
import FeedComposer from "./FeedComposer.tsx";
import FamilyExplorer from "./FamilyExplorer.tsx";
import CampaignCards from "./CampaignCards.tsx";
import AccountSettings from "./AccountSettings.tsx";
import EssentialForm from "./EssentialForm.tsx";
import PhotoGallery from "./PhotoGallery.tsx";
import PhotoUpload from "./PhotoUpload.tsx";
import PlayerPhoto from "./PlayerPhoto.tsx";
import TeamCalendarCard from "./TeamCalendarCard.tsx";
import GlobalCampaignForm from "./sysadmin/GlobalCampaignForm.tsx";

/**
 * The island registry. Each entry is the default export of `islands/<Name>.tsx`, or of
 * `islands/<folder>/<Name>.tsx` for those `ISLAND_FOLDERS` names; the bundler makes one browser
 * entry per name and the server wraps each use in a marker.
 */
export const islands = {
  ClaimDialog,
  SignupWizard,
  SignupVerify,
  SignupCelebration,
  TeamLogin,
  SysadminLogin,
  EmailTest,
  InviteLinkCard,
  ShareLink,
  TeamAccessLogin,
  EditPlayer,
  JoinFlow,
  RosterManager,
  RosterPanel,
  SettingsForm,
  PrintButton,
  ClaimsBoard,
  PendingClaimsCard,
  FeedComposer,
  FamilyExplorer,
  CampaignCards,
  AccountSettings,
  EssentialForm,
  PhotoGallery,
  PhotoUpload,
  PlayerPhoto,
  TeamCalendarCard,
  GlobalCampaignForm,
} as const;

export type IslandName = keyof typeof islands;

/** Islands kept in a folder of their own, by whose screens they are: the system administrator's. */
const ISLAND_FOLDERS: Partial<Record<IslandName, string>> = {
  SysadminLogin: "sysadmin",
  EmailTest: "sysadmin",
  GlobalCampaignForm: "sysadmin",
};

/** The module of an island, relative to `islands/` (where the bundler finds its code). */
export function islandModule(name: IslandName): string {
  const folder = ISLAND_FOLDERS[name];
  return folder ? `${folder}/${name}.tsx` : `${name}.tsx`;
}
