/**
 * Every document the code cites is in the repo: a clone has no `shared/` folder next to it, so a
 * comment that names SPEC.md, DECISIONS.md, a section of SPEC.md or a requirement R1–R49 must
 * resolve inside `docs/`. The README stays short enough to be read.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT, sourceFiles } from "../source_files.ts";

const CODE_DIRS = ["routes", "lib", "islands", "components", "tests", "scripts", "bench"];
const MAX_README_LINES = 250;
/** The contract and the requirements, copied word for word (docs/deviations.md says where the app departs). */
const COPIES = new Set(["docs/SPEC.md", "docs/DECISIONS.md", "docs/security-requirements.md"]);

/** Every code file and every Markdown file of ours, with its text. */
async function sources(): Promise<{ file: string; text: string }[]> {
  const files: string[] = ["main.ts", "README.md", ...await sourceFiles(CODE_DIRS)];
  for await (const entry of Deno.readDir(join(ROOT, "docs"))) files.push(`docs/${entry.name}`);
  return await Promise.all(
    files.map(async (file) => ({ file, text: await Deno.readTextFile(join(ROOT, file)) })),
  );
}

const exists = async (path: string) => await Deno.stat(join(ROOT, path)).then(() => true, () => false);

Deno.test("[docs] every Markdown file the code names is in the repo, at the root or in docs/", async () => {
  const missing: string[] = [];
  for (const { file, text } of await sources()) {
    if (COPIES.has(file)) continue; // word for word, with links to the web
    // A name inside a URL or a path of its own ("…/cheat_sheet.md") is not a citation of ours.
    for (const [, name] of text.matchAll(/(?<![\w/.-])([A-Za-z][\w-]*\.md)\b/g)) {
      if (!(await exists(name)) && !(await exists(join("docs", name)))) missing.push(`${file}: ${name}`);
    }
  }
  assert.deepEqual([...new Set(missing)], []);
});

Deno.test("[docs] no citation points outside the clone (shared/, /work/)", async () => {
  const outside = (await sources())
    .filter(({ file }) => file !== "tests/unit/docs_test.ts")
    .flatMap(({ file, text }) =>
      [...text.matchAll(/(?:\.\.\/shared\/|\bshared\/(?:spec|reference)\/|\/work\/)[\w./-]*/g)].map((m) =>
        `${file}: ${m[0]}`
      )
    );
  assert.deepEqual(outside, []);
});

Deno.test("[docs] each 'SPEC.md section N' and each requirement R-number exists in the copies under docs/", async () => {
  const spec = await Deno.readTextFile(join(ROOT, "docs/SPEC.md"));
  const sections = new Set([...spec.matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));
  const requirements = new Set(
    [...(await Deno.readTextFile(join(ROOT, "docs/security-requirements.md"))).matchAll(/^\*\*(R\d+)\. /gm)].map((m) =>
      m[1]
    ),
  );
  assert.equal(requirements.size, 49, "R1–R49 are all in docs/security-requirements.md");
  const broken: string[] = [];
  for (const { file, text } of await sources()) {
    if (file.startsWith("docs/")) continue;
    for (const [, n] of text.matchAll(/SPEC\.md,? sections? (\d+)/g)) {
      if (!sections.has(n)) broken.push(`${file}: SPEC.md section ${n}`);
    }
    for (const [r] of text.matchAll(/\bR\d{1,3}\b/g)) if (!requirements.has(r)) broken.push(`${file}: ${r}`);
  }
  assert.deepEqual([...new Set(broken)], []);
});

Deno.test("[docs] the README stays under 250 lines", async () => {
  const lines = (await Deno.readTextFile(join(ROOT, "README.md"))).split("\n").length;
  assert.ok(lines < MAX_README_LINES, `README.md has ${lines} lines`);
});
