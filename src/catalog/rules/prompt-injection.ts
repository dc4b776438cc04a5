// Prompt injection: agents exposed to instructions hidden in what they read.

import { defineStaticRule } from './define.ts';

export const promptInjectionRules = [
  defineStaticRule({
    slug: 'prompt_injection_exposure',
    name: 'Prompt injection exposure',
    severity: 'high',
    category: 'prompt_injection',
    objectTypes: ['agent'],
    owasp: 'ASI01',
    description: 'Untrusted content (web pages, e-mail, documents, tool output) flows into the agent prompt without isolation.',
    remediation: 'Separate untrusted content from instructions and add prompt-injection detection.',
    controls: ['LLM01', 'ASI01', 'ASI06', 'AML.T0051', 'MEASURE 2.7', 'Article 15'],
  }),
  // Raised by static discovery (`aispm scan`).
  defineStaticRule({
    slug: 'tool_poisoning',
    name: 'Tool description carries instructions aimed at the model',
    severity: 'high',
    category: 'prompt_injection',
    objectTypes: ['tool'],
    owasp: 'ASI01',
    description:
      'The description a tool gives the model holds instructions (ignore previous instructions, read files, send data elsewhere) or hidden or invisible text: whoever wrote it steers the agent that loads the tool.',
    remediation: 'Remove the instructions and hidden characters from the description, and review the tool before an agent loads it.',
    controls: ['LLM01', 'ASI01', 'ASI02', 'ASI04', 'AML.T0051', 'AML.T0010', 'MEASURE 2.7', 'Article 15'],
  }),
];
