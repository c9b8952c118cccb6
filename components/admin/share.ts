/** Browser helpers for the admin islands: copy a link, share it natively or copy instead. */
import { toast } from "../../lib/client/toast.tsx";

/** What the toast says when copying failed, in the page's language (`useI18n().m.adminCommon.copy`). */
export interface CopyFailedTexts {
  failed: string;
  failedHint: string;
}

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

export async function copyWithToast(url: string, copiedTitle: string, failed: CopyFailedTexts): Promise<void> {
  if (await copyText(url)) toast({ title: copiedTitle, description: url });
  else toast({ title: failed.failed, description: failed.failedHint, variant: "destructive" });
}

/**
 * The device's share sheet where there is one; else copies the link. A cancelled share sheet
 * is not an error.
 */
export async function shareOrCopy(
  share: { url: string; title: string },
  copiedTitle: string,
  failed: CopyFailedTexts,
): Promise<void> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(share);
      return;
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
    }
  }
  await copyWithToast(share.url, copiedTitle, failed);
}
