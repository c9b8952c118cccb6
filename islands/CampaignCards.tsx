import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { api } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.tsx";
import { signedOut } from "../lib/client/signed_out.ts";
import { CAMPAIGN_LIST_CACHE_MS, DASHBOARD_SNOOZE_DAYS, POLL_SUBMIT_DELAY_MS } from "../lib/campaigns/limits.ts";
import type { SectionForm } from "../components/dashboard/forms.ts";
import {
  CampaignCard,
  type CardCampaign,
  cardId,
  toCardCampaign,
} from "../components/dashboard/campaigns/CampaignCard.tsx";
import { PollResultsPanel } from "../components/dashboard/campaigns/PollResults.tsx";
import type { PollResults } from "../lib/campaigns/poll_results.ts";
import { useI18n } from "../lib/i18n/context.tsx";

export interface CampaignCardsProps {
  teamId: string;
  /** The campaigns live for the viewer when the page was rendered. */
  campaigns: CardCampaign[];
  /** The signed-in person (the `parentId` the calls send); null: read-only (no person to answer as). */
  parentId: string | null;
  /** A plain form the server refused, shown on its card, or null. */
  form: (SectionForm & { campaignId: string }) | null;
  /** The results of the poll just voted in without JavaScript (`?voted=`), or null. */
  pollResults: PollResults | null;
}

const enc = encodeURIComponent;
const fail = (title: string) => toast({ title, variant: "destructive" });

/**
 * The dashboard's campaign cards, one at a time ('k of n', Previous/Next). A poll vote shows
 * 'Thanks for your vote!' and is sent 1.5 s later; an answer, a dismissal or a snooze is sent
 * at once; then the list is read again from the server and restarts at its first card (a 0.5 s
 * slide). After a vote, the poll's results (the call's answer) show above the cards until the
 * next answer. The list is kept for a minute: one older than that when the island wakes is read
 * again. Server-rendered, every button is a plain form's and Previous/Next are links (CSS
 * shows the card a link targets), so it all works without JavaScript.
 */
export default function CampaignCards({ teamId, campaigns, parentId, form, pollResults }: CampaignCardsProps) {
  const T = useI18n().m.campaigns;
  const [list, setList] = useState(campaigns);
  const [index, setIndex] = useState(() => Math.max(0, campaigns.findIndex((c) => c.id === form?.campaignId)));
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    form ? { [form.campaignId]: Object.values(form.errors)[0] ?? "" } : {}
  );
  const [voted, setVoted] = useState<{ id: string; option: 1 | 2 } | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState(pollResults);
  const [live, setLive] = useState(false);
  /** Bumped at each refresh: the cards slide in again and focus goes to the first. */
  const [generation, setGeneration] = useState(0);
  const fetchedAt = useRef(0);
  const root = useRef<HTMLDivElement>(null);
  const listUrl = `/api/teams/${enc(teamId)}/campaigns/active?parentId=${enc(parentId ?? "")}`;

  /**
   * Reads the list again and restarts at its first card; `done` is the card just answered
   * (dropped even when the list cannot be read). `quiet`: only when the list changed.
   */
  const refresh = async (done?: string, quiet = false) => {
    const reply = await api<{ values: CardCampaign[] }>("GET", listUrl);
    if (reply.ok) {
      fetchedAt.current = Date.now();
      const values = reply.data.values.map(toCardCampaign);
      const ids = (l: CardCampaign[]) => l.map((c) => c.id).join();
      if (quiet && ids(values) === ids(list)) return;
      setList(values);
    } else {
      if (quiet) return;
      if (reply.status === 401) return signedOut();
      fail(T.loadFailed);
      if (done) setList((l) => l.filter((c) => c.id !== done));
    }
    setIndex(0);
    setGeneration((g) => g + 1);
  };

  useEffect(() => {
    setLive(true);
    fetchedAt.current = performance.timeOrigin;
    // A card a no-JavaScript Previous/Next link targeted stays the one shown.
    const at = campaigns.findIndex((c) => `#${cardId(c.id)}` === location.hash);
    if (at >= 0) setIndex(at);
    if (Date.now() - fetchedAt.current > CAMPAIGN_LIST_CACHE_MS) void refresh(undefined, true);
  }, []);

  useEffect(() => {
    if (generation === 0) return;
    // Right after a vote its results come first; else the card the list restarts at.
    root.current?.querySelector<HTMLElement>(".poll-results__title, .is-current h3, .campaigns__empty")?.focus();
  }, [generation]);

  const send = async (c: CardCampaign, path: "respond" | "snooze", body: object, failText: string) => {
    setBusy(true);
    const reply = await api<{ results?: PollResults | null }>(
      "POST",
      `/api/campaigns/${enc(c.id)}/${path}`,
      { parentId, ...body },
    );
    setBusy(false);
    setVoted(null);
    // 409: answered already (another tab): done all the same.
    if (reply.ok || reply.status === 409) {
      setErrors({});
      setResults(reply.ok ? reply.data.results ?? null : null);
      return await refresh(c.id);
    }
    if (reply.status === 401) return signedOut();
    fail(failText);
  };

  const onRespond = (event: FormEvent<HTMLFormElement>, c: CardCampaign) => {
    event.preventDefault();
    if (busy || voted) return;
    if (c.type === "poll") {
      const option = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "2" ? 2 : 1;
      setVoted({ id: c.id, option });
      setTimeout(() => send(c, "respond", { pollResponse: option }, T.submitFailed), POLL_SUBMIT_DELAY_MS);
    } else if (c.type === "question") {
      const answer = String(new FormData(event.currentTarget).get("questionResponse") ?? "");
      if (!answer.trim()) {
        setErrors({ [c.id]: T.errors.answer });
        event.currentTarget.querySelector("textarea")?.focus();
        return;
      }
      void send(c, "respond", { questionResponse: answer }, T.submitFailed);
    } else {
      void send(c, "respond", { isDismissed: true }, T.submitFailed);
    }
  };

  const onSnooze = (event: FormEvent<HTMLFormElement>, c: CardCampaign) => {
    event.preventDefault();
    if (!busy && !voted) void send(c, "snooze", { snoozeDays: DASHBOARD_SNOOZE_DAYS }, T.snoozeFailed);
  };

  const onGo = (event: MouseEvent<HTMLAnchorElement>, campaignId: string) => {
    event.preventDefault();
    const at = list.findIndex((c) => c.id === campaignId);
    if (at >= 0 && !voted) setIndex(at);
  };

  const current = Math.min(index, list.length - 1);
  return (
    <div className="campaign-deck" data-live={live ? "" : undefined} ref={root}>
      {results && <PollResultsPanel results={results} />}
      {parentId === null && <p className="muted">{T.readOnly}</p>}
      {list.length === 0 ? <p className="muted campaigns__empty" tabIndex={-1}>{T.empty}</p> : (
        <div
          key={generation}
          className={`campaign-deck__cards${generation > 0 ? " campaign-deck__cards--slide" : ""}`}
        >
          {list.map((c, i) => (
            <CampaignCard
              key={c.id}
              campaign={c}
              index={i}
              total={list.length}
              current={i === current}
              previous={list.length > 1 ? list[(i + list.length - 1) % list.length].id : null}
              next={list.length > 1 ? list[(i + 1) % list.length].id : null}
              action={parentId === null ? null : `/family-dashboard/${enc(teamId)}/campaigns/${enc(c.id)}`}
              voted={voted?.id === c.id ? voted.option : null}
              busy={busy}
              error={errors[c.id] || undefined}
              answer={form?.campaignId === c.id ? form.values.questionResponse ?? "" : ""}
              onGo={onGo}
              onRespond={onRespond}
              onSnooze={onSnooze}
            />
          ))}
        </div>
      )}
    </div>
  );
}
