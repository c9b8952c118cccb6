/** The family dashboard's data for one viewer, loaded at once. The public face of `lib/dashboard/`. */
export { CAMPAIGNS_PAGE_SIZE, type DashboardCursors, type FamilyDashboardData, loadFamilyDashboard } from "./load.ts";
export {
  dashboardExpiry,
  DashboardPageCache,
  type DashboardPageCacheOptions,
  type DashboardVariant,
  type RenderedDashboard,
} from "./render_cache.ts";
