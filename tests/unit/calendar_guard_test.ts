/**
 * The ical.js guard (lib/calendar/ical_guard.ts) wraps two private methods of ical.js's
 * recurrence iterator to bound its loops (R36). A release of ical.js may rename or drop them
 * without notice: these tests fail before such an upgrade lands, instead of the bound quietly
 * disappearing.
 */
import assert from "node:assert/strict";
import ICAL from "ical.js";
import {
  BudgetExhausted,
  ExpansionBudget,
  METERED_METHODS,
  meterExpansion,
  meterRecurIterator,
} from "../../lib/calendar/ical_guard.ts";

const iteratorPrototype = ICAL.RecurIterator.prototype as unknown as Record<string, unknown>;
const START = ICAL.Time.fromDateTimeString("2026-11-23T12:00:00");
const PLENTY = { steps: 1_000_000, stepsPerEvent: 1_000_000, expansionMs: 60_000 };

/** A budget that only counts what it is charged. */
class CountingBudget extends ExpansionBudget {
  spent = 0;
  override spend(): void {
    this.spent++;
  }
}

Deno.test("[calendar guard] ical.js's iterator still has the private methods the guard wraps", () => {
  assert.deepEqual([...METERED_METHODS], ["check_contracting_rules", "expand_year_days"]);
  for (const name of METERED_METHODS) {
    assert.equal(typeof iteratorPrototype[name], "function", `ICAL.RecurIterator.prototype.${name}`);
  }
});

Deno.test("[calendar guard] each wrapped method charges one step to the parse's budget, and only inside a parse", () => {
  const iterator = ICAL.Recur.fromString("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1").iterator(START) as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  const budget = new CountingBudget(PLENTY);
  iterator.check_contracting_rules(); // Outside a parse: not counted.
  meterExpansion(budget, () => iterator.check_contracting_rules());
  assert.equal(budget.spent, 1, "check_contracting_rules is metered");
  meterExpansion(budget, () => iterator.expand_year_days(2027));
  assert.equal(budget.spent, 2, "expand_year_days is metered");
});

Deno.test("[calendar guard] ical.js's own iteration goes through the guard: a step budget stops an endless rule", () => {
  const rule = ICAL.Recur.fromString("FREQ=DAILY");
  // Unmetered, the iterator just goes on.
  const free = rule.iterator(START);
  for (let i = 0; i < 1_000; i++) assert.ok(free.next());

  const budget = new ExpansionBudget({ ...PLENTY, stepsPerEvent: 100 });
  budget.startEvent();
  const metered = rule.iterator(START);
  let yielded = 0;
  assert.throws(
    () =>
      meterExpansion(budget, () => {
        for (let i = 0; i < 1_000; i++) if (metered.next()) yielded++;
      }),
    (error) => error instanceof BudgetExhausted && error.scope === "event",
  );
  // DTSTART itself is yielded without a test; every later date costs a step.
  assert.ok(yielded <= 101, `stopped after ${yielded} dates`);
});

Deno.test("[calendar guard] installing it on an iterator without those methods fails loudly, naming them", () => {
  assert.throws(
    () => meterRecurIterator({ check_contracting_rules() {} }),
    /RecurIterator has no expand_year_days: recurrence expansion cannot be bounded/,
  );
  const renamed = { checkContractingRules() {}, expandYearDays() {} };
  assert.throws(() => meterRecurIterator(renamed), /no check_contracting_rules, expand_year_days/);
});
