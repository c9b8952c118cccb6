/**
 * The body of a calendar parse worker (a Web Worker; see `parseCalendarFeed` in `parse.ts`):
 * gives way to the request thread first (ical.js's loading included, hence the dynamic import),
 * says it has loaded, then parses the one feed it is sent and answers once. A
 * `CalendarSyncError`'s message is meant for the team admin and goes back as is; any other
 * failure is a bug or a feed ical.js cannot take, and the admin only needs to know the file
 * could not be read.
 */
import { lowerThreadPriority } from "../thread_priority.ts";
import type { ParseJob, ParseReply } from "./parse.ts";

lowerThreadPriority();
const { PARSE_MESSAGES, parseCalendarText } = await import("./parse.ts");
const { CalendarSyncError } = await import("./types.ts");

/** This worker's side of its channel (a Web Worker's global scope). */
const port = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ParseJob>) => void) | null;
  postMessage(message: ParseReply): void;
};

port.onmessage = ({ data: job }) => {
  let reply: ParseReply;
  try {
    const { text, nowMs, ...options } = job;
    reply = { result: parseCalendarText(text, { ...options, now: new Date(nowMs) }) };
  } catch (error) {
    reply = { error: error instanceof CalendarSyncError ? error.message : PARSE_MESSAGES.unreadable };
  }
  port.postMessage(reply);
};
port.postMessage({ ready: true });
