// Applying scan records: one run of one sensor over some assets. For each (sensor, asset) pair
// the current scan is the finished one that started last (it looked at the newest state of the
// asset). Arrival order does not matter: for every pair a batch touches, the current scan is
// looked up again and the flag moved to it. Each scan also keeps how many assets it covered and
// for how many it is current, so the current-scan lists and the dashboard read the scans table
// alone.
//
// The cost of a batch follows the pairs it touches, not their history: the newest finished scan
// of a pair is one probe of `scan_assets_pair` (newest first), the flagged rows one probe of the
// partial index over `is_current = 1`, and only the rows whose flag changes are written.

import type { ScanAssetsTable } from '../../platform/db/tables/inventory.ts';
import { sql } from 'kysely';
import { param } from '../../platform/db/database.ts';
import type { ScanRecord } from '../../ingest/records.ts';
import type { BatchContext, Lined } from '../../ingest/batch-context.ts';
import { recordWriter } from '../../ingest/batch.ts';
import { bulkInsert, chunks, json, updateRows } from '../../platform/db/bulk.ts';

type Pair = [sensor: string, asset: string];

export async function applyScans(ctx: BatchContext, records: Lined<ScanRecord>[]): Promise<void> {
  if (records.length === 0) return;
  const { tx, db, tenant, workspace } = ctx;
  const last = new Map(records.map(({ record }) => [record.id, record]));
  const pairs = new Map<string, Pair>();
  const touch = (sensor: string, asset: string) => pairs.set(JSON.stringify([sensor, asset]), [sensor, asset]);

  // A scan sent again replaces its assets: the pairs it leaves need their current scan again.
  const oldAssets = db.template('ingest.scan-assets-existing', (b, d) =>
    b
      .selectFrom('scan_assets')
      .select(['sensor_type', 'asset_id'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['scan_id'], param('ids'))),
  );
  const delAssets = db.template('ingest.scan-assets-delete', (b, d) =>
    b
      .deleteFrom('scan_assets')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['scan_id'], param('ids'))),
  );
  for (const part of chunks([...last.keys()])) {
    const ids = keySet(part);
    for (const r of await tx.all(oldAssets, { tenant, workspace, ids })) touch(r.sensor_type, r.asset_id);
    await tx.run(delAssets, { tenant, workspace, ids });
  }

  // current_assets is left to the recount below.
  const cols = [
    'tenant_id',
    'workspace_id',
    'id',
    'sensor_type',
    'cicd_type',
    'repository',
    'branch',
    'commit_sha',
    'started_at',
    'finished_at',
    'status',
    'ai_objects',
    'findings',
    'attributes',
    'updated_at',
    'assets',
  ];
  await bulkInsert(
    tx,
    'scans',
    cols,
    [...last.values()].map((s) => [
      tenant,
      workspace,
      s.id,
      s.sensorType,
      s.cicdType,
      s.repository,
      s.branch,
      s.commit,
      s.startedAt,
      s.finishedAt,
      s.status,
      s.aiObjects,
      s.findings,
      json(s.attributes),
      ctx.now,
      s.assetIds.length,
    ]),
    { keys: ['tenant_id', 'workspace_id', 'id'], update: Object.fromEntries(cols.slice(3).map((c) => [c, `excluded.${c}`])) },
  );

  const assetRows: unknown[][] = [];
  for (const s of last.values()) {
    for (const a of s.assetIds) {
      assetRows.push([tenant, workspace, s.id, a, s.sensorType, s.startedAt, s.finishedAt, 0]);
      touch(s.sensorType, a);
    }
  }
  await bulkInsert(
    tx,
    'scan_assets',
    ['tenant_id', 'workspace_id', 'scan_id', 'asset_id', 'sensor_type', 'started_at', 'finished_at', 'is_current'],
    assetRows,
  );

  const changed = await moveCurrentFlags(ctx, [...pairs.values()]);

  await recountCurrentAssets(ctx, [...new Set([...last.keys(), ...changed])]);
}

/** Scan ids as the one-column key set `inKeys` takes. */
function keySet(ids: string[]): string {
  return JSON.stringify(ids.map((id) => [id]));
}

/**
 * Sets each scan's current_assets to the number of its rows flagged current: read by scan id
 * (primary-key probes), then written per scan, zero for a scan with no rows left. A count with a
 * filter on is_current, correlated in one UPDATE, let planners without statistics walk indexes
 * holding every row of the workspace for each scan.
 */
async function recountCurrentAssets(ctx: BatchContext, scanIds: string[]): Promise<void> {
  const { tx, db, tenant, workspace } = ctx;
  const counts = db.template('ingest.scan-current-counts', (b, d) =>
    b
      .selectFrom('scan_assets')
      .select(['scan_id', sql<number>`sum(is_current)`.as('n')])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['scan_id'], param('ids')))
      .groupBy('scan_id'),
  );
  const updates: unknown[][] = [];
  for (const part of chunks(scanIds)) {
    const rows = await tx.all(counts, { tenant, workspace, ids: keySet(part) });
    const n = new Map(rows.map((r) => [r.scan_id, Number(r.n)]));
    for (const id of part) updates.push([id, n.get(id) ?? 0]);
  }
  await updateRows(db, tx, 'scans', { tenant, workspace }, ['id'], [{ column: 'current_assets', type: 'bigint' }], updates);
}

/**
 * Points each pair's flag at its newest finished scan (or at none) and returns the scans whose
 * flags changed.
 */
async function moveCurrentFlags(ctx: BatchContext, pairs: Pair[]): Promise<Set<string>> {
  const { tx, db, tenant, workspace } = ctx;
  const newest = db.template('ingest.scan-newest-finished', (b, d) =>
    sql<Pick<ScanAssetsTable, 'sensor_type' | 'asset_id'> & { scan_id: string | null }>`select p.c0 as sensor_type, p.c1 as asset_id, (
      select c.scan_id from scan_assets c where c.tenant_id = ${param('tenant')} and c.workspace_id = ${param('workspace')}
        and c.sensor_type = p.c0 and c.asset_id = p.c1 and c.finished_at is not null
      order by c.started_at desc, c.scan_id desc limit 1) as scan_id
    from ${d.jsonRows(param('pairs'), ['text', 'text'])} p`.compile(b),
  );
  // `is_current = 1` written out, so the partial index over it applies.
  const flagged = db.template('ingest.scan-flagged', (b, d) =>
    sql<Pick<ScanAssetsTable, 'scan_id' | 'sensor_type' | 'asset_id'>>`select scan_id, sensor_type, asset_id from scan_assets
    where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')} and is_current = 1
      and ${d.inKeys(['sensor_type', 'asset_id'], param('pairs'))}`.compile(b),
  );

  const changed = new Set<string>();
  const updates: unknown[][] = [];
  for (const part of chunks(pairs)) {
    const args = { tenant, workspace, pairs: JSON.stringify(part) };
    const want = new Map<string, string>();
    for (const r of await tx.all(newest, args)) {
      if (r.scan_id !== null) want.set(JSON.stringify([r.scan_id, r.asset_id]), r.scan_id);
    }
    for (const r of await tx.all(flagged, args)) {
      const key = JSON.stringify([r.scan_id, r.asset_id]);
      if (want.delete(key)) continue;
      updates.push([r.scan_id, r.asset_id, 0]);
      changed.add(r.scan_id);
    }
    for (const key of want.keys()) {
      const [scanId, assetId] = JSON.parse(key) as [string, string];
      updates.push([scanId, assetId, 1]);
      changed.add(scanId);
    }
  }
  await updateRows(
    db,
    tx,
    'scan_assets',
    { tenant, workspace },
    ['scan_id', 'asset_id'],
    [{ column: 'is_current', type: 'bigint' }],
    updates,
  );
  return changed;
}

export const scanWriter = recordWriter('scan', applyScans);
