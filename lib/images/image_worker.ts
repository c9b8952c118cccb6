/**
 * The body of an image worker (a Web Worker; see `pool.ts`): at idle priority, loads wasm-vips
 * once, warms it up (a new instance's first job compiles much of libvips: 1–2 s), says it is
 * ready, then answers each job with its rendered sizes (their buffers transferred, not copied)
 * or why it failed: `unreadable` when libvips could not decode the bytes. The priority is
 * lowered before libvips starts its own threads, which inherit it: decoding gives way to pages.
 */
import Vips from "wasm-vips";
import { configureVips, isVipsError, renderImage, vipsErrorText, type VipsModule, warmUp } from "./vips_render.ts";
import type { WorkerJob, WorkerReply } from "./pool.ts";
import { serveJobs } from "../workers/mod.ts";

function answer(vips: VipsModule, job: WorkerJob): WorkerReply {
  try {
    return { images: renderImage(vips, job) };
  } catch (error) {
    return { error: vipsErrorText(error), unreadable: isVipsError(error) };
  }
}

await serveJobs<WorkerJob, WorkerReply>({
  kind: "web",
  start: async () => {
    const vips = await Vips({
      dynamicLibraries: [], // No HEIF, JPEG XL or SVG: the loaders we accept are built in.
      preRun: (module: { ENV: Record<string, string> }) => {
        module.ENV.VIPS_WARNING = "0"; // Corrupt uploads are refused; their warnings are noise.
      },
    });
    configureVips(vips);
    warmUp(vips);
    return (job) => answer(vips, job);
  },
  transfer: (reply) => "images" in reply ? reply.images.map((image) => image.bytes.buffer as ArrayBuffer) : [],
  describeFailure: vipsErrorText,
});
