/**
 * Whether an island has hydrated, in a module of its own: islands that need only this (roster
 * management, settings, essentials) then do not load the sign-in helpers and the toast store
 * with it, which would count against their 8 KB gzip of own code.
 */
import { useEffect, useState } from "react";

/**
 * False while the server renders and during hydration, true afterwards: controls that only
 * work with JavaScript appear once it runs, and the markup still matches the server's.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
