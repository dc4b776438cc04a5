// Row sets that are not inventory kinds but are answered as tabular results: issues seen from one
// object, issue instances, LLM sessions and scans. Edges reach them (`…/{id}/issues`,
// `…/instances`, `…/sessions`, an asset's `…/scans`) and the findings, runtime and scan endpoints
// share their columns.

import type { ColumnDef, RowSetDef } from './types.ts';
import { column, storedAs } from './columns.ts';
import { MICROS_PER_DOLLAR } from './money.ts';

/** A column of money: stored in micro-dollars, answered and filtered in dollars. */
function money(c: ColumnDef): ColumnDef {
  return { ...c, scale: MICROS_PER_DOLLAR };
}

/** An issue as seen from one object it touches (the `issues` edge and the tool's `issues` section). */
export const objectIssue: RowSetDef = {
  name: 'issue',
  columns: [
    column('id', 'string', 'Issue id (stable for a workspace, rule and severity).', true),
    column('rule_id', 'string', 'Rule that raised the findings.', true),
    column('rule_name', 'string', 'Name of the rule.'),
    column('severity', 'string', 'critical, high, medium or low.', true),
    column('category', 'string', 'Category of the rule (e.g. guardrails, secrets, supply_chain).'),
    column('occurrences', 'integer', 'Open instances of the issue on this object.', true),
    column('first_detected', 'time', 'First detection of the issue on this object.', true),
    column('last_detected', 'time', 'Latest detection of the issue on this object.', true),
  ],
};

/** One finding of one rule on one object. */
export const instance: RowSetDef = {
  name: 'instance',
  columns: [
    column('id', 'string', 'Instance id.', true),
    column('issue_id', 'string', 'Issue the instance belongs to.'),
    column('rule_id', 'string', 'Rule that raised it.', true),
    column('severity', 'string', 'critical, high, medium or low.', true),
    column('status', 'string', 'open, waived (open, and covered by a waiver) or resolved.', true),
    column('title', 'string', 'One-line statement of the finding.'),
    storedAs('object_kind', column('object_type', 'string', 'Kind of the object the finding is on.')),
    column('object_id', 'string', 'Id of the object the finding is on.'),
    column('detected_at', 'time', 'When it was detected.', true),
    column('resolved_at', 'time', 'When it stopped holding (null while open).'),
    column('cvss_score', 'number', 'CVSS base score where one applies.', true),
    column('owasp_category', 'string', 'OWASP Top 10 for agentic applications category (ASI01–ASI10).'),
    column('scan_id', 'string', 'Scan that produced it.'),
    column('source', 'string', 'ingest (sent by a sensor) or static (evaluated by the service).'),
  ],
};

/** An LLM session: the interactions that share a session id, rolled up at ingest. */
export const llmSession: RowSetDef = {
  name: 'llm_session',
  columns: [
    column('session_id', 'string', 'Session identifier.', true),
    column('agent_id', 'string', 'Agent that ran the session.'),
    column('start_time', 'time', 'Time of the first interaction (sort key `time`).', true),
    column('end_time', 'time', 'End of the last interaction.'),
    column('duration_ms', 'integer', 'end_time minus start_time, in milliseconds.', true),
    column('turns', 'integer', 'Number of interactions.', true),
    column('input_tokens', 'integer', 'Input tokens over all interactions.'),
    column('output_tokens', 'integer', 'Output tokens over all interactions.'),
    column('total_tokens', 'integer', 'input_tokens + output_tokens (sort key `tokens`).', true),
    money(column('cost', 'number', 'Cost in US dollars, to the micro-dollar: the exact sum of its interactions.', true)),
    column('ok', 'integer', 'Interactions whose guardrail outcome was OK.'),
    column('alerted', 'integer', 'Interactions whose guardrail outcome was ALERTED.'),
    column('blocked', 'integer', 'Interactions whose guardrail outcome was BLOCKED.'),
    column('redacted', 'integer', 'Interactions whose guardrail outcome was REDACTED.'),
    column('unpriced_turns', 'integer', 'Interactions no price covered (cost_source unpriced): their cost is unknown, not zero.'),
    column(
      'mcp_turns',
      'integer',
      'Interactions that involved an MCP server (mcp_server_ids not empty): the turns where the agent reached tools through MCP.',
    ),
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
    column('agent_id', 'string', 'Agent the interactions name (null when they name none).', true),
    column('provider', 'string', 'Provider of the model, as the interactions name it.', true),
    column('model', 'string', 'Model, as the interactions name it.', true),
    column('day', 'time', 'Start of the UTC day (per day only).', true),
    column('interactions', 'integer', 'Number of LLM interactions.', true),
    column('input_tokens', 'integer', 'Input tokens.', true),
    column('output_tokens', 'integer', 'Output tokens.', true),
    column('total_tokens', 'integer', 'input_tokens + output_tokens.', true),
    money(
      column('cost', 'number', 'Cost in US dollars, to the micro-dollar: the exact sum of the interactions (unpriced ones count 0).', true),
    ),
  ],
};

/** Every field of an instance: the `instance` columns, then the long-form ones (details, rule results). */
export const instanceDetail: RowSetDef = {
  name: 'instance_detail',
  columns: [
    ...instance.columns,
    column('category', 'string', 'Category of the rule (guardrails, secrets, supply_chain, …).'),
    column('description', 'string', 'What was found, in full.'),
    column('code_location', 'object', 'Where in code it was found (repository, path, start_line, … as the sensor sent it), or null.'),
    column('evidence', 'object', 'What the sensor saw (free-form object as sent), or null.'),
    column('remediation', 'string', "How to fix it (the rule's remediation unless the finding carried its own)."),
    column(
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
    column('id', 'string', 'Issue id: opaque, stable for a workspace, rule and severity.', true),
    column('rule_id', 'string', 'Rule that raised the findings.', true),
    column('rule_name', 'string', 'Name of the rule.', true),
    column('severity', 'string', 'critical, high, medium or low (sorts by rank: critical is highest).', true),
    column('category', 'string', 'Category of the rule.', true),
    column('open_instances', 'integer', 'Open instances of the issue, over all its objects.', true),
    column('objects', 'integer', 'Objects with at least one open instance of the issue.', true),
    column('first_detected', 'time', 'Earliest detection among the open instances.', true),
    column('last_detected', 'time', 'Latest detection among the open instances.', true),
  ],
};

/**
 * A row of the issues index grouped by something other than the issue itself (`group_by`):
 * the dimensions asked for (in this order), then the measures.
 */
export const issueGroupDimensions: ColumnDef[] = [
  column('rule_id', 'string', 'Rule (with `rule_name`) when grouping by rule_id.', true),
  column('rule_name', 'string', 'Name of the rule; present when grouping by rule_id.', true),
  column('severity', 'string', 'Severity when grouping by severity (sorts by rank).', true),
  column('category', 'string', 'Rule category when grouping by category.', true),
  column('object_type', 'string', 'Kind of the objects when grouping by object_type.', true),
];
export const issueGroupMeasures: ColumnDef[] = [
  column('issues', 'integer', 'Issues (rule and severity pairs) in the group.', true),
  column('open_instances', 'integer', 'Open instances in the group.', true),
  column('objects', 'integer', 'Distinct objects with an open instance in the group.', true),
  column('first_detected', 'time', 'Earliest detection among the open instances of the group.', true),
  column('last_detected', 'time', 'Latest detection among the open instances of the group.', true),
];

/** An object an issue touches (`…/issues/…/{id}/objects`). */
export const issueObject: RowSetDef = {
  name: 'issue_object',
  columns: [
    storedAs('object_kind', column('object_type', 'string', 'Kind of the object (agent, model, tool, mcp_server, location, …).', true)),
    column('object_id', 'string', 'Id of the object; the `{objectId}` of its details.', true),
    storedAs('name', column('object_name', 'string', 'Name of the object in the inventory (null when the inventory does not hold it).')),
    column('occurrences', 'integer', 'Open instances of the issue on the object.', true),
    column('first_detected', 'time', 'Earliest detection among them.'),
    column('last_detected', 'time', 'Latest detection among them.', true),
  ],
};

/** A rule as the rules endpoints list it: static ones shipped with the service and external ones ingested. */
export const ruleRow: RowSetDef = {
  name: 'rule',
  columns: [
    column('rule_id', 'string', 'Rule id (static rules start with `SR-`).', true),
    storedAs('name', column('rule_name', 'string', 'Name of the rule.', true)),
    storedAs('description', column('rule_description', 'string', 'What the rule checks.')),
    column('severity', 'string', "Severity new findings get: the tenant's override if it set one, else the default (sorts by rank).", true),
    column('default_severity', 'string', 'Severity the rule was shipped or ingested with.'),
    column('category', 'string', 'Category (guardrails, secrets, supply_chain, access_control, …).', true),
    column('object_types', 'strings', 'Kinds of object the rule applies to.'),
    column('owasp_category', 'string', 'OWASP Top 10 for agentic applications category (ASI01–ASI10), or null.'),
    column('remediation', 'string', 'How to fix what the rule finds.'),
    column('source', 'string', 'static (shipped with the service) or external (ingested).', true),
    column('enabled', 'boolean', 'False when the tenant turned the rule off.'),
    column(
      'frameworks',
      'strings',
      'Compliance controls the rule maps to (OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF, EU AI Act ids; docs/COMPLIANCE.md).',
    ),
    column(
      'tags',
      'strings',
      "What the rule's scanner tags it with (an imported SARIF rule's tags, CWE ids as `CWE-79`); empty for static rules.",
    ),
    column('help_uri', 'string', "Where the rule's scanner documents it (an imported SARIF rule's `helpUri`), or null."),
  ],
};

/** One LLM call as the interactions list shows it; the detail adds `interactionDetailColumns`. */
export const llmInteraction: RowSetDef = {
  name: 'llm_interaction',
  columns: [
    column('id', 'string', 'Interaction id.'),
    column('session_id', 'string', 'Session the interaction belongs to.'),
    column('agent_id', 'string', 'Agent that made the call (empty when not known).'),
    column('model', 'string', 'Model name as the caller named it.'),
    column('provider', 'string', 'Provider serving the model (openai, anthropic, aws.bedrock, …).'),
    column('time', 'time', 'When the call started.', true),
    column('duration_ms', 'integer', 'How long the call took, in milliseconds.'),
    column('input_tokens', 'integer', 'Input (prompt) tokens.'),
    column('output_tokens', 'integer', 'Output (completion) tokens.'),
    column('total_tokens', 'integer', 'input_tokens + output_tokens.'),
    money(column('cost', 'number', 'Cost in US dollars, to the micro-dollar: as reported, else from the price table (see cost_source).')),
    column('prompt_outcome', 'string', 'Guardrail outcome on the prompt: OK, ALERTED, BLOCKED or REDACTED.'),
    column('response_outcome', 'string', 'Guardrail outcome on the response: OK, ALERTED, BLOCKED or REDACTED.'),
    column('categories', 'strings', 'Guardrail categories that fired (prompt_injection, pii, …).'),
    column('outcome', 'string', 'The more severe of the two outcomes (BLOCKED > REDACTED > ALERTED > OK).'),
    column('model_id', 'string', 'Inventory model the call was linked to, when known.'),
    column('mcp_server_ids', 'strings', 'MCP servers involved in the call.'),
    column(
      'cost_source',
      'string',
      'reported (the instrumentation sent it), priced (computed at ingest from the price table) or unpriced (no price for the model: cost 0 and counted in the session as unpriced).',
    ),
  ],
};

/** Columns only the single-interaction endpoint carries (text can be large, and may be dropped at ingest). */
export const interactionDetailColumns = [
  column('prompt', 'string', 'Prompt text, when ingested and kept (null when the service drops prompts at ingest).'),
  column('response', 'string', 'Response text, when ingested and kept.'),
  column('attributes', 'object', 'Other attributes sent with the interaction (for OTLP spans: trace_id, span_id, operation, …).'),
];

/** One run of one sensor over some assets (docs/SCANS.md). */
export const scan: RowSetDef = {
  name: 'scan',
  columns: [
    column('id', 'string', 'Scan id, unique within the workspace.', true),
    column(
      'sensor_type',
      'string',
      'Sensor that ran: SENSOR_TYPE_STATIC_CODE_SCAN, SENSOR_TYPE_RUNTIME_SDK, SENSOR_TYPE_GARAK_PROBE, … as the sensor sent it.',
      true,
    ),
    column('cicd_type', 'string', 'CI/CD system it ran in (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI), or null outside a pipeline.'),
    column('repository', 'string', 'Repository it scanned, where known.'),
    column('branch', 'string', 'Branch it scanned, where known.'),
    storedAs('commit_sha', column('commit', 'string', 'Commit it scanned, where known.')),
    column('status', 'string', 'running, succeeded or failed.'),
    column('started_at', 'time', 'When it started (the default order: newest first).', true),
    column('finished_at', 'time', 'When it finished (null while running).'),
    column(
      'is_current',
      'boolean',
      "In an asset's scans: whether it is the current scan of its sensor for that asset (the finished one that started last). Elsewhere: whether it is current for at least one of its assets.",
    ),
    column('assets', 'integer', 'Assets it covered.'),
    column('current_assets', 'integer', 'Of those, the assets for which it is the current scan of its sensor.'),
    column('ai_objects', 'integer', 'AI objects (agents, models, tools, MCP servers, …) it reported.', true),
    column('findings', 'integer', 'Findings it reported.', true),
    column('attributes', 'object', 'Further fields the sensor sent, as sent.'),
  ],
};

/** A workspace the token may see (`GET /tenants/{t}/workspaces`). */
export const workspace: RowSetDef = {
  name: 'workspace',
  columns: [
    column('workspace_id', 'string', 'Workspace id.', true),
    column('objects', 'integer', 'Inventory objects of every kind.', true),
    column('agents', 'integer', 'AI agents.', true),
    column('models', 'integer', 'AI models.', true),
    column('tools', 'integer', 'AI tools.', true),
    column('mcp_servers', 'integer', 'MCP servers.', true),
    column('assets', 'integer', 'Assets.', true),
    column('locations', 'integer', 'Locations.', true),
    column(
      'first_ingest',
      'time',
      'When the workspace received its first ingest batch (null when that was before the service recorded it).',
      true,
    ),
    column('last_ingest', 'time', 'When it received its last ingest batch (null when that was before the service recorded it).', true),
  ],
};

export const derivedRowSets: Record<string, RowSetDef> = {
  issue: objectIssue,
  instance,
  llm_session: llmSession,
  scan,
};
