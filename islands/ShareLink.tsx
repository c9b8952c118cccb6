import type { MouseEvent } from "react";
import { shareOrCopy } from "../components/admin/share.ts";
import { useI18n } from "../lib/i18n/context.tsx";

export interface ShareLinkProps {
  url: string;
  /** The share sheet's title. */
  title: string;
  label: string;
  /** The toast when the link was copied instead of shared. */
  copiedTitle: string;
}

/**
 * Share Roster: a link to the page it shares (what it is without JavaScript), which opens the
 * device's share sheet, or copies the link, once the island runs.
 */
export default function ShareLink({ url, title, label, copiedTitle }: ShareLinkProps) {
  const copyFailed = useI18n().m.adminCommon.copy;
  function onClick(e: MouseEvent) {
    e.preventDefault();
    void shareOrCopy({ url, title }, copiedTitle, copyFailed);
  }
  return <a className="button button--secondary" href={url} onClick={onClick}>{label}</a>;
}
