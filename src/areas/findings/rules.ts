// Reading rules: the static ones shipped with the service (stored under tenant '*'), the external
// ones ingested into a workspace, each with the tenant's settings laid over it (enabled, severity
// override). Three lists share one query shape: a workspace's rules (static and its external
// ones), the static rules, and the external rules of the workspaces a token may read.

import type { InferResult, Selectable } from 'kysely';
import type { Severity } from '../../catalog/rules/index.ts';
import { ruleRow } from '../../catalog/rowsets.ts';
import type { Builder, Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import type { RulesTable } from '../../platform/db/tables/findings.ts';
import { rowObject, rowValues, selectList } from '../../platform/lists/row-values.ts';
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
export const ruleObject = rowObject(ruleRow.columns);

/** A rule as a row aligned to `ruleHeader`. */
export const ruleValues = rowValues(ruleRow.columns);

/**
 * The fields of the `rule` columns: stored ones of `rules as r`, and those the tenant's settings
 * (`rule_settings as s`) decide, computed: its severity override, the shipped severity kept as
 * `default_severity`, and whether it is enabled (0/1).
 */
const ruleFields = selectList(ruleRow.columns, 'r', {
  severity: effectiveSeverity,
  default_severity: 'r.severity',
  enabled: 'coalesce(s.enabled, 1)',
}) as ReadonlyArray<`r.${keyof RulesTable}`>;

export function ruleSelect(b: Builder) {
  return b
    .selectFrom('rules as r')
    .leftJoin('rule_settings as s', (j) => j.onRef('s.rule_id', '=', 'r.rule_id').on('s.tenant_id', '=', param('tenant')))
    .select(['r.workspace_id', ...ruleFields])
    .$castTo<Selectable<RulesTable> & { default_severity: Severity; enabled: number }>();
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
