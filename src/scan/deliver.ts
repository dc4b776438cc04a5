// Sending a scan to the service: one batch through the ingest API per unit, holding the asset and
// every object, relation and finding, the scan record, and what retires the previous scan's
// results (manifest.ts). The previous scan is read through the API (the asset's current static
// code scan, and the findings that name it), which needs the token's `read` scope besides
// `ingest`; with `ingest` alone the scan is sent and nothing is retired, and the scanner says so.
//
// A finding the previous scan raised and this one raises again keeps its first detection time.

import { AispmError, type AispmClient, createAispmClient, ndjson, objects, unwrap } from '../client/index.ts';
import type { NdjsonRecord } from './records/build.ts';
import { SENSOR_TYPE } from './records/build.ts';
import { type Manifest, readManifest, retired } from './records/manifest.ts';

export interface Target {
  url: string;
  token: string;
  tenant: string;
  workspace: string;
  /** Another fetch (tests answer from an in-process app). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface Delivered {
  accepted: number;
  /** The previous current scan of the asset, when one was read. */
  previousScan: string | null;
  retiredEntities: number;
  retiredRelations: number;
  resolvedFindings: number;
  warnings: string[];
}

interface Previous {
  id: string;
  manifest: Manifest | undefined;
  findings: Map<string, Record<string, unknown>>;
}

export function client(target: Target): AispmClient {
  return createAispmClient({ baseUrl: target.url, token: target.token, fetch: target.fetch });
}

async function previousScan(api: AispmClient, target: Target, assetId: string): Promise<Previous | null> {
  const at = { tenant_id: target.tenant, workspace_id: target.workspace };
  const res = await api.GET('/api/v1/assets/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}', {
    params: { path: { ...at, id: assetId, edge: 'current_scans' }, query: { page_size: 100 } },
  });
  // A first scan: the asset is not in the inventory yet.
  if (res.response.status === 404) return null;
  const page = unwrap(res) as { header: string[]; rows: unknown[][] };
  const col = (name: string) => page.header.indexOf(name);
  const row = page.rows.find((r) => r[col('sensor_type')] === SENSOR_TYPE);
  if (!row) return null;
  const id = row[col('id')] as string;
  const attributes = (row[col('attributes')] ?? {}) as Record<string, unknown>;
  const findings = new Map<string, Record<string, unknown>>();
  for await (const f of objects(api, '/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/instances', {
    params: { path: { ...at, id }, query: { page_size: 1000 } },
  })) {
    if (f.scan_id === id) findings.set(f.id as string, f);
  }
  return { id, manifest: readManifest(attributes.reported), findings };
}

/** The previous finding as a finding record again, resolved now. */
function resolvedRecord(f: Record<string, unknown>, now: string): NdjsonRecord {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    type: 'finding',
    id: f.id as string,
    rule_id: f.rule_id as string,
    severity: f.severity as string,
    object_kind: f.object_type as string,
    object_id: f.object_id as string,
    detected_at: f.detected_at as string,
    status: 'resolved',
    resolved_at: now,
    ...(text(f.title) ? { title: text(f.title) } : {}),
    ...(text(f.description) ? { description: text(f.description) } : {}),
    ...(f.code_location && typeof f.code_location === 'object' ? { code_location: f.code_location } : {}),
    ...(f.evidence && typeof f.evidence === 'object' ? { evidence: f.evidence } : {}),
    ...(text(f.remediation) ? { remediation: text(f.remediation) } : {}),
    ...(text(f.owasp_category) ? { owasp_category: text(f.owasp_category) } : {}),
    scan_id: f.scan_id as string,
  };
}

export async function deliver(
  unit: { assetId: string },
  built: { records: NdjsonRecord[]; manifest: Manifest },
  scan: NdjsonRecord,
  target: Target,
  now: number,
): Promise<Delivered> {
  const api = client(target);
  const warnings: string[] = [];
  let previous: Previous | null = null;
  try {
    previous = await previousScan(api, target, unit.assetId);
  } catch (err) {
    if (!(err instanceof AispmError) || (err.status !== 403 && err.status !== 401)) throw err;
    warnings.push(
      `cannot read the previous scan (${err.message}): what it reported and this scan no longer finds is not retired; give the token the read scope too`,
    );
  }
  const records = built.records.map((r) => {
    const before = r.type === 'finding' ? previous?.findings.get(r.id as string) : undefined;
    return before && before.status === 'open' ? { ...r, detected_at: before.detected_at } : r;
  });
  let retiredEntities = 0;
  let retiredRelations = 0;
  let resolvedFindings = 0;
  if (previous && !previous.manifest)
    warnings.push(
      `the previous scan ${previous.id} holds no list of what it reported: objects it found and this scan does not are not retired`,
    );
  if (previous) {
    if (previous.manifest) {
      for (const r of retired(previous.manifest, built.manifest)) {
        records.push(r);
        if (r.type === 'entity') retiredEntities++;
        else retiredRelations++;
      }
    }
    const raised = new Set(built.records.filter((r) => r.type === 'finding').map((r) => r.id as string));
    const at = new Date(now).toISOString();
    for (const f of previous.findings.values()) {
      if (f.status !== 'open' || raised.has(f.id as string)) continue;
      records.push(resolvedRecord(f, at));
      resolvedFindings++;
    }
  }
  records.push(scan);
  const res = await api.POST('/api/v1/ingest/tenants/{tenant_id}/workspaces/{workspace_id}', {
    params: { path: { tenant_id: target.tenant, workspace_id: target.workspace } },
    ...ndjson(records),
  } as never);
  const body = unwrap(res as never) as { accepted: number };
  return { accepted: body.accepted, previousScan: previous?.id ?? null, retiredEntities, retiredRelations, resolvedFindings, warnings };
}
