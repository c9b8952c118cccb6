/**
 * The one set-up every end-to-end test shares, so that a test file shows only its story:
 *
 * ```ts
 * e2eTest("[e2e] …", { smtp: true }, async ({ base, smtp, newPage }, t) => {
 *   const { page, problems } = await newPage();
 *   await t.step("…", async () => { … });
 * });
 * ```
 *
 * It starts only what the test asks for (an SMTP sink wired to the server through SMTP_URL, the
 * server with its env overrides, Chromium), gives pages whose console errors and CSP violations
 * are collected and checked once more when the story ends, prints the server's output when the
 * test fails, and tears everything down in reverse order, failure or not.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from "playwright-core";
import { type IslandName, islands } from "../../islands/mod.ts";
import {
  launchBrowser,
  type PageProblems,
  recordCspViolations,
  startServer,
  type TestServer,
  watchPage,
} from "./server.ts";
import { type SmtpSink, startSmtpSink } from "./smtp_sink.ts";
import { readAxeSource } from "./page_checks.ts";

/** How long a Playwright action or wait may take before the test fails. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Every island name, read from the registry (`islands/mod.ts`) the bundler and the server use. */
export const ISLAND_NAMES = Object.keys(islands) as IslandName[];

/**
 * The islands whose bundles (`/build/island-<Name>-<hash>.js`) are among `urls`, in request
 * order, each once. Fails on an island bundle that the registry does not know.
 */
export function islandsIn(urls: Iterable<string>): IslandName[] {
  const names: IslandName[] = [];
  for (const url of urls) {
    const match = /\/build\/island-([A-Za-z0-9]+)-[^/]+\.js$/.exec(new URL(url).pathname);
    if (!match) continue;
    const name = match[1] as IslandName;
    assert.ok(ISLAND_NAMES.includes(name), `${url} is the bundle of an island islands/mod.ts does not list`);
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export interface E2EOptions {
  /** Environment overrides for the server (on top of development mode on a fresh KV file). */
  env?: Record<string, string>;
  /** Start an SMTP sink and give the server its address as SMTP_URL. */
  smtp?: boolean;
  /** Launch Chromium (the default); `false` for a test that only needs the server. */
  browser?: boolean;
}

export interface NewPageOptions extends BrowserContextOptions {
  /** Open the page in this context instead of a new one (then no other context option may be given). */
  context?: BrowserContext;
  /**
   * Check the page's console errors, uncaught exceptions and CSP violations once more when the
   * story ends (the default). `false` for pages whose errors the story expects and does not read.
   */
  watch?: boolean;
  /** Console messages the end-of-story check ignores on this page. */
  allow?: RegExp[];
}

export interface E2EPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught exceptions and (with JavaScript) CSP violations, for `assertNone`. */
  problems: PageProblems;
  /** Every request the page made so far, in order (`requests.length = 0` forgets them). */
  requests: Request[];
  /** The islands (registry names) whose bundles are among `requests`. */
  islandsRequested(): IslandName[];
}

export interface E2E {
  /** The running server; `server.output()` is its log so far. */
  server: TestServer;
  /** The server's origin, e.g. `http://127.0.0.1:41234`; also every context's `baseURL`. */
  base: string;
  /** The SMTP sink (only with `smtp: true`). */
  smtp: SmtpSink;
  /** Chromium (unless `browser: false`). */
  browser: Browser;
  /**
   * A new browser context: `baseURL` is the server, actions time out after 10 s, CSP violations
   * are recorded. Closed when the test ends.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new page (by default in a new context of its own) with its problems and requests recorded. */
  newPage(options?: NewPageOptions): Promise<E2EPage>;
  /** axe-core's browser build, for `assertAccessible`. */
  axeSource(): Promise<string>;
}

/**
 * Signs a context (made by `newContext` or `newPage`, so its `baseURL` is the server) in as the
 * demo team's admin, through development mode's auto-login; its pages and `request` share it.
 */
export async function signInAsDemoAdmin(context: BrowserContext): Promise<void> {
  const res = await context.request.post("/api/dev/auto-login", { data: { teamSlug: "demo" } });
  assert.equal(res.status(), 200, await res.text());
}

/** A `Deno.test` whose server, SMTP sink and browser the harness starts and stops. */
export function e2eTest(
  name: string,
  options: E2EOptions,
  fn: (e2e: E2E, t: Deno.TestContext) => Promise<void>,
): void {
  Deno.test({
    name,
    fn: (t) => {
      // A failed step does not throw: count them, to report the server's output all the same.
      const steps = { failed: 0 };
      const counted = new Proxy(t, {
        get(target, property) {
          if (property !== "step") return Reflect.get(target, property);
          return async (...args: Parameters<Deno.TestContext["step"]>) => {
            const passed = await (target.step as (...a: typeof args) => Promise<boolean>)(...args);
            if (!passed) steps.failed++;
            return passed;
          };
        },
      });
      return runE2E(options, steps, (e2e) => fn(e2e, counted));
    },
  });
}

interface Watched {
  problems: PageProblems;
  allow: RegExp[];
}

async function runE2E(
  options: E2EOptions,
  steps: { failed: number },
  story: (e2e: E2E) => Promise<void>,
): Promise<void> {
  /** Teardown, run last-in first-out. */
  const teardown: (() => Promise<void>)[] = [];
  const watched: Watched[] = [];
  let sink: SmtpSink | undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let axeSource: Promise<string> | undefined;
  let failure: unknown;
  let failed = false;

  const requireBrowser = () => {
    if (!browser) throw new Error("This test did not ask for a browser (browser: false).");
    return browser;
  };

  const newContext = async (contextOptions: BrowserContextOptions = {}) => {
    const context = await requireBrowser().newContext({ baseURL: server!.url, ...contextOptions });
    teardown.push(() => context.close());
    context.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
    await recordCspViolations(context);
    return context;
  };

  const newPage = async (
    { context, watch = true, allow = [], ...contextOptions }: NewPageOptions = {},
  ): Promise<E2EPage> => {
    if (context && Object.keys(contextOptions).length > 0) {
      throw new Error("newPage: context options apply to a new context only.");
    }
    const ctx = context ?? await newContext(contextOptions);
    const page = await ctx.newPage();
    const problems = watchPage(page);
    if (watch) watched.push({ problems, allow });
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    return {
      page,
      context: ctx,
      problems,
      requests,
      islandsRequested: () => islandsIn(requests.map((r) => r.url())),
    };
  };

  try {
    if (options.smtp) {
      sink = await startSmtpSink();
      teardown.push(() => sink!.close());
    }
    server = await startServer({ ...options.env, ...(sink ? { SMTP_URL: sink.url } : {}) });
    teardown.push(() => server!.stop());
    if (options.browser !== false) {
      browser = await launchBrowser();
      teardown.push(() => browser!.close());
    }
    const e2e: E2E = {
      server,
      base: server.url,
      get smtp() {
        if (!sink) throw new Error("This test did not ask for an SMTP sink (smtp: true).");
        return sink;
      },
      get browser() {
        return requireBrowser();
      },
      newContext,
      newPage,
      axeSource: () => axeSource ??= readAxeSource(),
    };
    await story(e2e);
    if (steps.failed > 0) {
      // Deno fails the test for its failed steps; the pages' state after them proves nothing more.
      console.error(`--- server output ---\n${server.output()}`);
    } else {
      // The end of the story: no page logged an error or violated its CSP since its last check.
      for (const { problems, allow } of watched) await problems.assertNone("the end of the test", allow);
    }
  } catch (error) {
    failed = true;
    failure = error;
    if (server) console.error(`--- server output ---\n${server.output()}`);
  }

  const teardownErrors: unknown[] = [];
  for (const step of teardown.reverse()) {
    try {
      await step();
    } catch (error) {
      teardownErrors.push(error);
    }
  }
  if (failed) throw failure;
  if (teardownErrors.length > 0) throw new AggregateError(teardownErrors, "The e2e teardown failed.");
}
