import { type FormEvent, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { copyWithToast, shareOrCopy } from "../components/admin/share.ts";
import { api } from "../lib/client/api.ts";

export interface InviteLink {
  joinUrl: string;
  timeToExpiry: string;
  expired: boolean;
  usageCount: number;
}

export interface InviteLinkCardProps {
  teamId: string;
  teamName: string;
  link: InviteLink;
  /** The Access page's Generate New: where its form posts without JavaScript; null hides it. */
  regenerateAction: string | null;
}

export const INVITE_COPIED = "Invite Link Copied!";
const REGENERATE_WARNING = "Generating a new link stops the current one from working at once.";

const describeLink = (link: InviteLink) =>
  `${link.expired ? "Expired" : `Expires in ${link.timeToExpiry}`} · Used ${link.usageCount} ${
    link.usageCount === 1 ? "time" : "times"
  }`;

/** The team's invite link with Preview, Share and Copy (and Generate New on the Access page). */
export default function InviteLinkCard({ teamId, teamName, link: initial, regenerateAction }: InviteLinkCardProps) {
  const [link, setLink] = useState(initial);
  const [pending, setPending] = useState(false);

  async function regenerate(e: FormEvent) {
    e.preventDefault();
    if (!confirm(`${REGENERATE_WARNING} Generate a new invite link?`)) return;
    setPending(true);
    const reply = await api<InviteLink>("POST", `/api/teams/${encodeURIComponent(teamId)}/join-link`);
    setPending(false);
    if (!reply.ok) {
      toast({ title: "Error", description: reply.message || "Failed to generate a new link", variant: "destructive" });
      return;
    }
    setLink(reply.data);
    toast({ title: "New Invite Link", description: "The old link no longer works." });
  }

  return (
    <section className="card admin-card invite-card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite Link</h2>
      <p className="muted">Share one link with your team's families: they ask to join and you approve.</p>
      <label htmlFor="invite-url" className="invite-card__label">Team invite link</label>
      <input id="invite-url" className="invite-card__url" type="text" readOnly value={link.joinUrl} />
      <p className="invite-card__meta">{describeLink(link)}</p>
      <div className="admin-actions">
        <a className="button button--secondary" href={link.joinUrl} target="_blank" rel="noopener noreferrer">
          Preview<span className="visually-hidden">(opens in a new tab)</span>
        </a>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void shareOrCopy({ url: link.joinUrl, title: `Join ${teamName} on GoalMates` }, INVITE_COPIED)}
        >
          Share
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void copyWithToast(link.joinUrl, INVITE_COPIED)}
        >
          Copy
        </button>
      </div>
      {regenerateAction && (
        <form method="post" action={regenerateAction} className="invite-card__regenerate" onSubmit={regenerate}>
          <p className="muted" id="regenerate-warning">{REGENERATE_WARNING}</p>
          <button
            type="submit"
            className="button button--ghost"
            disabled={pending}
            aria-describedby="regenerate-warning"
          >
            {pending ? "Generating..." : "Generate New"}
          </button>
        </form>
      )}
    </section>
  );
}
