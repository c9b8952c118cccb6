/**
 * What the server says after a post without JavaScript: an error summary for a refused step,
 * or a banner ('Email sent!', a rate limit). Rendered outside the SignupWizard island; the
 * island removes them once the browser takes over.
 */
import { BANNER_ID, ERROR_SUMMARY_ID, fieldId } from "./wizard_flow.ts";

/**
 * After a refused post without JavaScript: the spec's title and message, then a link to each
 * field at fault. The page focuses it on load, so it is read first.
 */
export function ErrorSummary(
  { title, message, errors, autoFocus }: {
    title: string;
    message: string;
    errors: Record<string, string>;
    autoFocus: boolean;
  },
) {
  return (
    <div className="notice notice--error signup-summary" id={ERROR_SUMMARY_ID} tabIndex={-1} autoFocus={autoFocus}>
      <h2 className="signup-summary__title">{title}</h2>
      <p>{message}</p>
      <ul className="signup-summary__list">
        {Object.entries(errors).map(([field, text]) => (
          <li key={field}>
            <a href={`#${fieldId(field)}`}>{text}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface Banner {
  title: string;
  message: string;
  tone: "success" | "error";
}

/** A server's answer to a post without JavaScript: 'Email sent!', or why it failed. */
export function SignupBanner({ banner, autoFocus }: { banner: Banner; autoFocus: boolean }) {
  return (
    <div
      className={`notice notice--${banner.tone}`}
      id={BANNER_ID}
      role={banner.tone === "error" ? "alert" : "status"}
      tabIndex={-1}
      autoFocus={autoFocus}
    >
      <p className="signup-banner__title">{banner.title}</p>
      <p className="signup-banner__message">{banner.message}</p>
    </div>
  );
}
