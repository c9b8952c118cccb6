/**
 * The body of an image worker (a Web Worker; see `pool.ts`): loads wasm-vips once, warms it up
 * (a new instance's first job compiles much of libvips: 1–2 s), says it is ready, then
 * answers each job with its rendered sizes (their buffers transferred, not copied) or why it
 * failed: `unreadable` when libvips could not decode the bytes.
 */
import Vips from "wasm-vips";
import {
  configureVips,
  isVipsError,
  renderImage,
  type RenderJob,
  vipsErrorText,
  type VipsModule,
  warmUp,
} from "./vips_render.ts";
import type { WorkerJob, WorkerReply } from "./pool.ts";
import { lowerThreadPriority } from "../thread_priority.ts";

// Before libvips starts its own threads, which inherit the policy: decoding gives way to pages.
lowerThreadPriority();

/** This worker's side of its channel (a Web Worker's global scope). */
const port = globalThis as unknown as {
  onmessage: ((event: MessageEvent<WorkerJob>) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
};

try {
  const vips = await Vips({
    dynamicLibraries: [], // No HEIF, JPEG XL or SVG: the loaders we accept are built in.
    preRun: (module: { ENV: Record<string, string> }) => {
      module.ENV.VIPS_WARNING = "0"; // Corrupt uploads are refused; their warnings are noise.
    },
  });
  configureVips(vips);
  warmUp(vips);
  port.onmessage = ({ data: job }) => {
    const reply = answer(vips, job);
    port.postMessage(reply, "images" in reply ? reply.images.map((image) => image.bytes.buffer as ArrayBuffer) : []);
  };
  port.postMessage({ ready: true } satisfies WorkerReply);
} catch (error) {
  port.postMessage({ failed: vipsErrorText(error) } satisfies WorkerReply);
}

function answer(vips: VipsModule, job: WorkerJob): WorkerReply {
  const render: RenderJob = { bytes: job.bytes, sizes: job.sizes, format: job.format, quality: job.quality };
  try {
    return { id: job.id, images: renderImage(vips, render) };
  } catch (error) {
    return { id: job.id, error: vipsErrorText(error), unreadable: isVipsError(error) };
  }
}
