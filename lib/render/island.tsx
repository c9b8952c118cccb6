import { type ComponentProps, type ComponentType, useContext } from "react";
import { type IslandName, islands } from "../../islands/mod.ts";
import { RenderContext } from "./context.ts";
import { serializeForScript } from "./serialize.ts";
import { ISLAND_MESSAGES_PROP, useI18n } from "../i18n/context.tsx";
import { islandMessages } from "../i18n/island_areas.ts";

/** When the browser hydrates an island: at once, when scrolled into view, or on first click. */
export type HydrateOn = "load" | "visible" | "interaction";

interface IslandProps<N extends IslandName> {
  name: N;
  props: ComponentProps<typeof islands[N]>;
  hydrate?: HydrateOn;
}

/**
 * Renders an island on the server inside a marker that names it, points at its bundle and
 * refers to its props, which the page writes as escaped JSON in a nonce'd script element.
 */
export function Island<N extends IslandName>({ name, props, hydrate = "load" }: IslandProps<N>) {
  const state = useContext(RenderContext);
  if (!state) throw new Error("Island rendered outside renderPage()");
  const src = state.assets.islands[name];
  if (!src) throw new Error(`Island ${name} is missing from the asset manifest`);
  const id = `island-props-${state.islands.length}`;
  // Its messages ride with its props: only the areas it uses, in the page's language.
  const { lang } = useI18n();
  const messages = { lang, m: islandMessages(lang, name) };
  state.islands.push({ name, id, propsJson: serializeForScript({ ...props, [ISLAND_MESSAGES_PROP]: messages }) });
  const Component = islands[name] as unknown as ComponentType<object>;
  return (
    <div className="island" data-island={name} data-src={src} data-hydrate={hydrate} data-props={id}>
      <Component {...props} />
    </div>
  );
}
