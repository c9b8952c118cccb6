/**
 * The islands' one way to call the JSON API (browser only; small, since every island that
 * talks to the server bundles it). Never rejects: a server that cannot be reached is an
 * answer too, with status 0 and `clientTexts().cannotConnect`.
 */
import { clientTexts } from "../i18n/client_texts.ts";

export type ApiMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export type ApiResult<T> =
  /** `data` is the reply as the server promises it (`T` is not checked; `{}` when the body is not JSON). */
  | { ok: true; status: number; data: T }
  | {
    ok: false;
    /** 0 when the server could not be reached. */
    status: number;
    /** The server's `message`, `clientTexts().cannotConnect` for status 0, else "" (callers pick their fallback). */
    message: string;
    /** Field → message, from a refused form; empty when the server named no field. */
    fields: Record<string, string>;
    /** The whole reply body (`{}` when it is not JSON), for refusals that carry more than a message. */
    data: unknown;
  };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function stringsOnly(value: unknown): Record<string, string> {
  const strings: Record<string, string> = {};
  if (isRecord(value)) { for (const [k, v] of Object.entries(value)) if (typeof v === "string") strings[k] = v; }
  return strings;
}

/**
 * Sends `body` (JSON, or a Blob as it is, e.g. a CSV with its type) with the session cookie
 * and reads the JSON reply.
 */
export async function api<T = unknown>(method: ApiMethod, url: string, body?: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    const raw = body instanceof Blob;
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: raw || body === undefined ? {} : { "Content-Type": "application/json" },
      body: raw ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: clientTexts().cannotConnect, fields: {}, data: {} };
  }
  const data = await res.json().catch(() => ({}));
  if (res.ok) return { ok: true, status: res.status, data };
  const message = isRecord(data) && typeof data.message === "string" ? data.message : "";
  return { ok: false, status: res.status, message, fields: isRecord(data) ? stringsOnly(data.fields) : {}, data };
}
