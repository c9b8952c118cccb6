/** Where mail goes, from the configuration: SMTP, or the outbox (whole mails in development only). */
import type { Config } from "../config.ts";
import { createOutboxMailer, createSmtpMailer } from "./mailers.ts";
import type { Mailer } from "./types.ts";

/** Whether the outbox keeps and shows whole mails, links included: in development only. */
export function outboxKeepsBodies(config: Config): boolean {
  return config.env === "development";
}

/** SMTP when `SMTP_URL` is set, otherwise the outbox (in production: recipient and subject only). */
export function createMailer(config: Config, kv: Deno.Kv): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer(kv, { withBodies: outboxKeepsBodies(config), appUrl: config.appUrl });
}

/** The one line the start prints about mail; a warning when production mail goes nowhere. */
export function mailStartNotice(config: Config): { warning: boolean; line: string } {
  if (config.smtpUrl) return { warning: false, line: "Mail: SMTP" };
  if (outboxKeepsBodies(config)) {
    return { warning: false, line: `Mail: development outbox, read at ${config.appUrl}/email-test` };
  }
  return {
    warning: true,
    line: "Warning: SMTP_URL is not set; e-mail is not being sent " +
      "(recipients and subjects are kept in the outbox at /email-test)",
  };
}
