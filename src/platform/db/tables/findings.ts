// Rules, their findings and roll-ups, waivers, controls and their mappings.
// Conventions of every table: see ../schema.ts.

import type { Severity } from '../../../catalog/rules/types.ts';
import type { Json } from './json.ts';

export interface RulesTable {
  /** '*' for the static rules shipped with the service. */
  tenant_id: string;
  workspace_id: string;
  rule_id: string;
  name: string;
  name_lower: string;
  description: string;
  severity: Severity;
  category: string;
  object_types: Json;
  remediation: string;
  owasp_category: string | null;
  source: string;
  updated_at: number;
  /** Control ids of src/catalog/frameworks.ts (JSON array). */
  frameworks: Json;
  /** The scanner's tags of an imported rule, CWE ids among them (JSON array; migration 110). */
  tags: Json;
  help_uri: string | null;
}

export interface RuleSettingsTable {
  tenant_id: string;
  rule_id: string;
  enabled: number;
  severity: Severity | null;
  updated_at: number;
}

export interface IssueInstancesTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  issue_id: string;
  rule_id: string;
  severity: Severity;
  object_kind: string;
  object_id: string;
  status: string;
  detected_at: number;
  resolved_at: number | null;
  title: string;
  description: string;
  code_location: Json;
  evidence: Json;
  remediation: string;
  cvss_score: number | null;
  owasp_category: string | null;
  category: string;
  scan_id: string | null;
  source: string;
  updated_at: number;
  /** The waiver covering it (migration 105), and a copy of its terms. */
  waiver_id: string | null;
  waiver: Json;
}

/** A waiver of a finding (or of every finding of a rule on one object): accepted risk or false positive. */
export interface FindingWaiversTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  scope: 'instance' | 'rule';
  instance_id: string | null;
  rule_id: string;
  object_kind: string;
  object_id: string;
  kind: 'accepted_risk' | 'false_positive';
  reason: string;
  waived_by: string;
  waived_at: number;
  expires_at: number | null;
}

export interface IssuesTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  rule_id: string;
  rule_name: string;
  severity: Severity;
  /** 4 critical, 3 high, 2 medium, 1 low: sorts by severity. */
  severity_rank: number;
  category: string;
  open_instances: number;
  objects: number;
  first_detected: number;
  last_detected: number;
  updated_at: number;
}

export interface IssueObjectsTable {
  tenant_id: string;
  workspace_id: string;
  issue_id: string;
  object_kind: string;
  object_id: string;
  occurrences: number;
  first_detected: number;
  last_detected: number;
}

export interface FrameworkControlsTable {
  framework_id: string;
  control_id: string;
  name: string;
  position: number;
}

export interface RuleControlsTable {
  tenant_id: string;
  workspace_id: string;
  rule_id: string;
  framework_id: string;
  control_id: string;
}

export interface IssueMonthlyRulesTable {
  tenant_id: string;
  workspace_id: string;
  month: string;
  rule_id: string;
  critical: number;
  high: number;
  medium: number;
  low: number;
}

export interface IssueMonthlyTable {
  tenant_id: string;
  workspace_id: string;
  /** 'YYYY-MM' (UTC) of detected_at. */
  month: string;
  critical: number;
  high: number;
  medium: number;
  low: number;
}

/** A workspace's own control (src/areas/controls): a saved query whose every answer is a finding. */
export interface ControlsTable {
  tenant_id: string;
  workspace_id: string;
  /** Its rule id (`CTL-…`). */
  id: string;
  title: string;
  severity: Severity;
  description: string;
  remediation: string;
  /** JSON array of compliance control ids. */
  frameworks: Json;
  enabled: number;
  /** A list query or a paths query (QueryKind of src/areas/controls/query.ts). */
  query_kind: 'list' | 'paths';
  /** `aispm-agents?…` for a list, the paths query string for paths. */
  query: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}
