// The AI-BOM of a workspace: a CycloneDX 1.6 JSON document written as it is read, so a workspace
// of any size is answered in bounded memory (a page of objects at a time, never the whole BOM).
//
//   components       agents (application), models (machine-learning-model: supplier = provider,
//                    a modelCard), assets and leaf kinds (the type src/catalog/aibom.ts gives),
//                    locations (file); the locations an object is defined at are its
//                    `evidence.occurrences`
//   services         MCP servers (provider, endpoint, authenticated) and tools
//   dependencies     every relation, grouped by the object it starts from
//   vulnerabilities  open findings: the rule as id and source, ratings by severity (CVSS when
//                    known), framework controls as references, the object as `affects`
//
// What CycloneDX has no field for (the kind, first and last seen, every attribute, relations a
// dependency cannot name) is kept in `aispm:` properties, so the importer reads back exactly what
// was exported. The CycloneDX library builds a whole BOM in memory, which is what this avoids; the
// tests validate the output with the library's own validator and the published 1.6 schema.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bomRef, CYCLONEDX_SPEC, componentKinds, findingRef, placeOf, prop, relationsJoining, serviceKinds } from '../../catalog/aibom.ts';
import { controlById } from '../../catalog/frameworks.ts';
import type { Db } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/database.ts';
import { type RuleRow, visibleIn } from '../findings/rules.ts';
import { type ExportedFinding, openFindingPage } from '../findings/instances-store.ts';
import { attributesOf, objectPage } from '../inventory/entities-store.ts';
import { type RelationKey, relationPage, relationsOutOf } from '../inventory/relations-store.ts';

/** Objects, relations and findings read at a time: what bounds the memory an export takes. */
const PAGE = 1000;
const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

type Attributes = Record<string, unknown>;
type EntityRow = Awaited<ReturnType<typeof objectPage>>[number];
type RelationRow = Awaited<ReturnType<typeof relationsOutOf>>[number];
type Property = { name: string; value: string };

const iso = (ms: number) => new Date(Number(ms)).toISOString();
const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

function baseProperties(kind: string, e: EntityRow, attrs: Attributes, extra: Property[]): Property[] {
  return [
    { name: prop.kind, value: kind },
    { name: prop.id, value: e.id },
    { name: prop.firstSeen, value: iso(e.first_seen) },
    { name: prop.lastSeen, value: iso(e.last_seen) },
    ...(Object.keys(attrs).length ? [{ name: prop.attributes, value: JSON.stringify(attrs) }] : []),
    ...extra,
  ];
}

/** Where a location points, as an occurrence's `location` text. */
function occurrenceOf(locationId: string, attrs: Attributes | undefined) {
  const a = attrs ?? {};
  const where = [text(a.repository), text(a.path) ?? text(a.host)].filter(Boolean).join(':') || locationId;
  const line = typeof a.start_line === 'number' && a.start_line > 0 ? a.start_line : undefined;
  return { location: where, ...(line ? { line } : {}), additionalContext: bomRef('location', locationId) };
}

function component(kind: string, e: EntityRow, rels: RelationRow[], locations: Map<string, Attributes>): unknown {
  const place = placeOf(kind);
  if (place.element !== 'component') throw new Error(`${kind} is not a component`);
  const attrs = readJson<Attributes>(e.attributes) ?? {};
  const type = place.byAttribute?.types[String(attrs[place.byAttribute.name])] || place.type;
  const version = text(attrs.version);
  const occurrences = rels.filter((r) => r.relation === 'defined_in').map((r) => occurrenceOf(r.to_id, locations.get(r.to_id)));
  const out: Record<string, unknown> = { type, 'bom-ref': bomRef(kind, e.id), name: e.name || e.id };
  if (kind === 'model') {
    if (text(attrs.provider)) out.supplier = { name: attrs.provider };
    if (version) out.version = version;
    if (text(attrs.license)) out.licenses = [{ license: { name: attrs.license } }];
    const parameters: Record<string, unknown> = {};
    if (text(attrs.model_family)) parameters.architectureFamily = attrs.model_family;
    if (text(attrs.type)) parameters.task = attrs.type;
    out.modelCard = {
      modelParameters: parameters,
      properties: [
        ...(text(attrs.hosting) ? [{ name: 'aispm:hosting', value: attrs.hosting as string }] : []),
        ...(typeof attrs.context_window === 'number' ? [{ name: 'aispm:context_window', value: String(attrs.context_window) }] : []),
        ...(typeof attrs.pinned === 'boolean' ? [{ name: 'aispm:pinned', value: String(attrs.pinned) }] : []),
      ],
    };
  } else if (version) out.version = version;
  if (text(attrs.description)) out.description = attrs.description;
  if (place.cryptoAssetType) out.cryptoProperties = { assetType: place.cryptoAssetType };
  if (occurrences.length) out.evidence = { occurrences };
  out.properties = baseProperties(kind, e, attrs, ambiguousRelations(kind, rels));
  return out;
}

function service(kind: string, e: EntityRow, rels: RelationRow[]): unknown {
  const attrs = readJson<Attributes>(e.attributes) ?? {};
  const out: Record<string, unknown> = { 'bom-ref': bomRef(kind, e.id) };
  if (text(attrs.publisher)) out.provider = { name: attrs.publisher };
  out.name = e.name || e.id;
  if (text(attrs.version)) out.version = attrs.version;
  if (text(attrs.description)) out.description = attrs.description;
  if (text(attrs.url)) out.endpoints = [attrs.url];
  if (text(attrs.authentication)) out.authenticated = attrs.authentication !== 'none';
  out.properties = baseProperties(kind, e, attrs, ambiguousRelations(kind, rels));
  return out;
}

/** Relations a dependency cannot tell apart (an agent's input or output guardrail), named in a property. */
function ambiguousRelations(kind: string, rels: RelationRow[]): Property[] {
  return rels
    .filter((r) => relationsJoining(kind, r.to_kind).length > 1)
    .map((r) => ({ name: prop.relation, value: `${r.relation} ${bomRef(r.to_kind, r.to_id)}` }));
}

function vulnerability(f: ExportedFinding, rule: RuleRow | undefined): unknown {
  const controls = rule ? (readJson<string[]>(rule.frameworks) ?? []) : [];
  const cvss = f.cvss_score === null ? null : Number(f.cvss_score);
  const location = readJson<Attributes | null>(f.code_location);
  const properties: Property[] = [
    ...(location ? [{ name: prop.codeLocation, value: JSON.stringify(location) }] : []),
    ...(f.owasp_category ? [{ name: prop.owasp, value: f.owasp_category }] : []),
    // An external rule travels with its findings, so an import knows it.
    ...(rule && rule.source === 'external'
      ? [
          {
            name: prop.rule,
            value: JSON.stringify({
              name: rule.name,
              description: rule.description,
              severity: rule.default_severity,
              category: rule.category,
              object_types: readJson<string[]>(rule.object_types) ?? [],
              remediation: rule.remediation,
              owasp_category: rule.owasp_category,
              frameworks: controls,
            }),
          },
        ]
      : []),
  ];
  return {
    'bom-ref': findingRef(f.id),
    id: f.rule_id,
    source: { name: pkg.name },
    ...(controls.length
      ? {
          references: controls.map((id) => {
            const { framework } = controlById.get(id)!;
            return { id, source: { name: `${framework.name} ${framework.version}`, url: framework.url } };
          }),
        }
      : {}),
    ratings: [{ severity: f.severity, ...(cvss === null ? { method: 'other' } : { score: cvss, method: 'CVSSv31' }) }],
    description: f.title,
    ...(f.description ? { detail: f.description } : {}),
    ...(f.remediation ? { recommendation: f.remediation } : {}),
    created: iso(f.detected_at),
    affects: [{ ref: bomRef(f.object_kind, f.object_id) }],
    ...(properties.length ? { properties } : {}),
  };
}

export interface AibomOptions {
  now: number;
  /** Fixed for tests; a random UUID otherwise. */
  serial?: string;
  /** Rows read at a time (default 1000); small in tests, to cross page boundaries. */
  pageSize?: number;
}

/** The AI-BOM of a workspace, in pieces of text. */
export async function* aibom(db: Db, tenant: string, workspace: string, options: AibomOptions): AsyncGenerator<string> {
  const limit = options.pageSize ?? PAGE;
  const args = { tenant, workspace, limit };
  const head = {
    bomFormat: 'CycloneDX',
    specVersion: CYCLONEDX_SPEC,
    serialNumber: `urn:uuid:${options.serial ?? randomUUID()}`,
    version: 1,
    metadata: {
      timestamp: iso(options.now),
      tools: { components: [{ type: 'application', name: pkg.name, version: pkg.version }] },
    },
  };
  yield `${JSON.stringify(head).slice(0, -1)},"components":[`;
  let first = true;
  // A page is written a hundred items at a time, so no piece of text is large.
  const items = function* (parts: string[]) {
    for (let i = 0; i < parts.length; i += 100) {
      yield (first ? '' : ',') + parts.slice(i, i + 100).join(',');
      first = false;
    }
  };

  const at = { db, tx: db, tenant, workspace };
  async function* objects(kind: string) {
    let after = '';
    for (;;) {
      const rows: EntityRow[] = await objectPage(at, kind, after, limit);
      if (!rows.length) return;
      const relations: RelationRow[] = await relationsOutOf(
        at,
        kind,
        rows.map((r) => r.id),
      );
      const locationIds = [...new Set(relations.filter((r) => r.relation === 'defined_in').map((r) => r.to_id))];
      const locations = new Map(
        locationIds.length
          ? (await attributesOf(at, 'location', locationIds)).map((l) => [l.id, readJson<Attributes>(l.attributes) ?? {}])
          : [],
      );
      const byFrom = new Map<string, RelationRow[]>();
      for (const r of relations) byFrom.set(r.from_id, [...(byFrom.get(r.from_id) ?? []), r]);
      yield { rows, byFrom, locations };
      if (rows.length < limit) return;
      after = rows.at(-1)!.id;
    }
  }

  for (const kind of componentKinds) {
    for await (const page of objects(kind)) {
      yield* items(page.rows.map((e) => JSON.stringify(component(kind, e, page.byFrom.get(e.id) ?? [], page.locations))));
    }
  }
  yield '],"services":[';
  first = true;
  for (const kind of serviceKinds) {
    for await (const page of objects(kind)) {
      yield* items(page.rows.map((e) => JSON.stringify(service(kind, e, page.byFrom.get(e.id) ?? []))));
    }
  }

  // Dependencies: one entry per object with relations, its targets in order, each once.
  yield '],"dependencies":[';
  first = true;
  let key: RelationKey = { from_kind: '', from_id: '', relation: '', to_kind: '', to_id: '' };
  let open: { ref: string; dependsOn: Set<string> } | null = null;
  for (;;) {
    const rows = await relationPage(at, key, limit);
    const parts: string[] = [];
    for (const r of rows) {
      const ref = bomRef(r.from_kind, r.from_id);
      if (open && open.ref !== ref) {
        parts.push(JSON.stringify({ ref: open.ref, dependsOn: [...open.dependsOn].sort() }));
        open = null;
      }
      open ??= { ref, dependsOn: new Set() };
      open.dependsOn.add(bomRef(r.to_kind, r.to_id));
    }
    yield* items(parts);
    if (rows.length < limit) break;
    const last = rows.at(-1)!;
    key = last;
  }
  if (open) yield* items([JSON.stringify({ ref: open.ref, dependsOn: [...open.dependsOn].sort() })]);

  yield '],"vulnerabilities":[';
  first = true;
  const rules = new Map(
    (
      await db.all(
        db.template('aibom.rules', (b) => visibleIn(b)),
        args,
      )
    ).map((r) => [r.rule_id, r]),
  );
  let after = '';
  for (;;) {
    const rows: ExportedFinding[] = await openFindingPage(db, tenant, workspace, after, limit);
    yield* items(rows.map((f) => JSON.stringify(vulnerability(f, rules.get(f.rule_id)))));
    if (rows.length < limit) break;
    after = rows.at(-1)!.id;
  }
  yield ']}';
}
