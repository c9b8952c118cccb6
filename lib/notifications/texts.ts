/** The notification kinds as a person reads them (the /account section): pure, for pages. */
import type { NotificationKind } from "./kinds.ts";

export const NOTIFICATION_KIND_TEXTS: Record<NotificationKind, { label: string; hint: string }> = {
  teamNews: { label: "Team news", hint: "An e-mail when a team admin posts news." },
  scheduleChanges: {
    label: "Schedule changes",
    hint: "An e-mail when a game or practice in the next 14 days is cancelled, moved or removed.",
  },
  weeklyDigest: { label: "Weekly digest", hint: "One summary of your teams' week, on Sunday evenings." },
};

export const NOTIFICATION_MESSAGES = {
  saved: "Your notification choices were saved.",
  nothingToChange: "Send at least one of teamNews, scheduleChanges and weeklyDigest.",
  notBoolean: (kind: string) => `${kind} must be true or false.`,
  notAnObject: "Request body must be a JSON object.",
  personalAccountNeeded: "Notifications belong to a person: sign in with your own account to choose them.",
};

/** Team names in a sentence: 'A', 'A and B', 'A, B and C'. */
export function namesList(names: readonly string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
