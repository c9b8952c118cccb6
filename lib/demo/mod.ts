/** The demo team and accounts seeded in development mode. The public face of `lib/demo/`. */
export { seedDemoAccounts, seedDemoTeam } from "./seed.ts";
export { seedDemoCommunity } from "./community.ts";
