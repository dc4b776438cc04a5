// Supply chain: what an AI object is built from and whether it can change under it unreviewed.

import { defineStaticRule } from './define.ts';

export const supplyChainRules = [
  defineStaticRule({
    slug: 'unpinned_model_version',
    name: 'Model version not pinned',
    severity: 'medium',
    category: 'supply_chain',
    objectTypes: ['model'],
    owasp: 'ASI04',
    description: 'The code refers to a moving model alias, so the model behind it can change without review.',
    remediation: 'Reference an exact model snapshot and upgrade it deliberately.',
    controls: ['LLM03', 'ASI04', 'AML.T0010', 'GOVERN 6.1', 'MAP 4.1', 'Article 9', 'Article 15'],
    checks: [
      {
        kind: 'model',
        when: { attribute: 'pinned', equals: false },
        predicate: 'A model whose `pinned` attribute is false.',
        explain:
          '{subject} is referenced by a moving alias (version "{subject.version}"), not a pinned snapshot, so the model behind it can change without review.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'vulnerable_dependency',
    name: 'Known-vulnerable dependency',
    severity: 'high',
    category: 'supply_chain',
    objectTypes: ['agent', 'tool', 'mcp_server'],
    owasp: 'ASI04',
    description: 'A package the object depends on has a published vulnerability.',
    remediation: 'Upgrade the dependency to a fixed version.',
    controls: ['LLM03', 'ASI04', 'AML.T0010', 'GOVERN 6.1', 'MANAGE 3.1', 'Article 9', 'Article 15'],
  }),
  // Raised by static discovery (`aispm scan`).
  defineStaticRule({
    slug: 'mcp_server_unpinned_package',
    name: 'MCP server started from an unpinned package',
    severity: 'medium',
    category: 'supply_chain',
    objectTypes: ['mcp_server'],
    owasp: 'ASI04',
    description:
      'The client starts the MCP server with npx, uvx, pipx or docker from a package without an exact version (or at @latest), so every start may run code nobody reviewed.',
    remediation: 'Pin the package to an exact version (pkg@1.2.3, pkg==1.2.3, an image digest) and upgrade it deliberately.',
    controls: ['LLM03', 'ASI04', 'AML.T0010', 'GOVERN 6.1', 'MAP 4.1', 'Article 9', 'Article 15'],
  }),
];
