// The inventory catalogue: every entity kind, its columns, its edges and its detail sections, and
// the stored relation types that join kinds. This file is the one place to add a column or an edge.

import type { ColumnDef, EdgeDef, KindDef, RelationDef, SectionDef, ValueType } from './types.ts';

// ---- column builders ---------------------------------------------------------------------------

/** A real column of `entities`. */
function field(name: string, type: ValueType, description: string, sortable = true): ColumnDef {
  return { name, type, description, sortable, from: { field: name } };
}

/** A key of `entities.attributes`; sortable ones get an expression index at migrate. */
function attr(name: string, type: ValueType, description: string, sortable = false): ColumnDef {
  return { name, type, description, sortable, from: { attribute: name } };
}

/** How many neighbours an edge of this kind has, kept current at ingest. */
function count(name: string, edge: string, description: string): ColumnDef {
  return { name, type: 'integer', description, sortable: true, from: { edgeCount: edge } };
}

const head = [
  field('id', 'string', 'Identifier of the object, unique within its kind and workspace.'),
  field('name', 'string', 'Display name.'),
];
const seen = [
  field('first_seen', 'time', 'When a sensor first reported the object (RFC 3339).'),
  field('last_seen', 'time', 'When a sensor last reported the object (RFC 3339).'),
  attr(
    'sources',
    'strings',
    "Who reported the object: `runtime` (OpenTelemetry traces), the source an ingest record named (a scan's sensor), or `ingest`. Filter `sources=runtime`.",
  ),
];
const issueCounts = [
  field('critical_issues', 'integer', 'Open issues of critical severity that touch the object.'),
  field('high_issues', 'integer', 'Open issues of high severity that touch the object.'),
  field('total_issues', 'integer', 'Open issues of any severity that touch the object.'),
];
/** On the kinds whose risk src/catalog/risk.ts scores (docs/POSTURE.md gives the formula). */
const riskScore = field(
  'risk_score',
  'integer',
  'Risk of the object: its open issues weighted by severity, plus what it reaches weighted by kind of reach (formula in docs/POSTURE.md).',
);

// ---- edge builders -----------------------------------------------------------------------------

function out(name: string, target: string, relation: string, description: string): EdgeDef {
  return { name, target, via: { relation, direction: 'out' }, description };
}
function back(name: string, target: string, relation: string, description: string): EdgeDef {
  return { name, target, via: { relation, direction: 'in' }, description };
}
const issuesEdge: EdgeDef = {
  name: 'issues',
  target: 'issue',
  via: { derived: 'issues' },
  description: 'Issues (findings grouped by rule and severity) that touch the object, with its occurrences in each.',
};
const instancesEdge: EdgeDef = {
  name: 'instances',
  target: 'instance',
  via: { derived: 'instances' },
  description: 'Issue instances (single findings) raised on the object.',
};
const llmSessionsEdge: EdgeDef = {
  name: 'sessions',
  target: 'llm_session',
  via: { derived: 'llm_sessions' },
  description: 'LLM sessions in which the object took part, newest first.',
};
const scansEdge: EdgeDef = {
  name: 'scans',
  target: 'scan',
  via: { derived: 'scans' },
  description: 'Scans that covered the asset, current or not, newest first; `is_current` marks the current scan of each sensor.',
};
const currentScansEdge: EdgeDef = {
  name: 'current_scans',
  target: 'scan',
  via: { derived: 'current_scans' },
  description: 'The current scan of each sensor that covered the asset (the finished one that started last).',
};
const locationsEdge = out('locations', 'location', 'defined_in', 'Code or file locations where the object is defined.');
const assetsEdge = out('assets', 'asset', 'runs_on', 'Assets (hosts, containers, repositories, workloads) the object runs on.');

function section(name: string, edge: string, shape: SectionDef['shape'] = 'items'): SectionDef {
  return { name, edge, shape };
}

// ---- relations ---------------------------------------------------------------------------------

export const relations: RelationDef[] = [
  { name: 'uses_model', description: 'An agent calls a model.', pairs: [['agent', 'model']] },
  { name: 'uses_tool', description: 'An agent can call a tool.', pairs: [['agent', 'tool']] },
  { name: 'uses_mcp_server', description: 'An agent is connected to an MCP server.', pairs: [['agent', 'mcp_server']] },
  { name: 'delegates_to', description: 'An agent hands work to a sub-agent.', pairs: [['agent', 'agent']] },
  { name: 'input_guardrail', description: 'A guardrail checks what goes into an agent.', pairs: [['agent', 'guardrail']] },
  { name: 'output_guardrail', description: 'A guardrail checks what comes out of an agent.', pairs: [['agent', 'guardrail']] },
  { name: 'exposes_tool', description: 'An MCP server offers a tool.', pairs: [['mcp_server', 'tool']] },
  { name: 'exposes_prompt', description: 'An MCP server offers a prompt.', pairs: [['mcp_server', 'mcp_prompt']] },
  { name: 'exposes_resource', description: 'An MCP server offers a resource.', pairs: [['mcp_server', 'mcp_resource']] },
  {
    name: 'runs_on',
    description: 'An AI object runs on an asset.',
    pairs: [
      ['agent', 'asset'],
      ['model', 'asset'],
      ['mcp_server', 'asset'],
    ],
  },
  {
    name: 'defined_in',
    description: 'An object is defined at a location (file, repository path).',
    pairs: [
      ['agent', 'location'],
      ['model', 'location'],
      ['tool', 'location'],
      ['mcp_server', 'location'],
    ],
  },
  { name: 'connects_to', description: 'An asset reaches another asset.', pairs: [['asset', 'asset']] },
  { name: 'probe_result', description: 'A garak probe run against a model.', pairs: [['model', 'garak_info']] },
  {
    name: 'contains',
    description: 'An asset or location holds a cryptographic or secret object.',
    pairs: [
      ['asset', 'cert'],
      ['asset', 'key'],
      ['asset', 'crypto_session'],
      ['asset', 'operation'],
      ['asset', 'qualys_secret'],
      ['asset', 'tls_config'],
      ['asset', 'secret'],
      ['location', 'cert'],
      ['location', 'key'],
      ['location', 'qualys_secret'],
      ['location', 'secret'],
    ],
  },
];

// ---- kinds -------------------------------------------------------------------------------------

const agent: KindDef = {
  name: 'agent',
  label: 'AI agent',
  prefix: 'aispm-agents',
  ai: true,
  operation: { singular: 'AispmAgent', plural: 'AispmAgents', edges: 'GetAISPMAgentEdges' },
  columns: [
    ...head,
    attr('framework', 'string', 'Agent framework (langchain, crewai, autogen, openai-agents, …).', true),
    attr('language', 'string', 'Programming language of the agent code.', true),
    attr('version', 'string', 'Version of the agent as deployed.'),
    attr('environment', 'string', 'Deployment environment (production, staging, development).', true),
    attr('owner', 'string', 'Team or person responsible.', true),
    attr('repository', 'string', 'Source repository of the agent.'),
    attr('context', 'string', 'Where the agent runs (cluster/namespace, function, service).'),
    attr('data_sources', 'strings', 'Data sources the agent reads.'),
    attr('permissions', 'strings', 'Permissions granted to the agent (e.g. filesystem:write, email:send).'),
    attr('human_approval', 'boolean', 'Whether a human approves destructive actions before they run.'),
    attr('runtime_last_seen', 'string', 'When OpenTelemetry traces last reported the agent (RFC 3339); null if never.', true),
    ...seen,
    ...issueCounts,
    riskScore,
    count('models', 'aispm_model_dependencies', 'Models the agent calls.'),
    count('tools', 'aispm_tools', 'Tools the agent can call.'),
    count('mcp_servers', 'aispm_mcp_server_dependencies', 'MCP servers the agent is connected to.'),
    count('sub_agents', 'aispm_agent_dependencies', 'Agents this agent delegates to.'),
    count('input_guardrails', 'aispm_input_guardrails', 'Guardrails on the agent input.'),
    count('output_guardrails', 'aispm_output_guardrails', 'Guardrails on the agent output.'),
  ],
  edges: [
    assetsEdge,
    llmSessionsEdge,
    instancesEdge,
    issuesEdge,
    locationsEdge,
    out('aispm_tools', 'tool', 'uses_tool', 'Tools the agent can call.'),
    out('aispm_input_guardrails', 'guardrail', 'input_guardrail', 'Guardrails that check the agent input.'),
    out('aispm_output_guardrails', 'guardrail', 'output_guardrail', 'Guardrails that check the agent output.'),
    out('aispm_agent_dependencies', 'agent', 'delegates_to', 'Sub-agents the agent delegates to.'),
    out('aispm_model_dependencies', 'model', 'uses_model', 'Models the agent calls.'),
    out('aispm_mcp_server_dependencies', 'mcp_server', 'uses_mcp_server', 'MCP servers the agent is connected to.'),
  ],
  sections: [
    section('models', 'aispm_model_dependencies'),
    section('tools', 'aispm_tools'),
    section('mcp_servers', 'aispm_mcp_server_dependencies'),
    section('sub_agents', 'aispm_agent_dependencies'),
    section('input_guardrails', 'aispm_input_guardrails'),
    section('output_guardrails', 'aispm_output_guardrails'),
    section('locations', 'locations', 'locations'),
  ],
};

const model: KindDef = {
  name: 'model',
  label: 'AI model',
  prefix: 'aispm-models',
  ai: true,
  operation: { singular: 'AispmModel', plural: 'AispmModels', edges: 'GetAISPMModelEdges' },
  columns: [
    ...head,
    attr('provider', 'string', 'Provider serving the model (openai, anthropic, google, meta, mistral, …).', true),
    attr('model_family', 'string', 'Model family (gpt-4o, claude, gemini, llama, …).', true),
    attr('version', 'string', 'Model version or snapshot as referenced by the code.'),
    attr('pinned', 'boolean', 'Whether the code pins an exact version rather than a moving alias.'),
    attr('type', 'string', 'Model type (chat, embedding, image, speech, …).', true),
    attr('hosting', 'string', 'How it is served: api, self-hosted, or managed cloud.', true),
    attr('license', 'string', 'Licence of the weights or the service terms.'),
    attr('context_window', 'integer', 'Context window in tokens.', true),
    ...seen,
    ...issueCounts,
    riskScore,
    count('agents', 'aispm_agents', 'Agents that call the model.'),
    count('locations', 'locations', 'Locations where the model is referenced.'),
  ],
  edges: [
    assetsEdge,
    llmSessionsEdge,
    instancesEdge,
    issuesEdge,
    locationsEdge,
    out('garak-info', 'garak_info', 'probe_result', 'Results of garak probes run against the model.'),
    back('aispm_agents', 'agent', 'uses_model', 'Agents that call the model.'),
  ],
  sections: [section('agents', 'aispm_agents'), section('locations', 'locations', 'locations')],
};

const tool: KindDef = {
  name: 'tool',
  label: 'AI tool',
  prefix: 'aispm-tools',
  ai: true,
  operation: { singular: 'AispmTool', plural: 'AispmTools', edges: 'GetAISPMToolEdges' },
  columns: [
    ...head,
    attr('description', 'string', 'What the tool does, as declared to the model.'),
    attr('type', 'string', 'Tool type (function, api, mcp, builtin).', true),
    attr('capabilities', 'strings', 'What the tool can do (shell, code_execution, filesystem, network, database, email, payment, …).'),
    attr('destructive', 'boolean', 'Whether the tool can change or delete data or state.'),
    attr('requires_approval', 'boolean', 'Whether a human approves each call.'),
    attr('input_validation', 'boolean', 'Whether the tool validates its input against a schema.'),
    attr('language', 'string', 'Implementation language.', true),
    ...seen,
    ...issueCounts,
    riskScore,
    count('agents', 'agents', 'Agents that can call the tool.'),
    count('mcp_servers', 'mcp_servers', 'MCP servers that expose the tool.'),
  ],
  edges: [
    back('agents', 'agent', 'uses_tool', 'Agents that can call the tool.'),
    back('mcp_servers', 'mcp_server', 'exposes_tool', 'MCP servers that expose the tool.'),
    issuesEdge,
    locationsEdge,
  ],
  sections: [
    section('agents', 'agents'),
    section('mcp_servers', 'mcp_servers'),
    section('locations', 'locations', 'locations'),
    section('issues', 'issues', 'tabular'),
  ],
};

const mcpServer: KindDef = {
  name: 'mcp_server',
  label: 'MCP server',
  prefix: 'aispm-mcp-servers',
  ai: true,
  operation: { singular: 'AispmMcpServer', plural: 'AispmMcpServers', edges: 'GetAISPMMcpServerEdges' },
  columns: [
    ...head,
    attr('transport', 'string', 'MCP transport (stdio, sse, streamable-http).', true),
    attr('url', 'string', 'Endpoint of a remote server.'),
    attr('package', 'string', 'Package the server is installed from (npm, PyPI, image).'),
    attr('version', 'string', 'Version of the server.'),
    attr('publisher', 'string', 'Who publishes the server.', true),
    attr('authentication', 'string', 'How clients authenticate (none, api_key, oauth, mtls).', true),
    ...seen,
    ...issueCounts,
    riskScore,
    count('agents', 'aispm_agents', 'Agents connected to the server.'),
    count('tools', 'aispm_tools', 'Tools the server exposes.'),
    count('prompts', 'aispm_mcp_prompts', 'Prompts the server exposes.'),
    count('resources', 'aispm_mcp_resources', 'Resources the server exposes.'),
  ],
  edges: [
    assetsEdge,
    llmSessionsEdge,
    instancesEdge,
    issuesEdge,
    locationsEdge,
    out('aispm_tools', 'tool', 'exposes_tool', 'Tools the server exposes.'),
    out('aispm_mcp_prompts', 'mcp_prompt', 'exposes_prompt', 'Prompts the server exposes.'),
    out('aispm_mcp_resources', 'mcp_resource', 'exposes_resource', 'Resources the server exposes.'),
    back('aispm_agents', 'agent', 'uses_mcp_server', 'Agents connected to the server.'),
  ],
  sections: [section('agents', 'aispm_agents'), section('locations', 'locations', 'locations')],
};

const asset: KindDef = {
  name: 'asset',
  label: 'asset',
  prefix: 'assets',
  ai: false,
  operation: { singular: 'Asset', plural: 'Assets' },
  columns: [
    ...head,
    attr('type', 'string', 'Asset type (host, container, repository, k8s_workload, cloud_function, vm).', true),
    attr('hostname', 'string', 'Host name.', true),
    attr('ip', 'string', 'Primary IP address.'),
    attr('os', 'string', 'Operating system.', true),
    attr('cloud_provider', 'string', 'Cloud provider (aws, azure, gcp) when in a cloud.', true),
    attr('region', 'string', 'Cloud region.'),
    attr('environment', 'string', 'Deployment environment.', true),
    attr('criticality', 'integer', 'Business criticality from 1 (low) to 5 (critical).', true),
    ...seen,
    count('agents', 'aispm_agents', 'Agents running on the asset.'),
    count('models', 'aispm_models', 'Models running on the asset.'),
    count('mcp_servers', 'aispm_mcp_servers', 'MCP servers running on the asset.'),
  ],
  edges: [
    { ...out('certs', 'cert', 'contains', 'Certificates found on the asset.') },
    out('keys', 'key', 'contains', 'Cryptographic keys found on the asset.'),
    out('sessions', 'crypto_session', 'contains', 'Cryptographic (TLS/SSH) sessions observed on the asset.'),
    out('operations', 'operation', 'contains', 'Cryptographic operations observed on the asset.'),
    out('qualys-secrets', 'qualys_secret', 'contains', 'Secrets detected on the asset by the secret scanner.'),
    out('tls-configs', 'tls_config', 'contains', 'TLS configurations of the asset.'),
    out('secrets', 'secret', 'contains', 'Secrets found on the asset.'),
    back('aispm_models', 'model', 'runs_on', 'Models running on the asset.'),
    back('aispm_agents', 'agent', 'runs_on', 'Agents running on the asset.'),
    back('aispm_mcp_servers', 'mcp_server', 'runs_on', 'MCP servers running on the asset.'),
    out('assets', 'asset', 'connects_to', 'Assets this asset connects to.'),
    scansEdge,
    currentScansEdge,
  ],
  sections: [section('current_scans', 'current_scans', 'tabular')],
};

const location: KindDef = {
  name: 'location',
  label: 'location',
  prefix: 'locations',
  ai: false,
  operation: { singular: 'Location', plural: 'Locations' },
  columns: [
    ...head,
    attr('type', 'string', 'Location type (code, file, config, notebook).', true),
    attr('repository', 'string', 'Repository URL or name.', true),
    attr('path', 'string', 'Path of the file within the repository or host.', true),
    attr('start_line', 'integer', 'First line of the definition.'),
    attr('end_line', 'integer', 'Last line of the definition.'),
    attr('branch', 'string', 'Branch the location was seen on.'),
    attr('commit', 'string', 'Commit the location was seen at.'),
    attr('url', 'string', 'Link to the location in the code host.'),
    attr('host', 'string', 'Host name, for locations on a host file system.'),
    ...seen,
    count('certs', 'certs', 'Certificates at the location.'),
    count('secrets', 'secrets', 'Secrets at the location.'),
  ],
  edges: [
    out('certs', 'cert', 'contains', 'Certificates found at the location.'),
    out('keys', 'key', 'contains', 'Cryptographic keys found at the location.'),
    out('qualys-secrets', 'qualys_secret', 'contains', 'Secrets detected at the location by the secret scanner.'),
    out('secrets', 'secret', 'contains', 'Secrets found at the location.'),
  ],
  sections: [],
};

// Leaf kinds: reached only over edges, so they have columns but no routes of their own.
function leaf(name: string, label: string, columns: ColumnDef[]): KindDef {
  return { name, label, ai: false, columns: [...head, ...columns, ...seen], edges: [], sections: [] };
}

const leaves: KindDef[] = [
  leaf('cert', 'certificate', [
    attr('subject', 'string', 'Certificate subject.', true),
    attr('issuer', 'string', 'Certificate issuer.', true),
    attr('not_after', 'string', 'End of validity (RFC 3339).', true),
    attr('key_algorithm', 'string', 'Public key algorithm and size.'),
    attr('self_signed', 'boolean', 'Whether the certificate signs itself.'),
  ]),
  leaf('key', 'cryptographic key', [
    attr('algorithm', 'string', 'Key algorithm.', true),
    attr('key_size', 'integer', 'Key size in bits.', true),
    attr('key_type', 'string', 'private, public or symmetric.'),
  ]),
  leaf('secret', 'secret', [
    attr('secret_type', 'string', 'Kind of secret (api_key, password, token, private_key).', true),
    attr('provider', 'string', 'Service the secret unlocks.', true),
    attr('verified', 'boolean', 'Whether the secret was confirmed live.'),
  ]),
  leaf('qualys_secret', 'detected secret', [
    attr('detection_id', 'string', 'Identifier of the detection.'),
    attr('secret_type', 'string', 'Kind of secret.', true),
    attr('severity', 'string', 'Severity of the detection.', true),
  ]),
  leaf('tls_config', 'TLS configuration', [
    attr('port', 'integer', 'Port the configuration serves.', true),
    attr('protocol', 'string', 'Highest protocol version offered.', true),
    attr('cipher_suites', 'strings', 'Cipher suites offered.'),
    attr('grade', 'string', 'Grade of the configuration (A–F).', true),
  ]),
  leaf('operation', 'cryptographic operation', [
    attr('operation', 'string', 'Operation (encrypt, sign, hash, …).', true),
    attr('algorithm', 'string', 'Algorithm used.', true),
    attr('library', 'string', 'Library that performed it.'),
  ]),
  leaf('crypto_session', 'cryptographic session', [
    attr('protocol', 'string', 'Protocol (TLS 1.2, TLS 1.3, SSH).', true),
    attr('cipher', 'string', 'Negotiated cipher.', true),
    attr('peer', 'string', 'Remote peer.'),
  ]),
  leaf('guardrail', 'guardrail', [
    attr('provider', 'string', 'Guardrail product (llm-guard, nemo-guardrails, bedrock-guardrails, …).', true),
    attr('policy', 'string', 'Policy the guardrail enforces.'),
    attr('categories', 'strings', 'Categories it detects (prompt_injection, pii, toxicity, …).'),
    attr('mode', 'string', 'block, redact or alert.', true),
  ]),
  leaf('mcp_prompt', 'MCP prompt', [
    attr('description', 'string', 'What the prompt is for.'),
    attr('arguments', 'strings', 'Arguments the prompt takes.'),
  ]),
  leaf('mcp_resource', 'MCP resource', [
    attr('uri', 'string', 'Resource URI.', true),
    attr('mime_type', 'string', 'MIME type of the resource.'),
  ]),
  leaf('garak_info', 'garak probe result', [
    attr('probe', 'string', 'garak probe (e.g. promptinject.HijackHateHumans).', true),
    attr('detector', 'string', 'garak detector that judged the outputs.'),
    attr('status', 'string', 'passed or failed.', true),
    attr('pass_rate', 'number', 'Share of attempts that passed, from 0 to 1.', true),
    attr('attempts', 'integer', 'Attempts made.'),
    attr('run_at', 'string', 'When the probe ran (RFC 3339).', true),
  ]),
];

export const kinds: KindDef[] = [agent, model, tool, mcpServer, asset, location, ...leaves];

// Each name a kind's edges answer to picks one edge: no alias is another edge's name or alias.
for (const k of kinds) {
  const names = k.edges.flatMap((e) => [e.name, edgeAlias(k, e)].filter((n): n is string => n !== undefined));
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`catalogue: edge name "${twice}" of ${k.name} names two edges`);
}

export const kindByName: ReadonlyMap<string, KindDef> = new Map(kinds.map((k) => [k.name, k]));
export const routedKinds: KindDef[] = kinds.filter((k) => k.prefix);
export const relationByName: ReadonlyMap<string, RelationDef> = new Map(relations.map((r) => [r.name, r]));

/**
 * The name an edge goes by where it has a shorter one: the name of the column counting its
 * neighbours, which is also its detail section's and its related filters' (`models` for
 * `aispm_model_dependencies`: `?models.provider=openai`, `…/{id}/models`). Undefined when the edge
 * has only its own name (`issues`, `sessions`, `garak-info`).
 */
export function edgeAlias(kind: KindDef, edge: EdgeDef): string | undefined {
  const counted = kind.columns.find((c) => 'edgeCount' in c.from && c.from.edgeCount === edge.name)?.name;
  const alias = counted ?? kind.sections.find((s) => s.edge === edge.name)?.name;
  return alias === edge.name ? undefined : alias;
}

/** The one name the documentation, messages and tools use for an edge: its alias where it has one. */
export function edgeWord(kind: KindDef, edge: EdgeDef): string {
  return edgeAlias(kind, edge) ?? edge.name;
}

/** An edge of the kind by either of its names: its own (`aispm_model_dependencies`) or its alias (`models`). */
export function edgeOf(kind: KindDef, name: string): EdgeDef | undefined {
  return kind.edges.find((e) => e.name === name) ?? kind.edges.find((e) => edgeAlias(kind, e) === name);
}

export function columnOf(kind: KindDef, name: string): ColumnDef | undefined {
  return kind.columns.find((c) => c.name === name);
}
