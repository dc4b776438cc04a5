// Matching advisories to the packages scans found, after each batch (a step of the batch plan,
// src/compose.ts). A scan records the AI packages an object depends on in its `packages` attribute
// (`ecosystem:name@version`, docs/SCAN.md); an advisory affects an object when one of the object's
// versions of a package is affected (versions.ts). Each match is a finding (an issue instance,
// `source: "advisory"`) on the object, of the rule `osv:<advisory id>`, whose evidence holds the
// advisory and the blast radius (blast.ts).
//
// What is reconsidered after a batch: every advisory the batch wrote (new, or newer per
// `modified`), against every object of the workspace with packages; and every object with packages
// the batch wrote, against every advisory of its packages. In that scope a match with no open
// finding opens one (its id is fixed per advisory and object, so a match that comes back reopens
// it), an open finding whose match is gone (the package upgraded, the advisory withdrawn or no
// longer covering the version) is resolved, and an open one whose advisory or radius changed is
// rewritten in place.

import { findingChange, type InstanceHead } from '../findings/changes.ts';
import { createHash } from 'node:crypto';
import { issueIdOf, type Severity } from '../../catalog/rules/index.ts';
import type { Advisory, AffectedPackage, Ecosystem } from '../../catalog/osv/record.ts';
import { normalisePypi } from '../../catalog/osv/record.ts';
import { type BatchContext, objectKey, splitKey } from '../../ingest/batch-context.ts';
import type { BatchEffects } from '../../ingest/batch.ts';
import { chunks, json } from '../../platform/db/bulk.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { monthlyCounter, refreshIssues, writeSettled } from '../findings/findings-writer.ts';
import { type RuleMeta, type RuleRow, upsertRules } from '../findings/rules-writer.ts';
import { readStored, type StoredWording } from '../findings/instances-store.ts';
import { type BlastRadius, blastRadius, readingThrough } from './blast.ts';
import { advisoriesWritten } from './store.ts';
import { objectsByKeys, objectsHolding } from '../inventory/entities-store.ts';
import { affects, fixedVersions, type Resolved, resolveVersion } from './versions.ts';

/** The kinds a scan gives a `packages` attribute. */
export const PACKAGE_KINDS = ['agent', 'tool', 'mcp_server'];
export const ADVISORY_SOURCE = 'advisory';
export const ADVISORY_CATEGORY = 'known-vulnerability';

export const ruleIdOf = (advisoryId: string) => `osv:${advisoryId}`;

interface PackageObject {
  kind: string;
  id: string;
  name: string;
  /** `ecosystem\u0000name` → the versions recorded for it (exact ones only when any is exact). */
  packages: Map<string, Array<Resolved & { spec: string }>>;
}

const pkgKey = (ecosystem: string, name: string) => `${ecosystem}\u0000${name}`;

/** `npm:@scope/name@1.2.3`, `pypi:langchain@>=0.1` → its parts, or null. */
export function parsePackage(text: string): { ecosystem: Ecosystem; name: string; spec: string } | null {
  const colon = text.indexOf(':');
  const ecosystem = text.slice(0, colon);
  if (ecosystem !== 'npm' && ecosystem !== 'pypi') return null;
  const rest = text.slice(colon + 1);
  const at = rest.indexOf('@', 1);
  if (at < 0) return null;
  const name = rest.slice(0, at);
  return { ecosystem, name: ecosystem === 'pypi' ? normalisePypi(name) : name, spec: rest.slice(at + 1) };
}

/**
 * What an object depends on: its `packages` (the manifests and locks around its code), and for an
 * MCP server the package its command launches (`package` and `version`, as `npx -y pkg@1.2.3` or
 * `uvx pkg==1.2.3` name it), which is what runs when a client starts it.
 */
function dependedOn(attributes: unknown): string[] {
  const a = readJson(attributes) as { packages?: unknown; package?: unknown; version?: unknown } | null;
  const out = Array.isArray(a?.packages) ? a.packages.filter((t): t is string => typeof t === 'string') : [];
  if (typeof a?.package === 'string' && typeof a.version === 'string' && a.version) out.push(`${a.package}@${a.version}`);
  return out;
}

function packageObject(kind: string, id: string, name: string, attributes: unknown): PackageObject | null {
  const list = dependedOn(attributes);
  if (list.length === 0) return null;
  const packages = new Map<string, Array<Resolved & { spec: string }>>();
  for (const text of list) {
    const p = parsePackage(text);
    const v = p && resolveVersion(p.ecosystem, p.spec);
    if (!p || !v) continue;
    const key = pkgKey(p.ecosystem, p.name);
    packages.set(key, [...(packages.get(key) ?? []), { ...v, spec: p.spec }]);
  }
  // A lock file's exact version says what is installed: a manifest's range beside it says less.
  for (const [key, versions] of packages) {
    if (versions.some((v) => v.basis === 'exact'))
      packages.set(
        key,
        versions.filter((v) => v.basis === 'exact'),
      );
  }
  return packages.size ? { kind, id, name, packages } : null;
}

async function touchedObjects(ctx: BatchContext, keys: string[]): Promise<PackageObject[]> {
  return (await objectsByKeys(ctx, keys)).flatMap((r) => packageObject(r.kind, r.id, r.name, r.attributes) ?? []);
}

async function allPackageObjects(ctx: BatchContext): Promise<PackageObject[]> {
  const rows = await objectsHolding(ctx, PACKAGE_KINDS, ['packages', 'package']);
  return rows.flatMap((r) => packageObject(r.kind, r.id, r.name, r.attributes) ?? []);
}

async function holdsAdvisories(ctx: BatchContext): Promise<boolean> {
  const t = ctx.db.template('advisories.any', (b) =>
    b
      .selectFrom('advisory_packages')
      .select('advisory_id')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .limit(1),
  );
  return (await ctx.tx.first(t, { tenant: ctx.tenant, workspace: ctx.workspace })) !== undefined;
}

interface StoredAdvisory {
  advisory: Advisory;
  withdrawn: boolean;
}

async function advisoriesFor(ctx: BatchContext, ids: Set<string>, packages: Set<string>): Promise<Map<string, StoredAdvisory>> {
  const { db, tx, tenant, workspace } = ctx;
  const all = new Set(ids);
  if (packages.size) {
    const t = db.template('advisories.by-package', (b, d) =>
      b
        .selectFrom('advisory_packages')
        .select(['advisory_id'])
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inKeys(['ecosystem', 'name'], param('keys'))),
    );
    for (const part of chunks([...packages])) {
      for (const r of await tx.all(t, { tenant, workspace, keys: JSON.stringify(part.map(splitKey)) })) all.add(r.advisory_id);
    }
  }
  const t = db.template('advisories.bodies', (b, d) =>
    b
      .selectFrom('advisories')
      .select(['id', 'body', 'withdrawn'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inList('id', param('ids'))),
  );
  const out = new Map<string, StoredAdvisory>();
  for (const part of chunks([...all])) {
    for (const r of await tx.all(t, { tenant, workspace, ids: part }))
      out.set(r.id, { advisory: readJson<Advisory>(r.body), withdrawn: r.withdrawn !== null });
  }
  return out;
}

async function storedInstances(ctx: BatchContext, ruleIds: string[], objects: string[]): Promise<Map<string, StoredWording>> {
  const out = new Map<string, StoredWording>();
  const query = { source: ADVISORY_SOURCE, wording: true } as const;
  for (const r of await readStored(ctx, { ...query, by: 'rule_id', values: ruleIds })) out.set(r.id, r);
  for (const r of await readStored(ctx, { ...query, by: 'object', values: objects })) out.set(r.id, r);
  return out;
}

/** Deterministic per (advisory, object): a match that goes and comes back reopens the same finding. */
function instanceId(tenant: string, workspace: string, advisoryId: string, key: string): string {
  return (
    'osv_' + createHash('sha256').update(`${tenant}\u0000${workspace}\u0000${advisoryId}\u0000${key}`).digest('base64url').slice(0, 22)
  );
}

/** JSON with keys in order, so evidence read back from jsonb compares equal to the same evidence built again. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

interface Match {
  advisory: Advisory;
  object: PackageObject;
  entry: AffectedPackage;
  version: Resolved & { spec: string };
}

function remediationOf(m: Match): string {
  // The fixed versions above the one in use (the version is below f when a range [0, f) holds it).
  const fixed = fixedVersions(m.entry).filter((f) =>
    affects({ ...m.entry, versions: [], ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: f }] }] }, m.version.version),
  );
  return fixed.length
    ? `Upgrade ${m.entry.name} to ${fixed[0]} or later (${m.advisory.id}).`
    : `No fixed version of ${m.entry.name} is published for ${m.advisory.id}: replace the package or remove the dependency.`;
}

function evidenceOf(m: Match, radius: BlastRadius | undefined): Record<string, unknown> {
  const a = m.advisory;
  return {
    advisory: {
      id: a.id,
      aliases: a.aliases,
      summary: a.summary,
      severity: a.severity,
      cvss: a.cvss,
      modified: new Date(a.modified).toISOString(),
      references: a.references,
    },
    package: {
      ecosystem: m.entry.ecosystem,
      name: m.entry.name,
      version: m.version.version,
      declared: m.version.spec,
      version_basis: m.version.basis,
    },
    fixed: fixedVersions(m.entry),
    blast_radius: radius ?? { agents: [] },
  };
}

export async function matchAdvisories(ctx: BatchContext, effects: BatchEffects): Promise<void> {
  const written = advisoriesWritten(ctx);
  const touchedKeys = [...effects.inventory].filter((k) => PACKAGE_KINDS.includes(splitKey(k)[0]));
  if (written.size === 0 && touchedKeys.length === 0) return;
  // Most batches (telemetry, scans of a workspace that holds no advisory) have nothing to match.
  if (written.size === 0 && !(await holdsAdvisories(ctx))) return;
  const { tenant, workspace, now } = ctx;

  // The objects in scope: those the batch wrote, and (when advisories were written) every object with packages.
  const objects = new Map<string, PackageObject>();
  for (const o of await touchedObjects(ctx, touchedKeys)) objects.set(objectKey(o.kind, o.id), o);
  // Every object the batch wrote is reconsidered, those left with no package (or deleted) included: their findings resolve.
  const touched = new Set(touchedKeys);
  if (written.size) for (const o of await allPackageObjects(ctx)) objects.set(objectKey(o.kind, o.id), o);
  const touchedPackages = new Set<string>();
  for (const k of touched) for (const p of objects.get(k)?.packages.keys() ?? []) touchedPackages.add(p);
  const advisories = await advisoriesFor(ctx, new Set(written), touchedPackages);

  // What matches now, among the pairs in scope.
  const matches = new Map<string, Match>();
  const byPackage = new Map<string, Array<{ advisory: Advisory; entry: AffectedPackage }>>();
  for (const { advisory, withdrawn } of advisories.values()) {
    if (withdrawn) continue;
    for (const entry of advisory.affected) {
      const key = pkgKey(entry.ecosystem, entry.name);
      byPackage.set(key, [...(byPackage.get(key) ?? []), { advisory, entry }]);
    }
  }
  for (const [key, o] of objects) {
    for (const [pkg, versions] of o.packages) {
      for (const { advisory, entry } of byPackage.get(pkg) ?? []) {
        if (!written.has(advisory.id) && !touched.has(key)) continue;
        const version = versions.find((v) => affects(entry, v.version));
        if (!version) continue;
        const id = instanceId(tenant, workspace, advisory.id, key);
        if (!matches.has(id)) matches.set(id, { advisory, object: o, entry, version });
      }
    }
  }

  const stored = await storedInstances(ctx, [...written].map(ruleIdOf), [...touched]);
  const inScope = (i: StoredWording) => written.has(i.rule_id.slice(4)) || touched.has(objectKey(i.object_kind, i.object_id));

  // The rules of the advisories that match (one per advisory, written when it first matches or changes).
  const meta = new Map<string, RuleMeta>();
  const ruleRows: RuleRow[] = [];
  for (const m of matches.values()) {
    const ruleId = ruleIdOf(m.advisory.id);
    if (meta.has(ruleId)) continue;
    const name = `${m.advisory.id}: ${m.advisory.summary || 'known vulnerability'}`.slice(0, 1024);
    const remediation = 'Upgrade the package to a version the advisory lists as fixed.';
    meta.set(ruleId, { ruleId, name, severity: m.advisory.severity, category: ADVISORY_CATEGORY, owasp: null, remediation, enabled: true });
    ruleRows.push({
      ruleId,
      name,
      description: m.advisory.summary,
      severity: m.advisory.severity,
      category: ADVISORY_CATEGORY,
      objectTypes: PACKAGE_KINDS,
      remediation,
      owasp: null,
      source: 'external',
      frameworks: [],
    });
  }
  await upsertRules(ctx.tx, ctx, ruleRows, ['name', 'name_lower', 'description', 'severity', 'updated_at']);

  // The blast radius of every matched object, read inside this transaction.
  const matchedObjects = new Map<string, PackageObject>();
  for (const m of matches.values()) matchedObjects.set(objectKey(m.object.kind, m.object.id), m.object);
  const radius = await blastRadius(
    readingThrough(ctx.db, ctx.tx),
    tenant,
    workspace,
    [...matchedObjects.values()].map((o) => ({ kind: o.kind, id: o.id, name: o.name })),
  );

  const rows: unknown[][] = [];
  const resolutions: unknown[][] = [];
  const { monthly, bump } = monthlyCounter();
  const touchedIssues = new Map<string, { ruleId: string; severity: Severity }>();
  const objectsChanged = new Set<string>();
  const [announceOpened, announceResolved] = [await ctx.wants('finding.created'), await ctx.wants('finding.resolved')];
  const change = (type: 'finding.created' | 'finding.resolved', i: InstanceHead) => findingChange(type, i, now, ADVISORY_SOURCE);

  for (const [id, m] of matches) {
    const key = objectKey(m.object.kind, m.object.id);
    const ruleId = ruleIdOf(m.advisory.id);
    const severity = m.advisory.severity;
    const issueId = issueIdOf(tenant, workspace, ruleId, severity);
    const title = `${m.advisory.id}: ${m.entry.name} ${m.version.version} in ${m.object.name || m.object.id}`.slice(0, 1024);
    const description = `${m.advisory.summary || m.advisory.id} (${[m.advisory.id, ...m.advisory.aliases].join(', ')}). ${m.object.kind} ${m.object.name || m.object.id} depends on ${m.entry.ecosystem} package ${m.entry.name} ${m.version.version}${m.version.basis === 'exact' ? '' : ` (the ${m.version.basis})`}, which the advisory affects.`;
    const evidence = evidenceOf(m, radius.get(key));
    const cvss = m.advisory.cvss?.score ?? null;
    const old = stored.get(id);
    let detectedAt = now;
    // A waived finding is live: it stays (waived) while the advisory matches.
    if (old?.status === 'open' || old?.status === 'waived') {
      const same =
        old.severity === severity &&
        old.title === title &&
        old.description === description &&
        (old.cvss_score === null ? null : Number(old.cvss_score)) === cvss &&
        canonical(readJson(old.evidence)) === canonical(evidence);
      if (same) continue;
      detectedAt = old.detected_at;
      if (old.severity !== severity) {
        bump(old.detected_at, old.severity, -1, old.rule_id);
        bump(old.detected_at, severity, 1, ruleId);
        touchedIssues.set(old.issue_id, { ruleId: old.rule_id, severity: old.severity });
      }
    } else {
      bump(detectedAt, severity, 1, ruleId);
      if (announceOpened)
        ctx.changes.push(
          change('finding.created', {
            id,
            issue_id: issueId,
            rule_id: ruleId,
            severity,
            title,
            object_kind: m.object.kind,
            object_id: m.object.id,
            detected_at: detectedAt,
          }),
        );
    }
    touchedIssues.set(issueId, { ruleId, severity });
    objectsChanged.add(key);
    rows.push([
      tenant,
      workspace,
      id,
      issueId,
      ruleId,
      severity,
      m.object.kind,
      m.object.id,
      'open',
      detectedAt,
      null,
      title,
      description,
      null,
      json(evidence),
      remediationOf(m),
      cvss,
      null,
      ADVISORY_CATEGORY,
      null,
      ADVISORY_SOURCE,
      now,
    ]);
  }
  for (const old of stored.values()) {
    if ((old.status !== 'open' && old.status !== 'waived') || matches.has(old.id) || !inScope(old)) continue;
    resolutions.push([old.id, 'resolved', now, now]);
    if (announceResolved) ctx.changes.push(change('finding.resolved', old));
    touchedIssues.set(old.issue_id, { ruleId: old.rule_id, severity: old.severity });
    objectsChanged.add(objectKey(old.object_kind, old.object_id));
  }

  await writeSettled(ctx, { tenant, workspace }, rows, resolutions, monthly);
  if (touchedIssues.size) {
    for (const k of objectsChanged) ctx.touchedForIssues.add(k);
    await refreshIssues(ctx, touchedIssues, meta);
  }
}
