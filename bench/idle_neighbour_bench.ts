/**
 * What an idle-priority neighbour on the server's core does to the roster API's p99: the
 * experiment behind the README's photo section (issue 13's ratio), kept so it can be re-run.
 *
 * The app runs pinned to CPU 0 (wrk on CPU 1, 8 connections pausing 5 ms, as in
 * photo_bench.ts). Each round measures p99 for 5 s at rest, then while a neighbour process,
 * also pinned to CPU 0 at SCHED_IDLE, does one of:
 *
 *   memcpy   copies 48 MB buffers for 1.5 s (memory traffic, no system calls);
 *   vips     renders three 12-megapixel photos with wasm-vips, one after another, as the image
 *            workers do (the same code, `lib/images/vips_render.ts`), but in a process of its own.
 *
 *   NODE_ENV=production deno run -A bench/idle_neighbour_bench.ts memcpy|vips [--v8-flags=…]
 *
 * Rounds: NEIGHBOUR_ROUNDS (9). Prints each round and the median ratio.
 */
import Vips from "wasm-vips";
import { configureVips, renderImage, warmUp } from "../lib/images/vips_render.ts";
import { lowerThreadPriority } from "../lib/workers/mod.ts";
import { BENCH_ROOT, prepareBench, startApp } from "./proc.ts";
import { type WrkOptions, wrkUntil } from "./wrk.ts";
import { durationMs } from "./wrk.ts";
import { makePhoto } from "./photo_bench.ts";

const ROUNDS = Number(Deno.env.get("NEIGHBOUR_ROUNDS") ?? 9);
const SIZES = [{ name: "full", longEdge: 2048 }, { name: "medium", longEdge: 800 }, {
  name: "thumbnail",
  longEdge: 320,
}];

/** The neighbour: gets ready (wasm-vips loaded and warm), says so, waits for a line, works, exits. */
async function neighbour(kind: string, photoPath: string) {
  lowerThreadPriority();
  let work: () => void;
  if (kind === "vips") {
    const vips = await Vips({ dynamicLibraries: [] });
    configureVips(vips);
    warmUp(vips);
    const bytes = await Deno.readFile(photoPath);
    const render = () => renderImage(vips, { bytes, sizes: SIZES, format: "jpeg", quality: 80 });
    render(); // The first 12-megapixel job grows memory and compiles code: not part of the window.
    work = () => {
      for (let i = 0; i < 3; i++) render();
    };
  } else {
    const from = new Uint8Array(48 << 20).fill(7);
    const to = new Uint8Array(48 << 20);
    work = () => {
      const end = performance.now() + 1500;
      for (let n = 0; performance.now() < end; n++) {
        to.set(from);
        from[n % from.length] = n;
      }
    };
  }
  console.log("ready");
  await Deno.stdin.read(new Uint8Array(8));
  work();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(kind: string, v8Flags: string[]) {
  const { serverPin, loadPin, loadBefore } = await prepareBench();
  const tmp = await Deno.makeTempDir({ prefix: "neighbour_bench_" });
  const photoPath = `${tmp}/photo12.jpg`;
  if (kind === "vips") await makePhoto(tmp);
  const { app, url } = await startApp(serverPin, `${tmp}/bench.kv`);
  const script = `${tmp}/think.lua`;
  await Deno.writeTextFile(script, "function delay()\n  return 5\nend\n");
  const options = (seconds: number): WrkOptions => ({
    url: `${url}/api/teams/demo/roster`,
    seconds,
    connections: 8,
    threads: 1,
    pin: loadPin,
  });
  try {
    await wrkUntil(options(1), script);
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [command, ...args] = [
        ...serverPin,
        Deno.execPath(),
        "run",
        "-A",
        ...v8Flags,
        import.meta.filename!,
        "--neighbour",
        kind,
        photoPath,
      ];
      const child = new Deno.Command(command, { args, cwd: BENCH_ROOT, stdin: "piped", stdout: "piped" }).spawn();
      const reader = child.stdout.getReader();
      await reader.read(); // "ready"
      const idle = await wrkUntil(options(5), script);
      const writer = child.stdin.getWriter();
      const busy = new Promise((resolve) => setTimeout(resolve, 300)).then(async () => {
        await writer.write(new TextEncoder().encode("go\n"));
        await child.status;
      });
      const during = await wrkUntil(options(120), script, busy);
      await busy;
      reader.releaseLock();
      await child.stdout.cancel();
      const ratio = durationMs(during.p99) / durationMs(idle.p99);
      ratios.push(ratio);
      console.log(`round ${round + 1}: p99 ${idle.p99} → ${during.p99} (${ratio.toFixed(2)}x)`);
    }
    console.log(
      `${kind}${v8Flags.length ? ` ${v8Flags.join(" ")}` : ""}: median ratio ${
        median(ratios).toFixed(2)
      }x over ${ROUNDS} rounds; load average before: ${loadBefore}`,
    );
  } finally {
    await app.stop();
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  const [first, ...rest] = Deno.args;
  if (first === "--neighbour") await neighbour(rest[0], rest[1]);
  else if (first === "memcpy" || first === "vips") await main(first, rest.filter((a) => a.startsWith("--v8-flags=")));
  else throw new Error("usage: idle_neighbour_bench.ts memcpy|vips [--v8-flags=…]");
}
