/**
 * The shape a translation must have: the English catalogue's, key for key, a plural where
 * English has one and a string where English has a string (a catalogue declared with it fails
 * type checking, and with it every test run, when a key is missing or extra).
 */
import type { Plural } from "./format.ts";

export type Translation<T> = T extends string ? string
  : T extends Plural ? Plural
  : { readonly [K in keyof T]: Translation<T[K]> };
