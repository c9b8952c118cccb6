/**
 * The family dashboard's JavaScript, measured the way the roster page's is: what it loads
 * before any interaction, each island's own code beyond the chunk every island shares (React),
 * and whether that shared chunk is cached as immutable (a second page then costs only its islands).
 */
import type { AssetManifest } from "../lib/render/assets.ts";
import { type JsFile, pageScripts, sizeFiles } from "./page_js.ts";
import { signInAsDemoParent } from "./proc.ts";
import { sharedChunks } from "./island_size.ts";

/** Islands that live on the family dashboard. */
export const DASHBOARD_ISLANDS = [
  "AccountSettings",
  "CampaignCards",
  "FamilyExplorer",
  "FeedComposer",
  "EssentialForm",
  "PlayerPhoto",
  "PhotoGallery",
  "PhotoUpload",
];

export const DASHBOARD_JS_TARGETS = { before: 5120, islandOwn: 8192 };

export interface DashboardJs {
  before: JsFile[];
  /** Island → its files beyond the chunks every island shares. */
  own: Map<string, JsFile[]>;
  shared: JsFile[];
  sharedCacheControl: string;
}

export async function measureDashboardJs(
  appUrl: string,
  manifest: AssetManifest,
  buildDir: string,
  notes: string[],
): Promise<DashboardJs> {
  const { cookie } = await signInAsDemoParent(appUrl);
  const res = await fetch(`${appUrl}/family-dashboard/demo`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET /family-dashboard/demo → ${res.status}`);
  const html = await res.text();
  const hydrateAtLoad = [...html.matchAll(/data-island="([A-Za-z]+)"[^>]*data-hydrate="load"/g)].map((m) => m[1]);
  if (hydrateAtLoad.length) notes.push(`dashboard islands hydrating at load: ${hydrateAtLoad.join(", ")}`);
  const before = [...new Set([...pageScripts(html).urls, ...hydrateAtLoad.flatMap((n) => manifest.islandGraph[n])])];

  // React and whatever else every island imports end up in the chunks all their graphs share.
  const shared = sharedChunks(manifest);
  const own = new Map<string, JsFile[]>();
  for (const name of DASHBOARD_ISLANDS) {
    const graph = manifest.islandGraph[name];
    if (!graph) throw new Error(`manifest.islandGraph has no ${name}`);
    if (!html.includes(`data-island="${name}"`)) notes.push(`the dashboard has no ${name} island marker`);
    own.set(name, await sizeFiles(graph.filter((url) => !shared.includes(url)), buildDir, appUrl));
  }
  const sharedRes = await fetch(new URL(shared[0], appUrl));
  await sharedRes.body?.cancel();
  return {
    before: await sizeFiles(before, buildDir, appUrl),
    own,
    shared: await sizeFiles(shared, buildDir, appUrl),
    sharedCacheControl: sharedRes.headers.get("cache-control") ?? "",
  };
}

const total = (files: JsFile[]) => files.reduce((n, f) => n + f.gzipBytes, 0);
const fmt = (n: number) => n.toLocaleString("en-US");
const names = (files: JsFile[]) => files.map((f) => `${f.url.split("/").pop()} (${fmt(f.gzipBytes)})`).join(", ");

export function dashboardJsReport(js: DashboardJs): string[] {
  const lines = ["", "## Family dashboard JavaScript (gzip bytes)", ""];
  lines.push("| measure | files | gzip bytes | target |");
  lines.push("| --- | --- | ---: | --- |");
  const row = (label: string, files: JsFile[], target: number) => {
    const bytes = total(files);
    lines.push(
      `| ${label} | ${names(files) || "none"} | ${fmt(bytes)} | < ${fmt(target)} ${bytes < target ? "ok" : "MISSED"} |`,
    );
  };
  row("`/family-dashboard/demo` before interaction", js.before, DASHBOARD_JS_TARGETS.before);
  for (const [name, files] of js.own) row(`island ${name}, own code`, files, DASHBOARD_JS_TARGETS.islandOwn);
  lines.push(
    `Shared by every island (React): ${names(js.shared)} = ${fmt(total(js.shared))} B, ` +
      `served with \`Cache-Control: ${js.sharedCacheControl}\`.`,
  );
  return lines;
}
