/**
 * The team settings page's data: the team's names, its time zone, and the claim and
 * public-roster switches.
 * A save is one commit through `commitTeamChange` (public pages refresh) with one
 * 'settings.updated' audit entry naming the changed fields. The slug never changes: links
 * already shared keep working when the team is renamed.
 */
import { beginChange } from "../db/kv.ts";
import { z } from "zod";
import { getTeam, getTeamEntry, stageTeamUpdate, type Team } from "../db/teams.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { retryOnConflict } from "../db/change.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { cleanText } from "../text.ts";
import { canonicalTimeZone, MAX_TIME_ZONE_LENGTH, teamTimeZone, teamTimeZoneSource } from "../time_zone.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

export const MAX_EMAIL_DOMAINS = 20;

const RULES = messagesFor("en").adminSettings.rules;

/** The English catalogue's messages (lib/i18n/en/adminSettings.ts); the routes answer them in the request's language. */
export const SETTINGS_MESSAGES = {
  body: RULES.body,
  unknownField: (name: string) => format("en", RULES.unknownField, { name }),
  name: RULES.name,
  nameLength: RULES.nameLength,
  season: RULES.season,
  orgName: RULES.orgName,
  claimInstructions: RULES.claimInstructions,
  /** A field that is not text, by its name in the patch. */
  notText: RULES.notText,
  /** A switch that is not true or false, by its name in the patch. */
  switch: RULES.notSwitch,
  domains: RULES.domains,
  badDomain: (domain: string) => format("en", RULES.badDomain, { domain }),
  tooManyDomains: format("en", RULES.tooManyDomains, { max: String(MAX_EMAIL_DOMAINS) }),
  timeZone: RULES.timeZone,
  teamNotFound: RULES.teamNotFound,
} as const;

const text = (field: keyof typeof SETTINGS_MESSAGES.notText, max: number, tooLong: string) =>
  z.string({ error: SETTINGS_MESSAGES.notText[field] }).transform(cleanText).pipe(z.string().max(max, tooLong));
const toggle = (name: keyof typeof SETTINGS_MESSAGES.switch) =>
  z.boolean({ error: SETTINGS_MESSAGES.switch[name] }).optional();

/** A DNS name with at least one dot ("school.org", "mail.club.example"). */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const domainList = z.array(z.string({ error: SETTINGS_MESSAGES.domains }), { error: SETTINGS_MESSAGES.domains })
  .transform((list, ctx) => {
    const domains: string[] = [];
    for (const raw of list) {
      const domain = raw.trim().toLowerCase().replace(/^@/, "");
      if (domain === "") continue;
      if (!DOMAIN.test(domain)) ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.badDomain(raw.trim()) });
      else if (!domains.includes(domain)) domains.push(domain);
    }
    if (domains.length > MAX_EMAIL_DOMAINS) ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.tooManyDomains });
    return domains;
  });

const settingsPatchSchema = z.strictObject({
  name: z.string({ error: SETTINGS_MESSAGES.name }).transform(cleanText)
    .pipe(z.string().min(1, SETTINGS_MESSAGES.name).max(80, SETTINGS_MESSAGES.nameLength)).optional(),
  season: text("season", 40, SETTINGS_MESSAGES.season).optional(),
  orgName: text("orgName", 80, SETTINGS_MESSAGES.orgName).optional(),
  openClaims: toggle("openClaims"),
  allowSurnameFallback: toggle("allowSurnameFallback"),
  claimInstructions: z.string({ error: SETTINGS_MESSAGES.notText.claimInstructions })
    .transform((v) => v.normalize("NFC").trim())
    .pipe(z.string().max(500, SETTINGS_MESSAGES.claimInstructions)).optional(),
  showPhotos: toggle("showPhotos"),
  showPositions: toggle("showPositions"),
  showParentNames: toggle("showParentNames"),
  showLastNames: toggle("showLastNames"),
  allowedEmailDomains: domainList.optional(),
  /** Stored under the runtime's name for it ('america/los_angeles' → 'America/Los_Angeles'). */
  timeZone: z.string({ error: SETTINGS_MESSAGES.timeZone }).max(MAX_TIME_ZONE_LENGTH, SETTINGS_MESSAGES.timeZone)
    .transform((name, ctx) => {
      const zone = canonicalTimeZone(name.trim());
      if (zone) return zone;
      ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.timeZone });
      return z.NEVER;
    }).optional(),
});

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

const TEAM_FIELDS = ["name", "season", "orgName"] as const;

/** Checks a PATCH body: any subset of the fields, nothing else. */
export function parseSettingsPatch(body: unknown): SettingsPatch {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError(SETTINGS_MESSAGES.body);
  }
  const parsed = settingsPatchSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues.find((i) => i.code === "unrecognized_keys") ?? parsed.error.issues[0];
  const message = issue.code === "unrecognized_keys" ? SETTINGS_MESSAGES.unknownField(issue.keys[0]) : issue.message;
  const field = String(issue.path[0] ?? "");
  throw new ValidationError(message, field ? { [field]: message } : {});
}

/** What GET and PATCH /api/admin/{teamId}/settings answer. */
export function settingsView(team: Team, appUrl: string) {
  return {
    team: {
      name: team.name,
      season: team.season,
      orgName: team.orgName,
      slug: team.slug,
      publicRosterUrl: `${appUrl}/t/${team.slug}/roster`,
    },
    // A team made before zones has none stored: it is in the default zone, chosen by no one.
    settings: { ...team.settings, timeZone: teamTimeZone(team), timeZoneSource: teamTimeZoneSource(team) },
  };
}

export async function getTeamOrThrow(kv: Deno.Kv, teamId: string): Promise<Team> {
  const team = await getTeam(kv, teamId);
  if (!team) throw new NotFoundError(SETTINGS_MESSAGES.teamNotFound);
  return team;
}

/**
 * Applies a patch to a team; returns the new team and the names of the fields that changed.
 * A zone other than the team's is the admin's choice, which a calendar never overrides; the
 * zone already in effect is no choice (the settings form sends it with every save, and a team
 * still in the default zone should take its calendar's at the first sync).
 */
export function applySettingsPatch(team: Team, patch: SettingsPatch): { team: Team; changed: string[] } {
  const next: Team = { ...team, settings: { ...team.settings } };
  const changed: string[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (field === "timeZone") {
      if (value === teamTimeZone(team)) continue;
      next.settings.timeZone = value as string;
      next.settings.timeZoneSource = "admin";
      changed.push(field);
      continue;
    }
    const isTeamField = (TEAM_FIELDS as readonly string[]).includes(field);
    const target = (isTeamField ? next : next.settings) as unknown as Record<string, unknown>;
    if (JSON.stringify(target[field]) === JSON.stringify(value)) continue;
    target[field] = value;
    changed.push(field);
  }
  return { team: next, changed };
}

/**
 * Saves a settings patch. A patch names fields, so when someone else saved in between it is
 * applied again to the fresh record (a few times) rather than refused. A patch that changes
 * nothing writes nothing.
 */
export async function updateTeamSettings(
  kv: Deno.Kv,
  teamId: string,
  patch: SettingsPatch,
  actor: string,
  now: Date,
): Promise<Team> {
  return await retryOnConflict(async () => {
    const entry = await getTeamEntry(kv, teamId);
    if (!entry.value) throw new NotFoundError(SETTINGS_MESSAGES.teamNotFound);
    const { team, changed } = applySettingsPatch(entry.value, patch);
    if (changed.length === 0) return team;
    const op = stageTeamUpdate(beginChange(kv), entry as Deno.KvEntry<Team>, team);
    stageAuditEntry(
      op,
      { teamId, action: "settings.updated", targetId: teamId, actor, detail: changed.join(", ") },
      now,
    );
    await commitTeamChangeOrConflict(kv, op, teamId);
    return team;
  }, { attempts: 5 });
}
