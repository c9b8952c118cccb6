import { type FormEvent, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { copyWithToast, shareOrCopy } from "../components/admin/share.ts";
import { api } from "../lib/client/api.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import type { Language } from "../lib/i18n/languages.ts";

export interface InviteLink {
  joinUrl: string;
  /** The time left in the page's language (the server writes it: lib/join's describeTimeLeft). */
  timeToExpiry: string;
  expired: boolean;
  usageCount: number;
  /** When the link stops working: a fresh link's time left is counted from it. */
  expiresAt?: string;
}

export interface InviteLinkCardProps {
  teamId: string;
  teamName: string;
  link: InviteLink;
  /** The Access page's Generate New: where its form posts without JavaScript; null hides it. */
  regenerateAction: string | null;
}

const HOUR_MS = 3_600_000;

/**
 * A fresh link's time left, as lib/join's describeTimeLeft writes it ("6 days, 23 hours") in the
 * page's language: the API answers it in English (SPEC.md), and the units' words are the browser's.
 */
function timeLeft(expiresAt: string, lang: Language): string {
  const ms = Date.parse(expiresAt) - Date.now();
  const unit = (value: number, unit: "day" | "hour" | "minute") =>
    new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }).format(value);
  const hours = Math.floor(ms / HOUR_MS);
  const days = Math.floor(hours / 24);
  if (days > 0 && hours % 24) {
    return new Intl.ListFormat(lang, { type: "unit", style: "long" }).format([
      unit(days, "day"),
      unit(hours % 24, "hour"),
    ]);
  }
  if (days > 0) return unit(days, "day");
  if (hours > 0) return unit(hours, "hour");
  return unit(Math.max(1, Math.ceil(ms / 60_000)), "minute");
}

/** The team's invite link with Preview, Share and Copy (and Generate New on the Access page). */
export default function InviteLinkCard({ teamId, teamName, link: initial, regenerateAction }: InviteLinkCardProps) {
  const { m, t, lang } = useI18n();
  const texts = m.adminCards.invite;
  const copyFailed = m.adminCommon.copy;
  const [link, setLink] = useState(initial);
  const [pending, setPending] = useState(false);

  async function regenerate(e: FormEvent) {
    e.preventDefault();
    if (!confirm(`${texts.regenerateWarning} ${texts.regenerateConfirm}`)) return;
    setPending(true);
    const reply = await api<InviteLink>("POST", `/api/teams/${encodeURIComponent(teamId)}/join-link`);
    setPending(false);
    if (!reply.ok) {
      toast({ title: texts.errorTitle, description: reply.message || texts.regenerateFailed, variant: "destructive" });
      return;
    }
    const fresh = reply.data;
    setLink(fresh.expiresAt && !fresh.expired ? { ...fresh, timeToExpiry: timeLeft(fresh.expiresAt, lang) } : fresh);
    toast({ title: texts.regeneratedTitle, description: texts.regeneratedText });
  }

  const expiry = link.expired ? texts.expired : t(texts.expiresIn, { time: link.timeToExpiry });
  return (
    <section className="card admin-card invite-card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">{texts.heading}</h2>
      <p className="muted">{texts.intro}</p>
      <label htmlFor="invite-url" className="invite-card__label">{texts.urlLabel}</label>
      <input id="invite-url" className="invite-card__url" type="text" readOnly value={link.joinUrl} />
      <p className="invite-card__meta">{`${expiry} · ${t(texts.used, { count: link.usageCount })}`}</p>
      <div className="admin-actions">
        <a className="button button--secondary" href={link.joinUrl} target="_blank" rel="noopener noreferrer">
          {texts.preview}
          <span className="visually-hidden">{` ${texts.opensInNewTab}`}</span>
        </a>
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void shareOrCopy(
              { url: link.joinUrl, title: t(texts.shareTitle, { team: teamName }) },
              texts.copied,
              copyFailed,
            )}
        >
          {texts.share}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void copyWithToast(link.joinUrl, texts.copied, copyFailed)}
        >
          {texts.copy}
        </button>
      </div>
      {regenerateAction && (
        <form method="post" action={regenerateAction} className="invite-card__regenerate" onSubmit={regenerate}>
          <p className="muted" id="regenerate-warning">{texts.regenerateWarning}</p>
          <button
            type="submit"
            className="button button--ghost"
            disabled={pending}
            aria-describedby="regenerate-warning"
          >
            {pending ? texts.generating : texts.generate}
          </button>
        </form>
      )}
    </section>
  );
}
