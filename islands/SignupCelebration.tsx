import { type CSSProperties, useEffect, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { useI18n } from "../lib/i18n/context.tsx";

export interface SignupCelebrationProps {
  /** Where the countdown (and the button) leads: the team's family dashboard. */
  dashboardHref: string;
}

/** SPEC.md section 9: confetti for 3 s, then a 5-second countdown to the dashboard. */
export const CONFETTI_MS = 3000;
export const COUNTDOWN_SECONDS = 5;
const CONFETTI_PIECES = 48;
const COLORS = ["#0f5132", "#ffc233", "#1d4ed8", "#b42318", "#16a34a", "#f97316"];

type Phase = "waiting" | "confetti" | "countdown" | "stopped";

/** Pieces with random places and timings; built in the browser only (styles set there pass the CSP). */
function makeConfetti(): CSSProperties[] {
  return Array.from({ length: CONFETTI_PIECES }, (_, i) => ({
    left: `${Math.random() * 100}%`,
    backgroundColor: COLORS[i % COLORS.length],
    animationDelay: `${Math.random() * 0.8}s`,
    animationDuration: `${1.6 + Math.random() * 1.2}s`,
    transform: `rotate(${Math.floor(Math.random() * 360)}deg)`,
  }));
}

/**
 * Confetti (decorative, skipped when the visitor prefers reduced motion), then a countdown
 * that can be stopped, then the dashboard. Without JavaScript the page's button still works.
 */
export default function SignupCelebration({ dashboardHref }: SignupCelebrationProps) {
  const { m, t } = useI18n();
  const texts = m.signupPages.celebration;
  const [phase, setPhase] = useState<Phase>("waiting");
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  const [confetti, setConfetti] = useState<CSSProperties[]>([]);

  useEffect(() => {
    toast({ title: m.signupPages.messages.teamCreated });
    if (!matchMedia("(prefers-reduced-motion: reduce)").matches) setConfetti(makeConfetti());
    setPhase("confetti");
    const timer = setTimeout(() => {
      setConfetti([]);
      setPhase("countdown");
    }, CONFETTI_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (phase !== "countdown") return;
    if (seconds === 0) {
      location.assign(dashboardHref);
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [phase, seconds]);

  return (
    <>
      {confetti.length > 0 && (
        <div className="confetti" aria-hidden="true">
          {confetti.map((style, i) => <span key={i} className="confetti__piece" style={style}></span>)}
        </div>
      )}
      <p className="signup-countdown" role="status">
        {phase === "countdown" && t(texts.countdown, { count: seconds })}
        {phase === "stopped" && texts.staying}
      </p>
      <div className="signup-celebration__actions">
        <a className="button button--primary button--lg" href={dashboardHref}>{texts.goToDashboard}</a>
        {phase === "countdown" && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setPhase("stopped")}
          >
            {texts.stay}
          </button>
        )}
      </div>
    </>
  );
}
