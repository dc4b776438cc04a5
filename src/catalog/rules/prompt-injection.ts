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
];
