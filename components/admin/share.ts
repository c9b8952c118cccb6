/** Browser helpers for the admin islands: copy a link, share it natively or copy instead. */
import { toast } from "../../lib/client/toast.tsx";

/** Copies text with the Clipboard API, falling back to a hidden selection for older browsers. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    return copied;
  }
}

export async function copyWithToast(url: string, copiedTitle: string): Promise<void> {
  if (await copyText(url)) toast({ title: copiedTitle, description: url });
  else toast({ title: "Copy failed", description: "Select the link and copy it yourself.", variant: "destructive" });
}

/**
 * The device's share sheet where there is one; else copies the link. A cancelled share sheet
 * is not an error.
 */
export async function shareOrCopy(share: { url: string; title: string }, copiedTitle: string): Promise<void> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(share);
      return;
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
    }
  }
  await copyWithToast(share.url, copiedTitle);
}

export interface ApiReply {
  ok: boolean;
  status: number;
  data: Record<string, unknown>;
}

/** Sends JSON with the session cookie; rejects only when the server cannot be reached. */
export async function sendJson(method: string, url: string, body?: unknown): Promise<ApiReply> {
  const res = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  return { ok: res.ok, status: res.status, data: typeof data === "object" && data !== null ? data : {} };
}

export const replyMessage = (reply: ApiReply, fallback: string): string =>
  typeof reply.data.message === "string" && reply.data.message ? reply.data.message : fallback;
