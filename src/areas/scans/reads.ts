// Reading scans: the scans of one asset (within a workspace for the asset's edges, across the
// token's workspaces for `/scans/asset/{id}`), the current scans of a workspace by sensor or CI/CD
// type, the sensor types a workspace ever used, one scan (the instance view), and the dashboard's
// scan counts. Rows carry the columns of the catalogue's `scan` row set.
//
// A scan is current for a (sensor, asset) pair when it is the finished scan of that sensor that
// started last on the asset (`scan_assets.is_current`); a scan is current when it is current for
// at least one of its assets (`scans.current_assets > 0`, which partial indexes cover).

import { type Selectable, sql, type SelectQueryBuilder } from 'kysely';
import { column, storedAs } from '../../catalog/columns.ts';
import { scan } from '../../catalog/rowsets.ts';
import type { ColumnDef } from '../../catalog/types.ts';
import type { Builder, Db, Executor } from '../../platform/db/database.ts';
import type { ScansTable } from '../../platform/db/tables/inventory.ts';
import { param } from '../../platform/db/database.ts';
import { rowObject, rowValues, selectList } from '../../platform/lists/row-values.ts';
import { withObjectName } from '../inventory/entities-store.ts';
import { scopeArgs, scopeShape, whereScope, type WorkspaceScope } from '../../platform/db/workspace-scope.ts';

/**
 * How a scan is current, computed in the query and selected as `is_current`: read for one asset,
 * whether it is the current scan of its sensor for that asset (`scan_assets as sa`); otherwise
 * whether it is current for at least one of its assets. 0/1 on both engines.
 */
export const isCurrentSql = { asset: 'sa.is_current', scan: '(case when s.current_assets > 0 then 1 else 0 end)' } as const;

/** The fields of the `scan` columns read through `scans as s`, `is_current` computed as `isCurrentSql[over]`. */
export function scanFields(over: keyof typeof isCurrentSql) {
  return selectList(scan.columns, 's', { is_current: isCurrentSql[over] }) as ReadonlyArray<`s.${keyof ScansTable}`>;
}

/** A scan as `scanFields` reads it (typed as the table's row); with its workspace on lists over several. */
export type ScanRow = Selectable<ScansTable> & { workspace_id?: string } & Record<string, unknown>;

export const scanHeader = scan.columns.map((c) => c.name);

/** A scan as a row aligned to `scanHeader`. */
export const scanValues = rowValues(scan.columns);

/** A scan as an object keyed by the `scanHeader` names. */
export const scanObject = rowObject(scan.columns);

// ---- the scans of one asset ------------------------------------------------------------------

/** SQL behind each sortable `scan` column when rows are read through `scan_assets as sa`. */
export const assetScanSortSql: Record<string, string> = {
  id: 'sa.scan_id',
  sensor_type: 's.sensor_type',
  started_at: 'sa.started_at',
  ai_objects: 's.ai_objects',
  findings: 's.findings',
};

/** Scans covering one asset (`param('id')`), with whether each is current for it; workspace left to the caller. */
export function assetScansJoin(b: Builder) {
  return b
    .selectFrom('scan_assets as sa')
    .innerJoin('scans as s', (j) =>
      j.onRef('s.tenant_id', '=', 'sa.tenant_id').onRef('s.workspace_id', '=', 'sa.workspace_id').onRef('s.id', '=', 'sa.scan_id'),
    )
    .select(scanFields('asset'))
    .where('sa.tenant_id', '=', param('tenant'))
    .where('sa.asset_id', '=', param('id'));
}

/**
 * The base of an asset's `scans` / `current_scans` edge within one workspace (parameters tenant,
 * workspace, id), for the inventory's derived edges.
 */
export function assetScansBase(currentOnly: boolean) {
  return (b: Builder): SelectQueryBuilder<any, any, any> => {
    const q = assetScansJoin(b).where('sa.workspace_id', '=', param('workspace'));
    return currentOnly ? q.where(sql<boolean>`sa.is_current = 1`) : q;
  };
}

/** Newest first across workspaces; a scan id is unique only within its workspace, so that ends the key. */

/**
 * Whether a workspace of the scope holds an asset with this id in its inventory. Driven by
 * `kind_counts` (one row per workspace and kind) so each workspace costs one primary-key probe of
 * `entities`, whatever the scope: `entities` has no index led by the tenant and id, and SQLite
 * would otherwise walk the tenant's entities; a CROSS JOIN keeps its join order as written.
 */
/** How many scans covered an asset in the scope's workspaces (one row of scan_assets each). */
export async function countAssetScans(db: Db, scope: WorkspaceScope, assetId: string): Promise<number> {
  const shape = scopeShape(scope);
  const t = db.template(`scans.asset-count:${shape}`, (b, d) =>
    whereScope(
      b
        .selectFrom('scan_assets as sa')
        .select(sql<number>`count(*)`.as('count'))
        .where('sa.tenant_id', '=', param('tenant'))
        .where('sa.asset_id', '=', param('id')),
      d,
      shape,
      'sa.workspace_id',
    ),
  );
  return Number((await db.first(t, { ...scopeArgs(scope), id: assetId }))?.count ?? 0);
}

// ---- current scans of a workspace ------------------------------------------------------------

export const currentSortSql: Record<string, string> = {
  id: 's.id',
  sensor_type: 's.sensor_type',
  started_at: 's.started_at',
  ai_objects: 's.ai_objects',
  findings: 's.findings',
};

/** Which filters are present shapes the SQL; `current_assets > 0` is written out so the partial indexes apply. */

// ---- the assets of one scan ------------------------------------------------------------------

export interface ScanAssetRow extends Record<string, unknown> {
  asset_id: string;
  name: string | null;
  is_current: number;
}

/** The columns of a scan's assets (`scanAssetsBase`): the asset, its inventory name, and whether the scan is current for it. */
export const scanAssetColumns: ColumnDef[] = [
  column('asset_id', 'string', 'Asset id.', true),
  storedAs('name', column('asset_name', 'string', "The inventory's name, null when it does not hold the asset.")),
  column('is_current', 'boolean', 'Whether the scan is the current one of its sensor for the asset.'),
];

export const scanAssetHeader = scanAssetColumns.map((c) => c.name);

/** A scan's asset as a row aligned to `scanAssetHeader`. */
export const scanAssetValues = rowValues(scanAssetColumns);

export function scanAssetsBase(b: Builder) {
  return withObjectName(b.selectFrom('scan_assets as sa').select('sa.asset_id'), { alias: 'sa', kind: { is: 'asset' }, id: 'asset_id' })
    .select('sa.is_current')
    .where('sa.tenant_id', '=', param('tenant'))
    .where('sa.workspace_id', '=', param('workspace'))
    .where('sa.scan_id', '=', param('scan'));
}

// ---- sensors used, one scan, dashboard counts ------------------------------------------------

/**
 * The distinct sensor types of a workspace's scans, in order. A loose index scan over
 * `scans_sensor`: one probe per sensor type rather than a walk over every scan.
 */
export async function sensorsUsed(db: Db, tenant: string, workspace: string): Promise<string[]> {
  const t = db.template('scans.sensors-used', () =>
    sql<Pick<ScansTable, 'sensor_type'>>`with recursive used(sensor_type) as (
      select min(sensor_type) from scans where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
      union all
      select (select min(s.sensor_type) from scans s where s.tenant_id = ${param('tenant')} and s.workspace_id = ${param('workspace')}
        and s.sensor_type > used.sensor_type)
      from used where used.sensor_type is not null)
    select sensor_type from used where sensor_type is not null`.compile(db.builder),
  );
  return (await db.all(t, { tenant, workspace })).map((r) => r.sensor_type);
}

export async function getScan(db: Db, tenant: string, workspace: string, id: string): Promise<ScanRow | undefined> {
  const t = db.template('scans.get', (b) =>
    b
      .selectFrom('scans as s')
      .select(scanFields('scan'))
      .where('s.tenant_id', '=', param('tenant'))
      .where('s.workspace_id', '=', param('workspace'))
      .where('s.id', '=', param('id')),
  );
  return db.first(t, { tenant, workspace, id });
}

/** The scans of a workspace whose string attribute `member` (fixed by the caller's code) is `value`: id and start time. */
export async function scansWithAttribute(
  db: Db,
  ex: Executor,
  tenant: string,
  workspace: string,
  member: string,
  value: string,
): Promise<Array<{ id: string; started_at: number }>> {
  const t = db.template(`scans.with-attribute:${member}`, (b, d) =>
    sql<{
      id: string;
      started_at: number;
    }>`select id, started_at from scans where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
      and ${sql.raw(d.jsonValue('attributes', member, 'string'))} = ${param('value')}`.compile(b),
  );
  return ex.all(t, { tenant, workspace, value });
}

/** Named as the product family's dashboard names them. */
export interface ScanCounts {
  /** Current scans: finished scans that are the current scan of their sensor for at least one asset. */
  total_current_aispm_scans: number;
  /** Of those, the scans that reported at least one AI object. */
  scans_with_ai_objects_count: number;
  /** scans_with_ai_objects_count as a percentage of total_current_aispm_scans, to one decimal (0 when there are none). */
  percent_scans_with_ai_objects: number;
}

export async function scanCounts(db: Db, scope: WorkspaceScope): Promise<ScanCounts> {
  const shape = scopeShape(scope);
  const t = db.template(`scans.dashboard:${shape}`, (b, d) =>
    whereScope(
      b
        .selectFrom('scans as s')
        .select([
          sql<number>`count(*)`.as('current'),
          sql<number>`coalesce(sum(case when s.ai_objects > 0 then 1 else 0 end), 0)`.as('with_ai'),
        ])
        .where('s.tenant_id', '=', param('tenant'))
        .where(sql<boolean>`s.current_assets > 0`),
      d,
      shape,
      's.workspace_id',
    ),
  );
  const row = await db.first(t, scopeArgs(scope));
  const current = Number(row?.current ?? 0);
  const withAi = Number(row?.with_ai ?? 0);
  return {
    total_current_aispm_scans: current,
    scans_with_ai_objects_count: withAi,
    percent_scans_with_ai_objects: current === 0 ? 0 : Math.round((1000 * withAi) / current) / 10,
  };
}
