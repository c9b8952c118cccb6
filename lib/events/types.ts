/** The events' shapes that pages and components share (no server code here). */
export type { EventType, TeamEvent } from "../db/events.ts";
