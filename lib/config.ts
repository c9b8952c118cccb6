import { hkdfSync } from "node:crypto";
import { z } from "zod";

/** Everything the process reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  hostname: string;
  env: "production" | "development";
  /** A file path, `:memory:` or a KV Connect URL; null: the platform's own database (Deno Deploy). */
  kvPath: string | null;
  appUrl: string;
  /** Origin of `appUrl`; state-changing requests must come from it. */
  appOrigin: string;
  smtpUrl?: string;
  mailFrom: string;
  /** AES-256 key for the bodies of queued mail (lib/mail/sealing.ts); required in production with SMTP. */
  mailQueueKey?: Uint8Array;
  /**
   * HMAC-SHA-256 key of the unsubscribe links (lib/notifications/unsubscribe.ts): UNSUBSCRIBE_KEY,
   * else derived from MAIL_QUEUE_KEY (`unsubscribeKeyOf`), else in development the fixed
   * DEVELOPMENT_UNSUBSCRIBE_KEY; in production with neither (no SMTP, so no mail carries a link),
   * unset: each process draws a random one.
   */
  unsubscribeKey?: Uint8Array;
  sysadminEmail?: string;
  sysadminPassword?: string;
  calendarAllowPrivateHosts: boolean;
  /**
   * Peers that are the app's own reverse proxy (TRUSTED_PROXY): from them the client's address is
   * the last X-Forwarded-For entry, which the proxy wrote. Empty: the peer is the client.
   */
  trustedProxies: ReadonlySet<string>;
  /**
   * Isolates serving the one port (WORKERS; routes/serve_workers.ts): by default one per core,
   * one on Deno Deploy (the platform runs isolates itself) and on `:memory:` (each isolate's
   * memory would be a database of its own).
   */
  workers: number;
}

const optional = z.string().trim().optional().transform((v) => v || undefined);

const MAIL_QUEUE_KEY_HINT = "32 random bytes in base64, e.g. from `openssl rand -base64 32`";

/** 32 bytes in base64 (standard or URL-safe, padding optional), or null. */
function decodeMailQueueKey(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/").replace(/=$/, ""));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Development's unsubscribe key when neither key is set: fixed (32 bytes of this text), not random
 * per process, so that links in the development outbox survive restarts. It is public, so it is
 * never used in production.
 */
export const DEVELOPMENT_UNSUBSCRIBE_KEY = new TextEncoder().encode("goalmates-dev-unsubscribe-key-v1");

/**
 * The unsubscribe links' key. Unsubscribe links never expire, so they must verify on every instance
 * and after every restart: where production sends mail, MAIL_QUEUE_KEY is already required and
 * shared, so without UNSUBSCRIBE_KEY the key is derived from it by HKDF-SHA-256 under a label of
 * its own (independent of the sealing key, which it does not reveal). Setting UNSUBSCRIBE_KEY lets
 * MAIL_QUEUE_KEY change without breaking the links already mailed.
 */
export function unsubscribeKeyOf(
  keys: { unsubscribeKey?: Uint8Array; mailQueueKey?: Uint8Array },
  env: Config["env"],
): Uint8Array | undefined {
  if (keys.unsubscribeKey) return keys.unsubscribeKey;
  if (keys.mailQueueKey) {
    const info = "goalmates unsubscribe links v1";
    return new Uint8Array(hkdfSync("sha256", keys.mailQueueKey, new Uint8Array(0), info, 32));
  }
  return env === "development" ? DEVELOPMENT_UNSUBSCRIBE_KEY : undefined;
}

/** More isolates than this only share the same cores and each holds its own caches and thread pools. */
export const MAX_WORKERS = 64;
const WORKERS_RULE = `WORKERS must be a whole number from 1 to ${MAX_WORKERS} (isolates serving the port)`;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOSTNAME: z.string().trim().min(1).default("0.0.0.0"),
  GOALMATES_ENV: z.enum(["production", "development"], {
    error: "GOALMATES_ENV must be 'production' or 'development'",
  }).default("production"),
  // Checked and defaulted in loadConfig: on Deno Deploy its absence means the platform's database.
  GOALMATES_KV: z.string().optional(),
  APP_URL: optional.pipe(z.url({ error: "APP_URL must be an absolute URL" }).optional()),
  SMTP_URL: optional,
  MAIL_FROM: optional,
  MAIL_QUEUE_KEY: optional.pipe(
    z.string().transform((text, ctx) => {
      const key = decodeMailQueueKey(text);
      if (!key) ctx.addIssue({ code: "custom", message: `MAIL_QUEUE_KEY must be ${MAIL_QUEUE_KEY_HINT}` });
      return key ?? z.NEVER;
    }).optional(),
  ),
  UNSUBSCRIBE_KEY: optional.pipe(
    z.string().transform((text, ctx) => {
      const key = decodeMailQueueKey(text);
      if (!key) ctx.addIssue({ code: "custom", message: `UNSUBSCRIBE_KEY must be ${MAIL_QUEUE_KEY_HINT}` });
      return key ?? z.NEVER;
    }).optional(),
  ),
  SYSADMIN_EMAIL: optional,
  SYSADMIN_PASSWORD: optional,
  CALENDAR_ALLOW_PRIVATE_HOSTS: optional,
  TRUSTED_PROXY: optional.pipe(
    z.string().transform((text, ctx) => {
      const addresses = text.split(",").map((part) => part.trim()).filter(Boolean);
      const bad = addresses.filter((address) => !isIpAddress(address));
      if (bad.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `TRUSTED_PROXY must list IP addresses separated by commas (not ${bad.join(", ")})`,
        });
      }
      return addresses;
    }).optional(),
  ),
  WORKERS: optional.pipe(
    z.string().regex(/^\d+$/, { error: WORKERS_RULE }).transform(Number).pipe(
      z.number().int().min(1, { error: WORKERS_RULE }).max(MAX_WORKERS, { error: WORKERS_RULE }),
    ).optional(),
  ),
  // Set by Deno Deploy (Classic and the current platform) in every deployment; never set by hand.
  DENO_DEPLOYMENT_ID: optional,
});

export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/** An IPv4 address, or an IPv6 one as the URL parser takes it inside brackets. */
export function isIpAddress(text: string): boolean {
  if (/^(?:\d{1,3}\.){3}\d{1,3}$/.test(text)) return text.split(".").every((part) => Number(part) <= 255);
  if (!text.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(text)) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** Where GOALMATES_KV is unset, off Deno Deploy. */
export const DEFAULT_KV_PATH = "./data/goalmates.kv";

/** Whether the process runs on Deno Deploy, which sets DENO_DEPLOYMENT_ID in every deployment (Classic too). */
export function onDenoDeploy(env: Record<string, string | undefined>): boolean {
  return Boolean(env.DENO_DEPLOYMENT_ID?.trim());
}

/** A variable of the environment is missing or malformed: main.ts prints the message alone and exits. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the variables of the README's configuration table; throws one readable `ConfigError`. */
export function loadConfig(
  env: Record<string, string | undefined> = readEnv(),
  cores: number = navigator.hardwareConcurrency,
): Config {
  const denoDeploy = onDenoDeploy(env);
  const parsed = envSchema.superRefine((v, ctx) => {
    // On Deno Deploy an unset or blank GOALMATES_KV is the platform's database (`kvPathOf`).
    if (v.GOALMATES_KV !== undefined && !v.GOALMATES_KV.trim() && !denoDeploy) {
      ctx.addIssue({
        code: "custom",
        path: ["GOALMATES_KV"],
        message: "GOALMATES_KV is blank: name a file, :memory: or a KV Connect URL, or leave it unset",
      });
    }
    // Mail waits in KV across restarts and any instance may send it: each needs the same key.
    if (v.GOALMATES_ENV === "production" && v.SMTP_URL && !v.MAIL_QUEUE_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_QUEUE_KEY"],
        message: `MAIL_QUEUE_KEY is required when SMTP_URL is set in production (${MAIL_QUEUE_KEY_HINT}; ` +
          "every instance needs the same key)",
      });
    }
    if (v.WORKERS !== undefined && v.WORKERS > 1) {
      const alone = denoDeploy
        ? "on Deno Deploy, which runs isolates itself"
        : kvPathOf(v.GOALMATES_KV, denoDeploy) === ":memory:"
        ? "with GOALMATES_KV=:memory:, a database each isolate would hold alone"
        : null;
      if (alone) ctx.addIssue({ code: "custom", path: ["WORKERS"], message: `WORKERS must be 1 ${alone}` });
    }
  }).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const v = parsed.data;
  const appUrl = (v.APP_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, "");
  return Object.freeze({
    port: v.PORT,
    hostname: v.HOSTNAME,
    env: v.GOALMATES_ENV,
    kvPath: kvPathOf(v.GOALMATES_KV, denoDeploy),
    appUrl,
    appOrigin: new URL(appUrl).origin,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM ?? "GoalMates <no-reply@goalmates.local>",
    mailQueueKey: v.MAIL_QUEUE_KEY,
    unsubscribeKey: unsubscribeKeyOf(
      { unsubscribeKey: v.UNSUBSCRIBE_KEY, mailQueueKey: v.MAIL_QUEUE_KEY },
      v.GOALMATES_ENV,
    ),
    sysadminEmail: v.SYSADMIN_EMAIL,
    sysadminPassword: v.SYSADMIN_PASSWORD,
    calendarAllowPrivateHosts: v.CALENDAR_ALLOW_PRIVATE_HOSTS === "1",
    trustedProxies: new Set(v.TRUSTED_PROXY ?? []),
    workers: v.WORKERS ?? defaultWorkers(kvPathOf(v.GOALMATES_KV, denoDeploy), denoDeploy, cores),
  });
}

/** One isolate per core, up to MAX_WORKERS; one where isolates cannot share the database or the platform scales. */
function defaultWorkers(kvPath: string | null, denoDeploy: boolean, cores: number): number {
  if (denoDeploy || kvPath === ":memory:") return 1;
  return Number.isSafeInteger(cores) && cores > 1 ? Math.min(cores, MAX_WORKERS) : 1;
}

/**
 * The database to open: the one GOALMATES_KV names; when it is unset (or blank), the platform's
 * own on Deno Deploy (`Deno.openKv()` with no path opens the database assigned to the app, and
 * anything else would be a file the platform does not keep), else the default file.
 */
function kvPathOf(variable: string | undefined, denoDeploy: boolean): string | null {
  const path = variable?.trim();
  if (path) return path;
  return denoDeploy ? null : DEFAULT_KV_PATH;
}

function readEnv(): Record<string, string | undefined> {
  return Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, Deno.env.get(name)]));
}
