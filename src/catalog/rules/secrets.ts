// Secrets: credentials written where AI code runs or is defined.

import { defineStaticRule } from './define.ts';

export const secretRules = [
  defineStaticRule({
    slug: 'hardcoded_credentials',
    name: 'Hard-coded credentials',
    severity: 'critical',
    category: 'secrets',
    objectTypes: ['agent', 'tool', 'mcp_server', 'location'],
    owasp: 'ASI03',
    description: 'An API key, token or password is written in the source or configuration of the object.',
    remediation: 'Move the secret to a secret manager, rotate it, and read it at run time.',
    controls: ['LLM02', 'ASI03', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
  }),
  defineStaticRule({
    slug: 'secrets_near_ai_code',
    name: 'Secrets at a location of AI code',
    severity: 'high',
    category: 'secrets',
    objectTypes: ['location'],
    owasp: 'ASI03',
    description: 'A location where an agent or MCP server is defined also holds secrets.',
    remediation: 'Remove the secrets from the location, rotate them, and read them from a secret manager.',
    controls: ['LLM02', 'ASI03', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'location',
        when: {
          all: [
            { some: { relation: 'defined_in', direction: 'in', kinds: ['agent', 'mcp_server'], as: 'ai_objects' } },
            { some: { relation: 'contains', direction: 'out', kinds: ['secret', 'qualys_secret'], as: 'secrets' } },
          ],
        },
        predicate:
          'A location with a defined_in relation from an agent or MCP server and a contains relation to a secret or detected secret.',
        explain: '{subject} defines {ai_objects} and holds {secrets}.',
      },
    ],
  }),
];
