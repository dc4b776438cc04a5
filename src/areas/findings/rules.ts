// Reading rules: the static ones shipped with the service (stored under tenant '*'), the external
// ones ingested into a workspace, each with the tenant's settings laid over it (enabled, severity
// override). Three lists share one query shape: a workspace's rules (static and its external
// ones), the static rules, and the external rules of the workspaces a token may read.

import { type InferResult, sql } from 'kysely';
import type { Severity } from '../../catalog/rules/index.ts';
import { ruleRow } from '../../catalog/rowsets.ts';
import type { Builder, Db } from '../../platform/db/database.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { scopeArgs, scopeCondition, scopeShape, type WorkspaceScope } from '../../platform/db/workspace-scope.ts';

/** A rule as `ruleSelect` reads it, with the tenant's settings applied. */
export type RuleRow = InferResult<ReturnType<typeof ruleSelect>>[number];

/** Which rules a list holds. */
export type RuleSet =
  | { kind: 'workspace'; tenant: string; workspace: string }
  | { kind: 'static'; tenant: string }
  | { kind: 'external'; scope: WorkspaceScope };

const effectiveSeverity = 'coalesce(s.severity, r.severity)';
const severityRank = (expr: string) => `case ${expr} when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;

export const ruleSortSql: Record<string, string> = {
  rule_id: 'r.rule_id',
  rule_name: 'r.name',
  severity: severityRank(effectiveSeverity),
  category: 'r.category',
  source: 'r.source',
};

export const ruleHeader = ruleRow.columns.map((c) => c.name);

/** A rule as the `rule` object of the API (one rule, and the rule section of instances and issues). */
export function ruleObject(r: RuleRow): Record<string, unknown> {
  return {
    rule_id: r.rule_id,
    rule_name: r.name,
    rule_description: r.description,
    severity: r.severity,
    default_severity: r.default_severity,
    category: r.category,
    object_types: readJson<string[]>(r.object_types) ?? [],
    owasp_category: r.owasp_category,
    remediation: r.remediation,
    source: r.source,
    enabled: Number(r.enabled) !== 0,
    frameworks: readJson<string[]>(r.frameworks) ?? [],
    tags: readJson<string[]>(r.tags) ?? [],
    help_uri: r.help_uri ?? null,
  };
}

export function ruleValues(r: RuleRow): unknown[] {
  return Object.values(ruleObject(r));
}

export function ruleSelect(b: Builder) {
  return b
    .selectFrom('rules as r')
    .leftJoin('rule_settings as s', (j) => j.onRef('s.rule_id', '=', 'r.rule_id').on('s.tenant_id', '=', param('tenant')))
    .select([
      'r.workspace_id',
      'r.rule_id',
      'r.name',
      'r.description',
      sql.raw<Severity>(effectiveSeverity).as('severity'),
      'r.severity as default_severity',
      'r.category',
      'r.object_types',
      'r.owasp_category',
      'r.remediation',
      'r.source',
      sql.raw<number>('coalesce(s.enabled, 1)').as('enabled'),
      'r.frameworks',
      'r.tags',
      'r.help_uri',
    ]);
}

/** Static rules and the external rules of one workspace. */
export function visibleIn(b: Builder) {
  return ruleSelect(b).where((eb) =>
    eb.or([
      eb.and([eb('r.tenant_id', '=', '*'), eb('r.workspace_id', '=', '*')]),
      eb.and([eb('r.tenant_id', '=', param('tenant')), eb('r.workspace_id', '=', param('workspace'))]),
    ]),
  );
}

/** Rule ids are unique among the rules a workspace sees; across workspaces the workspace breaks ties. */

/** One rule as a workspace sees it: static, or external to that workspace. */
export async function getRule(db: Db, tenant: string, workspace: string, ruleId: string): Promise<RuleRow | undefined> {
  const t = db.template('rules.get', (b) => visibleIn(b).where('r.rule_id', '=', param('rule')));
  return db.first(t, { tenant, workspace, rule: ruleId });
}

/** Whether a rule is static or external to one of the scope's workspaces (rule results answer 404 otherwise). */
export async function ruleKnownIn(db: Db, scope: WorkspaceScope, ruleId: string): Promise<boolean> {
  const shape = scopeShape(scope);
  const t = db.template(`rules.known:${shape}`, (b, d) =>
    b
      .selectFrom('rules as r')
      .select('r.rule_id')
      .where('r.rule_id', '=', param('rule'))
      .where((eb) =>
        eb.or([eb('r.tenant_id', '=', '*'), eb.and([eb('r.tenant_id', '=', param('tenant')), scopeCondition(d, shape, 'r.workspace_id')])]),
      )
      .limit(1),
  );
  return (await db.first(t, { ...scopeArgs(scope), rule: ruleId })) !== undefined;
}
