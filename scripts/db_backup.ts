/**
 * `deno task db:backup FILE`: writes a backup of the database GOALMATES_KV names (a file, or a KV
 * Connect URL) to FILE, while the server runs; photos are in it (lib/db/backup.ts says how it
 * is taken and what it holds). A finished backup replaces FILE in one rename: a backup that
 * fails leaves the previous one as it was.
 */
import { ConfigError, loadConfig } from "../lib/config.ts";
import { backupDatabase, BackupError } from "../lib/db/backup.ts";
import { KvOpenError } from "../lib/db/kv.ts";

const USAGE = "Usage: deno task db:backup FILE (GOALMATES_KV names the database to back up)";

try {
  const [file, ...rest] = Deno.args;
  if (!file || rest.length > 0 || file.startsWith("-")) throw new BackupError(USAGE);
  const source = loadConfig().kvPath;
  if (source === null) {
    throw new BackupError("Set GOALMATES_KV to the database to back up (a file or a KV Connect URL).");
  }
  const started = performance.now();
  const summary = await backupDatabase(source, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const size = `${(summary.bytes / 1024 / 1024).toFixed(1)} MB`;
  if (summary.method === "snapshot") {
    console.log(
      `Backed up ${source} to ${file} in ${seconds} s: ${summary.entries} entries and ${summary.jobs} queued job(s) ` +
        `as they were at one instant, ${size}.`,
    );
  } else {
    console.log(
      `Backed up ${source} to ${file} in ${seconds} s: ${summary.entries} entries in ${summary.passes} listings, ${size} ` +
        "(without expiry or queued jobs, which the KV API does not show).",
    );
    if (summary.unsettled) {
      console.warn(
        `${summary.unsettled} entries changed during the last listing: the backup is not one moment for them.`,
      );
    }
  }
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError || error instanceof KvOpenError)) throw error;
  console.error(error.message);
  Deno.exit(1);
}
