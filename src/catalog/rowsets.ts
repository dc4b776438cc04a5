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

export const derivedRowSets: Record<string, RowSetDef> = {
  issue: objectIssue,
  instance,
  llm_session: llmSession,
};
