/**
 * The join page's state and words, shared by the server (no-JavaScript posts) and the
 * JoinFlow island. Dependency-free: it ends up in the browser bundle.
 */
export const JOIN_TEXTS = {
  playerNotFound: "Player Not Found",
  verificationError: "Verification Error",
  requestFailed: "Request Failed",
  submissionError: "Submission Error",
  submittedTitle: "Join Request Submitted!",
  teamNotFound: "Team Not Found",
  teamNotFoundMessage: "The team link you're looking for doesn't exist or may have been changed.",
  tryAgain: "Please check your connection and try again.",
} as const;

export type JoinStep = "identify" | "account" | "success";

export interface IdentityValues {
  userType: "" | "player" | "parent";
  jerseyNumber: string;
  lastName: string;
}

export interface AccountValues {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
}

export interface Notice {
  title: string;
  message: string;
}

export interface JoinFlowProps {
  /**
   * How the API calls name the team: the invite code when the page was opened by one (the
   * player lookup then answers), else the slug (a team admin checks the player instead).
   */
  teamKey: string;
  /** Where the step forms post without JavaScript: `/join/{codeOrSlug}`. */
  action: string;
  step: JoinStep;
  identity: IdentityValues;
  account: AccountValues;
  /** The verified player's short name ("Sofia O."), or, unconfirmed, what was typed ("#4 Okafor"). */
  playerName: string;
  /** Whether the server confirmed the player (by invite code) or left it to the team admin (by slug). */
  playerConfirmed: boolean;
  errors: Record<string, string>;
  notice: Notice | null;
  /** The server's confirmation, on the success step. */
  submittedMessage: string;
}

export const EMPTY_IDENTITY: IdentityValues = { userType: "", jerseyNumber: "", lastName: "" };
export const EMPTY_ACCOUNT: AccountValues = { firstName: "", lastName: "", email: "", confirmEmail: "" };

export function initialJoinFlow(teamKey: string, action: string, changes: Partial<JoinFlowProps> = {}): JoinFlowProps {
  return {
    teamKey,
    action,
    step: "identify",
    identity: EMPTY_IDENTITY,
    account: EMPTY_ACCOUNT,
    playerName: "",
    playerConfirmed: false,
    errors: {},
    notice: null,
    submittedMessage: "",
    ...changes,
  };
}

const text = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === "string" ? form[name] as string : "";

/** The identify step's values from a posted form (the account step carries them hidden, as playerLastName). */
export function readIdentity(form: Record<string, unknown>, lastNameField: "lastName" | "playerLastName") {
  const userType = text(form, "userType");
  return {
    userType: userType === "player" || userType === "parent" ? userType : "",
    jerseyNumber: text(form, "jerseyNumber").slice(0, 10),
    lastName: text(form, lastNameField).slice(0, 100),
  } satisfies IdentityValues;
}

export function readAccount(form: Record<string, unknown>): AccountValues {
  const field = (name: string) => text(form, name).slice(0, 300);
  return {
    firstName: field("firstName"),
    lastName: field("lastName"),
    email: field("email"),
    confirmEmail: field("confirmEmail"),
  };
}

/** The join-request body the API (and the no-JavaScript post) checks. */
export const joinRequestBody = (identity: IdentityValues, account: AccountValues) => ({
  userType: identity.userType,
  jerseyNumber: identity.jerseyNumber,
  playerLastName: identity.lastName,
  ...account,
});

/** How the account step names a player the server did not confirm: what was typed. */
export const typedPlayer = (identity: IdentityValues) =>
  `#${identity.jerseyNumber.trim()} ${identity.lastName.trim()}`.slice(0, 80);
