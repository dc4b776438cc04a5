// How the inventory is written as a CycloneDX 1.6 AI-BOM and read back: which CycloneDX element
// each kind becomes, the bom-ref of an object, and the property names that carry what CycloneDX
// has no field for. The exporter (src/areas/aibom) and the importer (src/ingest/cyclonedx.ts) both
// read this table, so the two directions cannot drift apart.

import { kinds, relations } from './kinds.ts';

export const CYCLONEDX_MEDIA_TYPE = 'application/vnd.cyclonedx+json';
export const CYCLONEDX_SPEC = '1.6';

/** CycloneDX component types (the subset the inventory uses). */
export type ComponentType =
  | 'application'
  | 'machine-learning-model'
  | 'container'
  | 'device'
  | 'platform'
  | 'file'
  | 'data'
  | 'cryptographic-asset';

export type CycloneDxPlace =
  /** A `components` entry of this type; `byAttribute` picks another type from an attribute's value. */
  | {
      element: 'component';
      type: ComponentType;
      byAttribute?: { name: string; types: Record<string, ComponentType> };
      cryptoAssetType?: string;
    }
  /** A `services` entry. */
  | { element: 'service' };

/** Where each kind goes. Kinds not named here (a kind added later) are `data` components. */
const places: Record<string, CycloneDxPlace> = {
  agent: { element: 'component', type: 'application' },
  model: { element: 'component', type: 'machine-learning-model' },
  mcp_server: { element: 'service' },
  tool: { element: 'service' },
  asset: {
    element: 'component',
    type: 'platform',
    byAttribute: {
      name: 'type',
      types: { container: 'container', k8s_workload: 'container', host: 'device', cloud_function: 'application', vm: 'platform' },
    },
  },
  location: { element: 'component', type: 'file' },
  cert: { element: 'component', type: 'cryptographic-asset', cryptoAssetType: 'certificate' },
  key: { element: 'component', type: 'cryptographic-asset', cryptoAssetType: 'related-crypto-material' },
  tls_config: { element: 'component', type: 'cryptographic-asset', cryptoAssetType: 'protocol' },
  crypto_session: { element: 'component', type: 'cryptographic-asset', cryptoAssetType: 'protocol' },
  operation: { element: 'component', type: 'cryptographic-asset', cryptoAssetType: 'algorithm' },
  guardrail: { element: 'component', type: 'application' },
};

export function placeOf(kind: string): CycloneDxPlace {
  return places[kind] ?? { element: 'component', type: 'data' };
}

/** The kinds in the order the BOM lists them: components (agents and models first), then services. */
export const componentKinds: string[] = kinds.map((k) => k.name).filter((k) => placeOf(k).element === 'component');
export const serviceKinds: string[] = kinds.map((k) => k.name).filter((k) => placeOf(k).element === 'service');

/** The bom-ref of an inventory object: `<kind>/<id>` (a kind has no `/`, so the first one splits it). */
export const bomRef = (kind: string, id: string) => `${kind}/${id}`;
export const findingRef = (instanceId: string) => `finding/${instanceId}`;

export function parseBomRef(ref: string): { kind: string; id: string } | undefined {
  const i = ref.indexOf('/');
  return i > 0 ? { kind: ref.slice(0, i), id: ref.slice(i + 1) } : undefined;
}

/** Properties (`name`/`value` strings) for what CycloneDX has no field for. */
export const prop = {
  kind: 'aispm:kind',
  id: 'aispm:id',
  firstSeen: 'aispm:first_seen',
  lastSeen: 'aispm:last_seen',
  /** The object's attributes as one JSON object: lossless, whatever their types. */
  attributes: 'aispm:attributes',
  /** `<relation> <bom-ref>`: a dependency whose kinds more than one relation joins. */
  relation: 'aispm:relation',
  /** A finding's code location (JSON), OWASP category, and the definition of its external rule (JSON). */
  codeLocation: 'aispm:code_location',
  owasp: 'aispm:owasp_category',
  rule: 'aispm:rule',
} as const;

/** The relations that join a (from, to) pair of kinds. */
export function relationsJoining(from: string, to: string): string[] {
  return relations.filter((r) => r.pairs.some(([f, t]) => f === from && t === to)).map((r) => r.name);
}
