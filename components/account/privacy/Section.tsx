import type { ReactNode } from "react";

/** One card of the privacy page, named by its heading. */
export function PrivacySection(
  { id, title, children, danger }: { id: string; title: string; children: ReactNode; danger?: boolean },
) {
  return (
    <section
      className={`card account-section privacy__section${danger ? " settings__danger" : ""}`}
      aria-labelledby={id}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** A stored ISO time as a day people read ("Nov 22, 2026"). */
export const dayOf = (iso: string) => dayFormat.format(new Date(iso));
