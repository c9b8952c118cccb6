/**
 * How the Team Calendar card words a calendar (lib/calendar/display.ts): the type and status
 * labels of SPEC.md section 2, the last sync ('Never', minutes, hours, else a date, in the team's zone),
 * the stale-schedule line after a failed sync, and where the forms post.
 */
import assert from "node:assert/strict";
import {
  calendarDateTime,
  calendarFormPaths,
  calendarTypeLabel,
  lastSyncLabel,
  staleScheduleLabel,
  syncStatusBadge,
} from "../../lib/calendar/display.ts";

const NOW = new Date("2026-11-23T17:00:00Z");
const NY = "America/New_York";
const LA = "America/Los_Angeles";
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

Deno.test("[calendar display] type labels: PlayMetrics, TeamSnap, else Calendar link (ICS)", () => {
  assert.equal(calendarTypeLabel("playmetrics"), "PlayMetrics");
  assert.equal(calendarTypeLabel("teamsnap"), "TeamSnap");
  assert.equal(calendarTypeLabel("generic"), "Calendar link (ICS)");
  assert.equal(calendarTypeLabel("constructor"), "Calendar link (ICS)");
});

Deno.test("[calendar display] status badge: Active, Error, Syncing, otherwise Pending", () => {
  assert.deepEqual(syncStatusBadge("success"), { label: "Active", tone: "active" });
  assert.deepEqual(syncStatusBadge("error"), { label: "Error", tone: "error" });
  assert.deepEqual(syncStatusBadge("pending"), { label: "Syncing", tone: "syncing" });
  assert.deepEqual(syncStatusBadge("whatever"), { label: "Pending", tone: "pending" });
});

Deno.test("[calendar display] last sync: Never, Just now, minutes, hours, else the New York date", () => {
  const cases: [string | null, string][] = [
    [null, "Never"],
    ["not a date", "Never"],
    [ago(-5 * MINUTE), "Just now"], // a clock a little behind the server's
    [ago(30_000), "Just now"],
    [ago(MINUTE), "1 minute ago"],
    [ago(59 * MINUTE + 59_000), "59 minutes ago"],
    [ago(HOUR), "1 hour ago"],
    [ago(23 * HOUR + 59 * MINUTE), "23 hours ago"],
    [ago(24 * HOUR), "Nov 22, 2026"],
    // 03:00 UTC on Nov 20 is still Nov 19 in New York.
    ["2026-11-20T03:00:00Z", "Nov 19, 2026"],
  ];
  for (const [lastSync, label] of cases) assert.equal(lastSyncLabel(lastSync, NOW, NY), label, String(lastSync));
  // A team in Los Angeles: 06:00 UTC on Nov 20 is still Nov 19 there (and Nov 20 in New York).
  assert.equal(lastSyncLabel("2026-11-20T06:00:00Z", NOW, NY), "Nov 20, 2026");
  assert.equal(lastSyncLabel("2026-11-20T06:00:00Z", NOW, LA), "Nov 19, 2026");
});

Deno.test("[calendar display] the stale-schedule line only after a failed sync that had a good one before", () => {
  const lastSuccessAt = "2026-11-23T15:05:00Z";
  // The card is an island read from anywhere: its time names the team's zone.
  assert.equal(calendarDateTime(lastSuccessAt, NY), "Nov 23, 2026, 10:05 AM ET");
  assert.equal(calendarDateTime(lastSuccessAt, LA), "Nov 23, 2026, 7:05 AM PT");
  assert.equal(
    staleScheduleLabel({ lastSyncStatus: "error", lastSuccessAt }, NY),
    "Showing the schedule from Nov 23, 2026, 10:05 AM ET",
  );
  assert.equal(
    staleScheduleLabel({ lastSyncStatus: "error", lastSuccessAt }, LA),
    "Showing the schedule from Nov 23, 2026, 7:05 AM PT",
  );
  assert.equal(staleScheduleLabel({ lastSyncStatus: "error", lastSuccessAt: null }, NY), null);
  assert.equal(staleScheduleLabel({ lastSyncStatus: "success", lastSuccessAt }, NY), null);
  assert.equal(staleScheduleLabel({ lastSyncStatus: "pending", lastSuccessAt }, NY), null);
});

Deno.test("[calendar display] the forms post under the dashboard's own path", () => {
  assert.deepEqual(calendarFormPaths("/teams/T1"), {
    add: "/teams/T1/calendar",
    sync: "/teams/T1/calendar/sync",
    remove: "/teams/T1/calendar/remove",
  });
  assert.deepEqual(calendarFormPaths("/admin/T1", "01ABC"), {
    add: "/admin/T1/calendar",
    sync: "/admin/T1/calendar/01ABC/sync",
    remove: "/admin/T1/calendar/01ABC/remove",
  });
});
