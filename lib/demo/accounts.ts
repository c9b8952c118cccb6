/** The development-only demo sign-ins (data only: the sign-in pages list them). */
import type { TeamRole } from "../db/users.ts";

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: TeamRole;
  /** The demo player this account is a parent of (or, for PLAYER, is). */
  jerseyNumber: number;
  password?: string;
}

/** Development-only sign-ins, shown on the sign-in screens in development mode. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "coach@example.com",
    firstName: "Jordan",
    lastName: "Rodriguez",
    role: "TEAM_ADMIN",
    jerseyNumber: 7,
    password: "rockets-demo-2026",
  },
  { email: "parent@example.com", firstName: "Wei", lastName: "Chen", role: "TEAM_STANDARD", jerseyNumber: 1 },
  { email: "player@example.com", firstName: "Lucas", lastName: "Silva", role: "PLAYER", jerseyNumber: 10 },
];
