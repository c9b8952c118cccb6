// Shared constants for the admin players API tests (admin_players_*_test.ts).

export const NOW = new Date("2026-11-22T12:00:00Z");
export const HEADER = "firstName,lastName,jerseyNumber,position,parentEmails";
