/**
 * Everything the family dashboard shows, loaded at once for one viewer: each section's data
 * comes from its own domain (families, feed, essentials, events, campaigns).
 */
import type { Team } from "../db/teams.ts";
import type { Page } from "../db/kv.ts";
import type { TeamViewer } from "../team_viewer.ts";
import type { OwnPlayer } from "./types.ts";
import { loadOwnProfile } from "../accounts/mod.ts";

type OwnProfile = NonNullable<Awaited<ReturnType<typeof loadOwnProfile>>>;
import { loadTeamFamilyView, type SoccerFamily } from "../families/mod.ts";
import { FEED_PAGE_SIZE, kudosPlayerName, listTeamPosts, type TeamPost } from "../feed/mod.ts";
import { type EssentialItem, ESSENTIALS_PAGE_SIZE, listTeamEssentials } from "../essentials/mod.ts";
import { EVENTS_WIDGET_LIMIT, listUpcomingEvents, type TeamEvent } from "../events/mod.ts";
import { type ActiveCampaign, listActiveCampaigns } from "../campaigns/mod.ts";
import { GALLERY_PAGE_SIZE, type GalleryPhoto, listGalleryPhotos } from "../photos/mod.ts";
import { getCalendar, type ScheduleState, scheduleStateOf } from "../calendar/mod.ts";
import { redactLogText } from "../log.ts";
import type { Language } from "../i18n/languages.ts";

/** How many active campaigns the page brings; the island asks the API for more as they are answered. */
export const CAMPAIGNS_PAGE_SIZE = 20;

export interface FamilyDashboardData {
  team: Team;
  family: SoccerFamily;
  posts: Page<TeamPost>;
  /** The signed-in person's own profile (My Profile); null for a team login or a system administrator. */
  profile: OwnProfile | null;
  /** The viewer's own children (My Players in Account Settings). */
  ownPlayers: OwnPlayer[];
  /** Every player as the kudos picker names them (first name, last initial). */
  kudosPlayers: { id: string; name: string }[];
  essentials: Page<EssentialItem>;
  events: TeamEvent[];
  /** Whether the team has a calendar and whether its last sync failed; null when it could not be read. */
  schedule: ScheduleState | null;
  campaigns: ActiveCampaign[];
  /** The gallery's first photos (10, newest first) and whether more follow; null when they could not be read. */
  photos: { photos: GalleryPhoto[]; hasMore: boolean } | null;
}

/** Where the no-JavaScript pages of the feed and the essentials start (`?feed=`, `?essentials=`). */
export interface DashboardCursors {
  feed?: string;
  essentials?: string;
}

/**
 * SPEC.md section 8: the events widget shows 'No Events To Display' when its events are empty
 * or failed to load; a failed read is logged rather than taking the whole page down.
 */
async function upcomingEventsOrNone(kv: Deno.Kv, teamId: string, now: Date) {
  try {
    return await listUpcomingEvents(kv, teamId, now, { limit: EVENTS_WIDGET_LIMIT });
  } catch (error) {
    console.error(JSON.stringify({ event: "events_load_failed", teamId, error: redactLogText(String(error)) }));
    return { values: [], cursor: "" };
  }
}

/** Upcoming Events words its empty or stale list by the calendar's state; a failed read only loses those words. */
async function scheduleStateOrNull(kv: Deno.Kv, teamId: string): Promise<ScheduleState | null> {
  try {
    return scheduleStateOf(await getCalendar(kv, teamId));
  } catch (error) {
    console.error(JSON.stringify({ event: "calendar_load_failed", teamId, error: redactLogText(String(error)) }));
    return null;
  }
}

/** SPEC.md section 8: the gallery says 'Failed to load photos' rather than taking the page down. */
async function firstPhotosOrNull(kv: Deno.Kv, teamId: string, lang?: Language) {
  try {
    return await listGalleryPhotos(kv, teamId, { offset: 0, limit: GALLERY_PAGE_SIZE, lang });
  } catch (error) {
    console.error(JSON.stringify({ event: "photos_load_failed", teamId, error: redactLogText(String(error)) }));
    return null;
  }
}

export async function loadFamilyDashboard(
  kv: Deno.Kv,
  viewer: TeamViewer,
  now: Date,
  cursors: DashboardCursors = {},
): Promise<FamilyDashboardData> {
  const teamId = viewer.teamId;
  const [profile, people, posts, essentials, events, schedule, campaigns, photos] = await Promise.all([
    viewer.userId ? loadOwnProfile(kv, viewer.userId, now) : null,
    loadTeamFamilyView(kv, viewer, now),
    listTeamPosts(kv, teamId, { cursor: cursors.feed, limit: FEED_PAGE_SIZE, lang: viewer.language }),
    listTeamEssentials(kv, teamId, { cursor: cursors.essentials, limit: ESSENTIALS_PAGE_SIZE, lang: viewer.language }),
    upcomingEventsOrNone(kv, teamId, now),
    scheduleStateOrNull(kv, teamId),
    listActiveCampaigns(kv, teamId, viewer.userId, now, { limit: CAMPAIGNS_PAGE_SIZE }),
    firstPhotosOrNull(kv, teamId, viewer.language),
  ]);
  const { team, family, players } = people;
  // The picker names a player the way the stored kudos will ("Maya R.").
  const kudosPlayers = players.map((p) => ({ id: p.id, name: kudosPlayerName(p) }));
  const ownPlayers = players.filter((p) => people.ownPlayerIds.has(p.id)).map((p) => ({
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    jerseyNumber: p.jerseyNumber,
    position: p.position,
    photoUrl: p.photoUrl,
  }));
  return {
    team,
    family,
    posts,
    profile,
    ownPlayers,
    kudosPlayers,
    essentials,
    events: events.values,
    schedule,
    campaigns: campaigns.values,
    photos,
  };
}
