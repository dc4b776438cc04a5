// The runtime record: interactions, sessions and their roll-ups, prices, OTLP counters and spans waiting for their parents.
// Conventions of every table: see ../schema.ts.

import type { Json } from './json.ts';

export interface LlmInteractionsTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  time: number;
  session_id: string;
  agent_id: string;
  model: string;
  model_id: string | null;
  provider: string;
  duration_ms: number;
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  /** Micro-dollars (src/catalog/money.ts). */
  cost: number;
  /** reported (sent with the record), priced (from the price table at ingest) or unpriced (no price: cost 0). */
  cost_source: string;
  prompt_outcome: string;
  response_outcome: string;
  /** The more severe of the two outcomes: BLOCKED > REDACTED > ALERTED > OK. */
  outcome: string;
  categories: Json;
  mcp_server_ids: Json;
  prompt: string | null;
  response: string | null;
  attributes: Json;
}

export interface LlmSessionsTable {
  tenant_id: string;
  workspace_id: string;
  session_id: string;
  agent_id: string;
  start_time: number;
  end_time: number;
  duration_ms: number;
  turns: number;
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  cost: number;
  ok: number;
  alerted: number;
  blocked: number;
  redacted: number;
  /** Interactions no price covered (migration 010). */
  unpriced_turns: number;
  /** Interactions that named an MCP server (migration 140). */
  mcp_turns: number;
  updated_at: number;
}

/** Sessions and stored interactions per workspace (scope 'workspace', agent_id '') and per agent. */
export interface LlmRuntimeCountsTable {
  tenant_id: string;
  workspace_id: string;
  scope: string;
  agent_id: string;
  sessions: number;
  interactions: number;
}

export interface LlmSessionObjectsTable {
  tenant_id: string;
  workspace_id: string;
  object_kind: string;
  object_id: string;
  session_id: string;
  start_time: number;
}

/** Cost and tokens per agent, provider, model and UTC day (080_cost_daily). */
export interface LlmCostDailyTable {
  tenant_id: string;
  workspace_id: string;
  agent_id: string;
  provider: string;
  model: string;
  /** Epoch milliseconds of the UTC day's start. */
  day: number;
  interactions: number;
  input_tokens: number;
  output_tokens: number;
  /** Micro-dollars. */
  cost: number;
}

export interface LlmAgentDailyTable {
  tenant_id: string;
  workspace_id: string;
  agent_id: string;
  /** Epoch milliseconds of the UTC day's start. */
  day: number;
  interactions: number;
  sessions: number;
  input_tokens: number;
  output_tokens: number;
  cost: number;
}

export interface ModelPricesTable {
  /** '*' for the table shipped with the service. */
  tenant_id: string;
  model: string;
  input_per_million: number;
  output_per_million: number;
  source: string;
  updated_at: number;
}

/** OTLP ingest counters per workspace and UTC day (`day = 'total'` for all time): src/areas/telemetry/counters.ts. */
export interface OtlpStatsTable {
  tenant_id: string;
  workspace_id: string;
  day: string;
  metric: string;
  count: number;
}

/** Spans waiting for their ancestors (src/areas/telemetry/waiting-spans.ts). */
export interface OtlpPendingSpansTable {
  tenant_id: string;
  workspace_id: string;
  trace_id: string;
  span_id: string;
  body: unknown;
  received_at: number;
}
