/** The project's own source files, for the tests that read the code as text (architecture, crons, docs). */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root folder, with a trailing slash. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Every .ts and .tsx file under `dirs`, as paths relative to the root ("lib/db/kv.ts"). */
export async function sourceFiles(dirs: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(join(ROOT, dir))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (/\.tsx?$/.test(entry.name)) found.push(path);
    }
  };
  for (const dir of dirs) await walk(dir);
  return found;
}
