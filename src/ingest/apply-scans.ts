// Applying scan records: one run of one sensor over some assets. For each (sensor, asset) pair
// the current scan is the finished one that started last (it looked at the newest state of the
// asset); arrival order does not matter because the flag is recomputed for every pair a batch
// touches. Each scan also keeps how many assets it covered and for how many it is current, so the
// current-scan lists and the dashboard read the scans table alone.

import { sql } from 'kysely';
import { inList, param } from '../store/db.ts';
import type { ScanRecord } from './records.ts';
import type { BatchContext, Lined } from './batch-context.ts';
import { bulkInsert, chunks, inKeys, json } from './sql.ts';

export async function applyScans(ctx: BatchContext, records: Lined<ScanRecord>[]): Promise<void> {
  if (records.length === 0) return;
  const { tx, db, tenant, workspace } = ctx;
  const last = new Map(records.map(({ record }) => [record.id, record]));
  const pairs = new Set<string>();

  const oldAssets = db.template('ingest.scan-assets-existing', (b, engine) => b.selectFrom('scan_assets')
    .select(['sensor_type', 'asset_id']).where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace'))
    .where(inList(engine, 'scan_id', param('ids'))));
  const delAssets = db.template('ingest.scan-assets-delete', (b, engine) => b.deleteFrom('scan_assets')
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'scan_id', param('ids'))));
  for (const part of chunks([...last.keys()])) {
    for (const r of await tx.all<{ sensor_type: string; asset_id: string }>(oldAssets, { tenant, workspace, ids: part })) {
      pairs.add(JSON.stringify([r.sensor_type, r.asset_id]));
    }
    await tx.run(delAssets, { tenant, workspace, ids: part });
  }

  // current_assets is left to the recount below.
  const cols = ['tenant_id', 'workspace_id', 'id', 'sensor_type', 'cicd_type', 'repository', 'branch', 'commit_sha', 'started_at',
    'finished_at', 'status', 'ai_objects', 'findings', 'attributes', 'updated_at', 'assets'];
  await bulkInsert(tx, 'scans', cols, [...last.values()].map((s) => [tenant, workspace, s.id, s.sensorType, s.cicdType, s.repository,
    s.branch, s.commit, s.startedAt, s.finishedAt, s.status, s.aiObjects, s.findings, json(s.attributes), ctx.now, s.assetIds.length]),
  { keys: ['tenant_id', 'workspace_id', 'id'], update: Object.fromEntries(cols.slice(3).map((c) => [c, `excluded.${c}`])) });

  const assetRows: unknown[][] = [];
  for (const s of last.values()) {
    for (const a of s.assetIds) {
      assetRows.push([tenant, workspace, s.id, a, s.sensorType, s.startedAt, s.finishedAt, 0]);
      pairs.add(JSON.stringify([s.sensorType, a]));
    }
  }
  await bulkInsert(tx, 'scan_assets', ['tenant_id', 'workspace_id', 'scan_id', 'asset_id', 'sensor_type', 'started_at', 'finished_at', 'is_current'], assetRows);

  const current = db.template('ingest.scan-current', (b, engine) => sql`update scan_assets set is_current = case when scan_id = (
      select c.scan_id from scan_assets c where c.tenant_id = scan_assets.tenant_id and c.workspace_id = scan_assets.workspace_id
        and c.sensor_type = scan_assets.sensor_type and c.asset_id = scan_assets.asset_id and c.finished_at is not null
      order by c.started_at desc, c.scan_id desc limit 1) then 1 else 0 end
    where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
      and ${inKeys(engine, ['sensor_type', 'asset_id'], param('pairs'))}`.compile(b));
  const flagged = db.template('ingest.scan-current-flagged', (b, engine) => b.selectFrom('scan_assets').select('scan_id')
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace'))
    .where(inKeys(engine, ['sensor_type', 'asset_id'], param('pairs'))).where('is_current', '=', 1));
  // The scans whose current_assets may change: those of the batch, and those current on a touched
  // pair before or after the flag moved.
  const recount = new Set(last.keys());
  for (const part of chunks([...pairs].map((p) => JSON.parse(p) as [string, string]))) {
    const args = { tenant, workspace, pairs: JSON.stringify(part) };
    for (const r of await tx.all<{ scan_id: string }>(flagged, args)) recount.add(r.scan_id);
    await tx.run(current, args);
    for (const r of await tx.all<{ scan_id: string }>(flagged, args)) recount.add(r.scan_id);
  }

  const counts = db.template('ingest.scan-current-assets', (b, engine) => sql`update scans set current_assets = (
      select count(*) from scan_assets a where a.tenant_id = scans.tenant_id and a.workspace_id = scans.workspace_id
        and a.scan_id = scans.id and a.is_current = 1)
    where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')} and ${inList(engine, 'id', param('ids'))}`.compile(b));
  for (const part of chunks([...recount])) await tx.run(counts, { tenant, workspace, ids: part });
}
