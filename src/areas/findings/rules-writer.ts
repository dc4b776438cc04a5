// Applying rules and rule settings, and reading rule metadata as a tenant sees it (static or
// external, with its settings): what findings and posture rules need to know about a rule.

import { controlById, frameworks } from '../../catalog/frameworks.ts';
import { type Severity, staticRuleById, staticRuleControls, staticRules } from '../../catalog/rules/index.ts';
import type { BatchContext, Lined } from '../../ingest/batch-context.ts';
import { recordWriter } from '../../ingest/batch.ts';
import type { RuleRecord, RuleSettingRecord } from '../../ingest/records.ts';
import { bulkInsert, chunks, json, updateRows } from '../../platform/db/bulk.ts';
import { type Db, type Executor, param } from '../../platform/db/database.ts';

export interface RuleMeta {
  ruleId: string;
  name: string;
  severity: Severity;
  category: string;
  owasp: string | null;
  remediation: string;
  enabled: boolean;
}

/** A rule as its writers store it: rules sent to ingest, an advisory's, a control's. */
export interface RuleRow {
  ruleId: string;
  name: string;
  description: string;
  severity: Severity;
  category: string;
  objectTypes: readonly string[];
  remediation: string;
  owasp: string | null;
  source: 'external' | 'control';
  /** Compliance control ids. */
  frameworks: unknown;
  tags?: readonly string[];
  helpUri?: string | null;
}

/** The columns a rule written again may change. */
export const ruleColumns = [
  'name',
  'name_lower',
  'description',
  'severity',
  'category',
  'object_types',
  'remediation',
  'owasp_category',
  'updated_at',
  'frameworks',
  'tags',
  'help_uri',
] as const;
export type RuleColumn = (typeof ruleColumns)[number];

/** Inserts the rules of a workspace, or changes the `update` columns of those stored (`rule_id` is their key). */
export async function upsertRules(
  tx: Executor,
  at: { tenant: string; workspace: string; now: number },
  rows: Iterable<RuleRow>,
  update: readonly RuleColumn[] = ruleColumns,
): Promise<void> {
  await bulkInsert(
    tx,
    'rules',
    ['tenant_id', 'workspace_id', 'rule_id', 'source', ...ruleColumns],
    [...rows].map((r) => [
      at.tenant,
      at.workspace,
      r.ruleId,
      r.source,
      r.name,
      r.name.toLowerCase(),
      r.description,
      r.severity,
      r.category,
      json(r.objectTypes),
      r.remediation,
      r.owasp,
      at.now,
      json(r.frameworks),
      json(r.tags ?? []),
      r.helpUri ?? null,
    ]),
    { keys: ['tenant_id', 'workspace_id', 'rule_id'], update: Object.fromEntries(update.map((c) => [c, `excluded.${c}`])) },
  );
}

export async function applyRules(ctx: BatchContext, records: Lined<RuleRecord>[]): Promise<void> {
  const last = new Map(records.map(({ record }) => [record.id, record]));
  await upsertRules(
    ctx.tx,
    ctx,
    [...last.values()].map((r) => ({
      ruleId: r.id,
      name: r.name,
      description: r.description,
      severity: r.severity,
      category: r.category,
      objectTypes: r.objectTypes,
      remediation: r.remediation,
      owasp: r.owasp,
      source: 'external',
      frameworks: r.frameworks,
      tags: r.tags,
      helpUri: r.helpUri,
    })),
  );
  await writeRuleControls(
    ctx.db,
    ctx.tx,
    ctx.tenant,
    ctx.workspace,
    [...last.values()].map((r) => ({ id: r.id, controls: r.frameworks })),
  );
  // Issues and instances copy the rule's name and category when they are written; a rule sent
  // again with a new name or category must not leave the old ones showing on them.
  const { tx, db, tenant, workspace } = ctx;
  const renamed = [...last.values()];
  await updateRows(
    db,
    tx,
    'issues',
    { tenant, workspace },
    ['rule_id'],
    [
      { column: 'rule_name', type: 'text' },
      { column: 'category', type: 'text' },
    ],
    renamed.map((r) => [r.id, r.name, r.category]),
  );
  await updateRows(
    db,
    tx,
    'issue_instances',
    { tenant, workspace },
    ['rule_id'],
    [{ column: 'category', type: 'text' }],
    renamed.map((r) => [r.id, r.category]),
  );
}

export async function applyRuleSettings(ctx: BatchContext, records: Lined<RuleSettingRecord>[]): Promise<void> {
  const last = new Map(records.map(({ record }) => [record.ruleId, record]));
  await bulkInsert(
    ctx.tx,
    'rule_settings',
    ['tenant_id', 'rule_id', 'enabled', 'severity', 'updated_at'],
    [...last.values()].map((r) => [ctx.tenant, r.ruleId, r.enabled ? 1 : 0, r.severity, ctx.now]),
    {
      keys: ['tenant_id', 'rule_id'],
      update: { enabled: 'excluded.enabled', severity: 'excluded.severity', updated_at: 'excluded.updated_at' },
    },
  );
}

/** Rule metadata for these ids as this tenant sees them: static or external, with its settings. */
export async function loadRuleMeta(ctx: BatchContext, ids: string[]): Promise<Map<string, RuleMeta>> {
  const out = new Map<string, RuleMeta>();
  if (ids.length === 0) return out;
  const { tx, db, tenant, workspace } = ctx;
  const external = db.template('ingest.rule-meta', (b, d) =>
    b
      .selectFrom('rules')
      .select(['rule_id', 'name', 'severity', 'category', 'owasp_category', 'remediation'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inList('rule_id', param('ids'))),
  );
  const settings = db.template('ingest.rule-settings', (b, d) =>
    b
      .selectFrom('rule_settings')
      .select(['rule_id', 'enabled', 'severity'])
      .where('tenant_id', '=', param('tenant'))
      .where(d.inList('rule_id', param('ids'))),
  );
  for (const r of await tx.all(external, { tenant, workspace, ids })) {
    out.set(r.rule_id, {
      ruleId: r.rule_id,
      name: r.name,
      severity: r.severity,
      category: r.category,
      owasp: r.owasp_category,
      remediation: r.remediation,
      enabled: true,
    });
  }
  for (const id of ids) {
    const s = staticRuleById.get(id);
    if (s)
      out.set(id, {
        ruleId: id,
        name: s.name,
        severity: s.severity,
        category: s.category,
        owasp: s.owasp,
        remediation: s.remediation,
        enabled: true,
      });
  }
  for (const s of await tx.all(settings, { tenant, ids })) {
    const m = out.get(s.rule_id);
    if (m) {
      m.enabled = !!Number(s.enabled);
      if (s.severity) m.severity = s.severity;
    }
  }
  return out;
}

export const ruleWriter = recordWriter('rule', applyRules);
export const ruleSettingWriter = recordWriter('rule_setting', applyRuleSettings);

/** After migrations: the static rules shipped with the service, as rows of `rules` (tenant '*'). */
export async function syncStaticRules(db: Db, tx: Executor): Promise<void> {
  const upsert = db.template('migrate.static-rule', (b) =>
    b
      .insertInto('rules')
      .values({
        tenant_id: '*',
        workspace_id: '*',
        rule_id: param('rule_id'),
        name: param('name'),
        name_lower: param('name_lower'),
        description: param('description'),
        severity: param('severity'),
        category: param('category'),
        object_types: param('object_types'),
        remediation: param('remediation'),
        owasp_category: param('owasp'),
        frameworks: param('frameworks'),
        source: 'static',
        updated_at: param<number>('now'),
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'workspace_id', 'rule_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          name_lower: eb.ref('excluded.name_lower'),
          description: eb.ref('excluded.description'),
          severity: eb.ref('excluded.severity'),
          category: eb.ref('excluded.category'),
          object_types: eb.ref('excluded.object_types'),
          remediation: eb.ref('excluded.remediation'),
          owasp_category: eb.ref('excluded.owasp_category'),
          frameworks: eb.ref('excluded.frameworks'),
        })),
      ),
  );
  const now = Date.now();
  for (const r of staticRules) {
    await tx.run(upsert, {
      rule_id: r.id,
      name: r.name,
      name_lower: r.name.toLowerCase(),
      description: r.description,
      severity: r.severity,
      category: r.category,
      object_types: JSON.stringify(r.objectTypes),
      remediation: r.remediation,
      owasp: r.owasp,
      frameworks: JSON.stringify(staticRuleControls.get(r.id) ?? []),
      now,
    });
  }
  await writeRuleControls(
    db,
    tx,
    '*',
    '*',
    staticRules.map((r) => ({ id: r.id, controls: staticRuleControls.get(r.id) ?? [] })),
  );
  await syncFrameworkControls(db, tx);
}

/**
 * The rows of `rule_controls` of these rules, replaced: what the compliance posture joins findings
 * to controls on. Static rules are written under tenant and workspace '*'.
 */
export async function writeRuleControls(
  db: Db,
  tx: Executor,
  tenant: string,
  workspace: string,
  rules: { id: string; controls: readonly string[] }[],
): Promise<void> {
  if (rules.length === 0) return;
  const del = db.template('rules.controls-delete', (b, d) =>
    b
      .deleteFrom('rule_controls')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inList('rule_id', param('ids'))),
  );
  for (const part of chunks(rules.map((r) => r.id))) await tx.run(del, { tenant, workspace, ids: part });
  await bulkInsert(
    tx,
    'rule_controls',
    ['tenant_id', 'workspace_id', 'rule_id', 'framework_id', 'control_id'],
    rules.flatMap((r) => r.controls.map((id) => [tenant, workspace, r.id, controlById.get(id)!.framework.id, id])),
    { keys: ['tenant_id', 'workspace_id', 'rule_id', 'control_id'], update: {} },
  );
}

/** The frameworks' controls as rows (src/catalog/frameworks.ts), replaced after each migration. */
async function syncFrameworkControls(db: Db, tx: Executor): Promise<void> {
  await tx.run(
    db.template('migrate.controls-delete', (b) => b.deleteFrom('framework_controls')),
    {},
  );
  await bulkInsert(
    tx,
    'framework_controls',
    ['framework_id', 'control_id', 'name', 'position'],
    frameworks.flatMap((f) => f.controls.map((c, i) => [f.id, c.id, c.name, i])),
    { keys: ['framework_id', 'control_id'], update: {} },
  );
}

/** Removes a rule of one source (its findings stay, as the histogram reads them). */
export async function deleteRule(db: Db, tx: Executor, tenant: string, workspace: string, id: string, source: string): Promise<void> {
  const t = db.template('findings.delete-rule', (b) =>
    b
      .deleteFrom('rules')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('rule_id', '=', param('id'))
      .where('source', '=', param('source')),
  );
  await tx.run(t, { tenant, workspace, id, source });
}
