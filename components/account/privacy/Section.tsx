import type { ReactNode } from "react";
import type { Language } from "../../../lib/i18n/languages.ts";
import { dateLocale } from "../../../lib/time_zone.ts";

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

const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/** A stored ISO time as a day people read in the page's language ("Nov 22, 2026", "22 nov 2026"). */
export function dayOf(iso: string, lang: Language): string {
  let format = dayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(lang), {
      timeZone: "America/New_York",
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    dayFormats.set(lang, format);
  }
  return format.format(new Date(iso));
}
