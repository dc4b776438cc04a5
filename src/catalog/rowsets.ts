// Row sets that are not inventory kinds but are answered as tabular results: issues seen from one
// object, issue instances and LLM sessions. Edges reach them (`…/{id}/issues`, `…/instances`,
// `…/sessions`) and the findings and runtime endpoints share their columns.

import type { ColumnDef, RowSetDef, ValueType } from './types.ts';

function col(name: string, type: ValueType, description: string, sortable = false): ColumnDef {
  return { name, type, description, sortable, from: { field: name } };
}

/** An issue as seen from one object it touches (the `issues` edge and the tool's `issues` section). */
export const objectIssue: RowSetDef = {
  name: 'issue',
  columns: [
    col('id', 'string', 'Issue id (stable for a workspace, rule and severity).', true),
    col('rule_id', 'string', 'Rule that raised the findings.', true),
    col('rule_name', 'string', 'Name of the rule.'),
    col('severity', 'string', 'critical, high, medium or low.', true),
    col('category', 'string', 'Category of the rule (e.g. guardrails, secrets, supply_chain).'),
    col('occurrences', 'integer', 'Open instances of the issue on this object.', true),
    col('first_detected', 'time', 'First detection of the issue on this object.', true),
    col('last_detected', 'time', 'Latest detection of the issue on this object.', true),
  ],
};

/** One finding of one rule on one object. */
export const instance: RowSetDef = {
  name: 'instance',
  columns: [
    col('id', 'string', 'Instance id.', true),
    col('issue_id', 'string', 'Issue the instance belongs to.'),
    col('rule_id', 'string', 'Rule that raised it.', true),
    col('severity', 'string', 'critical, high, medium or low.', true),
    col('status', 'string', 'open or resolved.', true),
    col('title', 'string', 'One-line statement of the finding.'),
    col('object_type', 'string', 'Kind of the object the finding is on.'),
    col('object_id', 'string', 'Id of the object the finding is on.'),
    col('detected_at', 'time', 'When it was detected.', true),
    col('resolved_at', 'time', 'When it stopped holding (null while open).'),
    col('cvss_score', 'number', 'CVSS base score where one applies.', true),
    col('owasp_category', 'string', 'OWASP Top 10 for agentic applications category (ASI01–ASI10).'),
    col('scan_id', 'string', 'Scan that produced it.'),
    col('source', 'string', 'ingest (sent by a sensor) or static (evaluated by the service).'),
  ],
};

/** An LLM session: the interactions that share a session id, rolled up at ingest. */
export const llmSession: RowSetDef = {
  name: 'llm_session',
  columns: [
    col('session_id', 'string', 'Session identifier.', true),
    col('agent_id', 'string', 'Agent that ran the session.'),
    col('start_time', 'time', 'Time of the first interaction (sort key `time`).', true),
    col('end_time', 'time', 'End of the last interaction.'),
    col('duration_ms', 'integer', 'end_time minus start_time, in milliseconds.', true),
    col('turns', 'integer', 'Number of interactions.', true),
    col('input_tokens', 'integer', 'Input tokens over all interactions.'),
    col('output_tokens', 'integer', 'Output tokens over all interactions.'),
    col('total_tokens', 'integer', 'input_tokens + output_tokens (sort key `tokens`).', true),
    col('cost', 'number', 'Cost in US dollars.', true),
    col('ok', 'integer', 'Interactions whose guardrail outcome was OK.'),
    col('alerted', 'integer', 'Interactions whose guardrail outcome was ALERTED.'),
    col('blocked', 'integer', 'Interactions whose guardrail outcome was BLOCKED.'),
    col('redacted', 'integer', 'Interactions whose guardrail outcome was REDACTED.'),
  ],
};

/** One LLM call as the interactions list shows it; the detail adds `interactionDetailColumns`. */
export const llmInteraction: RowSetDef = {
  name: 'llm_interaction',
  columns: [
    col('id', 'string', 'Interaction id.'),
    col('session_id', 'string', 'Session the interaction belongs to.'),
    col('agent_id', 'string', 'Agent that made the call (empty when not known).'),
    col('model', 'string', 'Model name as the caller named it.'),
    col('provider', 'string', 'Provider serving the model (openai, anthropic, aws.bedrock, …).'),
    col('time', 'time', 'When the call started.', true),
    col('duration_ms', 'integer', 'How long the call took, in milliseconds.'),
    col('input_tokens', 'integer', 'Input (prompt) tokens.'),
    col('output_tokens', 'integer', 'Output (completion) tokens.'),
    col('total_tokens', 'integer', 'input_tokens + output_tokens.'),
    col('cost', 'number', 'Cost in US dollars: as reported, else from the price table (see cost_source).'),
    col('prompt_outcome', 'string', 'Guardrail outcome on the prompt: OK, ALERTED, BLOCKED or REDACTED.'),
    col('response_outcome', 'string', 'Guardrail outcome on the response: OK, ALERTED, BLOCKED or REDACTED.'),
    col('categories', 'strings', 'Guardrail categories that fired (prompt_injection, pii, …).'),
    col('outcome', 'string', 'The more severe of the two outcomes (BLOCKED > REDACTED > ALERTED > OK).'),
    col('model_id', 'string', 'Inventory model the call was linked to, when known.'),
    col('mcp_server_ids', 'strings', 'MCP servers involved in the call.'),
    col('cost_source', 'string', 'reported (sent with the interaction), price_table (computed at ingest) or unknown (no price for the model: cost 0).'),
  ],
};

/** Columns only the single-interaction endpoint carries (text can be large, and may be dropped at ingest). */
export const interactionDetailColumns = [
  col('prompt', 'string', 'Prompt text, when ingested and kept (null when the service drops prompts at ingest).'),
  col('response', 'string', 'Response text, when ingested and kept.'),
  col('attributes', 'object', 'Other attributes sent with the interaction (for OTLP spans: trace_id, span_id, operation, …).'),
];

export const derivedRowSets: Record<string, RowSetDef> = {
  issue: objectIssue,
  instance,
  llm_session: llmSession,
};
