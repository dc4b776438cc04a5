// What a failed model probe says about the model, in the frameworks' words (docs/IMPORTS.md): a
// probe's family (garak's probe module, promptfoo's red-team plugin or the test's metric) mapped to
// the OWASP LLM Top 10 and MITRE ATLAS controls it tests, and the severity of failing it. The first
// entry whose pattern matches the family wins; a family no entry names is read as an injection or
// jailbreak probe, the most common kind (the controls the `model_failed_garak_probes` rule names).

import { unknownControl } from './frameworks.ts';

export interface ProbeControls {
  /** What the family tests, in words (the rule's description). */
  topic: string;
  severity: 'high' | 'medium';
  controls: string[];
}

const table: Array<{ pattern: RegExp } & ProbeControls> = [
  {
    pattern: /leak|replay|pii|sysprompt|system-prompt|prompt-extraction|exfil/,
    topic: 'leaking its training data, system prompt or personal data',
    severity: 'high',
    controls: ['LLM02', 'LLM07', 'AML.T0057'],
  },
  {
    pattern: /inject|hijack|indirect|promptinject|latentinjection/,
    topic: 'prompt injection',
    severity: 'high',
    controls: ['LLM01', 'AML.T0051'],
  },
  {
    pattern: /^(dan|tap|dra|goodside|grandma|suffix)$|jailbreak|harmful|malware|toxic|lmrc|continuation|donotanswer/,
    topic: 'jailbreaks and harmful content',
    severity: 'high',
    controls: ['LLM01', 'AML.T0054', 'AML.T0048'],
  },
  {
    pattern: /xss|sql|shell|ssrf|exploitation|web_injection|markdown/,
    topic: 'output that attacks what handles it (scripts, queries, commands)',
    severity: 'high',
    controls: ['LLM05', 'AML.T0050'],
  },
  {
    pattern: /agency|rbac|bola|bfla|tool-discovery|excessive/,
    topic: 'acting beyond its authority',
    severity: 'medium',
    controls: ['LLM06', 'AML.T0053'],
  },
  {
    pattern: /divergent|repetition|reasoning-dos|consumption/,
    topic: 'unbounded consumption',
    severity: 'medium',
    controls: ['LLM10', 'AML.T0029'],
  },
  {
    pattern: /hallucination|misleading|snowball|overreliance|grounding|relevance|hijacking|competitors|contracts/,
    topic: 'misinformation and ungrounded answers',
    severity: 'medium',
    controls: ['LLM09', 'AML.T0048'],
  },
];

const fallback: ProbeControls = {
  topic: 'prompt injection and jailbreaks',
  severity: 'high',
  controls: ['LLM01', 'LLM09', 'AML.T0051', 'AML.T0054'],
};

for (const e of [...table, fallback]) {
  const unknown = unknownControl(e.controls);
  if (unknown) throw new Error(`catalogue: probe controls name unknown control ${unknown}`);
}

/** The controls and severity of a probe family (`promptinject`, `harmful:hate`, `prompt-injection`). */
export function probeControls(family: string): ProbeControls {
  const f = family.toLowerCase();
  return table.find((e) => e.pattern.test(f)) ?? fallback;
}
