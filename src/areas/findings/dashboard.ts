// The figures of the AI-SPM dashboard, each read from a roll-up ingest keeps: objects per kind
// (kind_counts), open issues per kind and severity (issue_objects with issues), the top open
// issues (issues) and the objects most at risk (the issue counts on entities).

import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { rfc3339 } from '../../platform/values.ts';
import { scopeArgs, scopeShape, whereScope, type WorkspaceScope } from '../../platform/db/workspace-scope.ts';
import { objectsAtRisk, objectsPerKind } from '../inventory/entities-store.ts';

/** One object type's figures, named as the product family's dashboard names them. */
export interface KindFigures {
  object_type: string;
  /** Objects of the kind. */
  total_inventory_count: number;
  /** Open (issue, object) pairs on objects of the kind: the sum of their total_issues. */
  total_issues_count: number;
  critical_issues_count: number;
  high_issues_count: number;
}

/** The figures of each kind, in the order given (a kind without objects has zeros). */
export async function figuresByKind(db: Db, scope: WorkspaceScope, kinds: string[]): Promise<KindFigures[]> {
  const shape = scopeShape(scope);
  const issues = db.template(`dashboard.issues:${shape}`, (b, d) =>
    whereScope(
      b
        .selectFrom('issue_objects as o')
        .innerJoin('issues as i', (j) =>
          j.onRef('i.tenant_id', '=', 'o.tenant_id').onRef('i.workspace_id', '=', 'o.workspace_id').onRef('i.id', '=', 'o.issue_id'),
        )
        .select(['o.object_kind', 'i.severity', sql<number>`count(*)`.as('n')])
        .where('o.tenant_id', '=', param('tenant')),
      d,
      shape,
      'o.workspace_id',
    ).groupBy(['o.object_kind', 'i.severity']),
  );
  const args = scopeArgs(scope);
  const [inv, iss] = await Promise.all([objectsPerKind(db, scope), db.all(issues, args)]);
  const out = new Map<string, KindFigures>();
  for (const k of kinds) {
    out.set(k, { object_type: k, total_inventory_count: 0, total_issues_count: 0, critical_issues_count: 0, high_issues_count: 0 });
  }
  for (const [kind, n] of inv) {
    const f = out.get(kind);
    if (f) f.total_inventory_count = n;
  }
  for (const r of iss) {
    const f = out.get(r.object_kind);
    if (!f) continue;
    f.total_issues_count += Number(r.n);
    if (r.severity === 'critical') f.critical_issues_count += Number(r.n);
    if (r.severity === 'high') f.high_issues_count += Number(r.n);
  }
  return [...out.values()];
}

/**
 * A top issue: the product family's fields (an issue is one rule at one severity, so the objects
 * it touches are all of that severity: its critical or its high elements), then the service's.
 */
export interface TopIssue {
  issue_id: string;
  rule_id: string;
  rule_name: string;
  rule_description: string;
  definitive_severity: string;
  critical_element_count: number;
  high_element_count: number;
  total_priority_affected_elements: number;
  workspace_id: string;
  category: string;
  open_instances: number;
  objects: number;
  last_detected: string | null;
}

/** The most severe open issues, then those with the most open instances. */
export async function topIssues(db: Db, scope: WorkspaceScope, limit: number): Promise<TopIssue[]> {
  const shape = scopeShape(scope);
  const t = db.template(`dashboard.top-issues:${shape}:${limit}`, (b, d) =>
    whereScope(
      b
        .selectFrom('issues as i')
        // The rule's description: a static rule's row (tenant '*') or the workspace's external one.
        .leftJoin('rules as r', (j) =>
          j
            .onRef('r.rule_id', '=', 'i.rule_id')
            .on(
              sql<boolean>`((r.tenant_id = '*' and r.workspace_id = '*') or (r.tenant_id = i.tenant_id and r.workspace_id = i.workspace_id))`,
            ),
        )
        .select([
          'i.workspace_id',
          'i.id',
          'i.rule_id',
          'i.rule_name',
          'i.severity',
          'i.category',
          'i.open_instances',
          'i.objects',
          'i.last_detected',
          'r.description as rule_description',
        ])
        .where('i.tenant_id', '=', param('tenant')),
      d,
      shape,
      'i.workspace_id',
    )
      .orderBy('i.severity_rank', 'desc')
      .orderBy('i.open_instances', 'desc')
      .orderBy('i.last_detected', 'desc')
      .orderBy('i.workspace_id')
      .orderBy('i.id')
      .limit(sql.lit(limit)),
  );
  const rows = await db.all(t, { ...scopeArgs(scope) });
  return rows.map((r) => {
    const objects = Number(r.objects);
    const critical = r.severity === 'critical' ? objects : 0;
    const high = r.severity === 'high' ? objects : 0;
    return {
      issue_id: r.id,
      rule_id: r.rule_id,
      rule_name: r.rule_name,
      rule_description: r.rule_description ?? '',
      definitive_severity: r.severity,
      critical_element_count: critical,
      high_element_count: high,
      total_priority_affected_elements: critical + high,
      workspace_id: r.workspace_id,
      category: r.category,
      open_instances: Number(r.open_instances),
      objects,
      last_detected: rfc3339(r.last_detected),
    };
  });
}

/** An object at risk: the product family's fields, then the service's. */
export interface AtRiskObject {
  aispm_object_id: string;
  aispm_friendly_name: string;
  /** Open critical issues on the object. */
  critical_count: number;
  high_count: number;
  total_critical_high_occurrences: number;
  workspace_id: string;
  total_issues: number;
  risk_score: number;
}

/** The objects of a kind at risk (a score above 0), highest risk score first, then most critical issues, then high, then any. */
export async function topAtRisk(db: Db, scope: WorkspaceScope, kind: string, limit: number): Promise<AtRiskObject[]> {
  const rows = await objectsAtRisk(db, scope, kind, limit);
  return rows.map((r) => ({
    aispm_object_id: r.id,
    aispm_friendly_name: r.name,
    critical_count: Number(r.critical_issues),
    high_count: Number(r.high_issues),
    total_critical_high_occurrences: Number(r.critical_issues) + Number(r.high_issues),
    workspace_id: r.workspace_id,
    total_issues: Number(r.total_issues),
    risk_score: Number(r.risk_score),
  }));
}
