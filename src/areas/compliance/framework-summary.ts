// A workspace's summary per compliance framework (src/catalog/frameworks.ts), what the API calls its
// compliance posture (not to be mistaken for the posture rules of src/areas/posture/): how many of
// its controls are assessed (a rule the workspace sees maps to them) and how many have open findings,
// the open findings by severity, the objects failing, the posture score, and the 12-month trend.
// Everything is read from the findings' roll-ups (`issues`, `issue_objects`, the per-rule monthly
// counts) joined to `rule_controls`, never from the instances: the statements are the findings'
// (src/areas/findings/framework-mapping-store.ts), the objects' counts the inventory's.
//
//   posture_score = (objects_in_scope − objects_failing) / objects_in_scope
//
// objects_in_scope: the inventory objects of the kinds the framework's rules apply to (plus any
// other inventory object a finding of those rules names); objects_failing: those of them with at
// least one open finding of a rule mapped to a control of the framework. null when nothing is in
// scope. A finding counts once per framework however many of its controls its rule maps to.

import { type Framework, frameworks } from '../../catalog/frameworks.ts';
import { severities, type Severity } from '../../catalog/rules/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/database.ts';
import {
  assessedControlsSql,
  failingControlsSql,
  failingObjectsSql,
  frameworkRules,
  frameworkTrendSql,
  openPerFrameworkSql,
  ruleKindsSql,
  withParams,
} from '../findings/framework-mapping-store.ts';
import { histogramMonths } from '../findings/histogram.ts';
import { heldObjectJoin, kindCountsOfWorkspace } from '../inventory/entities-store.ts';

export type SeverityCounts = Record<Severity, number> & { total: number };

export interface MonthTrend {
  month: string;
  critical: number;
  high: number;
  medium: number;
  low: number;
}

export interface FrameworkPosture {
  framework: string;
  name: string;
  version: string;
  controls: number;
  controls_assessed: number;
  controls_not_assessed: number;
  controls_with_open_findings: number;
  open_findings: SeverityCounts;
  objects_in_scope: number;
  objects_failing: number;
  posture_score: number | null;
  trend: MonthTrend[];
}

/**
 * The failing objects per framework and kind, from (object, rule) rows in object order: an object
 * fails a framework when one of its rules maps to it; each object counts once per framework.
 */
function failingByFramework(
  rows: ReadonlyArray<{ object_kind: string; object_id: string; rule_id: string }>,
  pairs: ReadonlyArray<{ framework_id: string; rule_id: string }>,
): Array<{ framework_id: string; object_kind: string; n: number }> {
  const frameworksOf = new Map<string, string[]>();
  for (const p of pairs) frameworksOf.set(p.rule_id, [...(frameworksOf.get(p.rule_id) ?? []), p.framework_id]);
  const tally = new Map<string, { framework_id: string; object_kind: string; n: number }>();
  const count = (kind: string, hit: Set<string>) => {
    for (const f of hit) {
      const t = tally.get(`${f}\u0000${kind}`) ?? { framework_id: f, object_kind: kind, n: 0 };
      t.n++;
      tally.set(`${f}\u0000${kind}`, t);
    }
  };
  let object = '';
  let kind = '';
  let hit = new Set<string>();
  for (const r of rows) {
    const key = `${r.object_kind}\u0000${r.object_id}`;
    if (key !== object) {
      count(kind, hit);
      [object, kind, hit] = [key, r.object_kind, new Set()];
    }
    for (const f of frameworksOf.get(r.rule_id) ?? []) hit.add(f);
  }
  count(kind, hit);
  return [...tally.values()];
}

const zero = (): SeverityCounts => ({ critical: 0, high: 0, medium: 0, low: 0, total: 0 });

export async function compliancePosture(db: Db, tenant: string, workspace: string, now: number): Promise<FrameworkPosture[]> {
  const args = { tenant, workspace };
  const findings = db.template('compliance.findings', (b) =>
    withParams<{ framework_id: string; severity: Severity; n: number }>(openPerFrameworkSql).compile(b),
  );
  // A control is assessed when a rule the workspace sees maps to it; the others are not assessed.
  const assessedControls = db.template('compliance.assessed-controls', (b) =>
    withParams<{ framework_id: string; n: number }>(assessedControlsSql).compile(b),
  );
  const failingControls = db.template('compliance.failing-controls', (b) =>
    withParams<{ framework_id: string; n: number }>(failingControlsSql).compile(b),
  );
  // The objects with open findings and the rules of those findings, in object order: each object's
  // frameworks are the union of its rules' (counted as the rows go by, never held all at once).
  const failing = db.template('compliance.failing-objects', (b) =>
    withParams<{ object_kind: string; object_id: string; rule_id: string }>(failingObjectsSql(heldObjectJoin)).compile(b),
  );
  const ruleFrameworks = db.template('compliance.rule-frameworks', (b) =>
    withParams<{ framework_id: string; rule_id: string }>(frameworkRules.slice(1, -1)).compile(b),
  );
  const ruleKinds = db.template('compliance.rule-kinds', (b) =>
    withParams<{ framework_id: string; object_types: unknown }>(ruleKindsSql).compile(b),
  );
  const kinds = db.template('compliance.kind-counts', kindCountsOfWorkspace);
  const months = histogramMonths(now);
  const trend = db.template('compliance.trend', (b) =>
    withParams<{ framework_id: string; month: string } & Record<Severity, number>>(frameworkTrendSql).compile(b),
  );

  const [findingRows, assessedRows, controlRows, objectRows, pairRows, kindRows, countRows, trendRows] = await Promise.all([
    db.all(findings, args),
    db.all(assessedControls, args),
    db.all(failingControls, args),
    db.all(failing, args),
    db.all(ruleFrameworks, args),
    db.all(ruleKinds, args),
    db.all(kinds, args),
    db.all(trend, { ...args, from: months[0], to: months.at(-1) }),
  ]);
  const entitiesOf = new Map(countRows.map((r) => [r.kind, Number(r.count)]));
  const failingRows = failingByFramework(objectRows, pairRows);

  return frameworks.map((f: Framework): FrameworkPosture => {
    const open = zero();
    for (const r of findingRows.filter((r) => r.framework_id === f.id)) {
      open[r.severity] += Number(r.n);
      open.total += Number(r.n);
    }
    const scopeKinds = new Set(kindRows.filter((r) => r.framework_id === f.id).flatMap((r) => readJson<string[]>(r.object_types) ?? []));
    let inScope = [...scopeKinds].reduce((n, k) => n + (entitiesOf.get(k) ?? 0), 0);
    let failingObjects = 0;
    for (const r of failingRows.filter((r) => r.framework_id === f.id)) {
      failingObjects += Number(r.n);
      // An object of a kind its rule does not name is in scope because a finding names it.
      if (!scopeKinds.has(r.object_kind)) inScope += Number(r.n);
    }
    const assessed = Number(assessedRows.find((r) => r.framework_id === f.id)?.n ?? 0);
    const byMonth = new Map(trendRows.filter((r) => r.framework_id === f.id).map((r) => [r.month, r]));
    return {
      framework: f.id,
      name: f.name,
      version: f.version,
      controls: f.controls.length,
      controls_assessed: assessed,
      controls_not_assessed: f.controls.length - assessed,
      controls_with_open_findings: Number(controlRows.find((r) => r.framework_id === f.id)?.n ?? 0),
      open_findings: open,
      objects_in_scope: inScope,
      objects_failing: failingObjects,
      posture_score: inScope === 0 ? null : Math.round(((inScope - failingObjects) / inScope) * 10000) / 10000,
      trend: months.map((month) => {
        const r = byMonth.get(month);
        return Object.fromEntries([['month', month], ...severities.map((s) => [s, Number(r?.[s] ?? 0)])]) as unknown as MonthTrend;
      }),
    };
  });
}
