/**
 * The join page's state, shared by the server (no-JavaScript posts) and the JoinFlow island
 * (its words are the catalogue's `join` area). Dependency-free: it ends up in the browser bundle.
 */
export type JoinStep = "identify" | "account" | "success";

export interface IdentityValues {
  userType: "" | "player" | "parent";
  /** "surname": 'I don't know the jersey number' (the jersey field is then ignored). */
  mode: "jersey" | "surname";
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
  /** Whether the team lets people who do not know the jersey number name the player by surname alone. */
  allowSurname: boolean;
  errors: Record<string, string>;
  notice: Notice | null;
  /** What happens next, on the success step ("We'll e-mail you at … when the team admin approves"). */
  submittedMessage: string;
}

export const EMPTY_IDENTITY: IdentityValues = { userType: "", mode: "jersey", jerseyNumber: "", lastName: "" };
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
    allowSurname: false,
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
    mode: text(form, "mode") === "surname" ? "surname" : "jersey",
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

/** The identify step's body for the API: by jersey and last name, or (as a claim names it) by the child's surname. */
export const identityBody = (identity: IdentityValues): Record<string, unknown> =>
  identity.mode === "surname"
    ? { userType: identity.userType, mode: "surname", childSurname: identity.lastName }
    : { userType: identity.userType, jerseyNumber: identity.jerseyNumber, lastName: identity.lastName };

/** The join-request body the API (and the no-JavaScript post) checks. */
export const joinRequestBody = (identity: IdentityValues, account: AccountValues): Record<string, unknown> =>
  identity.mode === "surname"
    ? { userType: identity.userType, mode: "surname", childSurname: identity.lastName, ...account }
    : {
      userType: identity.userType,
      jerseyNumber: identity.jerseyNumber,
      playerLastName: identity.lastName,
      ...account,
    };

/** The identify step shows a surname's message (sent as `childSurname` or `playerLastName`) on its last-name field. */
export function identityErrors(fields: Record<string, string>): Record<string, string> {
  const { childSurname, playerLastName, ...rest } = fields;
  const lastName = rest.lastName ?? childSurname ?? playerLastName;
  return lastName ? { ...rest, lastName } : rest;
}

/**
 * How the account step names a player the server did not confirm: what was typed, by surname
 * with `jerseyUnknown` ("jersey number unknown", in the page's language).
 */
export const typedPlayer = (identity: IdentityValues, jerseyUnknown: string) =>
  (identity.mode === "surname"
    ? `${identity.lastName.trim()} (${jerseyUnknown})`
    : `#${identity.jerseyNumber.trim()} ${identity.lastName.trim()}`).slice(0, 80);
