// Toxic combinations: rules that fire on a path through the graph rather than on one object.

import { failedProbe, reachesCodeExecution, secretKinds, untrustedInput, untrustedSources } from './conditions.ts';
import { defineStaticRule } from './define.ts';

export const toxicCombinationRules = [
  defineStaticRule({
    slug: 'toxic_unguarded_agent_reaches_code_execution',
    name: 'Unguarded agent reaches code execution',
    severity: 'critical',
    category: 'toxic_combination',
    objectTypes: ['agent'],
    owasp: 'ASI05',
    description:
      'The agent has no input guardrail and can reach a tool that runs shell commands or code, itself or through an MCP server: a prompt injection in its input becomes code execution.',
    remediation: 'Put an input guardrail in front of the agent, or remove its path to code-executing tools (or gate them behind approval).',
    controls: ['LLM01', 'LLM06', 'ASI01', 'ASI05', 'AML.T0050', 'AML.T0051', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'agent',
        toxic: true,
        when: {
          all: [
            { no: { relation: 'input_guardrail', direction: 'out', kinds: ['guardrail'], as: 'input_guardrails' } },
            reachesCodeExecution('tools'),
          ],
        },
        predicate:
          'An agent with no input_guardrail relation that reaches a tool able to run shell commands or code, over uses_tool or through an MCP server it uses.',
        explain:
          '{subject} has no input guardrail and can run shell commands or code through {tools}: a prompt injection becomes code execution.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'toxic_untrusted_input_reaches_secret',
    name: 'Agent reading untrusted input runs next to secrets',
    severity: 'critical',
    category: 'toxic_combination',
    objectTypes: ['agent'],
    owasp: 'ASI01',
    description:
      'The agent reads content outsiders can write and runs on an asset, or is defined at a location, that holds secrets: injected instructions can make it read and leak them.',
    remediation: 'Move the secrets to a secret manager the agent cannot read, or stop feeding it untrusted sources without a guardrail.',
    controls: ['LLM01', 'LLM02', 'ASI01', 'ASI03', 'AML.T0051', 'AML.T0055', 'AML.T0057', 'MEASURE 2.7', 'MEASURE 2.10', 'Article 15'],
    checks: [
      {
        kind: 'agent',
        toxic: true,
        when: {
          all: [
            untrustedInput,
            {
              any: [
                {
                  some: {
                    relation: 'runs_on',
                    direction: 'out',
                    kinds: ['asset'],
                    as: 'assets',
                    where: { some: { relation: 'contains', direction: 'out', kinds: secretKinds, as: 'secrets' } },
                  },
                },
                {
                  some: {
                    relation: 'defined_in',
                    direction: 'out',
                    kinds: ['location'],
                    as: 'locations',
                    where: { some: { relation: 'contains', direction: 'out', kinds: secretKinds, as: 'secrets' } },
                  },
                },
              ],
            },
          ],
        },
        predicate:
          'An agent whose `data_sources` include a source outsiders can write (' +
          untrustedSources.join(', ') +
          ') that runs on an asset, ' +
          'or is defined at a location, holding a secret.',
        explain:
          '{subject} reads untrusted content ({subject.data_sources}) and runs next to {secrets}: injected instructions can reach them.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'toxic_production_agent_unauthenticated_destructive_mcp',
    name: 'Production agent on an unauthenticated MCP server with destructive tools',
    severity: 'critical',
    category: 'toxic_combination',
    objectTypes: ['agent'],
    owasp: 'ASI02',
    description:
      'A production agent uses an MCP server that requires no authentication and exposes destructive tools: anyone who reaches the server can change or delete data, and so can the agent unchecked.',
    remediation: 'Require authentication on the MCP server and approval for its destructive tools.',
    controls: ['LLM06', 'ASI02', 'ASI03', 'AML.T0048', 'AML.T0049', 'MEASURE 2.7', 'MANAGE 2.4', 'Article 14', 'Article 15'],
    checks: [
      {
        kind: 'agent',
        toxic: true,
        when: {
          all: [
            { attribute: 'environment', equals: 'production' },
            {
              some: {
                relation: 'uses_mcp_server',
                direction: 'out',
                kinds: ['mcp_server'],
                as: 'mcp_servers',
                where: {
                  all: [
                    { attribute: 'authentication', equals: 'none' },
                    {
                      some: {
                        relation: 'exposes_tool',
                        direction: 'out',
                        kinds: ['tool'],
                        as: 'tools',
                        where: { attribute: 'destructive', equals: true },
                      },
                    },
                  ],
                },
              },
            },
          ],
        },
        predicate:
          'An agent whose `environment` is "production" with a uses_mcp_server relation to an MCP server whose `authentication` is "none" ' +
          'that exposes a destructive tool.',
        explain:
          '{subject} runs in production and uses {mcp_servers}, which require no authentication and expose the destructive tools {tools}.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'toxic_probed_model_with_code_execution',
    name: 'Agent on a probe-failing model reaches code execution',
    severity: 'critical',
    category: 'toxic_combination',
    objectTypes: ['agent'],
    owasp: 'ASI05',
    description:
      'The agent calls a model that failed garak probes (it can be jailbroken or misled) and can reach a tool that runs shell commands or code.',
    remediation: 'Move the agent to a model that passes the probes, or remove its path to code-executing tools.',
    controls: ['LLM01', 'ASI01', 'ASI05', 'AML.T0050', 'AML.T0054', 'MEASURE 2.6', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'agent',
        toxic: true,
        when: {
          all: [
            {
              some: {
                relation: 'uses_model',
                direction: 'out',
                kinds: ['model'],
                as: 'models',
                where: { some: failedProbe('failed_probes') },
              },
            },
            reachesCodeExecution('tools'),
          ],
        },
        predicate:
          'An agent with a uses_model relation to a model that failed a garak probe that also reaches a tool able to run shell commands or code.',
        explain:
          '{subject} calls {models}, which failed garak probes ({failed_probes}), and can run shell commands or code through {tools}.',
      },
    ],
  }),
];
