/**
 * The body of a calendar parse worker (a Web Worker; see `FeedParser` in `parse.ts`): at idle
 * priority, loads the parser (ical.js included, hence the dynamic import: after the priority is
 * lowered), then answers each feed it is sent. A `CalendarSyncError`'s message is meant for the
 * team admin and goes back as is; any other failure is a bug or a feed ical.js cannot take, and
 * the admin only needs to know the file could not be read.
 */
import { serveJobs } from "../workers/mod.ts";
import type { ParseJob, ParseReply } from "./parse.ts";

await serveJobs<ParseJob, ParseReply>({
  kind: "web",
  start: async () => {
    const { parseCalendarText } = await import("./parse_text.ts");
    const { PARSE_MESSAGES } = await import("./parse_limits.ts");
    const { CalendarSyncError } = await import("./types.ts");
    return ({ text, nowMs, ...options }) => {
      try {
        return { result: parseCalendarText(text, { ...options, now: new Date(nowMs) }) };
      } catch (error) {
        return { error: error instanceof CalendarSyncError ? error.message : PARSE_MESSAGES.unreadable };
      }
    };
  },
});
