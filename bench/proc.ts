/** Subprocess helpers for the benchmark: CPU pinning, free ports, servers that stop cleanly. */

/** Runs a command to completion (bounded by `timeoutMs`) and returns its exit code and output. */
export async function run(
  cmd: string,
  args: string[],
  timeoutMs = 10_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const out = await new Deno.Command(cmd, {
      args,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(timeoutMs),
    }).output();
    const decoder = new TextDecoder();
    return { code: out.code, stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { code: 127, stdout: "", stderr: `${cmd}: not found` };
    throw error;
  }
}

/** True when `name` is an executable on PATH. */
export async function hasCommand(name: string): Promise<boolean> {
  return (await run("sh", ["-c", 'command -v "$0" >/dev/null 2>&1', name])).code === 0;
}

/** The command prefix that pins a process to `cpu`, or [] when pinning is unavailable. */
export async function pinPrefix(cpu: number): Promise<string[]> {
  if (!(await hasCommand("taskset"))) return [];
  return (await run("taskset", ["-c", String(cpu), "true"])).code === 0 ? ["taskset", "-c", String(cpu)] : [];
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Keeps the last `max` characters of a stream (server logs, shown only when something fails). */
class Tail {
  text = "";
  constructor(private readonly max = 8_000) {}
  async drain(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream) {
        this.text = (this.text + decoder.decode(chunk, { stream: true })).slice(-this.max);
      }
    } catch {
      // The process went away; whatever was read is kept.
    }
  }
}

export interface ServerOptions {
  name: string;
  /** Full command line, pin prefix included. */
  command: string[];
  cwd: string;
  env?: Record<string, string>;
  /** The URL polled until it answers (any HTTP status). */
  readyUrl: string;
  readyTimeoutMs?: number;
}

/** A server subprocess: started, polled until it answers, and stopped by `stop()`. */
export class Server {
  #child: Deno.ChildProcess;
  #logs = new Tail();
  #drained: Promise<unknown>;
  #exited = false;
  readonly status: Promise<Deno.CommandStatus>;

  private constructor(readonly options: ServerOptions) {
    const [cmd, ...args] = options.command;
    this.#child = new Deno.Command(cmd, {
      args,
      cwd: options.cwd,
      env: options.env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#drained = Promise.all([this.#logs.drain(this.#child.stdout), this.#logs.drain(this.#child.stderr)]);
    this.status = this.#child.status.then((status) => {
      this.#exited = true;
      return status;
    });
  }

  get pid(): number {
    return this.#child.pid;
  }

  get logs(): string {
    return this.#logs.text;
  }

  static async start(options: ServerOptions): Promise<Server> {
    const server = new Server(options);
    try {
      await server.#waitUntilReady();
    } catch (error) {
      await server.stop();
      throw new Error(`${options.name} did not start: ${(error as Error).message}\n--- its output ---\n${server.logs}`);
    }
    return server;
  }

  async #waitUntilReady(): Promise<void> {
    const deadline = Date.now() + (this.options.readyTimeoutMs ?? 120_000);
    let lastError = "";
    while (Date.now() < deadline) {
      if (this.#exited) throw new Error(`exited with code ${(await this.status).code}`);
      try {
        const res = await fetch(this.options.readyUrl, { signal: AbortSignal.timeout(2_000) });
        await res.body?.cancel();
        return;
      } catch (error) {
        lastError = (error as Error).message;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no answer from ${this.options.readyUrl} (${lastError})`);
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  async stop(graceMs = 3_000): Promise<void> {
    if (!this.#exited) {
      try {
        this.#child.kill("SIGTERM");
      } catch {
        // Already gone.
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = await Promise.race([
        this.status.then(() => false),
        new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(true), graceMs)),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        try {
          this.#child.kill("SIGKILL");
        } catch {
          // Already gone.
        }
      }
    }
    await this.status;
    await this.#drained;
  }
}

/** Clock ticks per second of /proc/<pid>/stat times (`getconf CLK_TCK`, 100 on Linux). */
export async function clockTicks(): Promise<number> {
  const n = Number((await run("getconf", ["CLK_TCK"])).stdout.trim());
  return Number.isInteger(n) && n > 0 ? n : 100;
}

/** User + system CPU ticks a process (all its threads) has used, or NaN where /proc is missing. */
export async function cpuTicks(pid: number): Promise<number> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    // Fields after "(comm)": state is field 3, utime field 14, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return NaN;
  }
}

/**
 * What every benchmark checks first: wrk is installed (else exit with how to install it), the
 * server and the load generator can be pinned to CPUs 0 and 1, and the load average before.
 */
export async function prepareBench() {
  if (!(await hasCommand("wrk"))) {
    console.error("wrk is not installed. Install it with:  apt-get install -y wrk   (Debian package `wrk`)");
    Deno.exit(1);
  }
  const serverPin = await pinPrefix(0);
  const loadPin = await pinPrefix(1);
  const pinned = serverPin.length > 0 && loadPin.length > 0;
  if (!pinned) {
    console.warn("WARNING: cannot pin to CPUs 0 and 1 (no taskset, or one CPU); numbers are less comparable.");
  }
  const loadBefore = (await Deno.readTextFile("/proc/loadavg").catch(() => "")).split(" ").slice(0, 3).join(" ");
  return { serverPin, loadPin, pinned, loadBefore };
}

/** The project's folder and the address every bench server listens on. */
export const BENCH_ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
export const BENCH_HOST = "127.0.0.1";

/**
 * Starts the real app in development mode (the demo team and accounts) on a fresh port and the
 * KV file `kvPath`, behind `pin` (a taskset prefix, or none), with `env` added to its
 * environment; resolves once it answers.
 */
export async function startApp(
  pin: string[],
  kvPath: string,
  env: Record<string, string> = {},
): Promise<{ app: Server; url: string }> {
  const port = freePort();
  const url = `http://${BENCH_HOST}:${port}`;
  const app = await Server.start({
    name: "GoalMates",
    command: [...pin, Deno.execPath(), "run", "-A", "main.ts"],
    cwd: BENCH_ROOT,
    env: {
      NODE_ENV: "production",
      GOALMATES_ENV: "development",
      GOALMATES_KV: kvPath,
      PORT: String(port),
      HOSTNAME: BENCH_HOST,
      APP_URL: url,
      ...env,
    },
    readyUrl: `${url}/`,
  });
  return { app, url };
}

/** Signs in as the demo parent (development mode): the session's cookie and selected team. */
export async function signInAsDemoParent(url: string): Promise<{ cookie: string; teamId: string }> {
  const res = await fetch(`${url}/api/dev/auto-login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: "parent@example.com", teamSlug: "demo" }),
  });
  if (res.status !== 200) throw new Error(`dev auto-login → ${res.status}`);
  const { user } = await res.json();
  return { cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; "), teamId: user.selectedTeamId };
}

/** A bench's temp folder and the servers it starts: `close()` at the end, or SIGINT/SIGTERM (then exit 130). */
export interface BenchScratch {
  tmp: string;
  /** Servers pushed here are stopped (given `stopGraceMs` each) before the folder goes. */
  servers: Server[];
  close(): Promise<void>;
}

/** Makes the folder and stops and removes everything once, whichever comes first: the end or a signal. */
export async function benchScratch(prefix: string, stopGraceMs?: number): Promise<BenchScratch> {
  const tmp = await Deno.makeTempDir({ prefix });
  const servers: Server[] = [];
  let cleaned: Promise<void> | undefined;
  const cleanup = () =>
    cleaned ??= (async () => {
      await Promise.all(servers.map((s) => s.stop(stopGraceMs)));
      await Deno.remove(tmp, { recursive: true }).catch(() => {});
    })();
  const onSignal = () => cleanup().finally(() => Deno.exit(130));
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);
  return {
    tmp,
    servers,
    close: async () => {
      Deno.removeSignalListener("SIGINT", onSignal);
      Deno.removeSignalListener("SIGTERM", onSignal);
      await cleanup();
    },
  };
}
