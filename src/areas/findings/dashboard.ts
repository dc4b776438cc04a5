// The figures of the AI-SPM dashboard, each read from a roll-up ingest keeps: objects per kind
// (kind_counts), open issues per kind and severity (issue_objects with issues), the top open
// issues (issues) and the objects most at risk (the issue counts on entities).

import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { rfc3339 } from '../../platform/values.ts';
import { scopeArgs, scopeShape, whereScope, type WorkspaceScope } from '../../platform/db/workspace-scope.ts';

export interface KindFigures {
  /** Objects of the kind. */
  inventory: number;
  /** Open (issue, object) pairs on objects of the kind: the sum of their total_issues. */
  issues: number;
  critical: number;
  high: number;
}

export async function figuresByKind(db: Db, scope: WorkspaceScope, kinds: string[]): Promise<Record<string, KindFigures>> {
  const shape = scopeShape(scope);
  const inventory = db.template(`dashboard.inventory:${shape}`, (b, d) =>
    whereScope(
      b
        .selectFrom('kind_counts')
        .select(['kind', sql<number>`sum(count)`.as('n')])
        .where('tenant_id', '=', param('tenant')),
      d,
      shape,
      'workspace_id',
    ).groupBy('kind'),
  );
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
  const [inv, iss] = await Promise.all([
    db.all<{ kind: string; n: number }>(inventory, args),
    db.all<{ object_kind: string; severity: string; n: number }>(issues, args),
  ]);
  const out: Record<string, KindFigures> = {};
  for (const k of kinds) out[k] = { inventory: 0, issues: 0, critical: 0, high: 0 };
  for (const r of inv) if (out[r.kind]) out[r.kind]!.inventory = Number(r.n);
  for (const r of iss) {
    const f = out[r.object_kind];
    if (!f) continue;
    f.issues += Number(r.n);
    if (r.severity === 'critical' || r.severity === 'high') f[r.severity] += Number(r.n);
  }
  return out;
}

export interface TopIssue {
  workspace_id: string;
  id: string;
  rule_id: string;
  rule_name: string;
  severity: string;
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
        .selectFrom('issues')
        .select(['workspace_id', 'id', 'rule_id', 'rule_name', 'severity', 'category', 'open_instances', 'objects', 'last_detected'])
        .where('tenant_id', '=', param('tenant')),
      d,
      shape,
      'workspace_id',
    )
      .orderBy('severity_rank', 'desc')
      .orderBy('open_instances', 'desc')
      .orderBy('last_detected', 'desc')
      .orderBy('workspace_id')
      .orderBy('id')
      .limit(sql.lit(limit)),
  );
  const rows = await db.all<Record<string, unknown>>(t, { ...scopeArgs(scope) });
  return rows.map((r) => ({
    workspace_id: r.workspace_id as string,
    id: r.id as string,
    rule_id: r.rule_id as string,
    rule_name: r.rule_name as string,
    severity: r.severity as string,
    category: r.category as string,
    open_instances: Number(r.open_instances),
    objects: Number(r.objects),
    last_detected: rfc3339(r.last_detected as number),
  }));
}

export interface AtRiskObject {
  workspace_id: string;
  id: string;
  name: string;
  critical_issues: number;
  high_issues: number;
  total_issues: number;
  risk_score: number;
}

/** The objects of a kind at risk (a score above 0), highest risk score first, then most critical issues, then high, then any. */
export async function topAtRisk(db: Db, scope: WorkspaceScope, kind: string, limit: number): Promise<AtRiskObject[]> {
  const shape = scopeShape(scope);
  const t = db.template(`dashboard.at-risk:${shape}:${limit}`, (b, d) =>
    whereScope(
      b
        .selectFrom('entities')
        .select(['workspace_id', 'id', 'name', 'critical_issues', 'high_issues', 'total_issues', 'risk_score'])
        .where('tenant_id', '=', param('tenant'))
        .where('kind', '=', param('kind'))
        .where('risk_score', '>', 0),
      d,
      shape,
      'workspace_id',
    )
      .orderBy('risk_score', 'desc')
      .orderBy('critical_issues', 'desc')
      .orderBy('high_issues', 'desc')
      .orderBy('total_issues', 'desc')
      .orderBy('workspace_id')
      .orderBy('id')
      .limit(sql.lit(limit)),
  );
  const rows = await db.all<Record<string, unknown>>(t, { ...scopeArgs(scope), kind });
  return rows.map((r) => ({
    workspace_id: r.workspace_id as string,
    id: r.id as string,
    name: r.name as string,
    critical_issues: Number(r.critical_issues),
    high_issues: Number(r.high_issues),
    total_issues: Number(r.total_issues),
    risk_score: Number(r.risk_score),
  }));
}
