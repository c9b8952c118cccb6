/**
 * `deno task db:restore [--force] FILE`: writes the backup FILE (made by `db:backup`) into the
 * database GOALMATES_KV names. It refuses a database that holds anything unless --force, which
 * replaces what it holds. Stop the server first: a database file is rewritten under it.
 */
import { ConfigError, loadConfig } from "../lib/config.ts";
import { BackupError, restoreDatabase } from "../lib/db/backup.ts";
import { KvOpenError } from "../lib/db/kv.ts";

const USAGE = "Usage: deno task db:restore [--force] FILE (GOALMATES_KV names the database to restore into)";

try {
  const force = Deno.args.includes("--force");
  const files = Deno.args.filter((arg) => arg !== "--force");
  const [file] = files;
  if (files.length !== 1 || file.startsWith("-")) throw new BackupError(USAGE);
  const target = loadConfig().kvPath;
  if (target === null) throw new BackupError("Set GOALMATES_KV to the database to restore into.");
  const summary = await restoreDatabase(file, target, { force });
  console.log(`Restored ${file} into ${target}: ${summary.entries} entries and ${summary.jobs} queued job(s).`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError || error instanceof KvOpenError)) throw error;
  console.error(error.message);
  Deno.exit(1);
}
