// The static rules shipped with the service, one declaration each (one file per category), and
// everything derived from them: the rules lists' rows (written to the `rules` table at migrate),
// the posture engine's checks, each rule's compliance controls, and the tables of docs/POSTURE.md
// and docs/COMPLIANCE.md. Add a rule with `defineStaticRule` in its category's file; it is checked
// against the catalogue when this module loads.

import { createHash } from 'node:crypto';
import { frameworks, inTableOrder } from '../frameworks.ts';
import { accessControlRules } from './access-control.ts';
import { cryptoRules } from './crypto.ts';
import { checkRule, type StaticRuleDef } from './define.ts';
import { guardrailRules } from './guardrails.ts';
import { humanOversightRules } from './human-oversight.ts';
import { modelRobustnessRules } from './model-robustness.ts';
import { promptInjectionRules } from './prompt-injection.ts';
import { secretRules } from './secrets.ts';
import { shadowAiRules } from './shadow-ai.ts';
import { supplyChainRules } from './supply-chain.ts';
import { toolMisuseRules } from './tool-misuse.ts';
import { toxicCombinationRules } from './toxic-combinations.ts';
import type { Condition, Hop, PostureRule, Severity, StaticRule } from './types.ts';

export * from './conditions.ts';
export type { Check, Condition, Hop, PostureRule, Severity, StaticRule } from './types.ts';

export const severities: Severity[] = ['critical', 'high', 'medium', 'low'];
export const severityRank: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1 };

const declarations: StaticRuleDef[] = [
  ...guardrailRules,
  ...secretRules,
  ...supplyChainRules,
  ...accessControlRules,
  ...toolMisuseRules,
  ...promptInjectionRules,
  ...modelRobustnessRules,
  ...humanOversightRules,
  ...shadowAiRules,
  ...cryptoRules,
  ...toxicCombinationRules,
];
const seen = new Set<string>();
for (const d of declarations) {
  if (seen.has(d.slug)) throw new Error(`static rule SR-aispm_${d.slug}: declared twice`);
  seen.add(d.slug);
  checkRule(d);
}

const idOf = (d: StaticRuleDef) => `SR-aispm_${d.slug}`;

export const staticRules: StaticRule[] = declarations.map((d) => ({
  id: idOf(d),
  name: d.name,
  description: d.description,
  severity: d.severity,
  category: d.category,
  objectTypes: d.objectTypes,
  remediation: d.remediation,
  owasp: d.owasp,
}));
export const staticRuleById: ReadonlyMap<string, StaticRule> = new Map(staticRules.map((r) => [r.id, r]));

/** The controls of each static rule, its OWASP agentic category among them, in table order. */
export const staticRuleControls: ReadonlyMap<string, string[]> = new Map(
  declarations.map((d) => [idOf(d), inTableOrder([...d.controls, ...(d.owasp ? [d.owasp] : [])])]),
);

/** What the posture engine evaluates: every check of every rule the graph decides, in declaration order. */
export const postureRules: PostureRule[] = declarations.flatMap((d) => (d.checks ?? []).map((c) => ({ ruleId: idOf(d), ...c })));

/** The rule ids among the posture rules (a rule judging several kinds appears once). */
export const postureRuleIds: string[] = [...new Set(postureRules.map((r) => r.ruleId))];

/** A stable, opaque issue id: the same workspace, rule and severity always give the same id. */
export function issueIdOf(tenant: string, workspace: string, ruleId: string, severity: string): string {
  return (
    'iss_' + createHash('sha256').update(`${tenant}\u0000${workspace}\u0000${ruleId}\u0000${severity}`).digest('base64url').slice(0, 20)
  );
}

/** The hops of a condition, outermost first, with the conditions nested under them. */
export function hopsOf(c: Condition | undefined): Hop[] {
  if (!c) return [];
  if ('some' in c) return [c.some];
  if ('no' in c) return [c.no];
  if ('all' in c) return c.all.flatMap(hopsOf);
  if ('any' in c) return c.any.flatMap(hopsOf);
  return [];
}

/** The neighbours a condition keeps as evidence: those found over its `some` hops. */
function evidenceRoles(c: Condition | undefined): string[] {
  if (!c) return [];
  if ('some' in c) return [`\`${c.some.as}\` (over ${c.some.relation})`, ...evidenceRoles(c.some.where)];
  if ('all' in c) return c.all.flatMap(evidenceRoles);
  if ('any' in c) return c.any.flatMap(evidenceRoles);
  return [];
}

/** The posture rules as a Markdown table for docs/POSTURE.md (`node scripts/posture-doc.ts` writes it there). */
export function postureTable(): string {
  const lines = ['| rule | object | severity | fires when | evidence objects |', '|---|---|---|---|---|'];
  for (const r of postureRules) {
    const severity = staticRuleById.get(r.ruleId)!.severity;
    const roles = evidenceRoles(r.when);
    lines.push(
      `| \`${r.ruleId}\` | ${r.kind} | ${severity} | ${r.predicate} | ${roles.join(', ') || "none: the object's attributes or a missing relation"} |`,
    );
  }
  return lines.join('\n');
}

/** The frameworks and their controls, then each static rule with its controls, as Markdown for docs/COMPLIANCE.md. */
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
