/**
 * The one result shape of every form check (players, claims, join) and a small kit for writing
 * field-by-field checks. Dependency-free: islands bundle it.
 */

/** A form check's answer: the cleaned value, or the first message and each field's first message. */
export type Checked<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; fields: Record<string, string> };

// ---- Field rules ----

/** One field's rule: its cleaned value, or its message. */
export type Rule<T> = (value: unknown) => { ok: true; value: T } | { ok: false; message: string };

export const pass = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

export type Rules = Record<string, Rule<unknown>>;
export type ValuesOf<R extends Rules> = { [K in keyof R]: R[K] extends Rule<infer T> ? T : never };

/** What a form says about a body that is not an object, or about a field it does not have. */
export interface FormTexts {
  body: string;
  unknownField: (name: string) => string;
}

/**
 * Checks a JSON object with one rule per field. An unknown field is named first (it means the
 * caller is wrong, not the person typing); otherwise the first failing field's message is the
 * summary. `partial`: fields left out are fine and stay out of the value (a PATCH).
 */
export function checkForm<R extends Rules>(body: unknown, rules: R, texts: FormTexts): Checked<ValuesOf<R>>;
export function checkForm<R extends Rules>(
  body: unknown,
  rules: R,
  texts: FormTexts,
  partial: true,
): Checked<Partial<ValuesOf<R>>>;
export function checkForm(body: unknown, rules: Rules, texts: FormTexts, partial = false): Checked<unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: texts.body, fields: {} };
  }
  const input: Record<string, unknown> = { ...body };
  const unknown = Object.keys(input).find((name) => !Object.hasOwn(rules, name));
  const value: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const [name, rule] of Object.entries(rules)) {
    if (partial && input[name] === undefined) continue;
    const result = rule(input[name]);
    if (result.ok) value[name] = result.value;
    else fields[name] = result.message;
  }
  const message = unknown === undefined ? Object.values(fields)[0] : texts.unknownField(unknown);
  return message === undefined ? { ok: true, value } : { ok: false, message, fields };
}
