// Row sets that are not inventory kinds but are answered as tabular results: issues seen from one
// object, issue instances, LLM sessions and scans. Edges reach them (`…/{id}/issues`,
// `…/instances`, `…/sessions`, an asset's `…/scans`) and the findings, runtime and scan endpoints
// share their columns.

import type { ColumnDef, RowSetDef, ValueType } from './types.ts';
import { MICROS_PER_DOLLAR } from './money.ts';

function col(name: string, type: ValueType, description: string, sortable = false): ColumnDef {
  return { name, type, description, sortable, from: { field: name } };
}

/** A column of money: stored in micro-dollars, answered and filtered in dollars. */
function money(c: ColumnDef): ColumnDef {
  return { ...c, scale: MICROS_PER_DOLLAR };
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
    col('status', 'string', 'open, waived (open, and covered by a waiver) or resolved.', true),
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
    money(col('cost', 'number', 'Cost in US dollars, to the micro-dollar: the exact sum of its interactions.', true)),
    col('ok', 'integer', 'Interactions whose guardrail outcome was OK.'),
    col('alerted', 'integer', 'Interactions whose guardrail outcome was ALERTED.'),
    col('blocked', 'integer', 'Interactions whose guardrail outcome was BLOCKED.'),
    col('redacted', 'integer', 'Interactions whose guardrail outcome was REDACTED.'),
    col('unpriced_turns', 'integer', 'Interactions no price covered (cost_source unpriced): their cost is unknown, not zero.'),
  ],
};

/**
 * Cost and tokens of LLM interactions per agent or per model, per UTC day or over a window (the
 * runtime area's costs list, read from the per-day roll-up ingest keeps). A list answers the
 * columns of its grouping: `agent_id`, or `provider` and `model`; then `day` when per day.
 */
export const llmCost: RowSetDef = {
  name: 'llm_cost',
  columns: [
    col('agent_id', 'string', 'Agent the interactions name (null when they name none).', true),
    col('provider', 'string', 'Provider of the model, as the interactions name it.', true),
    col('model', 'string', 'Model, as the interactions name it.', true),
    col('day', 'time', 'Start of the UTC day (per day only).', true),
    col('interactions', 'integer', 'Number of LLM interactions.', true),
    col('input_tokens', 'integer', 'Input tokens.', true),
    col('output_tokens', 'integer', 'Output tokens.', true),
    col('total_tokens', 'integer', 'input_tokens + output_tokens.', true),
    money(
      col('cost', 'number', 'Cost in US dollars, to the micro-dollar: the exact sum of the interactions (unpriced ones count 0).', true),
    ),
  ],
};

/** Every field of an instance: the `instance` columns, then the long-form ones (details, rule results). */
export const instanceDetail: RowSetDef = {
  name: 'instance_detail',
  columns: [
    ...instance.columns,
    col('category', 'string', 'Category of the rule (guardrails, secrets, supply_chain, …).'),
    col('description', 'string', 'What was found, in full.'),
    col('code_location', 'object', 'Where in code it was found (repository, path, start_line, … as the sensor sent it), or null.'),
    col('evidence', 'object', 'What the sensor saw (free-form object as sent), or null.'),
    col('remediation', 'string', "How to fix it (the rule's remediation unless the finding carried its own)."),
    col(
      'waiver',
      'object',
      'The waiver covering it (id, scope, kind: accepted_risk or false_positive, reason, waived_by, waived_at, expires_at), or null.',
    ),
  ],
};

/** An issue of a workspace: the open instances of one rule at one severity (`issues` index, one issue). */
export const workspaceIssue: RowSetDef = {
  name: 'workspace_issue',
  columns: [
    col('id', 'string', 'Issue id: opaque, stable for a workspace, rule and severity.', true),
    col('rule_id', 'string', 'Rule that raised the findings.', true),
    col('rule_name', 'string', 'Name of the rule.', true),
    col('severity', 'string', 'critical, high, medium or low (sorts by rank: critical is highest).', true),
    col('category', 'string', 'Category of the rule.', true),
    col('open_instances', 'integer', 'Open instances of the issue, over all its objects.', true),
    col('objects', 'integer', 'Objects with at least one open instance of the issue.', true),
    col('first_detected', 'time', 'Earliest detection among the open instances.', true),
    col('last_detected', 'time', 'Latest detection among the open instances.', true),
  ],
};

/**
 * A row of the issues index grouped by something other than the issue itself (`group_by`):
 * the dimensions asked for (in this order), then the measures.
 */
export const issueGroupDimensions: ColumnDef[] = [
  col('rule_id', 'string', 'Rule (with `rule_name`) when grouping by rule_id.', true),
  col('rule_name', 'string', 'Name of the rule; present when grouping by rule_id.', true),
  col('severity', 'string', 'Severity when grouping by severity (sorts by rank).', true),
  col('category', 'string', 'Rule category when grouping by category.', true),
  col('object_type', 'string', 'Kind of the objects when grouping by object_type.', true),
];
export const issueGroupMeasures: ColumnDef[] = [
  col('issues', 'integer', 'Issues (rule and severity pairs) in the group.', true),
  col('open_instances', 'integer', 'Open instances in the group.', true),
  col('objects', 'integer', 'Distinct objects with an open instance in the group.', true),
  col('first_detected', 'time', 'Earliest detection among the open instances of the group.', true),
  col('last_detected', 'time', 'Latest detection among the open instances of the group.', true),
];

/** An object an issue touches (`…/issues/…/{id}/objects`). */
export const issueObject: RowSetDef = {
  name: 'issue_object',
  columns: [
    col('object_type', 'string', 'Kind of the object (agent, model, tool, mcp_server, location, …).', true),
    col('object_id', 'string', 'Id of the object; the `{objectId}` of its details.', true),
    col('object_name', 'string', 'Name of the object in the inventory (null when the inventory does not hold it).'),
    col('occurrences', 'integer', 'Open instances of the issue on the object.', true),
    col('first_detected', 'time', 'Earliest detection among them.'),
    col('last_detected', 'time', 'Latest detection among them.', true),
  ],
};

/** A rule as the rules endpoints list it: static ones shipped with the service and external ones ingested. */
export const ruleRow: RowSetDef = {
  name: 'rule',
  columns: [
    col('rule_id', 'string', 'Rule id (static rules start with `SR-`).', true),
    col('rule_name', 'string', 'Name of the rule.', true),
    col('rule_description', 'string', 'What the rule checks.'),
    col('severity', 'string', "Severity new findings get: the tenant's override if it set one, else the default (sorts by rank).", true),
    col('default_severity', 'string', 'Severity the rule was shipped or ingested with.'),
    col('category', 'string', 'Category (guardrails, secrets, supply_chain, access_control, …).', true),
    col('object_types', 'strings', 'Kinds of object the rule applies to.'),
    col('owasp_category', 'string', 'OWASP Top 10 for agentic applications category (ASI01–ASI10), or null.'),
    col('remediation', 'string', 'How to fix what the rule finds.'),
    col('source', 'string', 'static (shipped with the service) or external (ingested).', true),
    col('enabled', 'boolean', 'False when the tenant turned the rule off.'),
    col(
      'frameworks',
      'strings',
      'Compliance controls the rule maps to (OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF, EU AI Act ids; docs/COMPLIANCE.md).',
    ),
    col(
      'tags',
      'strings',
      "What the rule's scanner tags it with (an imported SARIF rule's tags, CWE ids as `CWE-79`); empty for static rules.",
    ),
    col('help_uri', 'string', "Where the rule's scanner documents it (an imported SARIF rule's `helpUri`), or null."),
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
    money(col('cost', 'number', 'Cost in US dollars, to the micro-dollar: as reported, else from the price table (see cost_source).')),
    col('prompt_outcome', 'string', 'Guardrail outcome on the prompt: OK, ALERTED, BLOCKED or REDACTED.'),
    col('response_outcome', 'string', 'Guardrail outcome on the response: OK, ALERTED, BLOCKED or REDACTED.'),
    col('categories', 'strings', 'Guardrail categories that fired (prompt_injection, pii, …).'),
    col('outcome', 'string', 'The more severe of the two outcomes (BLOCKED > REDACTED > ALERTED > OK).'),
    col('model_id', 'string', 'Inventory model the call was linked to, when known.'),
    col('mcp_server_ids', 'strings', 'MCP servers involved in the call.'),
    col(
      'cost_source',
      'string',
      'reported (the instrumentation sent it), priced (computed at ingest from the price table) or unpriced (no price for the model: cost 0 and counted in the session as unpriced).',
    ),
  ],
};

/** Columns only the single-interaction endpoint carries (text can be large, and may be dropped at ingest). */
export const interactionDetailColumns = [
  col('prompt', 'string', 'Prompt text, when ingested and kept (null when the service drops prompts at ingest).'),
  col('response', 'string', 'Response text, when ingested and kept.'),
  col('attributes', 'object', 'Other attributes sent with the interaction (for OTLP spans: trace_id, span_id, operation, …).'),
];

/** One run of one sensor over some assets (docs/SCANS.md). */
export const scan: RowSetDef = {
  name: 'scan',
  columns: [
    col('id', 'string', 'Scan id, unique within the workspace.', true),
    col(
      'sensor_type',
      'string',
      'Sensor that ran: SENSOR_TYPE_STATIC_CODE_SCAN, SENSOR_TYPE_RUNTIME_SDK, SENSOR_TYPE_GARAK_PROBE, … as the sensor sent it.',
      true,
    ),
    col('cicd_type', 'string', 'CI/CD system it ran in (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI), or null outside a pipeline.'),
    col('repository', 'string', 'Repository it scanned, where known.'),
    col('branch', 'string', 'Branch it scanned, where known.'),
    col('commit', 'string', 'Commit it scanned, where known.'),
    col('status', 'string', 'running, succeeded or failed.'),
    col('started_at', 'time', 'When it started (the default order: newest first).', true),
    col('finished_at', 'time', 'When it finished (null while running).'),
    col(
      'is_current',
      'boolean',
      "In an asset's scans: whether it is the current scan of its sensor for that asset (the finished one that started last). Elsewhere: whether it is current for at least one of its assets.",
    ),
    col('assets', 'integer', 'Assets it covered.'),
    col('current_assets', 'integer', 'Of those, the assets for which it is the current scan of its sensor.'),
    col('ai_objects', 'integer', 'AI objects (agents, models, tools, MCP servers, …) it reported.', true),
    col('findings', 'integer', 'Findings it reported.', true),
    col('attributes', 'object', 'Further fields the sensor sent, as sent.'),
  ],
};

/** A workspace the token may see (`GET /tenants/{t}/workspaces`). */
export const workspace: RowSetDef = {
  name: 'workspace',
  columns: [
    col('workspace_id', 'string', 'Workspace id.', true),
    col('objects', 'integer', 'Inventory objects of every kind.', true),
    col('agents', 'integer', 'AI agents.', true),
    col('models', 'integer', 'AI models.', true),
    col('tools', 'integer', 'AI tools.', true),
    col('mcp_servers', 'integer', 'MCP servers.', true),
    col('assets', 'integer', 'Assets.', true),
    col('locations', 'integer', 'Locations.', true),
    col(
      'first_ingest',
      'time',
      'When the workspace received its first ingest batch (null when that was before the service recorded it).',
      true,
    ),
    col('last_ingest', 'time', 'When it received its last ingest batch (null when that was before the service recorded it).', true),
  ],
};

export const derivedRowSets: Record<string, RowSetDef> = {
  issue: objectIssue,
  instance,
  llm_session: llmSession,
  scan,
};
