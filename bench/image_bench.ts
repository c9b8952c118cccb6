/**
 * Image pipeline benchmark: server processing of a 12-megapixel JPEG (4000×3000, EXIF
 * orientation 6, GPS tags; made here with libvips, 2.2 MB: noise at several scales, which
 * decodes like a detailed photo), median of 5:
 *
 *   1. through the image pool (`lib/images`: wasm-vips on a worker thread): full 2048,
 *      medium 800, thumbnail 320, upright, no metadata, JPEG q80 (and WebP q80 for comparison),
 *      with the longest pause of the main thread's event loop meanwhile (it should stay tiny:
 *      the work is off the request thread);
 *   2. every codec tried, each in a process of its own, on its main thread, the same work
 *      (decode, orient, resize to the three sizes with a decent filter, encode JPEG q80), phase
 *      by phase: wasm-vips, @jsquash (mozjpeg + squoosh resize), @cf-wasm/photon and
 *      imagescript (which needs FFI).
 *
 *   NODE_ENV=production deno run -A bench/image_bench.ts        (IMAGE_BENCH_RUNS=5 by default)
 *
 * Times are wall-clock medians; "CPU ms" is the process's CPU time per run (all threads), which
 * other processes on a busy machine inflate far less. Target: processing under 800 ms.
 * @jsquash/resize, photon and imagescript are loaded from npm only here, by non-literal dynamic
 * imports, so they stay out of the app's dependency graph. wasm-vips is never started in the
 * process that measures the pool: a Web Worker that starts it after the main thread has hangs.
 */
import process from "node:process";
import { IMAGE_CONCURRENCY, ImagePool, processImage, readExifOrientation } from "../lib/images/mod.ts";

const RUNS = Number(Deno.env.get("IMAGE_BENCH_RUNS") ?? 5);
const LONG_EDGES = [2048, 800, 320];
const QUALITY = 80;
const TARGET_MS = 800;

async function loadVips() {
  const { default: Vips } = await import("wasm-vips");
  return await Vips({ dynamicLibraries: [] });
}

// ---- The 12-megapixel photo ----

async function makePhoto(): Promise<Uint8Array> {
  const vips = await loadVips();
  const [width, height] = [4000, 3000];
  const band = () => {
    let sum = vips.Image.gaussnoise(width, height, { sigma: 3, mean: 0 });
    for (const [scale, sigma] of [[250, 45], [60, 25], [12, 14], [3, 8]]) {
      const small = vips.Image.gaussnoise(Math.ceil(width / scale) + 1, Math.ceil(height / scale) + 1, {
        sigma,
        mean: 0,
      });
      sum = sum.add(small.resize(scale, { kernel: "linear" }).extractArea(0, 0, width, height));
    }
    return sum.linear(1, 128);
  };
  const photo = band().bandjoin([band(), band()]).cast("uchar").copy({ interpretation: "srgb" });
  photo.setInt("orientation", 6);
  photo.setString("exif-ifd0-Make", "BenchCam");
  photo.setString("exif-ifd3-GPSLatitudeRef", "N");
  photo.setString("exif-ifd3-GPSLatitude", "52/1 22/1 12/1");
  return photo.jpegsaveBuffer({ Q: 88, keep: 1 /* exif */ });
}

// ---- Helpers ----

/** CPU time used by this process so far (every thread), in ms. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number | undefined) => value === undefined ? "—" : `${Math.round(value)}`;

/** The size that fits `longEdge`, never enlarged. */
function fit(width: number, height: number, longEdge: number): [number, number] {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

interface Phases {
  decode: number;
  resize: number;
  encode: number;
  total: number;
  /** Output dimensions and bytes, to check every codec did the same work. */
  outputs: string;
}

interface Candidate {
  name: string;
  ffi: string;
  filter: string;
  notes: string;
  /** Loads the codec; returns one processing of `bytes` (rotating for orientation 6). */
  load: () => Promise<(bytes: Uint8Array) => Promise<Phases>>;
}

interface Row {
  candidate: Candidate;
  works: string;
  phases?: Omit<Phases, "outputs">;
  /** The fastest run's total: the least disturbed by other processes. */
  fastest?: number;
  /** CPU time the process spent per run (all its threads): what the work costs whatever else runs. */
  cpu?: number;
  outputs?: string;
}

async function measure(candidate: Candidate, photo: Uint8Array): Promise<Row> {
  let once: (bytes: Uint8Array) => Promise<Phases>;
  try {
    once = await candidate.load();
    await once(photo); // warm-up (compilation, first allocations)
  } catch (error) {
    return { candidate, works: `no: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}` };
  }
  const runs: Phases[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = cpuMs();
    runs.push(await once(photo));
    cpu.push(cpuMs() - before);
  }
  const pick = (key: keyof Omit<Phases, "outputs">) => median(runs.map((run) => run[key]));
  return {
    candidate,
    works: "yes",
    phases: { decode: pick("decode"), resize: pick("resize"), encode: pick("encode"), total: pick("total") },
    fastest: Math.min(...runs.map((run) => run.total)),
    cpu: median(cpu),
    outputs: runs[0].outputs,
  };
}

// ---- The candidates (all do: decode, orient, resize to 2048/800/320 from the previous size, encode q80) ----

/** Clockwise quarter turn of an RGBA buffer (orientation 6). */
function rotate90(data: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
  const source = new Uint32Array(data.buffer, data.byteOffset, width * height);
  const out = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) out[x * height + (height - 1 - y)] = source[y * width + x];
  }
  return new Uint8ClampedArray(out.buffer);
}

const describe = (outputs: { width: number; height: number; bytes: number }[]) =>
  outputs.map((o) => `${o.width}×${o.height} ${Math.round(o.bytes / 1024)} KB`).join(", ");

const wasmVips: Candidate = {
  name: "wasm-vips 0.0.19",
  ffi: "no (WebAssembly)",
  filter: "Lanczos-3",
  notes: "decode and first resize are fused (`thumbnail` streams, shrinks on load); applies EXIF orientation and ICC",
  load: async () => {
    const vips = await loadVips();
    vips.concurrency(1);
    vips.Cache.max(0);
    return (bytes: Uint8Array) => {
      const t0 = performance.now();
      const streamed = vips.Image.thumbnailBuffer(bytes, 2048, { height: 2048, size: "down" }); // no ICC here
      let image = streamed.copyMemory();
      streamed.delete();
      const t1 = performance.now();
      const images = [image];
      for (const edge of LONG_EDGES.slice(1)) images.push(image = image.thumbnailImage(edge, { height: edge }));
      const t2 = performance.now();
      const encoded = images.map((im) => im.jpegsaveBuffer({ Q: QUALITY, keep: 0, optimize_coding: true }));
      const t3 = performance.now();
      const outputs = describe(
        images.map((im, i) => ({ width: im.width, height: im.height, bytes: encoded[i].length })),
      );
      images.forEach((im) => im.delete());
      return Promise.resolve({ decode: t1 - t0, resize: t2 - t1, encode: t3 - t2, total: t3 - t0, outputs });
    };
  },
};

interface JsquashImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const jsquash: Candidate = {
  name: "@jsquash/jpeg 1.6.0 + @jsquash/resize 2.1.1",
  ffi: "no (WebAssembly)",
  filter: "Lanczos-3 (sRGB, no premultiply)",
  notes: "mozjpeg baseline; orientation by a JS quarter turn of each output",
  load: async () => {
    const spec = (path: string) => `npm:@jsquash/${path}`;
    const decode: (b: ArrayBuffer) => Promise<JsquashImage> = (await import(spec("jpeg@1.6.0/decode.js"))).default;
    const encode: (i: JsquashImage, o: object) => Promise<ArrayBuffer> =
      (await import(spec("jpeg@1.6.0/encode.js"))).default;
    const resize: (i: JsquashImage, o: object) => Promise<JsquashImage> = (await import(spec("resize@2.1.1"))).default;
    return async (bytes: Uint8Array) => {
      const orientation = readExifOrientation(bytes);
      const t0 = performance.now();
      const decoded = await decode(bytes.slice().buffer);
      const t1 = performance.now();
      const upright: JsquashImage[] = [];
      let previous = decoded;
      for (const edge of LONG_EDGES) {
        const [width, height] = fit(previous.width, previous.height, edge);
        previous = await resize(previous, { width, height, method: "lanczos3", linearRGB: false, premultiply: false });
        upright.push(
          orientation === 6 ? new ImageData(rotate90(previous.data, width, height), height, width) : previous,
        );
      }
      const t2 = performance.now();
      const encoded: ArrayBuffer[] = [];
      for (const image of upright) {
        encoded.push(await encode(image as ImageData, { quality: QUALITY, progressive: false }));
      }
      const t3 = performance.now();
      const outputs = describe(
        upright.map((im, i) => ({ width: im.width, height: im.height, bytes: encoded[i].byteLength })),
      );
      return { decode: t1 - t0, resize: t2 - t1, encode: t3 - t2, total: t3 - t0, outputs };
    };
  },
};

interface PhotonImage {
  get_width(): number;
  get_height(): number;
  get_bytes_jpeg(quality: number): Uint8Array;
  free(): void;
}

const photon: Candidate = {
  name: "@cf-wasm/photon 0.4.0",
  ffi: "no (WebAssembly)",
  filter: "Lanczos-3",
  notes: "image-rs codecs; its WebP encoder is lossless only (4 MB at 2048 px)",
  load: async () => {
    const lib = await import(["npm:@cf-wasm", "photon@0.4.0"].join("/"));
    const { PhotonImage, resize, rotate, SamplingFilter } = lib as {
      PhotonImage: { new_from_byteslice(bytes: Uint8Array): PhotonImage };
      resize(image: PhotonImage, width: number, height: number, filter: number): PhotonImage;
      rotate(image: PhotonImage, angle: number): PhotonImage;
      SamplingFilter: { Lanczos3: number };
    };
    return (bytes: Uint8Array) => {
      const orientation = readExifOrientation(bytes);
      const t0 = performance.now();
      const decoded = PhotonImage.new_from_byteslice(bytes);
      const t1 = performance.now();
      const made: PhotonImage[] = [];
      const upright: PhotonImage[] = [];
      let previous = decoded;
      for (const edge of LONG_EDGES) {
        const [width, height] = fit(previous.get_width(), previous.get_height(), edge);
        previous = resize(previous, width, height, SamplingFilter.Lanczos3);
        made.push(previous);
        upright.push(orientation === 6 ? rotate(previous, 90) : previous);
      }
      const t2 = performance.now();
      const encoded = upright.map((image) => image.get_bytes_jpeg(QUALITY));
      const t3 = performance.now();
      const outputs = describe(
        upright.map((im, i) => ({ width: im.get_width(), height: im.get_height(), bytes: encoded[i].length })),
      );
      for (const image of new Set([decoded, ...made, ...upright])) image.free();
      return Promise.resolve({ decode: t1 - t0, resize: t2 - t1, encode: t3 - t2, total: t3 - t0, outputs });
    };
  },
};

interface ScriptImage {
  width: number;
  height: number;
  bitmap: Uint8ClampedArray<ArrayBuffer>;
  encodeJPEG(quality: number): Promise<Uint8Array>;
}
interface Framebuffer {
  width: number;
  height: number;
  u8: Uint8Array;
  clone(): Framebuffer;
  resize(kind: string, width: number, height: number): Framebuffer;
  rotate(degrees: number, resize?: boolean): Framebuffer;
}

const imagescript: Candidate = {
  name: "imagescript 1.3.1",
  ffi: "yes (native add-on for JPEG)",
  filter: "bilinear (v2 framebuffer)",
  notes: "needs --allow-ffi; its public resize is nearest-neighbour; ignores EXIF orientation",
  load: async () => {
    if ((await Deno.permissions.query({ name: "ffi" })).state !== "granted") throw new Error("needs --allow-ffi");
    const base = ["npm:imagescript", "1.3.1"].join("@");
    const { Image } = (await import(base)) as {
      Image: { new (w: number, h: number): ScriptImage; decode(bytes: Uint8Array): Promise<ScriptImage> };
    };
    const framebuffer = (await import(`${base}/v2/framebuffer.mjs`)).default as {
      new (w: number, h: number, buffer: BufferSource): Framebuffer;
    };
    return async (bytes: Uint8Array) => {
      const orientation = readExifOrientation(bytes);
      const t0 = performance.now();
      const decoded = await Image.decode(bytes);
      const t1 = performance.now();
      const upright: Framebuffer[] = [];
      let previous = new framebuffer(decoded.width, decoded.height, decoded.bitmap);
      for (const edge of LONG_EDGES) {
        const [width, height] = fit(previous.width, previous.height, edge);
        previous = previous.clone().resize("linear", width, height);
        upright.push(orientation === 6 ? previous.clone().rotate(90) : previous);
      }
      const t2 = performance.now();
      const encoded: Uint8Array[] = [];
      for (const frame of upright) {
        const image = new Image(frame.width, frame.height);
        image.bitmap.set(frame.u8);
        encoded.push(await image.encodeJPEG(QUALITY));
      }
      const t3 = performance.now();
      const outputs = describe(upright.map((f, i) => ({ width: f.width, height: f.height, bytes: encoded[i].length })));
      return { decode: t1 - t0, resize: t2 - t1, encode: t3 - t2, total: t3 - t0, outputs };
    };
  },
};

// ---- Run ----

const CANDIDATES: Record<string, Candidate> = { wasmVips, jsquash, photon, imagescript };

/** Runs this file again as `args` (a photo to make, a codec to measure) and returns its last line. */
async function child(...args: string[]): Promise<string> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", import.meta.filename!, ...args],
    stderr: "inherit",
  }).output();
  const lines = new TextDecoder().decode(output.stdout).trim().split("\n");
  if (!output.success) throw new Error(`${args.join(" ")} failed: ${lines.join("\n")}`);
  return lines.at(-1)!;
}

if (Deno.args[0] === "--make-photo") {
  Deno.writeFileSync(Deno.args[1], await makePhoto());
  Deno.exit(0);
}
if (Deno.args[0] === "--codec") {
  const row = await measure(CANDIDATES[Deno.args[1]], Deno.readFileSync(Deno.args[2]));
  console.log(JSON.stringify({ ...row, candidate: Deno.args[1] }));
  Deno.exit(0);
}

console.log(`Deno ${Deno.version.deno}, ${navigator.hardwareConcurrency} cores; ${RUNS} runs each, medians.`);
const dir = Deno.makeTempDirSync({ prefix: "image_bench_" });
const photoPath = `${dir}/photo12.jpg`;
let t = performance.now();
await child("--make-photo", photoPath);
const photo = Deno.readFileSync(photoPath);
console.log(
  `Made the photo: 4000×3000, orientation ${readExifOrientation(photo)}, ` +
    `${(photo.byteLength / 1e6).toFixed(1)} MB (${Math.round(performance.now() - t)} ms).`,
);

// 1. Through the pool, as the app runs it.
const pool = new ImagePool({
  concurrency: IMAGE_CONCURRENCY,
  maxQueue: 8,
  queueTimeoutMs: 10_000,
  jobTimeoutMs: 30_000,
  retryAfterSeconds: 5,
});
t = performance.now();
await pool.start();
const startMs = performance.now() - t;

async function throughPool(format: "jpeg" | "webp") {
  const times: number[] = [];
  const cpu: number[] = [];
  let longestGap = 0;
  let sizes = "";
  for (let i = 0; i < RUNS; i++) {
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const before = cpuMs();
    const result = await processImage(photo, { pool, format });
    times.push(performance.now() - started);
    cpu.push(cpuMs() - before);
    clearInterval(ticker);
    sizes = describe(
      [result.full, result.medium, result.thumbnail].map((o) => ({ ...o, bytes: o.bytes.byteLength })),
    );
  }
  return {
    median: median(times),
    min: Math.min(...times),
    max: Math.max(...times),
    cpu: median(cpu),
    longestGap,
    sizes,
  };
}

console.log("Measuring the pool…");
const pooledJpeg = await throughPool("jpeg");
const pooledWebp = await throughPool("webp");
pool.close();
/** Peak memory of this process (the pool's worker included), from Linux's VmHWM. */
const peakMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(Deno.readTextFileSync("/proc/self/status"))?.[1] ?? 0) / 1024);

// 2. Each codec in a process of its own.
const rows: Row[] = [];
for (const [key, candidate] of Object.entries(CANDIDATES)) {
  console.log(`Measuring ${candidate.name}…`);
  try {
    const row = JSON.parse(await child("--codec", key, photoPath));
    rows.push({ ...row, candidate });
  } catch (error) {
    rows.push({ candidate, works: `no: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}` });
  }
}
Deno.removeSync(dir, { recursive: true });

// ---- Report ----

const verdict = (value: number) => value < TARGET_MS ? "meets" : "misses";
console.log(`
### Through the image pool (lib/images: wasm-vips on ${IMAGE_CONCURRENCY} worker thread(s))

| output | median ms | min–max ms | CPU ms (median) | longest main-thread pause ms | sizes |
| --- | ---: | ---: | ---: | ---: | --- |
| JPEG q${QUALITY} | ${ms(pooledJpeg.median)} | ${ms(pooledJpeg.min)}–${ms(pooledJpeg.max)} | ${ms(pooledJpeg.cpu)} | ${
  ms(pooledJpeg.longestGap)
} | ${pooledJpeg.sizes} |
| WebP q${QUALITY} | ${ms(pooledWebp.median)} | ${ms(pooledWebp.min)}–${ms(pooledWebp.max)} | ${ms(pooledWebp.cpu)} | ${
  ms(pooledWebp.longestGap)
} | ${pooledWebp.sizes} |

Worker start and warm-up: ${ms(startMs)} ms (once per worker, at \`imagePool.start()\` or the first upload).
Peak memory of the process during these ${2 * RUNS} jobs (VmHWM): ${peakMb} MB.
Target: processing under ${TARGET_MS} ms: the pool's JPEG median ${verdict(pooledJpeg.median)} it.

### Every codec tried (main thread; decode, orient, resize 2048/800/320, encode JPEG q${QUALITY})

| codec | works under Deno ${Deno.version.deno} | FFI | filter | decode ms | resize + orient ms | encode ms | total ms | fastest ms | CPU ms | outputs | notes |
| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |`);
for (const { candidate, works, phases, fastest, cpu, outputs } of rows) {
  console.log(
    `| ${candidate.name} | ${works} | ${candidate.ffi} | ${candidate.filter} | ${ms(phases?.decode)} | ${
      ms(phases?.resize)
    } | ${ms(phases?.encode)} | ${ms(phases?.total)} | ${ms(fastest)} | ${ms(cpu)} | ${
      outputs ?? "—"
    } | ${candidate.notes} |`,
  );
}
const best = rows.filter((row) => row.phases).sort((a, b) => a.phases!.total - b.phases!.total)[0];
console.log(`
Chosen: wasm-vips (lib/images). Fastest here: ${best?.candidate.name ?? "none"} (${ms(best?.phases?.total)} ms).`);

Deno.exit(0);
