// One declaration per static rule: its metadata, the compliance controls it maps to and, where the
// graph decides it, its checks. `checkRule` holds each declaration against the catalogue at load:
// a rule naming a relation the catalogue does not have, joining kinds it does not join, testing an
// attribute its kind lacks or mapping to an unknown control would otherwise silently never fire
// (or never show in a framework).

import { controlById } from '../frameworks.ts';
import { kindByName, relationByName } from '../kinds.ts';
import type { Check, Condition, Severity } from './types.ts';

export interface StaticRuleDef {
  /** The rule's id is `SR-aispm_<slug>`. */
  slug: string;
  name: string;
  severity: Severity;
  category: string;
  objectTypes: string[];
  /** OWASP Top 10 for Agentic Applications (ASI01–ASI10) where one applies; always among its controls. */
  owasp: string | null;
  description: string;
  remediation: string;
  /** Compliance controls (src/catalog/frameworks.ts) besides its OWASP agentic category: at least one of every framework. */
  controls: string[];
  /** How the graph decides it, per kind; none: only sensors report it (ingest findings, scans). */
  checks?: Check[];
}

export const defineStaticRule = (def: StaticRuleDef): StaticRuleDef => def;

export function checkRule(def: StaticRuleDef): void {
  const id = `SR-aispm_${def.slug}`;
  const fail = (what: string): never => {
    throw new Error(`static rule ${id}: ${what}`);
  };
  for (const c of def.controls) if (!controlById.has(c)) fail(`unknown control ${c}`);
  if (def.owasp && !controlById.has(def.owasp)) fail(`unknown OWASP agentic category ${def.owasp}`);
  const covered = new Set([...def.controls, ...(def.owasp ? [def.owasp] : [])].map((c) => controlById.get(c)!.framework.id));
  if (covered.size < new Set([...controlById.values()].map((c) => c.framework.id)).size) fail('not mapped to every framework');
  for (const t of def.objectTypes) if (!kindByName.has(t)) fail(`unknown object type ${t}`);
  for (const check of def.checks ?? []) {
    if (!def.objectTypes.includes(check.kind)) fail(`${check.kind} is not one of its object types`);
    walk(check.when, [check.kind], fail);
  }
}

function walk(c: Condition | undefined, at: string[], fail: (what: string) => never): void {
  if (!c) return;
  if ('all' in c || 'any' in c) {
    for (const x of 'all' in c ? c.all : c.any) walk(x, at, fail);
    return;
  }
  if ('attribute' in c) {
    for (const k of at) {
      if (!kindByName.get(k)!.columns.some((col) => 'attribute' in col.from && col.from.attribute === c.attribute)) {
        fail(`${k} has no attribute ${c.attribute}`);
      }
    }
    return;
  }
  const hop = 'some' in c ? c.some : c.no;
  const rel = relationByName.get(hop.relation);
  if (!rel) fail(`unknown relation ${hop.relation}`);
  for (const f of at) {
    for (const k of hop.kinds) {
      if (!kindByName.has(k)) fail(`unknown kind ${k}`);
      const [a, b] = hop.direction === 'out' ? [f, k] : [k, f];
      if (!rel!.pairs.some(([x, y]) => x === a && y === b)) fail(`${hop.relation} does not join ${a} to ${b}`);
    }
  }
  walk(hop.where, hop.kinds, fail);
}
