// Model robustness: models that failed adversarial probes, and the agents that call them.

import { failedProbe } from './conditions.ts';
import { defineStaticRule } from './define.ts';

export const modelRobustnessRules = [
  defineStaticRule({
    slug: 'model_failed_garak_probes',
    name: 'Model failed garak probes',
    severity: 'high',
    category: 'model_robustness',
    objectTypes: ['model'],
    owasp: 'ASI01',
    description: 'garak probes against the model found it susceptible (prompt injection, jailbreak, data leakage).',
    remediation: 'Harden the system prompt, add guardrails, or choose a more robust model.',
    controls: ['LLM01', 'LLM09', 'ASI01', 'AML.T0051', 'AML.T0054', 'MEASURE 2.6', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'model',
        when: { some: failedProbe('failed_probes') },
        predicate: 'A model with a probe_result relation to a garak result whose `status` is "failed".',
        explain: '{subject} failed garak probes: {failed_probes}.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'agent_uses_model_with_failed_probes',
    name: 'Agent uses a model that failed garak probes',
    severity: 'medium',
    category: 'model_robustness',
    objectTypes: ['agent'],
    owasp: 'ASI01',
    description: 'The agent calls a model on which garak probes failed.',
    remediation: 'Add guardrails around the agent or switch it to a model that passes the probes.',
    controls: ['LLM01', 'ASI01', 'AML.T0054', 'MEASURE 2.6', 'Article 15'],
    checks: [
      {
        kind: 'agent',
        when: {
          some: { relation: 'uses_model', direction: 'out', kinds: ['model'], as: 'models', where: { some: failedProbe('failed_probes') } },
        },
        predicate: 'An agent with a uses_model relation to a model that failed a garak probe.',
        explain: '{subject} calls {models}, on which garak probes failed: {failed_probes}.',
      },
    ],
  }),
];
