/**
 * The ical.js guard: ical.js's recurrence iterator has inner loops with no end of their own
 * (ical.js#509, #318, a rule no date can match), so two of its private methods are wrapped to
 * count each step against the budget of the parse under way. Private methods can disappear in
 * any ical.js release: installing the guard fails loudly when they are gone, and
 * tests/unit/calendar_guard_test.ts fails before such an upgrade lands.
 */
import ICAL from "ical.js";
import { PARSE_LIMITS } from "./parse_limits.ts";

/** ical.js's private methods the guard wraps (`ICAL.RecurIterator.prototype`). */
export const METERED_METHODS = ["check_contracting_rules", "expand_year_days"] as const;

/** Thrown from inside ical.js when a budget runs out; `scope` says whether the feed or only the event stops. */
export class BudgetExhausted extends Error {
  constructor(readonly scope: "event" | "feed") {
    super(`The ${scope}'s expansion budget ran out`);
  }
}

/** Steps (candidate dates ical.js tests) for the feed and for one event, and the feed's clock. */
export interface ExpansionLimits {
  steps: number;
  stepsPerEvent: number;
  expansionMs: number;
}

export class ExpansionBudget {
  #eventSteps = 0;
  #steps: number;
  readonly #stepsPerEvent: number;
  readonly #deadline: number;

  constructor(limits: ExpansionLimits = PARSE_LIMITS) {
    this.#steps = limits.steps;
    this.#stepsPerEvent = limits.stepsPerEvent;
    this.#deadline = performance.now() + limits.expansionMs;
  }

  startEvent(): void {
    this.#eventSteps = this.#stepsPerEvent;
  }

  spend(): void {
    this.#eventSteps--;
    this.#steps--;
    if (this.#steps < 0) throw new BudgetExhausted("feed");
    if ((this.#steps & 0x3ff) === 0 && performance.now() > this.#deadline) throw new BudgetExhausted("feed");
    if (this.#eventSteps < 0) throw new BudgetExhausted("event");
  }
}

/** The budget of the parse under way; outside a parse ical.js runs unmetered. */
let activeBudget: ExpansionBudget | null = null;

/** Runs `work` (a parse) with every step of ical.js's iterator charged to `budget`. */
export function meterExpansion<T>(budget: ExpansionBudget, work: () => T): T {
  const previous = activeBudget;
  activeBudget = budget;
  try {
    return work();
  } finally {
    activeBudget = previous;
  }
}

/** Charges one step of the parse's own loops (each occurrence the iterator yields) to the budget under way. */
export function spendExpansionStep(): void {
  activeBudget?.spend();
}

/**
 * Every candidate date ical.js's iterator tests passes through `check_contracting_rules`, and
 * every year a YEARLY rule looks at through `expand_year_days`. Metering them bounds every
 * loop of the iterator, including the ones inside a VTIMEZONE's rules, with no change to what
 * it computes; the feed-wide clock covers a step that is slow rather than endless. Throws when
 * ical.js no longer has them: a parse without the guard would have no bound but the worker's.
 */
export function meterRecurIterator(iteratorPrototype: object = ICAL.RecurIterator.prototype): void {
  const prototype = iteratorPrototype as Record<string, unknown>;
  if (prototype.__goalmatesMetered) return;
  const missing = METERED_METHODS.filter((name) => typeof prototype[name] !== "function");
  if (missing.length > 0) {
    throw new Error(`ical.js's RecurIterator has no ${missing.join(", ")}: recurrence expansion cannot be bounded`);
  }
  prototype.__goalmatesMetered = true;
  for (const name of METERED_METHODS) {
    const original = prototype[name] as (...args: unknown[]) => unknown;
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      activeBudget?.spend();
      return original.apply(this, args);
    };
  }
}
meterRecurIterator();
