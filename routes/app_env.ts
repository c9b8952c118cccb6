import type { Config } from "../lib/config.ts";
import type { AssetManifest } from "../lib/render/assets.ts";
import type { TeamCache } from "../lib/render/team_cache.ts";
import type { DashboardPageCache } from "../lib/dashboard/mod.ts";
import type { PublicResponseCache } from "./fast_path.ts";
import type { RenderedPage } from "../lib/render/page.tsx";
import type { StoredSession } from "../lib/auth/sessions.ts";
import type { TeamViewer } from "../lib/team_viewer.ts";
import type { Language } from "../lib/i18n/languages.ts";
import type { SessionUser, SysadminSessionData, UserSessionData } from "../lib/auth/session_user.ts";

/** What the app is built from; tests pass an in-memory KV and a fixed clock. */
export interface AppDeps {
  kv: Deno.Kv;
  config: Config;
  assets: AssetManifest;
  now?: () => Date;
  /** Follow team changes made by other instances (production: yes; tests: no). */
  watchTeamChanges?: boolean;
  /** The render caches, when the caller builds them (tests look at their bounds). */
  caches?: Pick<Deps, "rosterPages" | "rosterJson"> & { publicResponses?: PublicResponseCache };
  /** One JSON line per request on stdout (lib/log.ts); default yes, `createTestApp` turns it off. */
  requestLog?: boolean;
}

/** The dependencies every route reads from `c.var.deps`. */
export interface Deps extends Required<Omit<AppDeps, "watchTeamChanges" | "caches" | "requestLog">> {
  rosterPages: TeamCache<RenderedPage>;
  rosterJson: TeamCache<string>;
  /** The family dashboard's pages per viewer (lib/dashboard/render_cache.ts). */
  dashboardPages: DashboardPageCache;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    secureHeadersNonce?: string;
    /** Set by `securityHeaders()`; `respond()` puts them on a response at construction. */
    securityHeaders?: [string, string][];
    /** Read on first use by `lib/auth/middleware.ts`; undefined means not read yet. */
    userSession?: StoredSession<UserSessionData> | null;
    sessionUser?: SessionUser | null;
    sysadmin?: SysadminSessionData | null;
    /** The team a `requireTeamRole` route acts on (resolved from an id or slug). */
    teamId?: string;
    /** Set by `requireTeamMember`: who looks at the team's family space. */
    teamViewer?: TeamViewer;
    /** The request's language, once `requestLanguage` (routes/language.ts) decided it. */
    lang?: Language;
    /** Set by a sign-in route (`signInRoute`) that refused its credentials: how it signs in. */
    failedSignIn?: string;
  };
};
