/**
 * The family dashboard's rendered pages, per viewer (issue 21 item 6: the dashboard at 1,000 req/s
 * on one core). A page is kept while everything it was rendered from holds:
 *
 * - the team's revision: every write the dashboard shows commits through `commitTeamChange`
 *   (posts, kudos, photos, essentials, campaign answers and snoozes, the roster, families,
 *   the calendar, profiles: each member's name shows to the others). A change drops the team's
 *   pages at once in this process (`onTeamChange`) and, with `watch`, through the team's shared
 *   `kv.watch` in every other (`TeamCache`);
 * - the global campaigns' revision (`GLOBAL_CAMPAIGNS`): a system administrator's campaign shows on
 *   every team's dashboard, so its change drops every page;
 * - the viewer: the variant names who looks (account, role, label) and a fingerprint of their
 *   session user, read on every request anyway, so their own changes (name, teams, password)
 *   make a new variant;
 * - the language (issue 24): one page per viewer and language, so a person who switches
 *   language, or two people of one shared team login in two languages, each get their own;
 * - the clock: relative times, upcoming events and live campaigns follow now, so a page is kept
 *   until the next minute boundary at most, sooner when a shown event starts or ends or a shown
 *   campaign expires.
 *
 * Who may look is never decided here: the session and membership checks run before the cache
 * on every request, so a removed member is refused, not served a kept page. The page is kept as
 * `RenderedPage` segments around its nonce, so each response gets its own CSP nonce.
 * R25/R46: bounded by teams, variants per team and bytes, per isolate.
 */
import { type RenderedPage, renderedPageBytes } from "../render/page.tsx";
import { TeamCache } from "../render/team_cache.ts";
import { followTeamRevision, onTeamChange, readRevision } from "../db/team_revisions.ts";
import { GLOBAL_CAMPAIGNS } from "../db/campaigns.ts";
import type { FamilyDashboardData } from "./load.ts";
import type { Language } from "../i18n/languages.ts";

const MINUTE_MS = 60_000;

interface KeptPage {
  page: RenderedPage;
  /** Epoch ms after which the page may show a stale time, event or campaign. */
  expiresAt: number;
  /** The global campaigns' revision it was rendered under. */
  globalRevision: string | null;
}

export interface DashboardPageCacheOptions {
  /** Follow changes committed by other instances sharing the database (`kv.watch`). */
  watch?: boolean;
  maxTeams?: number;
  /** Variants kept per team (its viewers × languages × minutes); the least recently used goes first. */
  maxVariants?: number;
  maxBytes?: number;
}

/** Which page of a team's dashboard: who looks, and in which language. */
export interface DashboardVariant {
  /** Everything about the viewer that changes the page (routes/pages/family_dashboard/dashboard.tsx). */
  viewer: string;
  lang: Language;
}

/** A rendered dashboard, and the data it was rendered from (the cache reads its time limits off it). */
export interface RenderedDashboard {
  page: RenderedPage;
  data: FamilyDashboardData;
}

/**
 * The moment the page's time-dependent content may next change: the next minute boundary
 * (relative post times, "today"), or sooner the next start or end of a shown event or the
 * expiry of a shown campaign.
 */
export function dashboardExpiry(data: FamilyDashboardData, nowMs: number): number {
  let expiresAt = (Math.floor(nowMs / MINUTE_MS) + 1) * MINUTE_MS;
  const consider = (iso: string | null) => {
    if (!iso) return;
    const at = Date.parse(iso);
    if (at > nowMs && at < expiresAt) expiresAt = at;
  };
  for (const event of data.events) {
    consider(event.startTime);
    consider(event.endTime);
  }
  for (const campaign of data.campaigns) consider(campaign.expiresAt);
  return expiresAt;
}

export class DashboardPageCache {
  #pages: TeamCache<KeptPage>;
  /**
   * The renders under way, by team and variant. A request that misses while one runs waits for
   * it instead of rendering the same page again: after a write, 200 waiting requests cost one
   * render, not 200 (issue 21: 6 writes a second had every request render, and none stored).
   */
  #fills = new Map<string, Map<string, Promise<KeptPage>>>();
  #renders = 0;
  /** The global campaigns' revision as this process last learnt it; undefined until read. */
  #globalRevision: string | null | undefined;
  #stopGlobal: () => void = () => {};
  readonly #unsubscribe: () => void;

  constructor(private readonly kv: Deno.Kv, private readonly options: DashboardPageCacheOptions = {}) {
    this.#pages = this.#newTeamCache();
    this.#unsubscribe = onTeamChange(kv, (teamId) => {
      if (teamId === GLOBAL_CAMPAIGNS) this.#dropAll();
      // A request after a change must show it: it never waits for a render begun before.
      else this.#fills.delete(teamId);
    });
  }

  /** What is held now, and how many pages were rendered for it (misses): for tests and operators. */
  stats(): { teams: number; variants: number; bytes: number; renders: number } {
    const { teams, variants, bytes } = this.#pages.stats();
    return { teams, variants, bytes, renders: this.#renders };
  }

  /**
   * The viewer's page in their language from the cache, else rendered by `render` (and kept
   * when it may be). `page.viewer` must name everything about the viewer that changes the page.
   */
  async getOrRender(
    teamId: string,
    page: DashboardVariant,
    nowMs: number,
    render: () => Promise<RenderedDashboard>,
  ): Promise<RenderedPage> {
    const variant = `${Math.floor(nowMs / MINUTE_MS)}|${page.lang}|${page.viewer}`;
    const kept = this.#pages.get(teamId, variant);
    if (kept && nowMs < kept.expiresAt && kept.globalRevision === this.#globalRevision) return kept.page;
    const running = this.#fills.get(teamId)?.get(variant);
    if (running) {
      const filled = await running;
      // Begun a moment before a shown event started or ended: this request renders its own.
      return nowMs < filled.expiresAt ? filled.page : (await render()).page;
    }
    // Past its time or under an older global revision: the render replaces it.
    if (kept) this.#pages.drop(teamId, variant);
    const fill = this.#fill(teamId, variant, nowMs, render);
    let teamFills = this.#fills.get(teamId);
    if (!teamFills) this.#fills.set(teamId, teamFills = new Map());
    teamFills.set(variant, fill);
    try {
      return (await fill).page;
    } finally {
      // Unless a change let a later render take its place.
      const current = this.#fills.get(teamId);
      if (current?.get(variant) === fill) {
        current.delete(variant);
        if (current.size === 0) this.#fills.delete(teamId);
      }
    }
  }

  /** Renders the page and keeps it, unless the team changed while it rendered (`TeamCache`). */
  async #fill(
    teamId: string,
    variant: string,
    nowMs: number,
    render: () => Promise<RenderedDashboard>,
  ): Promise<KeptPage> {
    this.#renders++;
    let rendered: KeptPage | undefined;
    const entry = await this.#pages.getOrLoadEntry(teamId, variant, async () => {
      // The revisions are read before the data, so a change committed during the render leaves
      // an older revision on the page and the next request renders again.
      const [revision, globalRevision] = await Promise.all([
        readRevision(this.kv, teamId),
        readRevision(this.kv, GLOBAL_CAMPAIGNS),
      ]);
      this.#learnGlobal(globalRevision);
      const { page, data } = await render();
      rendered = { page, expiresAt: dashboardExpiry(data, nowMs), globalRevision };
      return { teamId, revision, value: rendered };
    });
    return rendered ?? entry!.value;
  }

  close(): void {
    this.#unsubscribe();
    this.#stopGlobal();
    this.#pages.close();
  }

  #newTeamCache(): TeamCache<KeptPage> {
    return new TeamCache<KeptPage>(this.kv, {
      watch: this.options.watch,
      maxTeams: this.options.maxTeams ?? 200,
      maxVariants: this.options.maxVariants ?? 100,
      maxBytes: this.options.maxBytes ?? 32 * 1024 * 1024,
      sizeOf: (kept) => renderedPageBytes(kept.page) + 64,
    });
  }

  #dropAll(): void {
    this.#fills.clear();
    this.#pages.close();
    this.#pages = this.#newTeamCache();
    this.#globalRevision = undefined;
    this.#stopGlobal();
    this.#stopGlobal = () => {};
  }

  /** Keeps the global revision read with a fill; with `watch`, follows it for other instances' changes. */
  #learnGlobal(revision: string | null): void {
    if (this.#globalRevision === revision) return;
    if (this.#globalRevision !== undefined) {
      // Another instance changed the global campaigns since: what is kept is older.
      this.#dropAll();
    }
    this.#globalRevision = revision;
    if (this.options.watch) {
      this.#stopGlobal = followTeamRevision(this.kv, GLOBAL_CAMPAIGNS, revision, () => this.#dropAll());
    }
  }
}
