/**
 * The catalogue areas each island's components use: its page writes them, in the page's
 * language, into the island's props, so the browser gets only these strings (and no catalogue
 * code). An island not listed gets `common` only. An area missing here shows as a thrown
 * error when the island hydrates (tests/e2e/hydration_e2e_test.ts renders every island).
 */
import type { IslandName } from "../../islands/mod.ts";
import type { Area } from "./catalog.ts";

const ALWAYS: Area[] = ["common"];

export const ISLAND_AREAS: Partial<Record<IslandName, Area[]>> = {};

export const islandAreas = (name: IslandName): Area[] => [...ALWAYS, ...(ISLAND_AREAS[name] ?? [])];
