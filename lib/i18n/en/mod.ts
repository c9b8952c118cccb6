/** The English catalogue, area by area. The spec's texts are here word for word. */
import { common } from "./common.ts";
import { errors } from "./errors.ts";
import { auth } from "./auth.ts";
import { login } from "./login.ts";
import { childPrivacy } from "./childPrivacy.ts";
import { retention } from "./retention.ts";
import { roster } from "./roster.ts";
import { claims } from "./claims.ts";
import { headshots } from "./headshots.ts";
import { layout } from "./layout.ts";
import { marketing } from "./marketing.ts";
import { hub } from "./hub.ts";
import { notifications } from "./notifications.ts";
import { mail } from "./mail.ts";
import { dashboard } from "./dashboard.ts";
import { family } from "./family.ts";
import { photos } from "./photos.ts";
import { feed } from "./feed.ts";
import { essentials } from "./essentials.ts";
import { events } from "./events.ts";
import { campaigns } from "./campaigns.ts";
import { account } from "./account.ts";
import { accountSettings } from "./accountSettings.ts";
import { familyCalendar } from "./familyCalendar.ts";
import { join } from "./join.ts";
import { edit } from "./edit.ts";
import { players } from "./players.ts";
import { adminRoster } from "./adminRoster.ts";
import { adminRosterPage } from "./adminRosterPage.ts";
import { adminRosterForms } from "./adminRosterForms.ts";
import { signup } from "./signup.ts";
import { signupPages } from "./signupPages.ts";
import { adminCampaigns } from "./adminCampaigns.ts";
import { adminCalendar } from "./adminCalendar.ts";
import { adminClaims } from "./adminClaims.ts";
import { adminAccess } from "./adminAccess.ts";
import { adminCommon } from "./adminCommon.ts";
import { admin } from "./admin.ts";
import { adminCards } from "./adminCards.ts";
import { memberNames } from "./memberNames.ts";
import { adminSettings } from "./adminSettings.ts";
import { sysadmin } from "./sysadmin.ts";
import { sysadminCampaigns } from "./sysadminCampaigns.ts";

export const en = {
  common,
  errors,
  auth,
  login,
  childPrivacy,
  retention,
  roster,
  claims,
  headshots,
  layout,
  marketing,
  hub,
  notifications,
  mail,
  dashboard,
  family,
  photos,
  feed,
  essentials,
  events,
  campaigns,
  account,
  accountSettings,
  familyCalendar,
  join,
  edit,
  players,
  adminRoster,
  adminRosterPage,
  adminRosterForms,
  signup,
  signupPages,
  adminCampaigns,
  adminCalendar,
  adminClaims,
  adminAccess,
  adminCommon,
  admin,
  adminCards,
  memberNames,
  adminSettings,
  sysadmin,
  sysadminCampaigns,
};
