// Entities keep the row the API shows for them (`row_json`): rendered in JS from the catalogue
// whenever anything a column shows changes (at the end of every ingest batch and posture
// evaluation, for the objects they touched), and for every entity at migrate when the catalogue's
// columns change. Lists and details then send stored strings.

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { type BatchContext, type FinishStep, splitKey } from '../../ingest/batch-context.ts';
import { kindByName, kinds } from '../../catalog/kinds.ts';
import { updateRows } from '../../platform/db/bulk.ts';

import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { entityFormatter, type EntityRow } from './reads.ts';
import { type ComputedColumn, computedColumnsSql } from './computed-columns-store.ts';
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

type LoadedRow = EntityRow & { kind: string; id: string; row_json: string | null } & Record<string, unknown>;

/**
 * Renders and stores the rows of these objects (`[kind, id]` pairs) of one workspace, with the new
 * values of the `computed` columns read in the same statement: each object whose row or a computed
 * value changes is written once, and the others not at all.
 */
export async function renderEntityRows(
  db: Db,
  tx: Executor,
  tenant: string,
  workspace: string,
  keys: Array<[string, string]>,
  computed: readonly ComputedColumn[] = [],
): Promise<void> {
  const t = db.template(`entity-rows.load:${computed.map((c) => c.column).join(',')}`, (b, d) =>
    sql<LoadedRow>`select ${sql.raw([...columns, 'row_json'].map((c) => `e.${c}`).join(', '))}${sql.raw(
      computed.length ? `, ${computedColumnsSql(computed, 'e')}` : '',
    )}
      from entities e where e.tenant_id = ${param('tenant')} and e.workspace_id = ${param('workspace')}
        and ${d.inKeys(['e.kind', 'e.id'], param('keys'))}`.compile(b),
  );
  const withComputed = [
    ...computed.map((c) => ({ column: c.column, type: 'bigint' as const })),
    { column: 'row_json', type: 'text' as const },
  ];
  for (let i = 0; i < keys.length; i += 5000) {
    const part = keys.slice(i, i + 5000);
    const rows = await tx.all(t, { tenant, workspace, keys: JSON.stringify(part) });
    // Most objects a batch touches keep their counts and score (their row moves for its last_seen
    // or an edge): those have only their row written, leaving the indexes on the counts alone
    // (SQLite rewrites the entries of every index on a column it sets, changed or not).
    const computedChanged: unknown[][] = [];
    const rowChanged: unknown[][] = [];
    for (const r of rows) {
      if (!kindByName.has(r.kind)) continue;
      let same = true;
      const values = computed.map((c) => {
        const value = Number(r[`new_${c.column}`]);
        if (value !== Number(r[c.column])) same = false;
        r[c.column] = value;
        return value;
      });
      const row = renderRow(r.kind, r);
      if (!same) computedChanged.push([r.kind, r.id, ...values, row]);
      else if (row !== r.row_json) rowChanged.push([r.kind, r.id, row]);
    }
    await updateRows(db, tx, 'entities', { tenant, workspace }, ['kind', 'id'], withComputed, computedChanged);
    await updateRows(db, tx, 'entities', { tenant, workspace }, ['kind', 'id'], [{ column: 'row_json', type: 'text' }], rowChanged);
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

/**
 * The finish step of a batch or an evaluation: the stored rows of every object it touched, with the
 * `computed` columns (issue counts, risk score) recomputed for them in the same write.
 */
export function renderTouchedRows(computed: readonly ComputedColumn[]): FinishStep {
  return async (ctx: BatchContext): Promise<void> => {
    const keys = new Set([...ctx.touchedForEdges, ...ctx.touchedForIssues, ...ctx.touchedForRisk, ...ctx.touchedRows]);
    await renderEntityRows(ctx.db, ctx.tx, ctx.tenant, ctx.workspace, [...keys].map(splitKey), computed);
  };
}

/** After migrations: every stored row rendered again when the catalogue's columns changed since. */
export async function renderRowsOnCatalogueChange(db: Db, tx: Executor): Promise<void> {
  const fingerprint = catalogueFingerprint();
  if ((await readServiceSetting(db, tx, 'entity_rows')) === fingerprint) return;
  await renderAllEntityRows(db, tx);
  await saveServiceSetting(db, tx, 'entity_rows', fingerprint);
}
