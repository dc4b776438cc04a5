// Scans, as the scan endpoints read them (docs/SCANS.md).
//
// - `scans.assets` and `scans.current_assets` are kept at ingest: how many assets the scan covered
//   and for how many of them it is the current scan of its sensor. A scan is current when
//   `current_assets > 0`; the current-scan lists and the dashboard read partial indexes over
//   exactly that condition, which hold only the current scans (a small share of a long history);
//   the dashboard counts them, and those with AI objects, from one of them alone.
// - The current scan of a (sensor, asset) pair is the one that started last among the finished
//   ones (it looked at the newest state of the asset), so the flag is recomputed here under that
//   rule for rows written before it.
// - Indexes for an asset's scans newest first, within a workspace and across the workspaces of a
//   token (the tenant and asset lead, the workspace ends the key), and for moving the current flag
//   of a (sensor, asset) pair at ingest: its newest scan, and its flagged row (a partial index).
// - The instances a scan produced page newest first along (scan, detected_at, id), which replaces
//   001's (scan) index.
// - 001's scan_assets_current (led by is_current, then the sensor) and scan_assets_asset, and
//   scans_cicd, go: nothing reads them any more, and a planner without statistics (PostgreSQL
//   during a first bulk load) took scan_assets_current for the per-pair lookups and walked every
//   row of the sensor for each pair.

import { same } from './ddl.ts';

export const up = same(`
alter table scans add column assets integer not null default 0;
alter table scans add column current_assets integer not null default 0;

drop index scan_assets_current;
drop index scan_assets_asset;
drop index scans_cicd;
drop index issue_instances_scan;

create index scan_assets_pair on scan_assets (tenant_id, workspace_id, sensor_type, asset_id, started_at, scan_id);
create index scan_assets_current_pair on scan_assets (tenant_id, workspace_id, asset_id, sensor_type) where is_current = 1;
create index scan_assets_asset_time on scan_assets (tenant_id, workspace_id, asset_id, started_at, scan_id);
create index scan_assets_tenant_asset on scan_assets (tenant_id, asset_id, started_at, scan_id, workspace_id);
create index scans_current_sensor on scans (tenant_id, workspace_id, sensor_type, started_at, id) where current_assets > 0;
create index scans_current_cicd on scans (tenant_id, workspace_id, cicd_type, started_at, id) where current_assets > 0;
create index scans_current_ai on scans (tenant_id, workspace_id, ai_objects) where current_assets > 0;
create index issue_instances_scan_time on issue_instances (tenant_id, workspace_id, scan_id, detected_at, id);

update scan_assets set is_current = case when scan_id = (
    select c.scan_id from scan_assets c where c.tenant_id = scan_assets.tenant_id and c.workspace_id = scan_assets.workspace_id
      and c.sensor_type = scan_assets.sensor_type and c.asset_id = scan_assets.asset_id and c.finished_at is not null
    order by c.started_at desc, c.scan_id desc limit 1) then 1 else 0 end;

update scans set
  assets = (select count(*) from scan_assets a where a.tenant_id = scans.tenant_id and a.workspace_id = scans.workspace_id and a.scan_id = scans.id),
  current_assets = (select coalesce(sum(a.is_current), 0) from scan_assets a where a.tenant_id = scans.tenant_id
    and a.workspace_id = scans.workspace_id and a.scan_id = scans.id);
`);
