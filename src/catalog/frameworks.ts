// The compliance frameworks findings are mapped to: one table of facts (official ids and short
// names, never the frameworks' prose), read by the rules list (`frameworks` column), the compliance
// posture, SARIF tags, AI-BOM references and docs/COMPLIANCE.md. Each static rule names its own
// controls where it is declared (src/catalog/rules/).
//
// Control ids are unique across frameworks (LLM01, ASI01, AML.T0051, MEASURE 2.7, Article 15), so a
// rule's `frameworks` is a flat list of control ids and a filter `frameworks=LLM01` needs no prefix.
// External rules name their controls in the ingest field `frameworks`; their OWASP agentic category
// is added to it.

export interface Control {
  /** The framework's own id of the control. */
  id: string;
  /** A short name: the framework's title where it has one, else a few words of ours. */
  name: string;
}

export interface Framework {
  /** Id in URLs: `/compliance/…/{framework}`. */
  id: string;
  name: string;
  version: string;
  /** Where the framework is published. */
  url: string;
  controls: Control[];
}

const c = (id: string, name: string): Control => ({ id, name });

export const frameworks: Framework[] = [
  {
    id: 'owasp-llm-2025',
    name: 'OWASP Top 10 for LLM Applications',
    version: '2025',
    url: 'https://genai.owasp.org/llm-top-10/',
    controls: [
      c('LLM01', 'Prompt Injection'),
      c('LLM02', 'Sensitive Information Disclosure'),
      c('LLM03', 'Supply Chain'),
      c('LLM04', 'Data and Model Poisoning'),
      c('LLM05', 'Improper Output Handling'),
      c('LLM06', 'Excessive Agency'),
      c('LLM07', 'System Prompt Leakage'),
      c('LLM08', 'Vector and Embedding Weaknesses'),
      c('LLM09', 'Misinformation'),
      c('LLM10', 'Unbounded Consumption'),
    ],
  },
  {
    id: 'owasp-agentic-2026',
    name: 'OWASP Top 10 for Agentic Applications',
    version: '2026',
    url: 'https://genai.owasp.org/resource/owasp-top-10-for-agentic-applications-for-2026/',
    controls: [
      c('ASI01', 'Agent Goal Hijack'),
      c('ASI02', 'Tool Misuse and Exploitation'),
      c('ASI03', 'Identity and Privilege Abuse'),
      c('ASI04', 'Agentic Supply Chain Vulnerabilities'),
      c('ASI05', 'Unexpected Code Execution'),
      c('ASI06', 'Memory and Context Poisoning'),
      c('ASI07', 'Insecure Inter-Agent Communication'),
      c('ASI08', 'Cascading Failures'),
      c('ASI09', 'Human-Agent Trust Exploitation'),
      c('ASI10', 'Rogue Agents'),
    ],
  },
  {
    id: 'mitre-atlas',
    name: 'MITRE ATLAS',
    version: '5',
    url: 'https://atlas.mitre.org/techniques',
    controls: [
      c('AML.T0010', 'AI Supply Chain Compromise'),
      c('AML.T0012', 'Valid Accounts'),
      c('AML.T0029', 'Denial of AI Service'),
      c('AML.T0034', 'Cost Harvesting'),
      c('AML.T0048', 'External Harms'),
      c('AML.T0049', 'Exploit Public-Facing Application'),
      c('AML.T0050', 'Command and Scripting Interpreter'),
      c('AML.T0051', 'LLM Prompt Injection'),
      c('AML.T0053', 'AI Agent Tool Invocation'),
      c('AML.T0054', 'LLM Jailbreak'),
      c('AML.T0055', 'Unsecured Credentials'),
      c('AML.T0057', 'LLM Data Leakage'),
    ],
  },
  {
    id: 'nist-ai-rmf-1.0',
    name: 'NIST AI Risk Management Framework',
    version: '1.0',
    url: 'https://www.nist.gov/itl/ai-risk-management-framework',
    controls: [
      c('GOVERN 6.1', 'Third-party AI risk policies'),
      c('MAP 3.5', 'Human oversight processes defined'),
      c('MAP 4.1', 'Risks of third-party components mapped'),
      c('MEASURE 2.6', 'Safety risks evaluated'),
      c('MEASURE 2.7', 'Security and resilience evaluated'),
      c('MEASURE 2.10', 'Privacy risk examined'),
      c('MANAGE 2.4', 'Mechanisms to disengage or deactivate'),
      c('MANAGE 3.1', 'Third-party resource risks monitored'),
      c('MANAGE 4.1', 'Post-deployment monitoring'),
    ],
  },
  {
    id: 'eu-ai-act',
    name: 'EU Artificial Intelligence Act (Regulation (EU) 2024/1689)',
    version: '2024',
    url: 'https://eur-lex.europa.eu/eli/reg/2024/1689/oj',
    controls: [
      c('Article 9', 'Risk management system'),
      c('Article 10', 'Data and data governance'),
      c('Article 12', 'Record-keeping'),
      c('Article 13', 'Transparency and provision of information to deployers'),
      c('Article 14', 'Human oversight'),
      c('Article 15', 'Accuracy, robustness and cybersecurity'),
      c('Article 26', 'Obligations of deployers of high-risk AI systems'),
      c('Article 50', 'Transparency obligations for certain AI systems'),
      c('Article 72', 'Post-market monitoring'),
    ],
  },
];

export const frameworkById: ReadonlyMap<string, Framework> = new Map(frameworks.map((f) => [f.id, f]));

/** Each control id with its framework. */
export const controlById: ReadonlyMap<string, { framework: Framework; control: Control; position: number }> = new Map(
  frameworks.flatMap((f) => f.controls.map((control, position) => [control.id, { framework: f, control, position }] as const)),
);

/** Control ids in table order (framework, then control): the order a rule's `frameworks` lists them in. */
export function inTableOrder(ids: Iterable<string>): string[] {
  const pos = (id: string) => {
    const e = controlById.get(id)!;
    return frameworks.indexOf(e.framework) * 1000 + e.position;
  };
  return [...new Set(ids)].filter((id) => controlById.has(id)).sort((a, b) => pos(a) - pos(b));
}

/** The controls of an external rule: those it names and its OWASP agentic category, in table order. */
export function ruleControls(named: readonly string[], owasp: string | null): string[] {
  return inTableOrder([...named, ...(owasp ? [owasp] : [])]);
}

/** The first id of `ids` that is no control of the table, for the ingest's refusal. */
export function unknownControl(ids: readonly string[]): string | undefined {
  return ids.find((id) => !controlById.has(id));
}
