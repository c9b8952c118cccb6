/** Small browser helpers the sign-in and test-mail islands share. */
import { useEffect, useState } from "react";

/** localStorage keys of the last e-mail used on each sign-in form (SPEC.md section 9). */
export const REMEMBERED_EMAIL = {
  team: "goalmates.lastTeamEmail",
  admin: "goalmates.lastAdminEmail",
} as const;

export function readRememberedEmail(key: string): string {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return ""; // Storage can be switched off; the form simply starts empty.
  }
}

export function rememberEmail(key: string, email: string): void {
  try {
    localStorage.setItem(key, email);
  } catch {
    // Not remembering is harmless.
  }
}

/**
 * False while the server renders and during hydration, true afterwards: controls that only
 * work with JavaScript appear once it runs, and the markup still matches the server's.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export interface JsonReply {
  ok: boolean;
  status: number;
  data: Record<string, unknown>;
}

/** POSTs JSON with the session cookies; rejects only when the server cannot be reached. */
export async function postJson(url: string, body: unknown): Promise<JsonReply> {
  const res = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  return { ok: res.ok, status: res.status, data: typeof data === "object" && data !== null ? data : {} };
}

/** The server's `message` when it sent one. */
export const messageOf = (reply: JsonReply): string | undefined =>
  typeof reply.data.message === "string" && reply.data.message ? reply.data.message : undefined;
