import ClaimDialog from "./ClaimDialog.tsx";
import SignupWizard from "./SignupWizard.tsx";
import SignupVerify from "./SignupVerify.tsx";
import SignupCelebration from "./SignupCelebration.tsx";
import TeamLogin from "./TeamLogin.tsx";
import SysadminLogin from "./SysadminLogin.tsx";
import EmailTest from "./EmailTest.tsx";

/**
 * The island registry. Each entry is the default export of `islands/<Name>.tsx`; the
 * bundler makes one browser entry per name and the server wraps each use in a marker.
 */
export const islands = {
  ClaimDialog,
  SignupWizard,
  SignupVerify,
  SignupCelebration,
  TeamLogin,
  SysadminLogin,
  EmailTest,
} as const;

export type IslandName = keyof typeof islands;
