// A scan unit's facts as the NDJSON records of docs/INGEST.md, the one form every output is made
// from (the ingest API, --output, SARIF, CycloneDX):
//
//   asset       the repository or host (type repository, host)
//   entities    agents, models, tools, MCP servers; secrets, keys, certificates; the locations
//               they are defined at (file, span, repository, branch, commit, link)
//   relations   uses_model, uses_tool, uses_mcp_server, delegates_to, exposes_tool; defined_in
//               from each object to its location; contains from a location (and the asset) to
//               each secret, key and certificate; runs_on from agents, models and MCP servers to
//               the asset
//   findings    the scanner's rules (rules/evaluate.ts) on their objects, with code locations
//   scan        SENSOR_TYPE_STATIC_CODE_SCAN over the asset, with counts and what it reported
//
// Every entity and relation carries `source: "static_code_scan"`. Models are one object per id
// written in the repository; secrets, keys and certificates one per fingerprint (the same secret
// in two files is one secret, contained in both locations).

import type { AgentFact, McpServerFact, ModelFact, PackageFact, SecretFact, Span } from '../facts.ts';
import { fileUrl } from '../repo/git.ts';
import { evaluateRules, type ScanFinding } from '../rules/evaluate.ts';
import type { ScanUnit } from '../unit.ts';
import { findingId, objectId } from './ids.ts';
import { type Manifest, manifestOf } from './manifest.ts';
import { staticRuleById } from '../../catalog/rules/index.ts';

export const SENSOR_TYPE = 'SENSOR_TYPE_STATIC_CODE_SCAN';
export const SOURCE = 'static_code_scan';

export type NdjsonRecord = Record<string, unknown> & { type: string };

export interface BuiltScan {
  scanId: string;
  records: NdjsonRecord[];
  /** Entities and relations the scan reports, for the next scan to retire what it no longer finds. */
  manifest: Manifest;
  findings: NdjsonRecord[];
  counts: {
    agents: number;
    models: number;
    tools: number;
    mcpServers: number;
    secrets: number;
    keys: number;
    certs: number;
    locations: number;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

function languageOfPath(path: string): string {
  if (/\.(?:py|pyi|ipynb)$/.test(path)) return 'code';
  if (/\.(?:[cm]?[jt]sx?)$/.test(path)) return 'code';
  if (/\.(?:json|jsonc|ya?ml|toml|ini|cfg|conf|env)$|(?:^|\/)\.env(?:\.|$)/.test(path)) return 'config';
  return 'file';
}

/** The AI packages of the manifests above a path (the closest manifest per ecosystem), as `ecosystem:name@version`. */
function packagesFor(path: string, packages: PackageFact[]): string[] {
  const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');
  const best = new Map<string, string>();
  for (const p of packages) {
    if (!p.ai) continue;
    const dir = dirOf(p.manifest);
    if (!path.startsWith(dir)) continue;
    const prev = best.get(p.ecosystem);
    if (prev === undefined || dir.length > prev.length) best.set(p.ecosystem, dir);
  }
  return [
    ...new Set(
      packages
        .filter((p) => p.ai && best.get(p.ecosystem) === dirOf(p.manifest))
        .map((p) => `${p.ecosystem}:${p.name}${p.version ? `@${p.version}` : ''}`),
    ),
  ].sort();
}

/**
 * `environment`: the deployment environment the scanned code runs in (`aispm scan --environment`),
 * set on the asset and the agents, so "production agents" covers what only a scan found.
 */
export function buildRecords(unit: ScanUnit, scanId: string, options: { version: string; now: number; environment?: string }): BuiltScan {
  const { facts, assetId } = unit;
  const seen = iso(unit.startedAt);
  const records: NdjsonRecord[] = [];
  const relationKeys = new Set<string>();
  const entity = (kind: string, id: string, name: string, attributes: Record<string, unknown>) => {
    const clean = Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined && v !== null));
    records.push({
      type: 'entity',
      kind,
      id,
      name: name.slice(0, 1024),
      first_seen: seen,
      last_seen: seen,
      attributes: clean,
      source: SOURCE,
    });
  };
  const relation = (fromKind: string, fromId: string, rel: string, toKind: string, toId: string) => {
    const key = `${fromKind}/${fromId} ${rel} ${toKind}/${toId}`;
    if (relationKeys.has(key)) return;
    relationKeys.add(key);
    records.push({
      type: 'relation',
      from_kind: fromKind,
      from_id: fromId,
      relation: rel,
      to_kind: toKind,
      to_id: toId,
      last_seen: seen,
      source: SOURCE,
    });
  };
  const host = unit.kind === 'host';
  const shownPath = (p: string) => (host ? `~/${p}` : `${unit.pathPrefix}${p}`);

  // ---- the asset -------------------------------------------------------------------------------
  entity('asset', assetId, unit.name, {
    type: host ? 'host' : 'repository',
    ...(host ? { hostname: unit.hostname, os: process.platform } : { repository: unit.repository ?? undefined }),
    environment: options.environment,
  });

  // ---- locations -------------------------------------------------------------------------------
  const locations = new Map<string, string>();
  const locationOf = (span: Span): string => {
    const path = shownPath(span.path);
    const key = `${path}:${span.startLine}:${span.startColumn}:${span.endLine}:${span.endColumn}`;
    let id = locations.get(key);
    if (id) return id;
    id = objectId(assetId, 'location', key);
    locations.set(key, id);
    entity('location', id, `${path}:${span.startLine}`, {
      type: languageOfPath(span.path),
      repository: unit.repository ?? undefined,
      path,
      start_line: span.startLine,
      end_line: span.endLine,
      start_column: span.startColumn,
      end_column: span.endColumn,
      branch: host ? undefined : (unit.branch ?? undefined),
      commit: host ? undefined : (unit.commit ?? undefined),
      url: host ? undefined : (fileUrl(unit.repository, unit.commit, path, span.startLine, span.endLine) ?? undefined),
      host: host ? unit.hostname : undefined,
    });
    return id;
  };
  const codeLocation = (span: Span) => {
    const path = shownPath(span.path);
    return {
      ...(unit.repository ? { repository: unit.repository } : {}),
      path,
      start_line: span.startLine,
      end_line: span.endLine,
      start_column: span.startColumn,
      end_column: span.endColumn,
      ...(unit.branch && !host ? { branch: unit.branch } : {}),
      ...(unit.commit && !host ? { commit: unit.commit } : {}),
      ...(fileUrl(unit.repository, unit.commit, path, span.startLine, span.endLine) && !host
        ? { url: fileUrl(unit.repository, unit.commit, path, span.startLine, span.endLine) }
        : {}),
      ...(host ? { host: unit.hostname } : {}),
      location_id: locationOf(span),
    };
  };

  // ---- AI objects ------------------------------------------------------------------------------
  const ids = new Map<string, { kind: string; id: string }>();
  const context = host ? `host ${unit.hostname}` : `repository ${unit.name}`;

  const models = new Map<string, ModelFact[]>();
  for (const m of facts.models) models.set(m.id, [...(models.get(m.id) ?? []), m]);
  for (const [modelId, refs] of models) {
    const id = objectId(assetId, 'model', modelId);
    const first = refs[0]!;
    entity('model', id, modelId, {
      provider: refs.find((r) => r.provider)?.provider,
      version: modelId,
      client: first.client,
    });
    for (const r of refs) {
      ids.set(r.ref, { kind: 'model', id });
      relation('model', id, 'defined_in', 'location', locationOf(r.span));
    }
    relation('model', id, 'runs_on', 'asset', assetId);
  }
  for (const t of facts.tools) {
    const id = objectId(assetId, 'tool', t.ref);
    ids.set(t.ref, { kind: 'tool', id });
    entity('tool', id, t.name, {
      description: t.description,
      type: t.type,
      capabilities: t.capabilities,
      requires_approval: t.requiresApproval,
      language: t.language,
      framework: t.framework,
      packages: packagesFor(t.span.path, facts.packages),
    });
    relation('tool', id, 'defined_in', 'location', locationOf(t.span));
  }
  for (const m of facts.mcpServers) {
    const id = objectId(assetId, 'mcp_server', m.ref);
    ids.set(m.ref, { kind: 'mcp_server', id });
    entity('mcp_server', id, m.name, mcpAttributes(m, facts.packages));
    relation('mcp_server', id, 'defined_in', 'location', locationOf(m.span));
    // A remote server runs elsewhere; one a client starts runs where the client does.
    if (!m.url || m.definedIn === 'code') relation('mcp_server', id, 'runs_on', 'asset', assetId);
  }
  for (const a of facts.agents) {
    const id = objectId(assetId, 'agent', a.ref);
    ids.set(a.ref, { kind: 'agent', id });
    entity('agent', id, a.name, { ...agentAttributes(a, unit, context, facts.packages), environment: options.environment });
    relation('agent', id, 'defined_in', 'location', locationOf(a.span));
    relation('agent', id, 'runs_on', 'asset', assetId);
  }
  const link = (fromKind: string, fromId: string, rel: string, toKind: string, refs: string[]) => {
    for (const ref of refs) {
      const to = ids.get(ref);
      if (to && to.kind === toKind) relation(fromKind, fromId, rel, toKind, to.id);
    }
  };
  for (const a of facts.agents) {
    const { id } = ids.get(a.ref)!;
    link('agent', id, 'uses_model', 'model', a.models);
    link('agent', id, 'uses_tool', 'tool', a.tools);
    link('agent', id, 'uses_mcp_server', 'mcp_server', a.mcpServers);
    link('agent', id, 'delegates_to', 'agent', a.delegatesTo);
  }
  for (const m of facts.mcpServers) link('mcp_server', ids.get(m.ref)!.id, 'exposes_tool', 'tool', m.tools);

  // ---- secrets, keys, certificates -------------------------------------------------------------
  const byFingerprint = new Map<string, SecretFact[]>();
  const ordered = [...facts.secrets].sort((x, y) =>
    x.span.path < y.span.path ? -1 : x.span.path > y.span.path ? 1 : x.span.startLine - y.span.startLine,
  );
  for (const s of ordered) {
    const key = `${s.kind}:${s.fingerprint}`;
    byFingerprint.set(key, [...(byFingerprint.get(key) ?? []), s]);
  }
  let secrets = 0;
  let keys = 0;
  let certs = 0;
  for (const group of byFingerprint.values()) {
    const first = group[0]!;
    const id = objectId(assetId, first.kind, first.ref);
    for (const s of group) ids.set(s.ref, { kind: first.kind, id });
    if (first.kind === 'secret') {
      secrets++;
      entity('secret', id, `${first.provider ? `${first.provider} ` : ''}${first.secretType.replaceAll('_', ' ')} ${first.preview}`, {
        secret_type: first.secretType,
        provider: first.provider,
        detector: first.rule,
        fingerprint: first.fingerprint,
        preview: first.preview,
        occurrences: group.length,
      });
    } else if (first.kind === 'key') {
      keys++;
      entity('key', id, `${first.key?.algorithm ?? 'private'} key ${shownPath(first.span.path)}`, {
        algorithm: first.key?.algorithm,
        key_size: first.key?.size,
        key_type: first.key?.type ?? 'private',
        detector: first.rule,
        fingerprint: first.fingerprint,
        occurrences: group.length,
      });
    } else {
      certs++;
      entity('cert', id, first.cert?.subject || `certificate ${first.preview}`, {
        subject: first.cert?.subject,
        issuer: first.cert?.issuer,
        not_after: first.cert?.notAfter,
        key_algorithm: first.cert?.keyAlgorithm,
        self_signed: first.cert?.selfSigned,
        fingerprint: first.fingerprint,
        occurrences: group.length,
      });
    }
    for (const s of group) relation('location', locationOf(s.span), 'contains', first.kind, id);
    relation('asset', assetId, 'contains', first.kind, id);
  }

  // ---- findings --------------------------------------------------------------------------------
  const findings = evaluateRules(facts, options.now).flatMap((f) => findingRecord(f));
  function findingRecord(f: ScanFinding): NdjsonRecord[] {
    const rule = staticRuleById.get(f.ruleId)!;
    let object: { kind: string; id: string } | undefined;
    if (f.target.kind === 'location') object = { kind: 'location', id: locationOf(f.target.span) };
    else object = ids.get(f.target.ref);
    if (!object) return [];
    return [
      {
        type: 'finding',
        id: findingId(assetId, f.ruleId, `${object.kind}/${object.id}`, f.discriminator),
        rule_id: f.ruleId,
        severity: f.severity,
        object_kind: object.kind,
        object_id: object.id,
        detected_at: iso(unit.startedAt),
        status: 'open',
        title: f.title.slice(0, 1024),
        description: f.description.slice(0, 10_000),
        code_location: codeLocation(f.span),
        evidence: f.evidence,
        remediation: rule.remediation,
        ...(rule.owasp ? { owasp_category: rule.owasp } : {}),
        scan_id: scanId,
      },
    ];
  }
  records.push(...findings);

  const entities = records.filter((r) => r.type === 'entity');
  const manifest = manifestOf(
    entities.map((e) => ({ kind: e.kind as string, id: e.id as string })),
    records.filter((r) => r.type === 'relation') as never,
  );
  const counts = {
    agents: facts.agents.length,
    models: models.size,
    tools: facts.tools.length,
    mcpServers: facts.mcpServers.length,
    secrets,
    keys,
    certs,
    locations: locations.size,
  };
  return { scanId, records, manifest, findings, counts };
}

function agentAttributes(a: AgentFact, unit: ScanUnit, context: string, packages: PackageFact[]): Record<string, unknown> {
  return {
    framework: a.framework,
    language: a.language,
    repository: unit.kind === 'host' ? undefined : (unit.repository ?? undefined),
    context,
    human_approval: a.humanApproval,
    instructions_sha256: a.instructionsSha256,
    packages: packagesFor(a.span.path, packages),
  };
}

function mcpAttributes(m: McpServerFact, packages: PackageFact[]): Record<string, unknown> {
  const publisher =
    m.package?.ecosystem === 'npm' && m.package.name.startsWith('@') ? m.package.name.slice(1, m.package.name.indexOf('/')) : undefined;
  return {
    transport: m.transport,
    url: m.url,
    package: m.package ? `${m.package.ecosystem}:${m.package.name}` : undefined,
    version: m.package?.version,
    pinned: m.package ? m.package.pinned : undefined,
    publisher,
    authentication: m.authentication ?? (m.definedIn === 'code' && m.authenticated === false ? 'none' : undefined),
    authenticated: m.authenticated,
    command: m.command,
    args: m.args,
    env_names: m.envNames,
    header_names: m.headerNames,
    defined_in: m.definedIn,
    packages: m.definedIn === 'code' ? packagesFor(m.span.path, packages) : undefined,
  };
}
