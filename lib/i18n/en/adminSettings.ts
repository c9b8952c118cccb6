/**
 * The team admin's Settings page (islands/SettingsForm.tsx) and the rules its saves and Delete
 * Team answer with (lib/teams/settings.ts, lib/teams/deletion.ts).
 */
export const adminSettings = {
  title: "Team Settings",
  documentTitle: "Team Settings · {team}",
  saved: "Settings saved",
  errorTitle: "Error",
  copied: "Copied!",
  copiedText: "The public roster link is on your clipboard.",
  copyFailed: "Select the address and copy it.",
  team: {
    heading: "Team",
    name: "Team name",
    season: "Season",
    orgName: "Organization",
    timeZone: "Time zone",
    publicRosterUrl: "Public roster URL",
    copy: "Copy",
  },
  claims: {
    heading: "Claim settings",
    instructions: "Claim instructions",
  },
  visibility: {
    heading: "Roster visibility",
  },
  /** Each switch's label and the hint under it. */
  switches: {
    openClaims: { label: "Open claims", hint: "Parents can claim players on the public roster." },
    allowSurnameFallback: {
      label: "Allow surname fallback",
      hint: "Parents who do not know the jersey number can claim by the child's surname.",
    },
    showPhotos: {
      label: "Show photos",
      hint: "Player photos appear on the public roster. Each family must also agree for their own child.",
    },
    showPositions: { label: "Show positions", hint: "Positions appear on the public roster." },
    showParentNames: { label: "Show parent names", hint: "Linked parents' first names appear on player cards." },
    showLastNames: { label: "Show last names", hint: "Full last names instead of an initial." },
  },
  domains: {
    heading: "Allowed email domains",
    label: "Domains, one per line",
    hint: "Claims and joins need an address at one of these domains. Leave empty to allow any.",
  },
  save: "Save Settings",
  danger: {
    heading: "Danger zone",
    text: "Deleting the team removes its roster, claims, parents' access and photos. It cannot be undone.",
    confirm: "Type the team name ({team}) to confirm",
    delete: "Delete Team",
  },
  /** The time zone select's hint: what the zone is for, and who chose it (the team's TimeZoneSource). */
  timeZoneHint: {
    admin: "Game times and post dates are shown in this zone.",
    calendar: "Game times and post dates are shown in this zone. It was taken from your team calendar.",
    default:
      "Game times and post dates are shown in this zone. Until you choose one, your team calendar's zone is used when it first syncs.",
  },
  /** The select's groups: the zones most teams are in, named as people say them, first; the others by IANA name. */
  timeZones: {
    unitedStates: "United States",
    other: "Other",
    newYork: "Eastern Time (New York)",
    chicago: "Central Time (Chicago)",
    denver: "Mountain Time (Denver)",
    phoenix: "Mountain Time, no DST (Phoenix)",
    losAngeles: "Pacific Time (Los Angeles)",
    anchorage: "Alaska Time (Anchorage)",
    honolulu: "Hawaii Time (Honolulu)",
  },
  /** lib/teams/settings.ts and lib/teams/deletion.ts: a refused save or deletion. */
  rules: {
    body: "Please send the settings as a JSON object",
    unknownField: "Unknown field: {name}",
    name: "Team name is required",
    nameLength: "Team name must be at most 80 characters",
    season: "Season must be at most 40 characters",
    orgName: "Organization name must be at most 80 characters",
    claimInstructions: "Claim instructions must be at most 500 characters",
    /** A field sent as something other than text. */
    notText: {
      season: "Season must be text",
      orgName: "Organization name must be text",
      claimInstructions: "Claim instructions must be text",
    },
    /** A switch sent as something other than true or false. */
    notSwitch: {
      openClaims: "Open claims must be true or false",
      allowSurnameFallback: "Allow surname fallback must be true or false",
      showPhotos: "Show photos must be true or false",
      showPositions: "Show positions must be true or false",
      showParentNames: "Show parent names must be true or false",
      showLastNames: "Show last names must be true or false",
    },
    domains: "Allowed email domains must be a list of domains",
    badDomain: "Invalid email domain: {domain}",
    tooManyDomains: "At most {max} email domains",
    timeZone: "Time zone must be an IANA time zone, such as America/Los_Angeles",
    teamNotFound: "Team not found",
    confirmDelete: "Type the team name to confirm.",
  },
};
