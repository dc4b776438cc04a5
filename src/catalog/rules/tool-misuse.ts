// Tool misuse: tools that run code or act on unchecked model output.

import { codeExecution, codeExecutionTools } from './conditions.ts';
import { defineStaticRule } from './define.ts';

export const toolMisuseRules = [
  defineStaticRule({
    slug: 'tool_shell_or_code_execution',
    name: 'Tool can run shell commands or code',
    severity: 'high',
    category: 'tool_misuse',
    objectTypes: ['tool'],
    owasp: 'ASI05',
    description: 'The tool executes shell commands or arbitrary code on behalf of the model.',
    remediation: 'Sandbox the tool, restrict it to an allow-list of commands, and require approval for each call.',
    controls: ['LLM05', 'LLM06', 'ASI05', 'AML.T0050', 'AML.T0053', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'tool',
        when: codeExecution,
        predicate: 'A tool whose `capabilities` include shell or code_execution.',
        explain: '{subject} runs shell commands or code on behalf of the model.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'unvalidated_tool_input',
    name: 'Tool input not validated',
    severity: 'medium',
    category: 'tool_misuse',
    objectTypes: ['tool'],
    owasp: 'ASI02',
    description: 'The tool accepts model-generated arguments without validating them against a schema.',
    remediation: 'Validate every argument against a strict schema before acting on it.',
    controls: ['LLM05', 'LLM06', 'ASI02', 'AML.T0053', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'tool',
        when: { attribute: 'input_validation', equals: false },
        predicate: 'A tool whose `input_validation` attribute is false.',
        explain: '{subject} acts on model-generated arguments without validating them against a schema.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'agent_reaches_code_execution_via_mcp',
    name: 'Agent reaches code execution through an MCP server',
    severity: 'high',
    category: 'tool_misuse',
    objectTypes: ['agent'],
    owasp: 'ASI05',
    description: 'The agent is connected to an MCP server that exposes a tool able to run shell commands or code.',
    remediation: 'Disconnect the agent from that server or sandbox the execution tool.',
    controls: ['LLM06', 'ASI05', 'AML.T0050', 'AML.T0053', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'agent',
        when: {
          some: {
            relation: 'uses_mcp_server',
            direction: 'out',
            kinds: ['mcp_server'],
            as: 'mcp_servers',
            where: { some: codeExecutionTools('tools') },
          },
        },
        predicate: 'An agent with a uses_mcp_server relation to an MCP server that exposes a tool able to run shell commands or code.',
        explain: '{subject} can run shell commands or code through {mcp_servers}, exposing {tools}.',
      },
    ],
  }),
];
