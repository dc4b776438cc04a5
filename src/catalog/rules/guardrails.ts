// Guardrails: agents whose input or output no guardrail checks.

import { defineStaticRule } from './define.ts';

export const guardrailRules = [
  defineStaticRule({
    slug: 'missing_input_guardrails',
    name: 'Agent without input guardrails',
    severity: 'high',
    category: 'guardrails',
    objectTypes: ['agent'],
    owasp: 'ASI01',
    description:
      'The agent passes user or tool input to its models with no guardrail checking it for prompt injection, jailbreaks or sensitive data.',
    remediation: 'Attach an input guardrail (prompt-injection and PII detection) in front of the agent.',
    controls: ['LLM01', 'ASI01', 'AML.T0051', 'AML.T0054', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'agent',
        when: { no: { relation: 'input_guardrail', direction: 'out', kinds: ['guardrail'], as: 'input_guardrails' } },
        predicate: 'An agent with no input_guardrail relation to a guardrail.',
        explain:
          '{subject} has no input guardrail: user and tool input reaches its models without a check for prompt injection, jailbreaks or sensitive data.',
      },
    ],
  }),
  defineStaticRule({
    slug: 'missing_output_guardrails',
    name: 'Agent without output guardrails',
    severity: 'medium',
    category: 'guardrails',
    objectTypes: ['agent'],
    owasp: 'ASI09',
    description: 'Model output reaches users or tools with no guardrail checking it for leaked data, unsafe content or instructions.',
    remediation: 'Attach an output guardrail that filters sensitive data and unsafe content.',
    controls: ['LLM02', 'LLM05', 'ASI09', 'AML.T0057', 'MEASURE 2.7', 'Article 15'],
    checks: [
      {
        kind: 'agent',
        when: { no: { relation: 'output_guardrail', direction: 'out', kinds: ['guardrail'], as: 'output_guardrails' } },
        predicate: 'An agent with no output_guardrail relation to a guardrail.',
        explain:
          '{subject} has no output guardrail: what its models answer reaches users and tools without a check for leaked data or unsafe content.',
      },
    ],
  }),
];
