// Human oversight: destructive actions and delegations that no human approves.

import { destructiveUnapproved } from './conditions.ts';
import { defineStaticRule } from './define.ts';

export const humanOversightRules = [
  defineStaticRule({
    slug: 'destructive_action_without_approval',
    name: 'Destructive action without human approval',
    severity: 'critical',
    category: 'human_oversight',
    objectTypes: ['agent', 'tool'],
    owasp: 'ASI09',
    description: 'The agent can perform destructive actions (delete, pay, send, deploy) with no human approval step.',
    remediation: 'Require a human to approve destructive tool calls before they run.',
    controls: ['LLM06', 'ASI02', 'ASI09', 'AML.T0048', 'MAP 3.5', 'MANAGE 2.4', 'Article 14'],
    checks: [
      {
        kind: 'agent',
        when: {
          all: [
            { attribute: 'human_approval', notTrue: true },
            { some: { relation: 'uses_tool', direction: 'out', kinds: ['tool'], as: 'tools', where: destructiveUnapproved } },
          ],
        },
        predicate:
          'An agent whose `human_approval` is not true with a uses_tool relation to a destructive tool whose `requires_approval` is not true.',
        explain: '{subject} has no human approval step and can call destructive tools that need no approval: {tools}.',
      },
      {
        kind: 'tool',
        when: destructiveUnapproved,
        predicate: 'A tool whose `destructive` is true and whose `requires_approval` is not true.',
        explain: '{subject} changes or deletes data and no human approves its calls.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'delegation_without_approval',
    name: 'Delegation to sub-agents without approval before destructive tools',
    severity: 'high',
    category: 'human_oversight',
    objectTypes: ['agent'],
    owasp: 'ASI10',
    description: 'The agent delegates to sub-agents that can call destructive tools, and no human approves those calls.',
    remediation: 'Require approval for destructive calls anywhere in the delegation chain.',
    controls: ['LLM06', 'ASI08', 'ASI09', 'ASI10', 'AML.T0053', 'MAP 3.5', 'MANAGE 2.4', 'Article 14'],
    checks: [
      {
        kind: 'agent',
        when: {
          all: [
            { attribute: 'human_approval', notTrue: true },
            {
              some: {
                relation: 'delegates_to',
                direction: 'out',
                kinds: ['agent'],
                as: 'sub_agents',
                where: {
                  all: [
                    { attribute: 'human_approval', notTrue: true },
                    { some: { relation: 'uses_tool', direction: 'out', kinds: ['tool'], as: 'tools', where: destructiveUnapproved } },
                  ],
                },
              },
            },
          ],
        },
        predicate:
          'An agent whose `human_approval` is not true with a delegates_to relation to a sub-agent whose `human_approval` is not true ' +
          'and that uses a destructive tool whose `requires_approval` is not true.',
        explain:
          '{subject} delegates to {sub_agents}, which can call the destructive tools {tools}, and no human approves anywhere in the chain.',
      },
    ],
  }),
  // Raised by static discovery (`aispm scan`) where the framework's approval setting can be read.
  defineStaticRule({
    slug: 'agent_code_execution_without_approval',
    name: 'Agent with a shell or code-execution tool and no approval step',
    severity: 'high',
    category: 'human_oversight',
    objectTypes: ['agent'],
    owasp: 'ASI05',
    description:
      "The agent's code gives it a tool that runs shell commands or code, and the framework's approval setting, where it can be read, is off for the agent and the tool.",
    remediation: 'Turn on the framework’s human approval for the tool (or the agent), or sandbox the execution tool.',
    controls: ['LLM06', 'ASI05', 'ASI09', 'AML.T0050', 'AML.T0053', 'MAP 3.5', 'MANAGE 2.4', 'Article 14'],
  }),
];
