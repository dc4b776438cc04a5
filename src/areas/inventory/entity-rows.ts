// Entities keep the row the API shows for them (`row_json`): rendered in JS from the catalogue
// whenever anything a column shows changes (at the end of every ingest batch and posture
// evaluation, for the objects they touched), and for every entity at migrate when the catalogue's
// columns change. Lists and details then send stored strings.

import { createHash } from 'node:crypto';
import { type BatchContext, splitKey } from '../../ingest/batch-context.ts';
import { kindByName, kinds } from '../../catalog/kinds.ts';
import { updateRows } from '../../platform/db/bulk.ts';

import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { entityFormatter, type EntityRow } from './reads.ts';
import { readServiceSetting, saveServiceSetting } from '../../platform/db/service-settings.ts';

const formatters = new Map(kinds.map((k) => [k.name, entityFormatter(k)]));

const columns = [
  'kind',
  'id',
  'name',
  'attributes',
  'first_seen',
  'last_seen',
  'critical_issues',
  'high_issues',
  'total_issues',
  'risk_score',
  'edge_counts',
] as const;

export function renderRow(kind: string, row: EntityRow): string {
  return JSON.stringify(formatters.get(kind)!(row));
}

/** Renders and stores the rows of these objects (`[kind, id]` pairs) of one workspace. */
export async function renderEntityRows(
  db: Db,
  tx: Executor,
  tenant: string,
  workspace: string,
  keys: Array<[string, string]>,
): Promise<void> {
  const t = db.template('entity-rows.load', (b, d) =>
    b
      .selectFrom('entities')
      .select(columns)
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['kind', 'id'], param('keys'))),
  );
  for (let i = 0; i < keys.length; i += 5000) {
    const part = keys.slice(i, i + 5000);
    const rows = await tx.all(t, { tenant, workspace, keys: JSON.stringify(part) });
    await updateRows(
      db,
      tx,
      'entities',
      { tenant, workspace },
      ['kind', 'id'],
      [{ column: 'row_json', type: 'text' }],
      rows.filter((r) => kindByName.has(r.kind)).map((r) => [r.kind, r.id, renderRow(r.kind, r)]),
    );
  }
}

/** What the rendered rows depend on: each kind's columns and where they come from. */
export function catalogueFingerprint(): string {
  return createHash('sha1')
    .update(JSON.stringify(kinds.map((k) => [k.name, k.columns.map((c) => [c.name, c.type, c.from])])))
    .digest('hex');
}

/** Renders every entity's row (at migrate, when the catalogue's columns changed). */
export async function renderAllEntityRows(db: Db, tx: Executor): Promise<number> {
  const scopes = db.template('entity-rows.scopes', (b) => b.selectFrom('entities').select(['tenant_id', 'workspace_id']).distinct());
  const ids = db.template('entity-rows.ids', (b) =>
    b.selectFrom('entities').select(['kind', 'id']).where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')),
  );
  let n = 0;
  for (const s of await tx.all(scopes)) {
    const keys = (await tx.all(ids, { tenant: s.tenant_id, workspace: s.workspace_id })).map((r) => [r.kind, r.id] as [string, string]);
    await renderEntityRows(db, tx, s.tenant_id, s.workspace_id, keys);
    n += keys.length;
  }
  return n;
}

/** The finish step of a batch or an evaluation: the stored rows of every object it touched. */
export async function renderTouchedRows(ctx: BatchContext): Promise<void> {
  const keys = new Set([...ctx.touchedForEdges, ...ctx.touchedForIssues, ...ctx.touchedForRisk, ...ctx.touchedRows]);
  await renderEntityRows(ctx.db, ctx.tx, ctx.tenant, ctx.workspace, [...keys].map(splitKey));
}

/** After migrations: every stored row rendered again when the catalogue's columns changed since. */
export async function renderRowsOnCatalogueChange(db: Db, tx: Executor): Promise<void> {
  const fingerprint = catalogueFingerprint();
  if ((await readServiceSetting(db, tx, 'entity_rows')) === fingerprint) return;
  await renderAllEntityRows(db, tx);
  await saveServiceSetting(db, tx, 'entity_rows', fingerprint);
}
