// The scans' lists, one declaration each: the scans of an asset within a workspace (its `scans`
// and `current_scans` edges) and across the token's workspaces, the current scans of a workspace,
// and the assets of one scan.

import { sql } from 'kysely';
import Type from 'typebox';
import { scan } from '../../catalog/rowsets.ts';
import { param } from '../../platform/db/database.ts';
import { whereScope, type ScopeShape } from '../../platform/db/workspace-scope.ts';
import { SortQuery } from '../../platform/http/schemas.ts';
import { WorkspaceNarrowing } from '../../platform/http/token-scope.ts';
import { ilkOn } from '../../platform/lists/filters.ts';
import { defineList, fieldSql, sortableBy, type ListSpec } from '../../platform/lists/list-spec.ts';
import {
  assetScanSortSql,
  assetScansBase,
  assetScansJoin,
  countAssetScans,
  currentSortSql,
  isCurrentSql,
  scanAssetColumns,
  scanAssetsBase,
  scanAssetValues,
  scanFields,
  type ScanRow,
  scanValues,
} from './reads.ts';

const DEFAULT_PAGE = 100;
const newestFirst = [{ column: 'started_at', dir: 'desc' as const }];
const sortableNames = scan.columns
  .filter((c) => c.sortable)
  .map((c) => c.name)
  .join(', ');
const SortText = {
  sort: Type.Optional(
    Type.String({
      maxLength: 256,
      description: `Sort terms: \`column[:asc|desc]\`, comma-separated, from ${sortableNames}. Default \`started_at:desc\` (newest first).`,
    }),
  ),
  sort_dir: SortQuery.sort_dir,
};

/** A scan's columns read through `scans as s` (and, for one asset's scans, `scan_assets as sa`). */
const scanSql = (forAsset: boolean) =>
  fieldSql(scan.columns, 's.', {
    is_current: isCurrentSql[forAsset ? 'asset' : 'scan'],
    ...(forAsset ? { id: 'sa.scan_id', started_at: 'sa.started_at' } : {}),
  });

const assetLists = new Map<boolean, ListSpec<ScanRow>>();

/** The scans that covered an asset in one workspace, all or only the current one of each sensor. Scope: tenant, workspace, id. */
export function assetScans(currentOnly: boolean): ListSpec<ScanRow> {
  let spec = assetLists.get(currentOnly);
  if (!spec) {
    spec = defineList({
      name: currentOnly ? 'asset.current-scans' : 'asset.scans',
      columns: sortableBy(scan.columns, assetScanSortSql),
      columnSql: () => scanSql(true),
      sortSql: (column) => assetScanSortSql[column],
      tie: ['sa.scan_id'],
      defaultSort: newestFirst,
      filters: [ilkOn('sensor_type', 's.sensor_type')],
      pageSize: DEFAULT_PAGE,
      totalFromFirstPage: true,
      base: (b) => assetScansBase(currentOnly)(b),
      render: (_db, _scope, rows) => rows.map(scanValues),
    });
    assetLists.set(currentOnly, spec);
  }
  return spec;
}

/**
 * Every scan that covered an asset in the workspaces a token may read, newest first; a scan id is
 * unique only within its workspace, so that ends the key. Scope: the token's, and id.
 */
export const assetScansAcross = defineList({
  name: 'asset.scans-across',
  columns: scan.columns,
  header: ['workspace_id', ...scan.columns.map((c) => c.name)],
  columnSql: () => scanSql(true),
  sortSql: (column) => assetScanSortSql[column],
  tie: ['sa.scan_id', 'sa.workspace_id'],
  defaultSort: newestFirst,
  filters: [],
  pageSize: DEFAULT_PAGE,
  base: (b, d, scope) => whereScope(assetScansJoin(b).select('sa.workspace_id'), d, scope.key as ScopeShape, 'sa.workspace_id'),
  render: (_db, _scope, rows) => rows.map((r) => [r.workspace_id, ...scanValues(r)]),
  // Counted over scan_assets alone: one scan per row there.
  total: (db, scope) => countAssetScans(db, scope.token!, scope.args.id as string),
  query: { order: [{ extra: WorkspaceNarrowing }, 'sort', 'paging'], sort: SortText },
});

const FilterText = (what: string) => Type.String({ minLength: 1, maxLength: 512, description: what });

/**
 * The current scans of a workspace (current for at least one asset); `current_assets > 0` is
 * written out so the partial indexes apply. Scope: tenant, workspace.
 */
export const currentScans = defineList({
  name: 'scans.current',
  columns: scan.columns,
  columnSql: () => scanSql(false),
  sortSql: (column) => currentSortSql[column],
  tie: ['s.id'],
  defaultSort: newestFirst,
  filters: [
    {
      param: 'sensorType',
      column: 'sensor_type',
      op: 'eq',
      schema: FilterText('Only scans of this sensor type (e.g. SENSOR_TYPE_STATIC_CODE_SCAN).'),
    },
    {
      param: 'cicdType',
      column: 'cicd_type',
      op: 'eq',
      schema: FilterText('Only scans run in this CI/CD system (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI).'),
    },
  ],
  pageSize: DEFAULT_PAGE,
  base: (b) =>
    b
      .selectFrom('scans as s')
      .select(scanFields('scan'))
      .where('s.tenant_id', '=', param('tenant'))
      .where('s.workspace_id', '=', param('workspace'))
      .where(sql<boolean>`s.current_assets > 0`),
  render: (_db, _scope, rows) => rows.map(scanValues),
  query: { order: ['filters', 'sort', 'paging'], sort: SortText },
});

/** The assets a scan covered, by asset id (the primary key's order). Scope: tenant, workspace, scan. */
export const scanAssets = defineList({
  name: 'scan.assets',
  columns: scanAssetColumns,
  columnSql: () => ({ asset_id: 'sa.asset_id', asset_name: 'e.name', is_current: 'sa.is_current' }),
  tie: [],
  defaultSort: [{ column: 'asset_id', dir: 'asc' }],
  filters: [],
  pageSize: DEFAULT_PAGE,
  base: (b) => scanAssetsBase(b),
  render: (_db, _scope, rows) => rows.map(scanAssetValues),
  // The scan row keeps how many assets it covered.
  total: async (_db, scope) => scope.args.assets as number,
  query: { order: ['paging'] },
});
