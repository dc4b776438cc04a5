// The monthly deltas a findings write adds to the histogram roll-ups: instances opened (+1) or
// taken out (-1) per month of detection, rule and severity.

import type { Severity } from '../../catalog/rules/index.ts';

export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** Signed deltas of one month and rule, per severity. */
export interface MonthlyDelta {
  month: string;
  ruleId: string;
  counts: Record<Severity, number>;
}

/**
 * Instances opened (+1) or closed (-1) per month, rule and severity, for addMonthly. The rule is
 * kept so a compliance framework's trend (the sum over its rules) is a lookup too.
 */
export function monthlyCounter(): {
  monthly: Map<string, MonthlyDelta>;
  bump: (ms: number, severity: Severity, by: number, ruleId: string) => void;
} {
  const monthly = new Map<string, MonthlyDelta>();
  return { monthly, bump: bumper(monthly) };
}

/** Adds deltas into an existing map (a waiver's correction joins the writer's own deltas). */
export function bumper(monthly: Map<string, MonthlyDelta>): (ms: number, severity: Severity, by: number, ruleId: string) => void {
  return (ms, severity, by, ruleId) => {
    const month = monthOf(ms);
    const key = `${month}\u0000${ruleId}`;
    const row = monthly.get(key) ?? { month, ruleId, counts: { critical: 0, high: 0, medium: 0, low: 0 } };
    row.counts[severity] += by;
    monthly.set(key, row);
  };
}
