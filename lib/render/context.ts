import { createContext } from "react";
import type { AssetManifest } from "./assets.ts";

export interface IslandUse {
  name: string;
  id: string;
  propsJson: string;
}

/** Per-render state: the nonce to stamp on scripts and the islands the page used. */
export class RenderState {
  readonly islands: IslandUse[] = [];
  constructor(readonly assets: AssetManifest, readonly nonce: string) {}
}

export const RenderContext = createContext<RenderState | null>(null);
