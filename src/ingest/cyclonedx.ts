// Reading a CycloneDX BOM into ingest records: validated first against the published CycloneDX
// JSON schema of its spec version (the CycloneDX project's own library and schema files), so a
// malformed or non-CycloneDX document is refused naming its first problem before anything is
// written; then its components, services, dependencies and (our own) vulnerabilities become
// entity, relation, rule and finding records that the ingest pipeline applies as one batch.
//
// A BOM this service exported (src/areas/aibom) carries `aispm:` properties (src/catalog/aibom.ts)
// and is read back exactly: an export imported into an empty workspace exports again the same.
// Another tool's BOM is read for what the inventory can hold: machine-learning-model components
// as models (supplier as provider, modelCard parameters), application components as agents,
// services as MCP servers, occurrences as locations, and dependencies whose kinds one relation
// joins. Its vulnerabilities are read only when they name a rule the service knows.

import { createHash } from 'node:crypto';
import { parseBomRef, prop, relationsJoining } from '../catalog/aibom.ts';
import { kindByName } from '../catalog/kinds.ts';
import { staticRuleById } from '../catalog/rules/index.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../platform/json-depth.ts';
import { cyclonedxValidator, supportedSpecs } from './cyclonedx-schema.ts';

/** A BOM refused, with the first problem found. */
export class BomError extends Error {}

type Json = Record<string, unknown>;
type Property = { name?: unknown; value?: unknown };

/** A record with where in the BOM it came from (a JSON pointer), for messages. */
export interface BomRecord {
  record: Json;
  from: string;
}

/** The first schema error of a BOM, in words: where, and what. */
function firstProblem(errors: unknown): string {
  const e = (Array.isArray(errors) ? errors[0] : undefined) as
    | { instancePath?: string; message?: string; params?: Record<string, unknown> }
    | undefined;
  if (!e) return 'does not match the CycloneDX schema';
  const allowed = Array.isArray(e.params?.allowedValues) ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : '';
  const extra = typeof e.params?.additionalProperty === 'string' ? ` "${e.params.additionalProperty}"` : '';
  return `${e.instancePath || '/'}: ${e.message ?? 'is not valid'}${extra}${allowed}`;
}

/**
 * Parses and validates a BOM, or throws a BomError naming the first problem. Nesting is bounded
 * before the schema is applied: the validator (and the walk below) recurse once per level, and
 * components nested 5,000 deep overflowed the stack.
 */
export async function validateBom(text: string): Promise<Json> {
  let bom: unknown;
  try {
    bom = JSON.parse(text);
  } catch (err) {
    throw new BomError(`not valid JSON: ${(err as Error).message.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  if (typeof bom !== 'object' || bom === null || Array.isArray(bom)) throw new BomError('not a CycloneDX BOM: expected a JSON object');
  const b = bom as Json;
  if (b.bomFormat !== 'CycloneDX')
    throw new BomError(`not a CycloneDX BOM: bomFormat is ${JSON.stringify(b.bomFormat ?? null)}, not "CycloneDX"`);
  const spec = typeof b.specVersion === 'string' ? supportedSpecs.get(b.specVersion) : undefined;
  if (!spec) throw new BomError(`specVersion ${JSON.stringify(b.specVersion ?? null)} is not supported; send 1.4, 1.5 or 1.6`);
  if (nestedDeeperThan(b, MAX_JSON_DEPTH)) throw new BomError(`the BOM nests more than ${MAX_JSON_DEPTH} levels deep`);
  const validate = cyclonedxValidator(spec);
  if (!validate(b)) throw new BomError(`not valid CycloneDX ${spec}: ${firstProblem(validate.errors)}`);
  return b;
}

const props = (o: Json): Property[] => (Array.isArray(o.properties) ? (o.properties as Property[]) : []);
const propOf = (o: Json, name: string) => props(o).find((p) => p.name === name)?.value as string | undefined;
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

function jsonProp<T>(o: Json, name: string, from: string): T | undefined {
  const v = propOf(o, name);
  if (v === undefined) return undefined;
  try {
    return JSON.parse(v) as T;
  } catch {
    throw new BomError(`${from}: property ${name} is not valid JSON`);
  }
}

/** What a foreign element carries that the inventory has a column for. */
function foreignAttributes(kind: string, o: Json): Json {
  const a: Json = {};
  if (str(o.version)) a.version = o.version;
  if (str(o.description) && kindByName.get(kind)?.columns.some((c) => c.name === 'description')) a.description = o.description;
  if (kind === 'model') {
    const supplier = o.supplier as Json | undefined;
    if (str(supplier?.name)) a.provider = supplier!.name;
    const parameters = (o.modelCard as Json | undefined)?.modelParameters as Json | undefined;
    if (str(parameters?.architectureFamily)) a.model_family = parameters!.architectureFamily;
    if (str(parameters?.task)) a.type = parameters!.task;
  }
  if (kind === 'mcp_server') {
    const provider = o.provider as Json | undefined;
    if (str(provider?.name)) a.publisher = provider!.name;
    if (Array.isArray(o.endpoints) && str(o.endpoints[0])) a.url = o.endpoints[0];
  }
  return a;
}

/** The records of a validated BOM. Another tool's objects were last seen when its BOM was made (or now). */
export function bomRecords(bom: Json, now: number = Date.now()): BomRecord[] {
  const made = str((bom.metadata as Json | undefined)?.timestamp) ?? new Date(now).toISOString();
  const out: BomRecord[] = [];
  const refs = new Map<string, { kind: string; id: string; relations: Property[] }>();
  const seen = new Set<string>();
  const add = (from: string, record: Json) => out.push({ from, record });

  const element = (o: Json, from: string, foreignKind: string | undefined) => {
    const ours = propOf(o, prop.kind);
    const kind = ours ?? foreignKind;
    if (!kind) return;
    if (!kindByName.has(kind)) throw new BomError(`${from}: unknown kind "${kind.slice(0, 64)}" in ${prop.kind}`);
    const ref = str(o['bom-ref']);
    const id = propOf(o, prop.id) ?? (ref && ours ? parseBomRef(ref)?.id : undefined) ?? ref ?? str(o.name);
    if (!id) throw new BomError(`${from}: no bom-ref or name to identify it by`);
    if (seen.has(`${kind}/${id}`)) throw new BomError(`${from}: ${kind} "${id.slice(0, 64)}" appears twice`);
    seen.add(`${kind}/${id}`);
    if (ref) refs.set(ref, { kind, id, relations: props(o).filter((p) => p.name === prop.relation) });
    const attributes = ours ? (jsonProp<Json>(o, prop.attributes, from) ?? {}) : foreignAttributes(kind, o);
    // Who reported the object travels in its attributes (`sources`): the record names the first of
    // them as its source, so the import keeps them as they were instead of adding `ingest`.
    const sources = Array.isArray(attributes.sources) ? attributes.sources.filter((x): x is string => typeof x === 'string') : [];
    add(from, {
      type: 'entity',
      kind,
      id,
      name: str(o.name) ?? id,
      ...(propOf(o, prop.firstSeen) ? { first_seen: propOf(o, prop.firstSeen) } : {}),
      last_seen: propOf(o, prop.lastSeen) ?? made,
      ...(sources.length ? { source: sources[0] } : {}),
      attributes,
    });
    // Another tool's occurrences become locations the object is defined at; ours are locations of the BOM already.
    const occurrences = ((o.evidence as Json | undefined)?.occurrences as Json[] | undefined) ?? [];
    occurrences.forEach((occ, i) => {
      if (str(occ.additionalContext)?.startsWith('location/')) return;
      const where = String(occ.location);
      const locationId = `cdx-${createHash('sha256')
        .update(`${where}\u0000${occ.line ?? ''}`)
        .digest('hex')
        .slice(0, 16)}`;
      const at = `${from}/evidence/occurrences/${i}`;
      if (!seen.has(`location/${locationId}`)) {
        seen.add(`location/${locationId}`);
        add(at, {
          type: 'entity',
          kind: 'location',
          id: locationId,
          name: where,
          last_seen: made,
          attributes: { path: where, ...(typeof occ.line === 'number' ? { start_line: occ.line } : {}) },
        });
      }
      if (relationsJoining(kind, 'location').includes('defined_in'))
        add(at, { type: 'relation', from_kind: kind, from_id: id, relation: 'defined_in', to_kind: 'location', to_id: locationId });
    });
  };

  const walk = (list: unknown, from: string, foreign: (o: Json) => string | undefined) => {
    if (!Array.isArray(list)) return;
    list.forEach((o: Json, i) => {
      element(o, `${from}/${i}`, foreign(o));
      walk(o.components, `${from}/${i}/components`, foreign);
      walk(o.services, `${from}/${i}/services`, foreign);
    });
  };
  walk(bom.components, '/components', (o) =>
    o.type === 'machine-learning-model' ? 'model' : o.type === 'application' ? 'agent' : undefined,
  );
  walk(bom.services, '/services', () => 'mcp_server');

  // Dependencies: the relation the two kinds admit; where several do, the ones the object names.
  const deps = Array.isArray(bom.dependencies) ? (bom.dependencies as Json[]) : [];
  deps.forEach((d, i) => {
    const from = refs.get(String(d.ref));
    if (!from) return;
    for (const target of (d.dependsOn as string[] | undefined) ?? []) {
      const to = refs.get(target);
      if (!to) continue;
      const candidates = relationsJoining(from.kind, to.kind);
      const named = from.relations
        .map((p) => String(p.value).split(' '))
        .filter(([rel, ref]) => ref === target && candidates.includes(rel!));
      const chosen = candidates.length === 1 ? candidates : named.map(([rel]) => rel!);
      for (const relation of chosen)
        add(`/dependencies/${i}`, { type: 'relation', from_kind: from.kind, from_id: from.id, relation, to_kind: to.kind, to_id: to.id });
    }
  });

  // Vulnerabilities: findings of rules the service knows, or that carry their (external) rule.
  const rules = new Set<string>();
  const vulns = Array.isArray(bom.vulnerabilities) ? (bom.vulnerabilities as Json[]) : [];
  vulns.forEach((v, i) => {
    const from = `/vulnerabilities/${i}`;
    const ruleId = str(v.id);
    const rule = jsonProp<Json>(v, prop.rule, from);
    if (!ruleId || (!rule && !staticRuleById.has(ruleId))) return;
    if (rule && !rules.has(ruleId)) {
      rules.add(ruleId);
      add(from, { type: 'rule', id: ruleId, ...rule, owasp_category: rule.owasp_category ?? undefined });
    }
    const affects = Array.isArray(v.affects) ? (v.affects as Json[]) : [];
    const target = refs.get(String(affects[0]?.ref));
    if (!target) throw new BomError(`${from}/affects: names no component or service of the BOM`);
    const ratings = Array.isArray(v.ratings) ? (v.ratings as Json[]) : [];
    const severity = ratings.map((r) => r.severity).find((s) => s === 'critical' || s === 'high' || s === 'medium' || s === 'low');
    const cvss = ratings.find((r) => typeof r.method === 'string' && r.method.startsWith('CVSS') && typeof r.score === 'number');
    const ref = str(v['bom-ref']);
    const location = jsonProp<Json>(v, prop.codeLocation, from);
    add(from, {
      type: 'finding',
      id: ref?.startsWith('finding/') ? ref.slice('finding/'.length) : (ref ?? `${ruleId}:${target.kind}/${target.id}`),
      rule_id: ruleId,
      ...(severity ? { severity } : {}),
      object_kind: target.kind,
      object_id: target.id,
      ...(str(v.created) ? { detected_at: v.created } : {}),
      ...(str(v.description) ? { title: v.description } : {}),
      ...(str(v.detail) ? { description: v.detail } : {}),
      ...(str(v.recommendation) ? { remediation: v.recommendation } : {}),
      ...(cvss ? { cvss_score: cvss.score } : {}),
      ...(location ? { code_location: location } : {}),
      ...(propOf(v, prop.owasp) ? { owasp_category: propOf(v, prop.owasp) } : {}),
    });
  });
  return out;
}

/** A BOM as NDJSON records for the ingest pipeline, and where each line came from. */
export async function cyclonedxToNdjson(text: string, now?: number): Promise<{ ndjson: Buffer; origins: string[]; objects: number }> {
  const records = bomRecords(await validateBom(text), now);
  let objects = 0;
  for (const r of records) if (r.record.type === 'entity') objects++;
  return {
    ndjson: Buffer.from(records.map((r) => `${JSON.stringify(r.record)}\n`).join('')),
    origins: records.map((r) => r.from),
    objects,
  };
}
