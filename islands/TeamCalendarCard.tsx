import { type FormEvent, useEffect, useRef, useState } from "react";
import { api } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.tsx";
import { signedOut } from "../lib/client/signed_out.ts";
import { useAdoptedValue } from "../lib/client/adopt_values.ts";
import type { CalendarView } from "../lib/calendar/view.ts";
import {
  calendarFormPaths,
  cardLastSync,
  cardStaleSchedule,
  cardStatusBadge,
  cardTypeLabel,
  type CardWords,
} from "../lib/calendar/card_labels.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import { DEFAULT_TIME_ZONE } from "../lib/time_zone.ts";

export interface TeamCalendarCardProps {
  teamId: string;
  /** The team's calendar (URL masked), or null. */
  calendar: CalendarView | null;
  /** The admin dashboard's path: the forms without JavaScript post under it. */
  dashboardPath: string;
  /** The server's clock when it rendered the page (ISO): hydration renders the same 'N minutes ago'. */
  now: string;
  /** The team's time zone: the card's dates and times are in it (America/New_York when absent). */
  timeZone?: string;
  /** A refused form without JavaScript, shown again with its error. */
  form?: { calendarUrl: string; error: string } | null;
}

type Busy = "add" | "sync" | "remove" | null;
type Answer = { message: string; calendar: CalendarView };

/** While a sync runs, the card asks every 2 s, for at most 30 s. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 30_000;
const URL_ERROR = "calendar-url-error";
const URL_HINT = "calendar-url-hint";

/**
 * The admin dashboard's Team Calendar card: connect one calendar feed, see its sync status,
 * sync it now or remove it. Each action shows its result without a reload; every form also
 * works as a plain form before the island runs.
 */
export default function TeamCalendarCard(
  { teamId, calendar: initial, dashboardPath, now, form, timeZone = DEFAULT_TIME_ZONE }: TeamCalendarCardProps,
) {
  const { m, lang } = useI18n();
  const words: CardWords = { texts: m.adminCalendar, lang };
  const T = words.texts.card;
  const [calendar, setCalendar] = useState(initial);
  // A link the browser filled (or the admin pasted) before the island woke is kept, not wiped.
  const [url, setUrl, urlField] = useAdoptedValue(form?.calendarUrl ?? "");
  const [error, setError] = useState(form?.error ?? "");
  const [busy, setBusy] = useState<Busy>(null);
  const [clock, setClock] = useState(() => new Date(now));
  const base = `/api/teams/${encodeURIComponent(teamId)}`;
  const paths = calendarFormPaths(dashboardPath, calendar?.id);
  const pending = calendar?.lastSyncStatus === "pending";
  /** Where focus goes once the card shows an action's result (the control pressed may be gone or disabled). */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (focusNext.current) document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [calendar]);

  // The relative times move on once the island runs (the first render matches the server's).
  useEffect(() => {
    setClock(new Date());
    const timer = setInterval(() => setClock(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [calendar]);

  // A sync under way (the first one after Add, or another admin's): follow it to its end.
  useEffect(() => {
    if (!pending) return;
    const until = Date.now() + POLL_FOR_MS;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const reply = await api<CalendarView[]>("GET", `${base}/calendars`);
      if (stopped) return;
      if (reply.ok) {
        const next = reply.data[0] ?? null;
        if (!next || next.lastSyncStatus !== "pending") return setCalendar(next);
      } else if (reply.status === 401) return signedOut();
      if (Date.now() < until) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pending, base]);

  async function add(e: FormEvent) {
    e.preventDefault();
    setBusy("add");
    const reply = await api<Answer>("POST", `${base}/calendar`, { calendarUrl: url });
    setBusy(null);
    if (!reply.ok) {
      if (reply.status === 401) return signedOut();
      const message = reply.message || T.addFallback;
      setError(message);
      toast({ title: T.addError, description: message, variant: "destructive" });
      document.getElementById("calendar-url")?.focus();
      return;
    }
    setError("");
    setUrl("");
    focusNext.current = "calendar-sync";
    setCalendar(reply.data.calendar);
    toast({ title: T.added, description: T.addedNotice });
  }

  async function syncNow(e: FormEvent) {
    e.preventDefault();
    if (!calendar) return;
    setBusy("sync");
    const reply = await api<Answer>("POST", `${base}/calendars/${encodeURIComponent(calendar.id)}/sync`);
    setBusy(null);
    if (!reply.ok) {
      if (reply.status === 401) return signedOut();
      focusNext.current = reply.status === 404 ? "calendar-url" : "calendar-sync";
      setCalendar(reply.status === 404 ? null : { ...calendar });
      toast({ title: T.syncErrorTitle, description: reply.message || T.syncFallback, variant: "destructive" });
      return;
    }
    const next = reply.data.calendar;
    focusNext.current = "calendar-sync";
    setCalendar(next);
    if (next.lastSyncStatus === "error") {
      toast({ title: T.syncErrorTitle, description: next.lastSyncError || T.syncFallback, variant: "destructive" });
    } else toast({ title: T.synced });
  }

  async function remove(e: FormEvent) {
    e.preventDefault();
    if (!calendar || !confirm(T.removeConfirm)) return;
    setBusy("remove");
    const reply = await api<{ message: string }>("DELETE", `${base}/calendars/${encodeURIComponent(calendar.id)}`);
    setBusy(null);
    if (!reply.ok && reply.status !== 404) {
      if (reply.status === 401) return signedOut();
      toast({ title: T.removeError, description: reply.message || T.removeFallback, variant: "destructive" });
      return;
    }
    // 404: it was removed meanwhile; either way it is gone.
    focusNext.current = "calendar-url";
    setCalendar(null);
    toast({ title: T.removed });
  }

  const badge = calendar && cardStatusBadge(busy === "sync" ? "pending" : calendar.lastSyncStatus, words);
  const stale = calendar && cardStaleSchedule(calendar, timeZone, words);
  // A failed calendar is a red card with its reason and 'Try again', never a greyed 'Calendar Connected'.
  const failed = calendar?.lastSyncStatus === "error";
  return (
    <section
      id="team-calendar"
      className={`card admin-card calendar-card${failed ? " calendar-card--error" : ""}`}
      aria-labelledby="calendar-heading"
    >
      <h2 id="calendar-heading">{T.title}</h2>
      <p className="muted">{T.intro}</p>
      {!failed && (
        <form method="post" action={paths.add} className="calendar-card__add" onSubmit={add} noValidate>
          <div className="field">
            <label htmlFor="calendar-url">{T.urlLabel}</label>
            <input
              ref={urlField}
              id="calendar-url"
              name="calendarUrl"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder={T.urlPlaceholder}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              disabled={calendar !== null}
              aria-invalid={error ? true : undefined}
              aria-describedby={[calendar ? "" : URL_HINT, error ? URL_ERROR : ""].join(" ").trim() || undefined}
            />
            {!calendar && <p id={URL_HINT} className="field__hint">{T.urlHint}</p>}
            {error && <p id={URL_ERROR} className="field__error" role="alert">{error}</p>}
          </div>
          <button type="submit" className="button button--primary" disabled={calendar !== null || busy === "add"}>
            {calendar ? T.connected : busy === "add" ? T.adding : T.add}
          </button>
        </form>
      )}
      {calendar && badge && (
        <div className="calendar-card__connected">
          <div className="calendar-card__head">
            <p className="calendar-card__type">{cardTypeLabel(calendar.calendarType, words)}</p>
            <p className="calendar-card__status" aria-live="polite">
              <span className="visually-hidden">{T.status}</span>
              <span className={`calendar-badge calendar-badge--${badge.tone}`}>{badge.label}</span>
            </p>
          </div>
          <dl className="calendar-card__facts">
            <div>
              <dt>{T.url}</dt>
              <dd className="calendar-card__url">{calendar.calendarUrl}</dd>
            </div>
            <div>
              <dt>{T.lastSync}</dt>
              <dd>
                {calendar.lastSync
                  ? <time dateTime={calendar.lastSync}>{cardLastSync(calendar.lastSync, clock, timeZone, words)}</time>
                  : cardLastSync(null, clock, timeZone, words)}
              </dd>
            </div>
            <div>
              <dt>{T.events}</dt>
              <dd>{calendar.eventCount}</dd>
            </div>
          </dl>
          {calendar.truncated && <p className="muted">{T.truncated}</p>}
          {failed && (
            <div className="calendar-card__error">
              <svg className="calendar-card__error-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M12 2 1 21h22L12 2Zm1 15h-2v2h2v-2Zm0-7h-2v5h2v-5Z" fill="currentColor" />
              </svg>
              <div className="calendar-card__error-text">
                <p className="calendar-card__error-title">{T.errorHeading}</p>
                <p>
                  <strong>{T.syncError}</strong> {calendar.lastSyncError || T.syncFallback}
                </p>
                {stale && <p>{stale}</p>}
                <p>{T.errorHelp}</p>
              </div>
            </div>
          )}
          <div className="admin-actions">
            <form method="post" action={paths.sync} onSubmit={syncNow}>
              <button
                id="calendar-sync"
                type="submit"
                className={`button ${failed ? "button--primary" : "button--secondary"}`}
                disabled={busy !== null}
              >
                {busy === "sync" ? T.syncing : failed ? T.tryAgain : T.syncNow}
              </button>
            </form>
            <form method="post" action={paths.remove} onSubmit={remove}>
              <button type="submit" className="button button--ghost calendar-card__remove" disabled={busy !== null}>
                {busy === "remove" ? T.removing : T.remove}
              </button>
            </form>
          </div>
        </div>
      )}
      <p className="muted calendar-card__note">{T.note}</p>
    </section>
  );
}
