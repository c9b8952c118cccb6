/**
 * Nothing is fetched at run time: `deno task install:runtime` (run by build, which start and dev
 * run first) installs every npm package the server can load, worker modules included (they are started
 * from `new URL(…, import.meta.url)`, outside main.ts's static graph, so the image worker's
 * wasm-vips would otherwise be downloaded by the first photo upload), and nothing only the
 * tests use. `deno task` itself installs nothing (`nodeModulesDir: "manual"`; in "auto" mode it
 * installs every package of deno.lock before any task), and `npm-lazy-caching` makes
 * `deno install --entrypoint` install only what the entrypoints' graph uses.
 *
 * The proof: the install task's own command, run in a copy of the sources with an empty
 * node_modules and `--cached-only` (from the packages Deno has downloaded already: no network),
 * then a photo processed on the image worker with `--cached-only`. The bundler is not among
 * them: only `deno task build` loads esbuild, installed by its own `install:build`.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");
const TEST_ONLY_PACKAGES = ["playwright-core", "axe-core", "smtp-server", "fast-check"];
/** What a copy needs to install and run the server's graph. */
const SOURCES = ["main.ts", "deno.json", "deno.lock", "lib", "routes", "components", "islands", "scripts"];

interface DenoConfig {
  unstable?: string[];
  nodeModulesDir?: string;
  tasks: Record<string, string>;
}

const config: DenoConfig = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
const INSTALL = "deno task install:runtime && ";
const BUILD = "deno task build && ";

/** The modules the server starts as workers: every `new URL("….ts", import.meta.url)` under lib/ and routes/. */
async function workerModules(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(`${ROOT}/${dir}`)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = await Deno.readTextFile(`${ROOT}/${path}`);
        for (const match of text.matchAll(/new URL\(\s*"(\.{1,2}\/[^"]+\.tsx?)"\s*,\s*import\.meta\.url\s*\)/g)) {
          found.push(new URL(match[1], `file:///${path}`).pathname.slice(1));
        }
      }
    }
  };
  await Promise.all(["lib", "routes"].map(walk));
  return found.sort();
}

/** The install task's entrypoints, after checking that it is a `deno install --prod --entrypoint`. */
function installEntrypoints(): string[] {
  const command = config.tasks["install:runtime"];
  assert.ok(command, "deno.json needs an install:runtime task");
  const match = /^deno install --prod --entrypoint ((?:[\w./-]+\.tsx? ?)+)$/.exec(command);
  assert.ok(match, `install:runtime is a single 'deno install --prod --entrypoint …' command: ${command}`);
  return match[1].trim().split(" ");
}

async function run(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    env: { NO_COLOR: "1", NODE_ENV: "production" },
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  return { code, output: decoder.decode(stdout) + decoder.decode(stderr) };
}

Deno.test("[runtime deps] the server's tasks install the runtime packages first, and deno task installs nothing itself", () => {
  assert.equal(config.nodeModulesDir, "manual");
  assert.ok(config.unstable?.includes("npm-lazy-caching"));
  for (const task of ["build", "sysadmin:create"]) {
    assert.ok(config.tasks[task].startsWith(INSTALL), `${task} starts with ${INSTALL}`);
  }
  // The database tasks import no npm package (deno info), so they install nothing and run in a
  // read-only checkout, as the nightly backup unit does (tests/integration/vps_deploy_test.ts).
  for (const task of ["db:backup", "db:restore"]) assert.ok(!config.tasks[task].includes("install"), task);
  // The server reads the build and never bundles: start and dev build first (nothing to do when it is fresh).
  for (const task of ["start", "dev"]) assert.ok(config.tasks[task].startsWith(BUILD), `${task} starts with ${BUILD}`);
  assert.ok(config.tasks.build.startsWith(`${INSTALL}deno task install:build && `), "build installs its bundler");
  assert.equal(config.tasks["install:build"], "deno install --prod --entrypoint scripts/build.ts");
  // The tests, the type check and the codec benchmark install everything in deno.json first.
  for (const task of ["test", "check", "bench:images"]) {
    assert.ok(config.tasks[task].startsWith("deno install && "), `${task} runs deno install first`);
  }
});

Deno.test("[runtime deps] every worker module is an entrypoint of the runtime install", async () => {
  const workers = await workerModules();
  assert.ok(workers.includes("lib/images/image_worker.ts"), `found ${workers.join(", ")}`);
  const entrypoints = installEntrypoints();
  assert.equal(entrypoints[0], "main.ts");
  assert.deepEqual(entrypoints.slice(1).sort(), workers);
});

Deno.test({
  name:
    "[runtime deps] a copy installed by install:runtime processes a photo with --cached-only, without test packages",
  // The image worker stays alive in its own process only; nothing leaks into this one.
  sanitizeResources: false,
  fn: async () => {
    const copy = await Deno.makeTempDir({ prefix: "goalmates-runtime-deps-" });
    try {
      for (const name of SOURCES) {
        const { code } = await new Deno.Command("cp", { args: ["-r", `${ROOT}/${name}`, copy] }).output();
        assert.equal(code, 0, `copy ${name}`);
      }
      await Deno.copyFile(`${ROOT}/tests/fixtures/oriented_6_gps.jpg`, `${copy}/photo.jpg`);

      const [install, ...rest] = config.tasks["install:runtime"].replace(/^deno /, "").split(" ");
      const installed = await run([install, "--cached-only", "--frozen", ...rest], copy);
      assert.equal(installed.code, 0, installed.output);

      const packages = [...Deno.readDirSync(`${copy}/node_modules/.deno`)].map((e) => e.name.replace(/@[^@]+$/, ""));
      assert.ok(packages.includes("wasm-vips"), `installed: ${packages.join(", ")}`);
      for (const name of TEST_ONLY_PACKAGES) assert.ok(!packages.includes(name), `${name} is not installed`);
      assert.ok(!packages.includes("esbuild"), "the server never loads the bundler");

      await Deno.writeTextFile(
        `${copy}/probe.ts`,
        `import { imagePool, processImage } from "./lib/images/mod.ts";
const out = await processImage(await Deno.readFile("photo.jpg"));
imagePool.close();
console.log(JSON.stringify({ width: out.full.width, height: out.full.height }));`,
      );
      const probe = await run(["run", "--cached-only", "-A", "probe.ts"], copy);
      assert.equal(probe.code, 0, probe.output);
      // The fixture is 2048 × 1365 with EXIF orientation 6: upright it stands.
      assert.deepEqual(JSON.parse(probe.output.trim().split("\n").at(-1)!), { width: 1365, height: 2048 });

      // The build's own install adds the bundler.
      const [buildInstall, ...buildRest] = config.tasks["install:build"].replace(/^deno /, "").split(" ");
      const forBuild = await run([buildInstall, "--cached-only", "--frozen", ...buildRest], copy);
      assert.equal(forBuild.code, 0, forBuild.output);
      assert.ok([...Deno.readDirSync(`${copy}/node_modules/.deno`)].some((e) => e.name.startsWith("esbuild@")));
    } finally {
      await Deno.remove(copy, { recursive: true });
    }
  },
});
