// The statements over the rules' mapping to framework controls (`rule_controls`,
// `framework_controls`) and the findings' roll-ups (`issues`, `issue_objects`, the per-rule monthly
// counts), which the findings own (issue 34): src/areas/compliance/ composes them into its summary
// and lists. SQL text with `$name` placeholders (withParams); where a statement keeps to the
// objects the inventory holds, the inventory's join is passed in (`held`), so `entities` is named
// only in its owner's folder.

import { sql } from 'kysely';
import { type Builder, param } from '../../platform/db/database.ts';
import type { ObjectRef } from '../inventory/entities-store.ts';
import { selected } from './instances.ts';

/** The join keeping the rows whose object the inventory holds (entities-store's heldObjectJoin). */
export type HeldJoin = (object: ObjectRef) => string;

/** The controls a workspace sees: those of the static rules and of its own external rules. */
export const visibleControls = (rc: string) =>
  `((${rc}.tenant_id = '*' and ${rc}.workspace_id = '*') or (${rc}.tenant_id = $tenant and ${rc}.workspace_id = $workspace))`;

/** SQL text with `$name` placeholders as bound parameters; `R` is the row it reads (declared, not checked). */
export function withParams<R = unknown>(text: string) {
  const parts = text.split(/\$([a-z_]+)/);
  return sql.join<R>(
    parts.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql`${param(p)}`)),
    sql.raw(''),
  );
}

/** Each (framework, rule) pair a workspace sees, once. */
export const frameworkRules = `(select distinct rc.framework_id, rc.rule_id from rule_controls rc where ${visibleControls('rc')})`;

/** Open findings per framework and severity. */
export const openPerFrameworkSql = `
      select f.framework_id, i.severity, sum(i.open_instances) as n
      from issues i join ${frameworkRules} f on f.rule_id = i.rule_id
      where i.tenant_id = $tenant and i.workspace_id = $workspace and i.open_instances > 0
      group by f.framework_id, i.severity`;

/** Per framework, the controls a rule the workspace sees maps to (the assessed ones). */
export const assessedControlsSql = `
      select rc.framework_id, count(distinct rc.control_id) as n
      from rule_controls rc
      where ${visibleControls('rc')}
      group by rc.framework_id`;

/** Per framework, the controls with an open finding of a rule mapped to them. */
export const failingControlsSql = `
      select rc.framework_id, count(distinct rc.control_id) as n
      from rule_controls rc
      where ${visibleControls('rc')} and exists (
        select 1 from issues i
        where i.tenant_id = $tenant and i.workspace_id = $workspace and i.rule_id = rc.rule_id and i.open_instances > 0)
      group by rc.framework_id`;

/** The held objects with open findings and the rules of those findings, in object order. */
export const failingObjectsSql = (held: HeldJoin) => `
      select io.object_kind, io.object_id, i.rule_id
      from issue_objects io
      join issues i on i.tenant_id = io.tenant_id and i.workspace_id = io.workspace_id and i.id = io.issue_id
      ${held({ tenant: 'io.tenant_id', workspace: 'io.workspace_id', kind: 'io.object_kind', id: 'io.object_id' })}
      where io.tenant_id = $tenant and io.workspace_id = $workspace and i.open_instances > 0
      order by io.object_kind, io.object_id`;

/** The object kinds (a rule's `object_types`) of the rules mapped to each framework. */
export const ruleKindsSql = `
      select distinct rc.framework_id, r.object_types
      from rule_controls rc
      join rules r on r.tenant_id = rc.tenant_id and r.workspace_id = rc.workspace_id and r.rule_id = rc.rule_id
      where ${visibleControls('rc')}`;

/** The per-month open findings of each framework by severity, between `$from` and `$to`. */
export const frameworkTrendSql = `
      select f.framework_id, m.month, sum(m.critical) as critical, sum(m.high) as high, sum(m.medium) as medium, sum(m.low) as low
      from issue_monthly_rules m join ${frameworkRules} f on f.rule_id = m.rule_id
      where m.tenant_id = $tenant and m.workspace_id = $workspace and m.month >= $from and m.month <= $to
      group by f.framework_id, m.month`;

/**
 * Per control of a framework, the rules mapped, what is open against them and the status those two
 * make: a derived table, so every column sorts and filters as a plain column. Read from the
 * roll-ups (`issues`, `issue_objects`), never from the instances.
 */
export const controlRowsSql = (held: HeldJoin) => `(
  select y.*,
    case when y.rules = 0 then 'not_assessed' when y.open_findings > 0 then 'failing' else 'passing' end as status
  from (
  select c.control_id, c.name, c.position,
    (select count(*) from rule_controls rc where rc.framework_id = c.framework_id and rc.control_id = c.control_id
      and ${visibleControls('rc')}) as rules,
    coalesce(s.critical, 0) as critical, coalesce(s.high, 0) as high, coalesce(s.medium, 0) as medium, coalesce(s.low, 0) as low,
    coalesce(s.critical + s.high + s.medium + s.low, 0) as open_findings,
    coalesce(o.objects, 0) as objects_failing
  from framework_controls c
  left join (
    select rc.control_id,
      sum(case when i.severity = 'critical' then i.open_instances else 0 end) as critical,
      sum(case when i.severity = 'high' then i.open_instances else 0 end) as high,
      sum(case when i.severity = 'medium' then i.open_instances else 0 end) as medium,
      sum(case when i.severity = 'low' then i.open_instances else 0 end) as low
    from rule_controls rc
    join issues i on i.tenant_id = $tenant and i.workspace_id = $workspace and i.rule_id = rc.rule_id and i.open_instances > 0
    where rc.framework_id = $framework and ${visibleControls('rc')}
    group by rc.control_id
  ) s on s.control_id = c.control_id
  left join (
    select d.control_id, count(*) as objects from (
      select distinct rc.control_id, io.object_kind, io.object_id
      from rule_controls rc
      join issues i on i.tenant_id = $tenant and i.workspace_id = $workspace and i.rule_id = rc.rule_id and i.open_instances > 0
      join issue_objects io on io.tenant_id = i.tenant_id and io.workspace_id = i.workspace_id and io.issue_id = i.id
      ${held({ tenant: 'io.tenant_id', workspace: 'io.workspace_id', kind: 'io.object_kind', id: 'io.object_id' })}
      where rc.framework_id = $framework and ${visibleControls('rc')}
    ) d group by d.control_id
  ) o on o.control_id = c.control_id
  where c.framework_id = $framework
  ) y
)`;

/** The instances of the rules mapped to one control (`$framework`, `$control`) a workspace sees: the findings behind it. */
export function controlInstances(b: Builder) {
  return b
    .selectFrom('issue_instances as i')
    .select(selected)
    .where('i.tenant_id', '=', param('tenant'))
    .where('i.workspace_id', '=', param('workspace'))
    .where(
      sql<boolean>`exists (select 1 from rule_controls rc where rc.rule_id = i.rule_id and rc.framework_id = ${param('framework')}
          and rc.control_id = ${param('control')} and ${withParams(visibleControls('rc'))})`,
    );
}
