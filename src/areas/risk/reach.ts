// The reach part of the risk score: for each object of a scored kind, the distinct objects each
// reach term of src/catalog/risk.ts finds, weighted. The terms are posture conditions, read with
// the posture area's graph reader and judge, and the objects a batch may have changed are found
// the way posture finds them (walking each term's hops back from what changed).

import type { PostureRule } from '../../catalog/rules/index.ts';
import { type RiskKind, reachTerms } from '../../catalog/risk.ts';
import { affected } from '../posture/affected.ts';
import type { GraphReader } from '../posture/graph.ts';
import { judge, prefetch, type Witness } from '../posture/judge.ts';

/** The terms of a kind as one condition, shaped as a rule so `affected` and `prefetch` take it. */
const asRule = new Map<RiskKind, PostureRule>();
function ruleOf(kind: RiskKind): PostureRule {
  let r = asRule.get(kind);
  if (!r) {
    r = { ruleId: `risk:${kind}`, kind, when: { any: reachTerms[kind].map((t) => t.when) }, predicate: '', explain: '' };
    asRule.set(kind, r);
  }
  return r;
}

function rolesFound(ws: Witness[], out: Map<string, Set<string>>): Map<string, Set<string>> {
  for (const w of ws) {
    let keys = out.get(w.as);
    if (!keys) out.set(w.as, (keys = new Set()));
    keys.add(w.key);
    rolesFound(w.below, out);
  }
  return out;
}

/** Each term's count and the weighted sum, for one object whose neighbourhood is loaded. */
export function reachOf(reader: GraphReader, kind: RiskKind, key: string): { reach: number; counts: Record<string, number> } {
  const counts: Record<string, number> = {};
  let reach = 0;
  for (const term of reachTerms[kind]) {
    const found = rolesFound(judge(reader, term.when, key).witnesses, new Map()).get(term.role)?.size ?? 0;
    counts[term.role] = found;
    reach += term.weight * found;
  }
  return { reach, counts };
}

/** The objects of `kind` whose reach may differ after `changed` (grouped by kind) changed. */
export function reachAffected(reader: GraphReader, kind: RiskKind, changed: Map<string, string[]>): Promise<Set<string>> {
  return affected(reader, ruleOf(kind), changed);
}

/** Reads what the terms of `kind` look at, for all of `keys` at once. */
export function loadReach(reader: GraphReader, kind: RiskKind, keys: Set<string>): Promise<void> {
  return prefetch(reader, ruleOf(kind).when, keys);
}
