// The rows of controls: a control of one workspace, and the `rules` row (source 'control') that
// makes it a rule like the shipped ones in every findings read (rules lists, issues, compliance,
// SARIF, webhooks). Both are written in the caller's transaction.

import type { Selectable } from 'kysely';
import type { Severity } from '../../catalog/rules/index.ts';
import { bulkInsert, json } from '../../platform/db/bulk.ts';
import { type Db, type Executor, param, readJson } from '../../platform/db/database.ts';
import { deleteRule, ruleColumns, upsertRules, writeRuleControls } from '../findings/rules-writer.ts';
import { openCountsByRule } from '../findings/instances-store.ts';
import type { ControlsTable } from '../../platform/db/tables/findings.ts';
import type { QueryKind } from './query.ts';

/** A control's own fields, as it is written (YAML, a request body). */
export interface ControlFields {
  id: string;
  title: string;
  severity: Severity;
  description: string;
  remediation: string;
  frameworks: string[];
  enabled: boolean;
  queryKind: QueryKind;
  query: string;
}

export interface Control extends ControlFields {
  tenant: string;
  workspace: string;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
}

/** The category its rule and findings carry. */
export const CONTROL_CATEGORY = 'control';

const columns = [
  'tenant_id',
  'workspace_id',
  'id',
  'title',
  'severity',
  'description',
  'remediation',
  'frameworks',
  'enabled',
  'query_kind',
  'query',
  'created_by',
  'created_at',
  'updated_at',
] as const;

function controlOf(r: Pick<Selectable<ControlsTable>, (typeof columns)[number]>): Control {
  return {
    tenant: r.tenant_id,
    workspace: r.workspace_id,
    id: r.id,
    title: r.title,
    severity: r.severity,
    description: r.description,
    remediation: r.remediation,
    frameworks: readJson<string[]>(r.frameworks) ?? [],
    enabled: Number(r.enabled) !== 0,
    queryKind: r.query_kind,
    query: r.query,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** The controls of a workspace, by id. */
export async function controlsOf(db: Db, ex: Executor, tenant: string, workspace: string): Promise<Control[]> {
  const t = db.template('controls.of', (b) =>
    b
      .selectFrom('controls')
      .select([...columns])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .orderBy('id'),
  );
  return (await ex.all(t, { tenant, workspace })).map(controlOf);
}

export async function getControl(db: Db, ex: Executor, tenant: string, workspace: string, id: string): Promise<Control | undefined> {
  const t = db.template('controls.get', (b) =>
    b
      .selectFrom('controls')
      .select([...columns])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id')),
  );
  const row = await ex.first(t, { tenant, workspace, id });
  return row ? controlOf(row) : undefined;
}

/** Writes a control and its rule (created or replaced); `createdBy` and `created_at` are kept on a replace. */
export async function saveControl(
  db: Db,
  tx: Executor,
  at: { tenant: string; workspace: string; by: string; now: number; objectKind: string },
  f: ControlFields,
): Promise<void> {
  const { tenant, workspace, now } = at;
  await bulkInsert(
    tx,
    'controls',
    [...columns],
    [
      [
        tenant,
        workspace,
        f.id,
        f.title,
        f.severity,
        f.description,
        f.remediation,
        json(f.frameworks),
        f.enabled ? 1 : 0,
        f.queryKind,
        f.query,
        at.by,
        now,
        now,
      ],
    ],
    {
      keys: ['tenant_id', 'workspace_id', 'id'],
      update: Object.fromEntries(
        columns
          .slice(3, 11)
          .concat(['updated_at'])
          .map((c) => [c, `excluded.${c}`]),
      ),
    },
  );
  // A control's rule keeps the tags and help address it never sets.
  await upsertRules(
    tx,
    at,
    [
      {
        ruleId: f.id,
        name: f.title,
        description: f.description,
        severity: f.severity,
        category: CONTROL_CATEGORY,
        objectTypes: [at.objectKind],
        remediation: f.remediation,
        owasp: null,
        source: 'control',
        frameworks: f.frameworks,
      },
    ],
    ruleColumns.filter((c) => c !== 'tags' && c !== 'help_uri'),
  );
  await writeRuleControls(db, tx, tenant, workspace, [{ id: f.id, controls: f.frameworks }]);
}

/** Removes a control and its rule (its findings, resolved before, stay readable in the histogram). */
export async function deleteControl(db: Db, tx: Executor, tenant: string, workspace: string, id: string): Promise<void> {
  const args = { tenant, workspace, id };
  await tx.run(
    db.template('controls.delete', (b) =>
      b
        .deleteFrom('controls')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where('id', '=', param('id')),
    ),
    args,
  );
  await deleteRule(db, tx, tenant, workspace, id, 'control');
  await writeRuleControls(db, tx, tenant, workspace, [{ id, controls: [] }]);
}

/** Open findings per control of a workspace (a control's rule has the control's id). */
export async function openCounts(db: Db, ex: Executor, tenant: string, workspace: string): Promise<Map<string, number>> {
  const t = db.template('controls.ids', (b) =>
    b.selectFrom('controls').select('id').where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')),
  );
  const ids = (await ex.all(t, { tenant, workspace })).map((r) => r.id);
  return ids.length ? openCountsByRule(db, ex, tenant, workspace, ids) : new Map();
}
