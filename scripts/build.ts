import { buildAssets, pruneBuild } from "../lib/render/bundle.ts";
import { PROJECT_ROOT } from "../routes/mod.tsx";

const manifest = await buildAssets(PROJECT_ROOT);
await pruneBuild(PROJECT_ROOT, manifest);
console.log(`Built ${Object.keys(manifest.islands).length} island(s), boot ${manifest.boot}, css ${manifest.css}`);
