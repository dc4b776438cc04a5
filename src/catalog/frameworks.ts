// The compliance frameworks findings are mapped to, and the mapping of every static rule to their
// controls: one table of facts (official ids and short names, never the frameworks' prose), read by
// the rules list (`frameworks` column), the compliance posture, SARIF tags, AI-BOM references and
// docs/COMPLIANCE.md (generated from `complianceTable()` and checked by a test).
//
// Control ids are unique across frameworks (LLM01, ASI01, AML.T0051, MEASURE 2.7, Article 15), so a
// rule's `frameworks` is a flat list of control ids and a filter `frameworks=LLM01` needs no prefix.
// External rules name their controls in the ingest field `frameworks`; their OWASP agentic category
// is added to it.

import { staticRules } from './rules.ts';

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

/**
 * The controls each static rule (posture and toxic-combination rules included: they are static
 * rules) is mapped to, every framework at least once. The OWASP agentic category a rule carries in
 * rules.ts is part of its ASI ids (a test holds them together).
 */
const staticMapping: Record<string, string[]> = {
  missing_input_guardrails: ['LLM01', 'ASI01', 'AML.T0051', 'AML.T0054', 'MEASURE 2.7', 'Article 15'],
  missing_output_guardrails: ['LLM02', 'LLM05', 'ASI09', 'AML.T0057', 'MEASURE 2.7', 'Article 15'],
  hardcoded_credentials: ['LLM02', 'ASI03', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
  unpinned_model_version: ['LLM03', 'ASI04', 'AML.T0010', 'GOVERN 6.1', 'MAP 4.1', 'Article 9', 'Article 15'],
  mcp_server_without_authentication: ['LLM06', 'ASI03', 'ASI07', 'AML.T0012', 'AML.T0049', 'MEASURE 2.7', 'Article 15'],
  tool_shell_or_code_execution: ['LLM05', 'LLM06', 'ASI05', 'AML.T0050', 'AML.T0053', 'MEASURE 2.7', 'Article 15'],
  prompt_injection_exposure: ['LLM01', 'ASI01', 'ASI06', 'AML.T0051', 'MEASURE 2.7', 'Article 15'],
  unvalidated_tool_input: ['LLM05', 'LLM06', 'ASI02', 'AML.T0053', 'MEASURE 2.7', 'Article 15'],
  excessive_agent_permissions: ['LLM06', 'ASI03', 'AML.T0053', 'MEASURE 2.7', 'Article 15'],
  vulnerable_dependency: ['LLM03', 'ASI04', 'AML.T0010', 'GOVERN 6.1', 'MANAGE 3.1', 'Article 9', 'Article 15'],
  model_failed_garak_probes: ['LLM01', 'LLM09', 'ASI01', 'AML.T0051', 'AML.T0054', 'MEASURE 2.6', 'MEASURE 2.7', 'Article 15'],
  destructive_action_without_approval: ['LLM06', 'ASI02', 'ASI09', 'AML.T0048', 'MAP 3.5', 'MANAGE 2.4', 'Article 14'],
  unauthenticated_mcp_exposes_code_execution: ['LLM06', 'ASI03', 'ASI05', 'AML.T0049', 'AML.T0050', 'MEASURE 2.7', 'Article 15'],
  agent_reaches_code_execution_via_mcp: ['LLM06', 'ASI05', 'AML.T0050', 'AML.T0053', 'MEASURE 2.7', 'Article 15'],
  agent_uses_model_with_failed_probes: ['LLM01', 'ASI01', 'AML.T0054', 'MEASURE 2.6', 'Article 15'],
  secrets_near_ai_code: ['LLM02', 'ASI03', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
  delegation_without_approval: ['LLM06', 'ASI08', 'ASI09', 'ASI10', 'AML.T0053', 'MAP 3.5', 'MANAGE 2.4', 'Article 14'],
  toxic_unguarded_agent_reaches_code_execution: ['LLM01', 'LLM06', 'ASI01', 'ASI05', 'AML.T0050', 'AML.T0051', 'MEASURE 2.7', 'Article 15'],
  toxic_untrusted_input_reaches_secret: [
    'LLM01',
    'LLM02',
    'ASI01',
    'ASI03',
    'AML.T0051',
    'AML.T0055',
    'AML.T0057',
    'MEASURE 2.7',
    'MEASURE 2.10',
    'Article 15',
  ],
  toxic_production_agent_unauthenticated_destructive_mcp: [
    'LLM06',
    'ASI02',
    'ASI03',
    'AML.T0048',
    'AML.T0049',
    'MEASURE 2.7',
    'MANAGE 2.4',
    'Article 14',
    'Article 15',
  ],
  toxic_probed_model_with_code_execution: ['LLM01', 'ASI01', 'ASI05', 'AML.T0050', 'AML.T0054', 'MEASURE 2.6', 'MEASURE 2.7', 'Article 15'],
  // Shadow AI (runtime discovery): components in use that no one reviewed, and declared agents
  // that stopped running while their access remains.
  undeclared_ai_model_or_mcp_server: ['LLM03', 'ASI04', 'AML.T0010', 'GOVERN 6.1', 'MAP 4.1', 'Article 9', 'Article 26'],
  undeclared_ai_agent_or_tool: ['LLM03', 'ASI04', 'ASI10', 'AML.T0010', 'MAP 4.1', 'MANAGE 4.1', 'Article 9', 'Article 26'],
  declared_agent_quiet_at_runtime: ['LLM06', 'ASI03', 'AML.T0012', 'MANAGE 4.1', 'Article 26'],
  // Static discovery (`aispm scan`): what code, client configurations and key material show.
  secret_in_mcp_configuration: ['LLM02', 'ASI03', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
  mcp_server_unpinned_package: ['LLM03', 'ASI04', 'AML.T0010', 'GOVERN 6.1', 'MAP 4.1', 'Article 9', 'Article 15'],
  mcp_server_insecure_remote: ['LLM02', 'LLM06', 'ASI03', 'ASI07', 'AML.T0049', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
  tool_poisoning: ['LLM01', 'LLM04', 'ASI01', 'ASI02', 'ASI04', 'AML.T0051', 'AML.T0010', 'MEASURE 2.7', 'Article 15'],
  private_key_in_repository: ['LLM02', 'ASI03', 'AML.T0055', 'MEASURE 2.7', 'Article 15'],
  certificate_expiring: ['LLM10', 'ASI08', 'AML.T0029', 'MANAGE 4.1', 'Article 15'],
  agent_code_execution_without_approval: ['LLM06', 'ASI05', 'ASI09', 'AML.T0050', 'AML.T0053', 'MAP 3.5', 'MANAGE 2.4', 'Article 14'],
};

export const frameworkById: ReadonlyMap<string, Framework> = new Map(frameworks.map((f) => [f.id, f]));

/** Each control id with its framework. */
export const controlById: ReadonlyMap<string, { framework: Framework; control: Control; position: number }> = new Map(
  frameworks.flatMap((f) => f.controls.map((control, position) => [control.id, { framework: f, control, position }] as const)),
);

/** Control ids in table order (framework, then control): the order a rule's `frameworks` lists them in. */
function inTableOrder(ids: Iterable<string>): string[] {
  const pos = (id: string) => {
    const e = controlById.get(id)!;
    return frameworks.indexOf(e.framework) * 1000 + e.position;
  };
  return [...new Set(ids)].filter((id) => controlById.has(id)).sort((a, b) => pos(a) - pos(b));
}

/** The controls of a static rule, in table order. */
export const staticRuleControls: ReadonlyMap<string, string[]> = new Map(
  staticRules.map((r) => [r.id, inTableOrder([...(staticMapping[r.id.replace(/^SR-aispm_/, '')] ?? []), ...(r.owasp ? [r.owasp] : [])])]),
);

/** The controls of an external rule: those it names and its OWASP agentic category, in table order. */
export function ruleControls(named: readonly string[], owasp: string | null): string[] {
  return inTableOrder([...named, ...(owasp ? [owasp] : [])]);
}

/** The first id of `ids` that is no control of the table, for the ingest's refusal. */
export function unknownControl(ids: readonly string[]): string | undefined {
  return ids.find((id) => !controlById.has(id));
}

/** The table as Markdown: the frameworks and their controls, then each static rule with its controls. */
export function complianceTable(): string {
  const out: string[] = [];
  for (const f of frameworks) {
    out.push(
      `### ${f.name} ${f.version} (\`${f.id}\`)`,
      '',
      `Published at <${f.url}>.`,
      '',
      '| control | name | static rules |',
      '|---|---|---|',
    );
    for (const ctl of f.controls) {
      const rules = staticRules.filter((r) => staticRuleControls.get(r.id)?.includes(ctl.id)).map((r) => `\`${r.id}\``);
      out.push(`| \`${ctl.id}\` | ${ctl.name} | ${rules.join(', ') || '–'} |`);
    }
    out.push('');
  }
  out.push('### Static rules and their controls', '', '| rule | controls |', '|---|---|');
  for (const r of staticRules) out.push(`| \`${r.id}\` | ${(staticRuleControls.get(r.id) ?? []).map((id) => `\`${id}\``).join(', ')} |`);
  return `${out.join('\n')}\n`;
}
