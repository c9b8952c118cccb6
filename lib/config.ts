import { z } from "zod";

/** Everything the process reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  hostname: string;
  env: "production" | "development";
  kvPath: string;
  appUrl: string;
  /** Origin of `appUrl`; state-changing requests must come from it. */
  appOrigin: string;
  smtpUrl?: string;
  mailFrom: string;
  sysadminEmail?: string;
  sysadminPassword?: string;
  calendarAllowPrivateHosts: boolean;
}

const optional = z.string().trim().optional().transform((v) => v || undefined);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOSTNAME: z.string().trim().min(1).default("0.0.0.0"),
  GOALMATES_ENV: z.enum(["production", "development"], {
    error: "GOALMATES_ENV must be 'production' or 'development'",
  }).default("production"),
  GOALMATES_KV: z.string().trim().min(1).default("./data/goalmates.kv"),
  APP_URL: optional.pipe(z.url({ error: "APP_URL must be an absolute URL" }).optional()),
  SMTP_URL: optional,
  MAIL_FROM: optional,
  SYSADMIN_EMAIL: optional,
  SYSADMIN_PASSWORD: optional,
  CALENDAR_ALLOW_PRIVATE_HOSTS: optional,
});

export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/** Parses the variables of DESIGN.md's configuration table; throws one readable error. */
export function loadConfig(
  env: Record<string, string | undefined> = readEnv(),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const v = parsed.data;
  const appUrl = (v.APP_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, "");
  return Object.freeze({
    port: v.PORT,
    hostname: v.HOSTNAME,
    env: v.GOALMATES_ENV,
    kvPath: v.GOALMATES_KV,
    appUrl,
    appOrigin: new URL(appUrl).origin,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM ?? "GoalMates <no-reply@goalmates.local>",
    sysadminEmail: v.SYSADMIN_EMAIL,
    sysadminPassword: v.SYSADMIN_PASSWORD,
    calendarAllowPrivateHosts: v.CALENDAR_ALLOW_PRIVATE_HOSTS === "1",
  });
}

function readEnv(): Record<string, string | undefined> {
  return Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, Deno.env.get(name)]));
}
