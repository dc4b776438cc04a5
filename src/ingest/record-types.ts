// The normalised records parseRecord (records.ts) turns lines into: times as epoch milliseconds,
// defaults filled, checked against the catalogue. The writers of every area take these.

import type { Severity } from '../catalog/rules/index.ts';
import type { Advisory } from '../catalog/osv/record.ts';
export interface EntityRecord {
  type: 'entity';
  op: 'upsert' | 'delete';
  kind: string;
  id: string;
  name: string;
  firstSeen: number;
  lastSeen: number;
  attributes: Record<string, unknown>;
  /** Who reported it (`runtime`, a sensor, `ingest` when unnamed). */
  source: string;
}
export interface RelationRecord {
  type: 'relation';
  op: 'upsert' | 'delete';
  fromKind: string;
  fromId: string;
  relation: string;
  toKind: string;
  toId: string;
  firstSeen: number | null;
  lastSeen: number | null;
  source: string;
}
export interface RuleRecord {
  type: 'rule';
  id: string;
  name: string;
  description: string;
  severity: Severity;
  category: string;
  objectTypes: string[];
  remediation: string;
  owasp: string | null;
  /** Its controls with its OWASP category, in the table's order. */
  frameworks: string[];
  tags: string[];
  helpUri: string | null;
}
export interface RuleSettingRecord {
  type: 'rule_setting';
  ruleId: string;
  enabled: boolean;
  severity: Severity | null;
}
export interface PriceRecord {
  type: 'price';
  model: string;
  input: number;
  output: number;
}
export interface FindingRecord {
  type: 'finding';
  op: 'upsert' | 'delete';
  id: string;
  ruleId: string;
  severity: Severity | null;
  objectKind: string;
  objectId: string;
  detectedAt: number;
  status: 'open' | 'resolved';
  resolvedAt: number | null;
  title: string;
  description: string;
  codeLocation: Record<string, unknown> | null;
  evidence: Record<string, unknown> | null;
  remediation: string;
  cvssScore: number | null;
  owasp: string | null;
  scanId: string | null;
}
export type Outcome = 'OK' | 'ALERTED' | 'BLOCKED' | 'REDACTED';
export interface InteractionRecord {
  type: 'interaction';
  id: string;
  sessionId: string;
  agentId: string;
  model: string;
  modelId: string | null;
  provider: string;
  time: number;
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from or written to the provider's prompt cache (counted in inputTokens too). */
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Output tokens spent reasoning (counted in outputTokens too). */
  reasoningTokens: number;
  cost: number | null;
  promptOutcome: Outcome;
  responseOutcome: Outcome;
  categories: string[];
  mcpServerIds: string[];
  prompt: string | null;
  response: string | null;
  attributes: Record<string, unknown>;
}
export interface ScanRecord {
  type: 'scan';
  id: string;
  sensorType: string;
  cicdType: string | null;
  repository: string | null;
  branch: string | null;
  commit: string | null;
  startedAt: number;
  finishedAt: number | null;
  status: 'running' | 'succeeded' | 'failed';
  assetIds: string[];
  aiObjects: number;
  findings: number;
  attributes: Record<string, unknown>;
}

export interface AdvisoryRecord {
  type: 'advisory';
  advisory: Advisory;
  /** The OSV record as sent, kept whole. */
  osv: Record<string, unknown>;
}

export interface CodeFindingRecord {
  type: 'code_finding';
  id: string;
  ruleId: string;
  scanId: string;
  locationId: string;
  path: string;
  repository: string | null;
  startLine: number | null;
  endLine: number | null;
  startColumn: number | null;
  endColumn: number | null;
  severity: Severity | null;
  title: string;
  description: string;
  detectedAt: number;
  evidence: Record<string, unknown>;
}

export interface McpServerScanRecord {
  type: 'mcp_server_scan';
  scanId: string;
  /** The scanner (`mcp-scan`, `cisco-mcp-scanner`): the findings' source and the new objects'. */
  source: string;
  name: string;
  transport: 'stdio' | 'sse' | 'streamable-http' | null;
  command: string | null;
  url: string | null;
  configPath: string | null;
  client: string | null;
  /** The scanner could not reach the server: what it said before stands. */
  unreached: boolean;
  tools: { name: string; description: string | null }[];
  findings: {
    id: string;
    ruleId: string;
    /** The tool of the server it is on; null: on the server. */
    tool: string | null;
    severity: Severity | null;
    title: string;
    description: string;
    evidence: Record<string, unknown>;
  }[];
  detectedAt: number;
}

export type IngestRecord =
  | EntityRecord
  | RelationRecord
  | RuleRecord
  | RuleSettingRecord
  | PriceRecord
  | FindingRecord
  | InteractionRecord
  | ScanRecord
  | AdvisoryRecord
  | CodeFindingRecord
  | McpServerScanRecord;
