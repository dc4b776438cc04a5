// The inventory graph and what discovered it: objects, their relations and counts, scans and their assets, advisories.
// Conventions of every table: see ../schema.ts.

import type { Json } from './json.ts';

export interface EntitiesTable {
  tenant_id: string;
  workspace_id: string;
  kind: string;
  id: string;
  name: string;
  /** Lower-cased name, for `name__ilk`. */
  name_lower: string;
  attributes: Json;
  first_seen: number;
  last_seen: number;
  critical_issues: number;
  high_issues: number;
  total_issues: number;
  /** What the object reaches, weighted (src/catalog/risk.ts); kept current after each batch. */
  risk_reach: number;
  /** `risk_reach` plus the open issues touching the object weighted by severity. */
  risk_score: number;
  /** Neighbour counts per edge name, kept current at ingest. */
  edge_counts: Json;
  /** The row as the API shows it (a JSON array aligned to the kind's header), kept current at ingest. */
  row_json: string | null;
  updated_at: number;
}

export interface KindCountsTable {
  tenant_id: string;
  workspace_id: string;
  kind: string;
  count: number;
}

export interface RelationsTable {
  tenant_id: string;
  workspace_id: string;
  from_kind: string;
  from_id: string;
  relation: string;
  to_kind: string;
  to_id: string;
  /** When the sensor or telemetry first saw it, else when first stored (ms; migrations 010, 021). */
  first_seen: number;
  /** When telemetry or a record last reported it; null for relations stored before migration 010. */
  last_seen: number | null;
  /** Who reported it (JSON array), like an object's `sources`. */
  sources: unknown;
  updated_at: number;
}

export interface ScansTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  sensor_type: string;
  cicd_type: string | null;
  repository: string | null;
  branch: string | null;
  commit_sha: string | null;
  started_at: number;
  finished_at: number | null;
  status: string;
  ai_objects: number;
  findings: number;
  attributes: Json;
  updated_at: number;
  /** Assets the scan covered (migration 004). */
  assets: number;
  /** Of those, the assets for which it is the current scan of its sensor; > 0 means current. */
  current_assets: number;
}

export interface ScanAssetsTable {
  tenant_id: string;
  workspace_id: string;
  scan_id: string;
  asset_id: string;
  sensor_type: string;
  started_at: number;
  finished_at: number | null;
  is_current: number;
}

/** An OSV record imported into a workspace (migration 95). */
export interface AdvisoriesTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  modified: number;
  withdrawn: number | null;
  severity: string;
  cvss_score: number | null;
  summary: string;
  body: Json;
  osv: Json;
  updated_at: number;
}

/** A package an advisory affects (npm, pypi), for matching the packages scans found. */
export interface AdvisoryPackagesTable {
  tenant_id: string;
  workspace_id: string;
  ecosystem: string;
  name: string;
  advisory_id: string;
}
