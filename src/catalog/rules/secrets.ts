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
  // Raised by static discovery (`aispm scan`, src/scan/rules/) on what it reads.
  defineStaticRule({
    slug: 'secret_in_mcp_configuration',
    name: 'Secret in an MCP configuration',
    severity: 'critical',
    category: 'secrets',
    objectTypes: ['mcp_server'],
    owasp: 'ASI03',
    description:
      'An MCP client configuration gives a server a credential written in plain text in its env, headers or arguments: anyone who reads the file (a repository, a backup, a synced settings folder) holds it.',
    remediation:
      'Rotate the credential and pass it by reference instead (an environment variable the client expands, an input prompt or a secret manager).',
    controls: ['LLM02', 'ASI03', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
  }),
  defineStaticRule({
    slug: 'private_key_in_repository',
    name: 'Private key in a repository',
    severity: 'critical',
    category: 'secrets',
    objectTypes: ['location'],
    owasp: 'ASI03',
    description: 'A private key (PEM, OpenSSH or a PKCS#12 keystore) is kept among the files of a repository or project.',
    remediation: 'Remove the key from the repository and its history, revoke it, and keep keys in a secret manager or key store.',
    controls: ['LLM02', 'ASI03', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
  }),
];
