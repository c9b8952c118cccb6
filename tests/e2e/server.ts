/**
 * Helpers for the end-to-end tests: a real GoalMates server process on a free port with its
 * own database file, Debian's Chromium driven by playwright-core, and a collector for console
 * errors and CSP violations.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { readFreshManifest, runBuild } from "../../lib/render/assets.ts";
import { freePort } from "../helpers.ts";

export const PROJECT_ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
export const CHROMIUM_PATH = "/usr/bin/chromium";

const START_TIMEOUT_MS = 20_000;

export interface TestServer {
  /** The origin, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  output(): string;
  /** What it printed on each stream alone (whole lines, for a test that parses them). */
  printed(): { stdout: string; stderr: string };
  stop(): Promise<void>;
}

let built: Promise<void> | undefined;

/**
 * The server only reads static/build (`deno task test` builds it first). When a source changed
 * since, it is rebuilt once for this test file here, rather than by each server it starts.
 */
export function ensureBuild(): Promise<void> {
  built ??= readFreshManifest(PROJECT_ROOT).then(async (fresh) => {
    if (!fresh && !(await runBuild(PROJECT_ROOT))) throw new Error("The asset build failed: run `deno task build`.");
  });
  return built;
}

/**
 * Starts `main.ts` in development mode (which seeds the demo team, slug `demo`) on a fresh
 * database file, and resolves once `GET /` answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  await ensureBuild();
  const tempDir = await Deno.makeTempDir({ prefix: "goalmates-e2e-" });
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: PROJECT_ROOT,
    env: {
      NODE_ENV: "production",
      GOALMATES_ENV: "development",
      GOALMATES_KV: `${tempDir}/goalmates.kv`,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      APP_URL: url,
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();

  const chunks: string[] = [];
  const streams = { stdout: "", stderr: "" };
  const drain = async (stream: ReadableStream<Uint8Array>, name: keyof typeof streams) => {
    // Reading to the end closes the stream's resource when the process exits.
    const decoder = new TextDecoder();
    for await (const bytes of stream) {
      const text = decoder.decode(bytes, { stream: true });
      chunks.push(text);
      streams[name] += text;
    }
    chunks.push(decoder.decode());
  };
  const drained = Promise.all([drain(child.stdout, "stdout"), drain(child.stderr, "stderr")]);
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  const output = () => chunks.join("");

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      try {
        child.kill("SIGTERM");
      } catch {
        // Already gone.
      }
    }
    await status;
    await drained;
    await Deno.remove(tempDir, { recursive: true }).catch(() => {});
  };

  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (true) {
      if (exited) throw new Error(`The server exited during start-up (${(await status).code}).`);
      try {
        const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(2_000) });
        await res.body?.cancel();
        if (res.ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`The server did not answer GET / within ${START_TIMEOUT_MS} ms.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output()}`);
  }
  return { url, output, printed: () => ({ ...streams }), stop };
}

/** Launches Debian's Chromium headless. Never downloads a browser; never skips. */
export async function launchBrowser(): Promise<Browser> {
  try {
    await Deno.stat(CHROMIUM_PATH);
  } catch {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`,
    );
  }
  return await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  });
}

/** A CSP violation as the page's `securitypolicyviolation` event reported it. */
export interface CspViolation {
  violatedDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
}

const CSP_LISTENER = `(() => {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__cspViolations.push({
      violatedDirective: e.violatedDirective,
      blockedURI: e.blockedURI,
      sourceFile: e.sourceFile,
      lineNumber: e.lineNumber,
      sample: e.sample,
    });
  });
})();`;

/**
 * Records into every page of `context`: CSP violations (through an init script that runs
 * before the page's own scripts). Call before opening pages.
 */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: CSP_LISTENER });
}

/** Reads the CSP violations the current document of `page` recorded. */
export async function cspViolations(page: Page): Promise<CspViolation[]> {
  return await page.evaluate(() =>
    (globalThis as unknown as { __cspViolations?: CspViolation[] }).__cspViolations ?? []
  );
}

export interface PageProblems {
  /** Console errors and uncaught exceptions seen since the last `assertNone`. */
  errors: string[];
  /**
   * Throws when the page logged a console error, threw, or (checked on the current document)
   * violated its CSP. Messages matching one of `allow` are expected and ignored. Clears the
   * recorded errors.
   */
  assertNone(where: string, allow?: RegExp[]): Promise<void>;
}

/**
 * Collects console errors (`console.error`, failed loads Chromium reports there, React's
 * hydration errors) and uncaught page errors. The page's context must have been passed to
 * `recordCspViolations` for CSP violations to be checked too.
 */
export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = {
    errors: [],
    async assertNone(where: string, allow: RegExp[] = []) {
      const errors = problems.errors.filter((e) => !allow.some((re) => re.test(e)));
      problems.errors = [];
      const csp = page.isClosed() ? [] : await cspViolations(page);
      if (errors.length > 0 || csp.length > 0) {
        throw new Error(
          `Problems on ${where} (${page.url()}):\n` +
            errors.map((e) => `  console: ${e}`).join("\n") +
            (errors.length && csp.length ? "\n" : "") +
            csp.map((v) => `  CSP: ${JSON.stringify(v)}`).join("\n"),
        );
      }
    },
  };
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const { url, lineNumber } = msg.location();
    problems.errors.push(`${msg.text()}${url ? ` [${url}:${lineNumber}]` : ""}`);
  });
  page.on("pageerror", (error) => {
    problems.errors.push(`uncaught: ${error.stack ?? error.message}`);
  });
  return problems;
}
