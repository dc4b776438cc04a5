// Deciding a posture rule for objects whose neighbourhood is loaded: `prefetch` reads, for a whole
// set of objects, everything the rule's condition looks at (level by level, one statement per
// hop and chunk); `judge` then decides one object from memory and keeps the neighbours that made
// the condition hold, so the instance can name them; `explain` and `evidence` turn that into the
// instance's description and evidence.

import { kindByName } from '../../catalog/kinds.ts';
import { type Condition, DEFAULT_QUIET_DAYS, type Hop, hopsOf, type PostureRule } from '../../catalog/rules/index.ts';
import { splitKey } from '../../ingest/batch-context.ts';
import type { GraphNode, GraphReader } from './graph.ts';

/** A neighbour that counted, with the relation that links it and what counted under it. */
export interface Witness {
  key: string;
  as: string;
  relation: { from_kind: string; from_id: string; relation: string; to_kind: string; to_id: string };
  /** The attributes of the neighbour the condition tested. */
  attributes: Record<string, unknown>;
  below: Witness[];
}

export interface Verdict {
  holds: boolean;
  /** The attributes of the object the condition tested, as found. */
  attributes: Record<string, unknown>;
  witnesses: Witness[];
  /** Relations whose absence made a `no` condition hold. */
  missing: string[];
}

/** Reads what the condition needs for every object in `keys`. */
export async function prefetch(reader: GraphReader, condition: Condition | undefined, keys: Set<string>): Promise<void> {
  if (keys.size === 0) return;
  await reader.loadNodes(keys);
  for (const hop of hopsOf(condition)) {
    const next = await reader.follow(hop, keys);
    // Neighbours are read even when nothing is tested on them: the explanation names them.
    if (hop.where) await prefetch(reader, hop.where, next);
    else await reader.loadNodes(next);
  }
}

const patterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source)));
  return re;
}

function hopWitnesses(reader: GraphReader, hop: Hop, key: string): Witness[] {
  const [kind, id] = splitKey(key);
  const out: Witness[] = [];
  for (const n of reader.neighbours(hop, key)) {
    const sub = hop.where ? judge(reader, hop.where, n) : { holds: true, attributes: {}, witnesses: [], missing: [] };
    if (!sub.holds) continue;
    const [nk, ni] = splitKey(n);
    out.push({
      key: n,
      as: hop.as,
      attributes: sub.attributes,
      below: sub.witnesses,
      relation:
        hop.direction === 'out'
          ? { from_kind: kind, from_id: id, relation: hop.relation, to_kind: nk, to_id: ni }
          : { from_kind: nk, from_id: ni, relation: hop.relation, to_kind: kind, to_id: id },
    });
  }
  return out;
}

/** Adds `items` to `into` one by one: a spread into push() overflows the stack past ~100,000 items (a neighbourhood is unbounded). */
function append<T>(into: T[], items: readonly T[]): void {
  for (const x of items) into.push(x);
}

/** Decides the condition for one object whose neighbourhood `prefetch` loaded. */
export function judge(reader: GraphReader, c: Condition, key: string): Verdict {
  if ('all' in c) {
    const v: Verdict = { holds: true, attributes: {}, witnesses: [], missing: [] };
    for (const part of c.all) {
      const p = judge(reader, part, key);
      if (!p.holds) return { ...v, holds: false };
      Object.assign(v.attributes, p.attributes);
      append(v.witnesses, p.witnesses);
      append(v.missing, p.missing);
    }
    return v;
  }
  if ('any' in c) {
    // Every part is judged: the evidence is what each part that holds found.
    const v: Verdict = { holds: false, attributes: {}, witnesses: [], missing: [] };
    for (const part of c.any) {
      const p = judge(reader, part, key);
      if (!p.holds) continue;
      v.holds = true;
      Object.assign(v.attributes, p.attributes);
      append(v.witnesses, p.witnesses);
      append(v.missing, p.missing);
    }
    return v;
  }
  if ('some' in c) {
    const witnesses = hopWitnesses(reader, c.some, key);
    return { holds: witnesses.length > 0, attributes: {}, witnesses, missing: [] };
  }
  if ('no' in c) {
    const holds = hopWitnesses(reader, c.no, key).length === 0;
    return { holds, attributes: {}, witnesses: [], missing: holds ? [c.no.relation] : [] };
  }
  const value = reader.node(key)?.attributes[c.attribute];
  const attributes = { [c.attribute]: value ?? null };
  let holds: boolean;
  if ('equals' in c) holds = value === c.equals;
  else if ('notTrue' in c) holds = value !== true;
  else if ('includesAny' in c) holds = Array.isArray(value) && value.some((v) => c.includesAny.includes(v as string));
  else if ('only' in c) holds = Array.isArray(value) && value.length > 0 && value.every((v) => c.only.includes(v as string));
  else if ('besides' in c) holds = Array.isArray(value) && value.some((v) => !c.besides.includes(v as string));
  else if ('quiet' in c) {
    const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    const days = reader.scope.quietDays ?? DEFAULT_QUIET_DAYS;
    holds = Number.isFinite(at) && reader.scope.now !== undefined && reader.scope.now - at > days * 86_400_000;
  } else holds = (Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && pattern(c.matches).test(v));
  return { holds, attributes, witnesses: [], missing: [] };
}

// ---- words -------------------------------------------------------------------------------------

/** `AI tool "run_shell" (tl1)`: how an explanation names an object. */
export function nameOf(reader: GraphReader, key: string): string {
  const [kind, id] = splitKey(key);
  const label = kindByName.get(kind)?.label ?? kind;
  const name = reader.node(key)?.name;
  return name && name !== id ? `${label} "${name}" (${id})` : `${label} ${id}`;
}

function flatten(ws: Witness[], out: Witness[] = []): Witness[] {
  for (const w of ws) {
    out.push(w);
    flatten(w.below, out);
  }
  return out;
}

/**
 * When the condition began, as far as the inventory tells: the latest `first_seen` of the object
 * judged, of every neighbour that made it hold and of the relations that reach them (a relation's
 * own first_seen from the sensor, else when the service first stored it). A rule that holds on an
 * estate seen for a year is so dated across that year, not on the day the service first evaluated
 * it; one completed by a relation added today is dated today.
 */
export function conditionBegan(reader: GraphReader, subject: string, verdict: Verdict): number {
  let began = reader.node(subject)?.firstSeen ?? 0;
  for (const w of flatten(verdict.witnesses)) began = Math.max(began, reader.node(w.key)?.firstSeen ?? 0, reader.relationSeen(w.relation));
  return began;
}

const LISTED = 5;

function listOf(names: string[]): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, LISTED);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** The instance's description: the rule's sentence with the objects involved named. */
export function explain(reader: GraphReader, rule: PostureRule, key: string, verdict: Verdict): string {
  const all = flatten(verdict.witnesses);
  const subject = reader.node(key);
  return rule.explain.replace(/\{([a-z_]+)(?:\.([a-z_]+))?\}/g, (_m, name: string, attribute: string | undefined) => {
    if (name === 'subject') {
      if (!attribute) return nameOf(reader, key);
      const v = subject?.attributes[attribute];
      if (v === undefined || v === null) return 'unknown';
      return Array.isArray(v) ? v.join(', ') : String(v);
    }
    const keys = [...new Set(all.filter((w) => w.as === name).map((w) => w.key))].sort();
    return listOf(keys.map((k) => nameOf(reader, k)));
  });
}

/** Most neighbours an instance's evidence lists; `objects_total` counts them all. */
const EVIDENCE_OBJECTS = 100;

/** Most paths a toxic combination's evidence lists; `paths_total` counts them all. */
const EVIDENCE_PATHS = 20;

/** The paths from the object judged through its witnesses to each one that ends a chain: the toxic combination itself. */
function pathsOf(
  reader: GraphReader,
  subject: string,
  witnesses: Witness[],
): Array<{ objects: Array<Record<string, unknown>>; relations: string[] }> {
  const out: Array<{ objects: Array<Record<string, unknown>>; relations: string[] }> = [];
  const node = (key: string) => {
    const [kind, id] = splitKey(key);
    return { object_type: kind, object_id: id, name: reader.node(key)?.name ?? null };
  };
  const walk = (ws: Witness[], objects: Array<Record<string, unknown>>, relations: string[]) => {
    for (const w of ws) {
      const here = [...objects, { ...node(w.key), role: w.as }];
      const rels = [...relations, w.relation.relation];
      // Witnesses below are the chain's next hops; attribute-only conditions below add none.
      if (w.below.length) walk(w.below, here, rels);
      else out.push({ objects: here, relations: rels });
    }
  };
  walk(witnesses, [node(subject)], []);
  return out;
}

/** The instance's evidence: the condition, what was found on the object, and the objects that made it hold (for a toxic combination, the paths). */
export function evidence(reader: GraphReader, rule: PostureRule, verdict: Verdict, subject?: string): Record<string, unknown> {
  const all = flatten(verdict.witnesses);
  const paths = rule.toxic && subject !== undefined ? pathsOf(reader, subject, verdict.witnesses) : null;
  const objects = all.slice(0, EVIDENCE_OBJECTS).map((w) => {
    const node: GraphNode | null = reader.node(w.key);
    const [kind, id] = splitKey(w.key);
    return { object_type: kind, object_id: id, name: node?.name ?? null, role: w.as, relation: w.relation, attributes: w.attributes };
  });
  return {
    predicate: rule.predicate,
    attributes: verdict.attributes,
    ...(verdict.missing.length ? { missing_relations: verdict.missing } : {}),
    objects,
    ...(all.length > objects.length ? { objects_total: all.length } : {}),
    ...(paths ? { paths: paths.slice(0, EVIDENCE_PATHS), ...(paths.length > EVIDENCE_PATHS ? { paths_total: paths.length } : {}) } : {}),
  };
}
