// Shadow AI: what runs without being declared, and what is declared but no longer runs.

import { DEFAULT_QUIET_DAYS, RUNTIME_SOURCE, runtimeOnly } from './conditions.ts';
import { defineStaticRule } from './define.ts';

export const shadowAiRules = [
  defineStaticRule({
    slug: 'undeclared_ai_model_or_mcp_server',
    name: 'Undeclared AI in use: model or MCP server',
    severity: 'high',
    category: 'shadow_ai',
    objectTypes: ['model', 'mcp_server'],
    owasp: 'ASI04',
    description:
      'A model or MCP server is in use at runtime (OpenTelemetry traces report it) but no scan or declared inventory reports it: shadow AI, outside review and procurement.',
    remediation:
      'Declare the model or MCP server in the inventory (a scan that finds it, or an ingest record), or stop the application using it.',
    controls: ['LLM03', 'ASI04', 'AML.T0010', 'GOVERN 6.1', 'MAP 4.1', 'Article 9', 'Article 26'],
    checks: [
      {
        kind: 'model',
        when: runtimeOnly,
        predicate: 'A model whose `sources` are only `runtime`: telemetry reports it, no scan or declared inventory does.',
        explain: '{subject} is called at runtime but no scan or declared inventory reports it.',
      },
      {
        kind: 'mcp_server',
        when: runtimeOnly,
        predicate: 'An MCP server whose `sources` are only `runtime`.',
        explain: '{subject} is used at runtime but no scan or declared inventory reports it.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'undeclared_ai_agent_or_tool',
    name: 'Undeclared AI in use: agent or tool',
    severity: 'medium',
    category: 'shadow_ai',
    objectTypes: ['agent', 'tool'],
    owasp: 'ASI04',
    description:
      'An agent or tool is in use at runtime (OpenTelemetry traces report it) but no scan or declared inventory reports it: shadow AI, outside review.',
    remediation: 'Declare the agent or tool in the inventory (a scan of its code, or an ingest record), or retire it.',
    controls: ['LLM03', 'ASI04', 'ASI10', 'AML.T0010', 'MAP 4.1', 'MANAGE 4.1', 'Article 9', 'Article 26'],
    checks: [
      {
        kind: 'agent',
        when: runtimeOnly,
        predicate: 'An agent whose `sources` are only `runtime`.',
        explain: '{subject} runs (telemetry reports it) but no scan or declared inventory reports it.',
      },
      {
        kind: 'tool',
        when: runtimeOnly,
        predicate: 'A tool whose `sources` are only `runtime`.',
        explain: '{subject} is called at runtime but no scan or declared inventory reports it.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'declared_agent_quiet_at_runtime',
    name: 'Declared agent not seen at runtime',
    severity: 'low',
    category: 'shadow_ai',
    objectTypes: ['agent'],
    owasp: null,
    description:
      'A declared agent that telemetry once reported has not been seen at runtime for longer than the configured number of days (AISPM_RUNTIME_QUIET_DAYS): it may be retired while its access and inventory entry remain.',
    remediation: 'Confirm whether the agent still runs; retire it and revoke its credentials if not.',
    controls: ['LLM06', 'ASI03', 'AML.T0012', 'MANAGE 4.1', 'Article 26'],
    checks: [
      {
        kind: 'agent',
        timed: true,
        when: {
          all: [
            { attribute: 'sources', besides: [RUNTIME_SOURCE] },
            { attribute: 'runtime_last_seen', quiet: true },
          ],
        },
        predicate:
          'An agent that a source other than `runtime` declares, whose `runtime_last_seen` is older than AISPM_RUNTIME_QUIET_DAYS days (default ' +
          `${DEFAULT_QUIET_DAYS}).`,
        explain: '{subject} is declared but was last seen at runtime at {subject.runtime_last_seen}.',
      },
    ],
  }),
];
