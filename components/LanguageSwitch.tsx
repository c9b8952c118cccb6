import { useI18n } from "../lib/i18n/context.tsx";
import { LANGUAGE_NAMES, LANGUAGES } from "../lib/i18n/languages.ts";

/**
 * The language switch (issue 24): each language named in itself, the current one marked, the
 * others buttons of a form that posts to `/language` and comes back to this page. It works
 * without JavaScript; the choice is kept in a cookie, and on the account when signed in.
 */
export function LanguageSwitch({ className = "lang-switch" }: { className?: string }) {
  const { lang, m, path } = useI18n();
  return (
    <form className={className} method="post" action="/language" aria-label={m.common.language.label}>
      <input type="hidden" name="next" value={path ?? "/"} />
      {LANGUAGES.map((option) =>
        option === lang
          ? (
            <span key={option} className="lang-switch__current" lang={option} aria-current="true">
              {LANGUAGE_NAMES[option]}
            </span>
          )
          : (
            <button
              key={option}
              type="submit"
              name="language"
              value={option}
              lang={option}
              className="lang-switch__option"
            >
              {LANGUAGE_NAMES[option]}
            </button>
          )
      )}
    </form>
  );
}
