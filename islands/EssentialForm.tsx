import { type FormEvent, useState } from "react";
import { api } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.tsx";
import { signedOut } from "../lib/client/signed_out.ts";
import { useHydrated } from "../lib/client/hydrated.ts";
import type { EssentialItem, EssentialsViewer } from "../lib/essentials/types.ts";
import type { SectionForm } from "../components/dashboard/forms.ts";
import {
  CATEGORY_NAMES,
  checkEssentialWith,
  ESSENTIAL_CATEGORIES,
  ESSENTIAL_LIMITS,
  type EssentialField,
  essentialMessages,
  isCategory,
} from "../lib/essentials/item_rules.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import { essentialElementId, EssentialsList, shownName } from "../components/dashboard/essentials/EssentialsList.tsx";

export interface EssentialFormProps {
  teamId: string;
  /** The page of items the section shows, newest first. */
  items: EssentialItem[];
  viewer: EssentialsViewer;
  /** The next page of the list without JavaScript (`?essentials=<cursor>#essentials`), or null. */
  moreHref: string | null;
  /** A refused post without JavaScript: what was typed and each field's message (`form`: about none). */
  form: SectionForm | null;
}

const FIELD_IDS: Record<EssentialField, string> = {
  category: "essential-category",
  subcategory: "essential-subcategory",
  name: "essential-name",
  description: "essential-description",
  link: "essential-link",
};
const errorId = (field: EssentialField) => `${FIELD_IDS[field]}-error`;
const SUBCATEGORY_HINT_ID = "essential-subcategory-hint";

/** A select's current value in the page (typed before the island took over), else `fallback`. */
function liveValue(field: EssentialField, fallback: string): string {
  if (typeof document === "undefined") return fallback;
  const el = document.getElementById(FIELD_IDS[field]) as HTMLSelectElement | null;
  return el?.tagName === "SELECT" ? el.value : fallback;
}

/**
 * The Essentials' list and add form. Server-rendered as plain forms (the subcategory select
 * lists every category's options in groups; the server checks the pair); once hydrated the
 * subcategory stays disabled until a category is chosen and offers only that category's
 * options, an added item appears in its category at once and the form clears, and Remove
 * works in place.
 */
export default function EssentialForm(props: EssentialFormProps) {
  const { teamId } = props;
  const { m, t } = useI18n();
  const T = m.essentials;
  const hydrated = useHydrated();
  const initial = props.form?.values ?? {};
  const [items, setItems] = useState(props.items);
  const [values, setValues] = useState(initial);
  const [category, setCategory] = useState(() => liveValue("category", initial.category ?? ""));
  const [subcategory, setSubcategory] = useState(() => liveValue("subcategory", initial.subcategory ?? ""));
  const [errors, setErrors] = useState<Record<string, string>>(props.form?.errors ?? {});
  const [formKey, setFormKey] = useState(0);
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());

  const chosen = isCategory(category) ? category : null;
  const subcategoryOff = hydrated && !chosen;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const text = (name: EssentialField) => String(data.get(name) ?? "");
    const body = {
      category,
      subcategory: chosen ? subcategory : "",
      name: text("name"),
      description: text("description"),
      link: text("link"),
    };
    const checked = checkEssentialWith(essentialMessages(T, t), body);
    if (!checked.ok) return refuse(checked.fields);
    setPending(true);
    const reply = await api<EssentialItem>("POST", `/api/teams/${encodeURIComponent(teamId)}/essentials`, body);
    setPending(false);
    if (!reply.ok) {
      if (reply.status === 401) return signedOut();
      if (Object.keys(reply.fields).length > 0) refuse(reply.fields);
      return toast({ title: reply.message || T.addFailed, variant: "destructive" });
    }
    const item = reply.data;
    setItems((list) => [item, ...list.filter((i) => i.id !== item.id)]);
    setValues({});
    setCategory("");
    setSubcategory("");
    setErrors({});
    setFormKey((k) => k + 1);
    toast({ title: T.added, description: item.name });
    setTimeout(() => document.getElementById(essentialElementId(item))?.focus(), 0);
  }

  function refuse(fields: Record<string, string>) {
    setErrors(fields);
    const first = (Object.keys(FIELD_IDS) as EssentialField[]).find((f) => fields[f]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  }

  async function remove(item: EssentialItem, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRemoving((ids) => new Set(ids).add(item.id));
    const reply = await api(
      "DELETE",
      `/api/teams/${encodeURIComponent(teamId)}/essentials/${encodeURIComponent(item.id)}`,
    );
    setRemoving((ids) => {
      const next = new Set(ids);
      next.delete(item.id);
      return next;
    });
    if (reply.ok || reply.status === 404) {
      setItems((list) => list.filter((i) => i.id !== item.id));
      return toast({ title: T.removed, description: item.name });
    }
    if (reply.status === 401) return signedOut();
    toast({ title: reply.message || T.removeFailed, variant: "destructive" });
  }

  /** What ties a field to its message (and hint): aria-invalid, aria-describedby. */
  const described = (field: EssentialField, hint?: string) => ({
    id: FIELD_IDS[field],
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": [hint, errors[field] ? errorId(field) : ""].filter(Boolean).join(" ") || undefined,
  });
  const message = (field: EssentialField) =>
    errors[field] ? <p className="field__error" id={errorId(field)}>{errors[field]}</p> : null;
  const label = (field: EssentialField) => <label htmlFor={FIELD_IDS[field]}>{T.labels[field]}</label>;
  // The values are the API's (English); what each option shows is the catalogue's.
  const options = (list: readonly string[], names: Record<string, string>) =>
    list.map((s) => <option key={s} value={s}>{shownName(names, s)}</option>);

  return (
    <>
      <EssentialsList teamId={teamId} items={items} viewer={props.viewer} onRemove={remove} removing={removing} />
      {props.moreHref && <a className="essentials__more" href={props.moreHref}>{T.more}</a>}
      <form
        key={formKey}
        method="post"
        action={`/family-dashboard/${encodeURIComponent(teamId)}/essentials`}
        className="form essentials__form"
        aria-labelledby="essentials-form-title"
        noValidate
        onSubmit={add}
      >
        <h3 id="essentials-form-title" className="essentials__form-title">{T.formTitle}</h3>
        {errors.form && <div className="notice notice--error" role="alert">{errors.form}</div>}
        <div className="essentials__pair">
          <div className="field">
            {label("category")}
            <select
              {...described("category")}
              value={category}
              onChange={(e) => {
                setCategory(e.target.value);
                const next = e.target.value;
                if (!isCategory(next) || !(ESSENTIAL_CATEGORIES[next] as readonly string[]).includes(subcategory)) {
                  setSubcategory("");
                }
              }}
            >
              <option value="">{T.chooseCategory}</option>
              {options(CATEGORY_NAMES, T.categories)}
            </select>
            {message("category")}
          </div>
          <div className="field">
            {label("subcategory")}
            <select
              {...described("subcategory", subcategoryOff ? SUBCATEGORY_HINT_ID : undefined)}
              value={subcategory}
              disabled={subcategoryOff}
              onChange={(e) => setSubcategory(e.target.value)}
            >
              <option value="">{T.chooseSubcategory}</option>
              {hydrated
                ? chosen && options(ESSENTIAL_CATEGORIES[chosen], T.subcategories)
                : CATEGORY_NAMES.map((c) => (
                  <optgroup key={c} label={shownName(T.categories, c)}>
                    {options(ESSENTIAL_CATEGORIES[c], T.subcategories)}
                  </optgroup>
                ))}
            </select>
            {subcategoryOff && <p className="field__hint" id={SUBCATEGORY_HINT_ID}>{T.subcategoryHint}</p>}
            {message("subcategory")}
          </div>
        </div>
        <div className="field">
          {label("name")}
          <input
            {...described("name")}
            defaultValue={values.name}
            maxLength={ESSENTIAL_LIMITS.name}
            autoComplete="off"
          />
          {message("name")}
        </div>
        <div className="field">
          {label("description")}
          <textarea
            {...described("description")}
            defaultValue={values.description}
            maxLength={ESSENTIAL_LIMITS.description}
            rows={3}
          />
          {message("description")}
        </div>
        <div className="field">
          {label("link")}
          <input
            {...described("link", "essential-link-hint")}
            type="url"
            inputMode="url"
            defaultValue={values.link}
            maxLength={ESSENTIAL_LIMITS.link}
            autoComplete="url"
          />
          <p className="field__hint" id="essential-link-hint">{T.linkHint}</p>
          {message("link")}
        </div>
        <div className="essentials__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? T.adding : T.add}
          </button>
        </div>
      </form>
    </>
  );
}
