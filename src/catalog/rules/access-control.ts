// Access control: who may call what, and with how much privilege.

import { codeExecutionTools } from './conditions.ts';
import { defineStaticRule } from './define.ts';

export const accessControlRules = [
  defineStaticRule({
    slug: 'mcp_server_without_authentication',
    name: 'MCP server without authentication',
    severity: 'high',
    category: 'access_control',
    objectTypes: ['mcp_server'],
    owasp: 'ASI03',
    description: 'Clients can connect to the MCP server and call its tools without authenticating.',
    remediation: 'Require OAuth, an API key or mTLS on the MCP server.',
    controls: ['LLM06', 'ASI03', 'ASI07', 'AML.T0012', 'AML.T0049', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'mcp_server',
        when: { attribute: 'authentication', equals: 'none' },
        predicate: 'An MCP server whose `authentication` attribute is "none".',
        explain: '{subject} lets clients connect and call its tools without authenticating (authentication "none").',
      },
    ],
  }),
  defineStaticRule({
    slug: 'excessive_agent_permissions',
    name: 'Excessive agent permissions',
    severity: 'high',
    category: 'access_control',
    objectTypes: ['agent'],
    owasp: 'ASI03',
    description: 'The agent holds broader permissions than its task needs (write access, admin scopes, wildcard resources).',
    remediation: 'Grant least privilege: scope credentials to the resources and actions the agent needs.',
    controls: ['LLM06', 'ASI03', 'AML.T0053', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'agent',
        when: { attribute: 'permissions', matches: '^\\*$|:\\*$|(^|:)admin$' },
        predicate: 'An agent holding a wildcard or admin permission (`*`, `<resource>:*` or `<resource>:admin`).',
        explain: '{subject} holds wildcard or admin permissions, broader than any single task needs.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'unauthenticated_mcp_exposes_code_execution',
    name: 'Unauthenticated MCP server exposes code execution',
    severity: 'critical',
    category: 'access_control',
    objectTypes: ['mcp_server'],
    owasp: 'ASI05',
    description: 'An MCP server that requires no authentication exposes a tool able to run shell commands or code.',
    remediation: 'Require authentication on the server or remove the execution tool from it.',
    controls: ['LLM06', 'ASI03', 'ASI05', 'AML.T0049', 'AML.T0050', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'mcp_server',
        when: { all: [{ attribute: 'authentication', equals: 'none' }, { some: codeExecutionTools('tools') }] },
        predicate:
          'An MCP server whose `authentication` is "none" with an exposes_tool relation to a tool able to run shell commands or code.',
        explain: '{subject} requires no authentication and exposes {tools}, able to run shell commands or code, to any client.',
      },
    ],
  }),
  // Raised by static discovery (`aispm scan`).
  defineStaticRule({
    slug: 'mcp_server_insecure_remote',
    name: 'Remote MCP server over plain HTTP or without credentials',
    severity: 'high',
    category: 'access_control',
    objectTypes: ['mcp_server'],
    owasp: 'ASI07',
    description:
      'The client reaches a remote MCP server over unencrypted HTTP, or its configuration sends no credentials at all, so its tool calls can be read or altered on the way, or the server answers anyone.',
    remediation: 'Use https and authenticate to the server (OAuth, or a token passed by reference).',
    controls: ['LLM02', 'LLM06', 'ASI03', 'ASI07', 'AML.T0049', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
  }),
];
