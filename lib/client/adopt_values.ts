/**
 * Values the browser put into an island's fields before the island hydrated.
 *
 * A password manager, the browser's autofill, a paste or a quick typist can fill a server-rendered
 * field while the island's script is still on its way (islands that wake on the first click or
 * focus are always in that state). React 19's hydration leaves the field's DOM value alone, but
 * the island's state still holds the server's value: the first re-render (an error, a toggle, a
 * keystroke elsewhere in the form) writes that stale state back over the field, and a submit
 * that reads the state sends it. So a controlled field adopts what it holds once, right after
 * hydration — in a layout effect, so before the browser paints and before a replayed first click.
 *
 * Use `useAdoptedValue` (or `useAdoptedChecked`) in place of `useState` for one field and put the
 * returned ref on it; use `useAdoptedFields` for a form whose values live in one state object.
 * (A textarea whose server-rendered text is not empty is reset by React's hydration itself, before
 * any effect runs: only inputs, selects and empty textareas can be adopted.)
 */
import { type Dispatch, type RefObject, type SetStateAction, useLayoutEffect, useRef, useState } from "react";

export type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A field's value when it differs from what the server rendered into the page (the element's
 * default value, selection or checked state), else undefined: a checkbox gives whether it is
 * checked, a radio button that became the checked one gives its value.
 */
export function changedSinceServerRender(field: FormField): string | boolean | undefined {
  if (field instanceof HTMLSelectElement) {
    const changed = [...field.options].some((option) => option.selected !== option.defaultSelected);
    return changed ? field.value : undefined;
  }
  if (field instanceof HTMLInputElement && field.type === "checkbox") {
    return field.checked !== field.defaultChecked ? field.checked : undefined;
  }
  if (field instanceof HTMLInputElement && field.type === "radio") {
    return field.checked && !field.defaultChecked ? field.value : undefined;
  }
  return field.value !== field.defaultValue ? field.value : undefined;
}

/**
 * `useState` for one text field (input, textarea or select): put the returned ref on the field,
 * and the state starts from what the field holds when the island hydrates.
 */
export function useAdoptedValue<E extends FormField = HTMLInputElement>(
  initial: string,
): [string, Dispatch<SetStateAction<string>>, RefObject<E | null>] {
  const [value, setValue] = useState(initial);
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && field.value !== initial) setValue(field.value);
  }, []);
  return [value, setValue, ref];
}

/** `useAdoptedValue` for a checkbox: the state starts from whether it is checked at hydration. */
export function useAdoptedChecked(
  initial: boolean,
): [boolean, Dispatch<SetStateAction<boolean>>, RefObject<HTMLInputElement | null>] {
  const [checked, setChecked] = useState(initial);
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && field.checked !== initial) setChecked(field.checked);
  }, []);
  return [checked, setChecked, ref];
}

/**
 * For a form whose fields share one state object: once, at hydration, calls `adopt` with every
 * named field under `root` (hidden inputs aside) that no longer holds what the server rendered,
 * by name (`string` for text, selects and radio groups, `boolean` for checkboxes). Not called
 * when none did.
 */
export function useAdoptedFields(
  root: RefObject<HTMLElement | null>,
  adopt: (changed: Record<string, string | boolean>) => void,
): void {
  useLayoutEffect(() => {
    const changed: Record<string, string | boolean> = {};
    for (const field of root.current?.querySelectorAll<FormField>("input[name],textarea[name],select[name]") ?? []) {
      if (field.type === "hidden") continue;
      const value = changedSinceServerRender(field);
      if (value !== undefined) changed[field.name] = value;
    }
    if (Object.keys(changed).length > 0) adopt(changed);
  }, []);
}
