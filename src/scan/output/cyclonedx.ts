// The scan as a CycloneDX 1.6 AI-BOM (`aispm scan --format cyclonedx`), written from the same
// records the service would receive and laid out as the service's own export lays out a
// workspace (src/catalog/aibom.ts is the shared table: which element each kind becomes, bom-refs,
// and the `aispm:` properties for what CycloneDX has no field for), so `aispm import --format
// cyclonedx` reads it back into the same objects, relations and findings.

import { randomUUID } from 'node:crypto';
import { bomRef, CYCLONEDX_SPEC, componentKinds, findingRef, placeOf, prop, relationsJoining, serviceKinds } from '../../catalog/aibom.ts';
import { controlById } from '../../catalog/frameworks.ts';
import { staticRuleControls } from '../../catalog/rules/index.ts';
import type { NdjsonRecord } from '../records/build.ts';

type Property = { name: string; value: string };
type Attributes = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

export function cyclonedxBom(records: NdjsonRecord[], tool: { name: string; version: string }, now: number): object {
  const entities = records.filter((r) => r.type === 'entity');
  const relations = records.filter((r) => r.type === 'relation');
  const findings = records.filter((r) => r.type === 'finding');
  const relsFrom = new Map<string, NdjsonRecord[]>();
  for (const r of relations) {
    const key = bomRef(r.from_kind as string, r.from_id as string);
    relsFrom.set(key, [...(relsFrom.get(key) ?? []), r]);
  }
  const locations = new Map(entities.filter((e) => e.kind === 'location').map((e) => [e.id as string, e.attributes as Attributes]));

  const properties = (e: NdjsonRecord, rels: NdjsonRecord[]): Property[] => {
    const attrs = e.attributes as Attributes;
    return [
      { name: prop.kind, value: e.kind as string },
      { name: prop.id, value: e.id as string },
      { name: prop.firstSeen, value: e.first_seen as string },
      { name: prop.lastSeen, value: e.last_seen as string },
      ...(Object.keys(attrs).length ? [{ name: prop.attributes, value: JSON.stringify(attrs) }] : []),
      ...rels
        .filter((r) => relationsJoining(e.kind as string, r.to_kind as string).length > 1)
        .map((r) => ({ name: prop.relation, value: `${r.relation} ${bomRef(r.to_kind as string, r.to_id as string)}` })),
    ];
  };

  const component = (e: NdjsonRecord) => {
    const kind = e.kind as string;
    const place = placeOf(kind);
    if (place.element !== 'component') throw new Error(`${kind} is not a component`);
    const attrs = e.attributes as Attributes;
    const rels = relsFrom.get(bomRef(kind, e.id as string)) ?? [];
    const type = place.byAttribute?.types[String(attrs[place.byAttribute.name])] || place.type;
    const out: Record<string, unknown> = { type, 'bom-ref': bomRef(kind, e.id as string), name: (e.name as string) || (e.id as string) };
    if (kind === 'model') {
      if (text(attrs.provider)) out.supplier = { name: attrs.provider };
      if (text(attrs.version)) out.version = attrs.version;
      out.modelCard = { modelParameters: {}, properties: [] };
    } else if (text(attrs.version)) out.version = attrs.version;
    if (text(attrs.description)) out.description = attrs.description;
    if (place.cryptoAssetType) out.cryptoProperties = { assetType: place.cryptoAssetType };
    const occurrences = rels
      .filter((r) => r.relation === 'defined_in')
      .map((r) => {
        const a = locations.get(r.to_id as string) ?? {};
        const where = [text(a.repository), text(a.path) ?? text(a.host)].filter(Boolean).join(':') || (r.to_id as string);
        const line = typeof a.start_line === 'number' && a.start_line > 0 ? a.start_line : undefined;
        return { location: where, ...(line ? { line } : {}), additionalContext: bomRef('location', r.to_id as string) };
      });
    if (occurrences.length) out.evidence = { occurrences };
    out.properties = properties(e, rels);
    return out;
  };

  const service = (e: NdjsonRecord) => {
    const attrs = e.attributes as Attributes;
    const rels = relsFrom.get(bomRef(e.kind as string, e.id as string)) ?? [];
    const out: Record<string, unknown> = { 'bom-ref': bomRef(e.kind as string, e.id as string) };
    if (text(attrs.publisher)) out.provider = { name: attrs.publisher };
    out.name = (e.name as string) || (e.id as string);
    if (text(attrs.version)) out.version = attrs.version;
    if (text(attrs.description)) out.description = attrs.description;
    if (text(attrs.url)) out.endpoints = [attrs.url];
    if (text(attrs.authentication)) out.authenticated = attrs.authentication !== 'none';
    out.properties = properties(e, rels);
    return out;
  };

  const byKind = (kinds: string[]) =>
    kinds.flatMap((k) => entities.filter((e) => e.kind === k).sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1)));
  const dependencies = [...relsFrom.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ref, rels]) => ({ ref, dependsOn: [...new Set(rels.map((r) => bomRef(r.to_kind as string, r.to_id as string)))].sort() }));
  const vulnerabilities = findings.map((f) => {
    const controls = staticRuleControls.get(f.rule_id as string) ?? [];
    return {
      'bom-ref': findingRef(f.id as string),
      id: f.rule_id,
      source: { name: tool.name },
      ...(controls.length
        ? {
            references: controls.map((id) => {
              const { framework } = controlById.get(id)!;
              return { id, source: { name: `${framework.name} ${framework.version}`, url: framework.url } };
            }),
          }
        : {}),
      ratings: [{ severity: f.severity, method: 'other' }],
      description: f.title,
      ...(f.description ? { detail: f.description } : {}),
      ...(f.remediation ? { recommendation: f.remediation } : {}),
      created: f.detected_at,
      affects: [{ ref: bomRef(f.object_kind as string, f.object_id as string) }],
      properties: [
        { name: prop.codeLocation, value: JSON.stringify(f.code_location) },
        ...(f.owasp_category ? [{ name: prop.owasp, value: f.owasp_category as string }] : []),
      ],
    };
  });
  return {
    bomFormat: 'CycloneDX',
    specVersion: CYCLONEDX_SPEC,
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: {
      timestamp: new Date(now).toISOString(),
      tools: { components: [{ type: 'application', name: tool.name, version: tool.version }] },
    },
    components: byKind(componentKinds).map(component),
    services: byKind(serviceKinds).map(service),
    dependencies,
    vulnerabilities,
  };
}
