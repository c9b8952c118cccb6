import { Fragment, type ReactNode } from "react";

/**
 * A catalogue text with elements in its placeholders: "If {email} belongs…" with the address
 * in `<strong>`, or a sentence around a link. The words stay whole in the catalogue, so each
 * language puts the element where its grammar wants it. A placeholder not given stays as written.
 */
export function messageParts(text: string, parts: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{(\w+)\}/).map((piece, i) =>
    i % 2 === 0 ? piece : <Fragment key={i}>{piece in parts ? parts[piece] : `{${piece}}`}</Fragment>
  );
}
