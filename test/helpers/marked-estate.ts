// Estates whose every stored string carries a marker: the isolation tests plant one per tenant,
// workspace and user, then grep every response for the markers its token must not read. The
// records are generated from the catalogue (every kind, every relation pair, every attribute
// column) and the ingest record types, so a kind or relation added later is planted too.

import { kinds, relations } from '../../src/catalog/kinds.ts';
import { staticRules } from '../../src/catalog/rules/index.ts';
import { storageScopes, type StorageScope } from '../../src/catalog/storage-scopes.ts';

export interface Dataset {
  /** Short name used in messages: A1, A2, B. */
  name: string;
  tenant: string;
  workspace: string;
  user: string;
  /** The id every object of the dataset has (entities of every kind, rule, finding, interaction, …). */
  id: string;
  /** A string written into every text field and never sent in any request. */
  secret: string;
}

/** Lower case throughout: some values (model names) are stored lower-cased, and the grep ignores case. */
export function dataset(name: string, tenant: string, workspace: string, user: string): Dataset {
  const n = name.toLowerCase();
  return { name, tenant, workspace, user, id: `id${n}obj`, secret: `zqx${n}secret` };
}

const STATIC_RULE = staticRules[0]!.id;

function attributes(kindName: string, secret: string): Record<string, unknown> {
  const kind = kinds.find((k) => k.name === kindName)!;
  const out: Record<string, unknown> = { note: secret };
  for (const c of kind.columns) {
    if (!('attribute' in c.from)) continue;
    const key = c.from.attribute;
    out[key] =
      c.type === 'string'
        ? `${secret} ${key}`
        : c.type === 'strings'
          ? [`${secret} ${key}`]
          : c.type === 'integer'
            ? 1
            : c.type === 'number'
              ? 0.5
              : c.type === 'boolean'
                ? true
                : c.type === 'time'
                  ? new Date().toISOString()
                  : { note: secret };
  }
  return out;
}

/** Ingest records of the dataset: recent enough to fall inside the default windows (histogram, dashboards). */
export function markedRecords(d: Dataset, now = Date.now()): object[] {
  const S = d.secret;
  const t = (msAgo: number) => new Date(now - msAgo).toISOString();
  const out: object[] = [];
  for (const k of kinds) {
    out.push({
      type: 'entity',
      kind: k.name,
      id: d.id,
      name: `${S} ${k.name}`,
      first_seen: t(86_400_000),
      last_seen: t(3_600_000),
      attributes: attributes(k.name, S),
    });
  }
  for (const r of relations) {
    for (const [from, to] of r.pairs)
      out.push({ type: 'relation', from_kind: from, from_id: d.id, relation: r.name, to_kind: to, to_id: d.id });
  }
  out.push({
    type: 'rule',
    id: d.id,
    name: `${S} rule`,
    description: `${S} description`,
    severity: 'high',
    category: `${S}cat`,
    object_types: ['agent'],
    remediation: `${S} remediation`,
  });
  const finding = {
    object_kind: 'agent',
    object_id: d.id,
    detected_at: t(86_400_000),
    title: `${S} title`,
    description: `${S} description`,
    code_location: { repository: `https://example.invalid/${S}`, path: `${S}/main.py`, start_line: 1 },
    evidence: { note: S },
    remediation: `${S} fix`,
    scan_id: d.id,
  };
  out.push({ type: 'finding', id: d.id, rule_id: d.id, ...finding });
  out.push({ type: 'finding', id: `f2${d.id}`, rule_id: STATIC_RULE, ...finding });
  out.push({
    type: 'interaction',
    id: d.id,
    session_id: d.id,
    agent_id: d.id,
    model: `${S}model`,
    model_id: d.id,
    provider: `${S}provider`,
    time: t(3_600_000),
    duration_ms: 1000,
    input_tokens: 10,
    output_tokens: 5,
    prompt_outcome: 'BLOCKED',
    response_outcome: 'OK',
    categories: [`${S}category`],
    mcp_server_ids: [d.id],
    prompt: `${S} prompt`,
    response: `${S} response`,
    attributes: { note: S },
  });
  out.push({
    type: 'scan',
    id: d.id,
    sensor_type: `${S}sensor`,
    cicd_type: 'CICD_TYPE_GITHUB_ACTION',
    repository: `${S}repo`,
    branch: `${S}branch`,
    commit: `${S}commit`,
    started_at: t(7_200_000),
    finished_at: t(3_600_000),
    status: 'succeeded',
    asset_ids: [d.id],
    attributes: { note: S },
  });
  // An OSV advisory (`x_` is OSV's prefix for ids of one's own database), so the advisory route has an id to read.
  out.push({
    type: 'advisory',
    osv: {
      schema_version: '1.6.0',
      id: `x_${d.id}`,
      modified: t(86_400_000),
      summary: `${S} advisory`,
      affected: [{ package: { ecosystem: 'npm', name: `${S}pkg` }, versions: ['1.0.0'] }],
    },
  });
  return out;
}

/** Whether the scope's entries are shared by the whole tenant (no user, no workspace): they get the tenant's marker. */
export function tenantShared(scope: StorageScope): boolean {
  return !scope.perUser && !scope.workspaceInPath;
}

/** Client-storage entries a dataset's user writes (every scope of the catalogue but the tenant-wide one). */
export function storageEntries(d: Dataset): Array<{ url: string; value: object }> {
  return storageScopes
    .filter((s) => !tenantShared(s))
    .map((s) => ({ url: storageUrl(s, d.tenant, d.workspace, d.id), value: { note: d.secret } }));
}

export function storageUrl(scope: StorageScope, tenant: string, workspace: string, id: string): string {
  const path = scope.path.replace(':tenant_id', encodeURIComponent(tenant)).replace(':workspace_id', encodeURIComponent(workspace));
  return `/api/v1/client-storage/${path}/${id}/${id}/${id}`;
}

/** The tenant-wide client-storage entries of a tenant, with their own marker (every user of the tenant reads them). */
export function sharedEntries(tenant: string): { id: string; secret: string; entries: Array<{ url: string; value: object }> } {
  const n = tenant.toLowerCase();
  const id = `id${n}shared`;
  const secret = `zqx${n}sharedsecret`;
  return {
    id,
    secret,
    entries: storageScopes.filter(tenantShared).map((s) => ({ url: storageUrl(s, tenant, '', id), value: { note: secret } })),
  };
}
