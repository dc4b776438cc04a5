// Static rules shipped with the service: AI posture checks with their default severity and the
// object types they apply to. They are written into the `rules` table (tenant '*') at migrate so
// the rules endpoints list them together with the external rules that arrive through ingest.

import { createHash } from 'node:crypto';

export type Severity = 'critical' | 'high' | 'medium' | 'low';
export const severities: Severity[] = ['critical', 'high', 'medium', 'low'];
export const severityRank: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1 };

export interface StaticRule {
  id: string;
  name: string;
  description: string;
  severity: Severity;
  category: string;
  objectTypes: string[];
  remediation: string;
  /** OWASP Top 10 for Agentic Applications (ASI01–ASI10) where one applies. */
  owasp: string | null;
}

function rule(
  slug: string,
  name: string,
  severity: Severity,
  category: string,
  objectTypes: string[],
  owasp: string | null,
  description: string,
  remediation: string,
): StaticRule {
  return { id: `SR-aispm_${slug}`, name, severity, category, objectTypes, owasp, description, remediation };
}

export const staticRules: StaticRule[] = [
  rule(
    'missing_input_guardrails',
    'Agent without input guardrails',
    'high',
    'guardrails',
    ['agent'],
    'ASI01',
    'The agent passes user or tool input to its models with no guardrail checking it for prompt injection, jailbreaks or sensitive data.',
    'Attach an input guardrail (prompt-injection and PII detection) in front of the agent.',
  ),
  rule(
    'missing_output_guardrails',
    'Agent without output guardrails',
    'medium',
    'guardrails',
    ['agent'],
    'ASI09',
    'Model output reaches users or tools with no guardrail checking it for leaked data, unsafe content or instructions.',
    'Attach an output guardrail that filters sensitive data and unsafe content.',
  ),
  rule(
    'hardcoded_credentials',
    'Hard-coded credentials',
    'critical',
    'secrets',
    ['agent', 'tool', 'mcp_server', 'location'],
    'ASI03',
    'An API key, token or password is written in the source or configuration of the object.',
    'Move the secret to a secret manager, rotate it, and read it at run time.',
  ),
  rule(
    'unpinned_model_version',
    'Model version not pinned',
    'medium',
    'supply_chain',
    ['model'],
    'ASI04',
    'The code refers to a moving model alias, so the model behind it can change without review.',
    'Reference an exact model snapshot and upgrade it deliberately.',
  ),
  rule(
    'mcp_server_without_authentication',
    'MCP server without authentication',
    'high',
    'access_control',
    ['mcp_server'],
    'ASI03',
    'Clients can connect to the MCP server and call its tools without authenticating.',
    'Require OAuth, an API key or mTLS on the MCP server.',
  ),
  rule(
    'tool_shell_or_code_execution',
    'Tool can run shell commands or code',
    'high',
    'tool_misuse',
    ['tool'],
    'ASI05',
    'The tool executes shell commands or arbitrary code on behalf of the model.',
    'Sandbox the tool, restrict it to an allow-list of commands, and require approval for each call.',
  ),
  rule(
    'prompt_injection_exposure',
    'Prompt injection exposure',
    'high',
    'prompt_injection',
    ['agent'],
    'ASI01',
    'Untrusted content (web pages, e-mail, documents, tool output) flows into the agent prompt without isolation.',
    'Separate untrusted content from instructions and add prompt-injection detection.',
  ),
  rule(
    'unvalidated_tool_input',
    'Tool input not validated',
    'medium',
    'tool_misuse',
    ['tool'],
    'ASI02',
    'The tool accepts model-generated arguments without validating them against a schema.',
    'Validate every argument against a strict schema before acting on it.',
  ),
  rule(
    'excessive_agent_permissions',
    'Excessive agent permissions',
    'high',
    'access_control',
    ['agent'],
    'ASI03',
    'The agent holds broader permissions than its task needs (write access, admin scopes, wildcard resources).',
    'Grant least privilege: scope credentials to the resources and actions the agent needs.',
  ),
  rule(
    'vulnerable_dependency',
    'Known-vulnerable dependency',
    'high',
    'supply_chain',
    ['agent', 'tool', 'mcp_server'],
    'ASI04',
    'A package the object depends on has a published vulnerability.',
    'Upgrade the dependency to a fixed version.',
  ),
  rule(
    'model_failed_garak_probes',
    'Model failed garak probes',
    'high',
    'model_robustness',
    ['model'],
    'ASI01',
    'garak probes against the model found it susceptible (prompt injection, jailbreak, data leakage).',
    'Harden the system prompt, add guardrails, or choose a more robust model.',
  ),
  rule(
    'destructive_action_without_approval',
    'Destructive action without human approval',
    'critical',
    'human_oversight',
    ['agent', 'tool'],
    'ASI09',
    'The agent can perform destructive actions (delete, pay, send, deploy) with no human approval step.',
    'Require a human to approve destructive tool calls before they run.',
  ),
  rule(
    'unauthenticated_mcp_exposes_code_execution',
    'Unauthenticated MCP server exposes code execution',
    'critical',
    'access_control',
    ['mcp_server'],
    'ASI05',
    'An MCP server that requires no authentication exposes a tool able to run shell commands or code.',
    'Require authentication on the server or remove the execution tool from it.',
  ),
  rule(
    'agent_reaches_code_execution_via_mcp',
    'Agent reaches code execution through an MCP server',
    'high',
    'tool_misuse',
    ['agent'],
    'ASI05',
    'The agent is connected to an MCP server that exposes a tool able to run shell commands or code.',
    'Disconnect the agent from that server or sandbox the execution tool.',
  ),
  rule(
    'agent_uses_model_with_failed_probes',
    'Agent uses a model that failed garak probes',
    'medium',
    'model_robustness',
    ['agent'],
    'ASI01',
    'The agent calls a model on which garak probes failed.',
    'Add guardrails around the agent or switch it to a model that passes the probes.',
  ),
  rule(
    'secrets_near_ai_code',
    'Secrets at a location of AI code',
    'high',
    'secrets',
    ['location'],
    'ASI03',
    'A location where an agent or MCP server is defined also holds secrets.',
    'Remove the secrets from the location, rotate them, and read them from a secret manager.',
  ),
  rule(
    'delegation_without_approval',
    'Delegation to sub-agents without approval before destructive tools',
    'high',
    'human_oversight',
    ['agent'],
    'ASI10',
    'The agent delegates to sub-agents that can call destructive tools, and no human approves those calls.',
    'Require approval for destructive calls anywhere in the delegation chain.',
  ),
  rule(
    'toxic_unguarded_agent_reaches_code_execution',
    'Unguarded agent reaches code execution',
    'critical',
    'toxic_combination',
    ['agent'],
    'ASI05',
    'The agent has no input guardrail and can reach a tool that runs shell commands or code, itself or through an MCP server: a prompt injection in its input becomes code execution.',
    'Put an input guardrail in front of the agent, or remove its path to code-executing tools (or gate them behind approval).',
  ),
  rule(
    'toxic_untrusted_input_reaches_secret',
    'Agent reading untrusted input runs next to secrets',
    'critical',
    'toxic_combination',
    ['agent'],
    'ASI01',
    'The agent reads content outsiders can write and runs on an asset, or is defined at a location, that holds secrets: injected instructions can make it read and leak them.',
    'Move the secrets to a secret manager the agent cannot read, or stop feeding it untrusted sources without a guardrail.',
  ),
  rule(
    'toxic_production_agent_unauthenticated_destructive_mcp',
    'Production agent on an unauthenticated MCP server with destructive tools',
    'critical',
    'toxic_combination',
    ['agent'],
    'ASI02',
    'A production agent uses an MCP server that requires no authentication and exposes destructive tools: anyone who reaches the server can change or delete data, and so can the agent unchecked.',
    'Require authentication on the MCP server and approval for its destructive tools.',
  ),
  rule(
    'toxic_probed_model_with_code_execution',
    'Agent on a probe-failing model reaches code execution',
    'critical',
    'toxic_combination',
    ['agent'],
    'ASI05',
    'The agent calls a model that failed garak probes (it can be jailbroken or misled) and can reach a tool that runs shell commands or code.',
    'Move the agent to a model that passes the probes, or remove its path to code-executing tools.',
  ),
  rule(
    'undeclared_ai_model_or_mcp_server',
    'Undeclared AI in use: model or MCP server',
    'high',
    'shadow_ai',
    ['model', 'mcp_server'],
    'ASI04',
    'A model or MCP server is in use at runtime (OpenTelemetry traces report it) but no scan or declared inventory reports it: shadow AI, outside review and procurement.',
    'Declare the model or MCP server in the inventory (a scan that finds it, or an ingest record), or stop the application using it.',
  ),
  rule(
    'undeclared_ai_agent_or_tool',
    'Undeclared AI in use: agent or tool',
    'medium',
    'shadow_ai',
    ['agent', 'tool'],
    'ASI04',
    'An agent or tool is in use at runtime (OpenTelemetry traces report it) but no scan or declared inventory reports it: shadow AI, outside review.',
    'Declare the agent or tool in the inventory (a scan of its code, or an ingest record), or retire it.',
  ),
  rule(
    'declared_agent_quiet_at_runtime',
    'Declared agent not seen at runtime',
    'low',
    'shadow_ai',
    ['agent'],
    null,
    'A declared agent that telemetry once reported has not been seen at runtime for longer than the configured number of days (AISPM_RUNTIME_QUIET_DAYS): it may be retired while its access and inventory entry remain.',
    'Confirm whether the agent still runs; retire it and revoke its credentials if not.',
  ),
  // ---- static discovery (`aispm scan`, docs/SCAN.md): decided by the scanner on the files it reads -----
  ...scanRules(),
];

/**
 * The rules static discovery raises itself (src/scan/rules/): what it reads in code, configurations
 * and key material. Declared here, with every other shipped rule, so they are listed, mapped to the
 * compliance frameworks and written as SARIF like the others.
 */
function scanRules(): StaticRule[] {
  return [
    rule(
      'secret_in_mcp_configuration',
      'Secret in an MCP configuration',
      'critical',
      'secrets',
      ['mcp_server'],
      'ASI03',
      'An MCP client configuration gives a server a credential written in plain text in its env, headers or arguments: anyone who reads the file (a repository, a backup, a synced settings folder) holds it.',
      'Rotate the credential and pass it by reference instead (an environment variable the client expands, an input prompt or a secret manager).',
    ),
    rule(
      'mcp_server_unpinned_package',
      'MCP server started from an unpinned package',
      'medium',
      'supply_chain',
      ['mcp_server'],
      'ASI04',
      'The client starts the MCP server with npx, uvx, pipx or docker from a package without an exact version (or at @latest), so every start may run code nobody reviewed.',
      'Pin the package to an exact version (pkg@1.2.3, pkg==1.2.3, an image digest) and upgrade it deliberately.',
    ),
    rule(
      'mcp_server_insecure_remote',
      'Remote MCP server over plain HTTP or without credentials',
      'high',
      'access_control',
      ['mcp_server'],
      'ASI07',
      'The client reaches a remote MCP server over unencrypted HTTP, or its configuration sends no credentials at all, so its tool calls can be read or altered on the way, or the server answers anyone.',
      'Use https and authenticate to the server (OAuth, or a token passed by reference).',
    ),
    rule(
      'tool_poisoning',
      'Tool description carries instructions aimed at the model',
      'high',
      'prompt_injection',
      ['tool'],
      'ASI01',
      'The description a tool gives the model holds instructions (ignore previous instructions, read files, send data elsewhere) or hidden or invisible text: whoever wrote it steers the agent that loads the tool.',
      'Remove the instructions and hidden characters from the description, and review the tool before an agent loads it.',
    ),
    rule(
      'private_key_in_repository',
      'Private key in a repository',
      'critical',
      'secrets',
      ['location'],
      'ASI03',
      'A private key (PEM, OpenSSH or a PKCS#12 keystore) is kept among the files of a repository or project.',
      'Remove the key from the repository and its history, revoke it, and keep keys in a secret manager or key store.',
    ),
    rule(
      'certificate_expiring',
      'Certificate expired or expiring within 30 days',
      'medium',
      'crypto',
      ['location'],
      null,
      'A certificate kept among the files has expired or expires within 30 days: what relies on it stops working, or is tempted to turn verification off.',
      'Renew the certificate and replace the file; keep certificates out of the repository where they can be fetched at deploy time.',
    ),
    rule(
      'agent_code_execution_without_approval',
      'Agent with a shell or code-execution tool and no approval step',
      'high',
      'human_oversight',
      ['agent'],
      'ASI05',
      "The agent's code gives it a tool that runs shell commands or code, and the framework's approval setting, where it can be read, is off for the agent and the tool.",
      'Turn on the framework’s human approval for the tool (or the agent), or sandbox the execution tool.',
    ),
  ];
}

export const staticRuleById: ReadonlyMap<string, StaticRule> = new Map(staticRules.map((r) => [r.id, r]));

/** A stable, opaque issue id: the same workspace, rule and severity always give the same id. */
export function issueIdOf(tenant: string, workspace: string, ruleId: string, severity: string): string {
  return (
    'iss_' + createHash('sha256').update(`${tenant}\u0000${workspace}\u0000${ruleId}\u0000${severity}`).digest('base64url').slice(0, 20)
  );
}
