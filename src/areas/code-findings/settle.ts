// Code scanners' results (`code_finding` records, what a SARIF import sends: docs/IMPORTS.md) as
// findings, after each batch (a step of the batch plan, src/compose.ts). Each result is a finding
// on its location; where its file and line fall inside the declaration span of an object a scan
// placed there (an agent, tool, model or MCP server `defined_in` a location of the same repository
// and path whose lines hold it), it is a finding on that object too, so "which agents have open code
// findings" is the agents list filtered on their issue counts.
//
// A result's id comes from its fingerprints, so importing the next run updates the findings it
// raises again (their first detection kept); the open findings of earlier runs of the same tool on
// the same repository (the scans with the same `sarif_run` key) that this run does not raise are
// resolved. Written by the findings' shared writer of imported results (findings/settle-results.ts).

import { createHash } from 'node:crypto';
import type { BatchContext, Lined } from '../../ingest/batch-context.ts';
import { type BatchEffects, recordWriter } from '../../ingest/batch.ts';
import type { CodeFindingRecord, ScanRecord } from '../../ingest/records.ts';
import { readJson } from '../../platform/db/database.ts';
import { loadRuleMeta, type RuleMeta } from '../findings/rules-writer.ts';
import { type OpenResult, settleResults } from '../findings/settle-results.ts';
import { readStored, type StoredInstance } from '../findings/instances-store.ts';
import { reachedWithAttributes } from '../inventory/relations-store.ts';
import { scansWithAttribute } from '../scans/reads.ts';

/** The `source` of the findings written here. */
export const CODE_SOURCE = 'sarif';

interface Pending {
  findings: CodeFindingRecord[];
  /** Scans of the batch that are whole runs of a tool (`attributes.sarif_run`): their earlier runs' absent results resolve. */
  runs: ScanRecord[];
  rules: Map<string, RuleMeta>;
}

const pending = new WeakMap<BatchContext, Pending>();
const pendingOf = (ctx: BatchContext): Pending => {
  let p = pending.get(ctx);
  if (!p) pending.set(ctx, (p = { findings: [], runs: [], rules: new Map() }));
  return p;
};

/** The batch's code findings, checked for their rule (written before them, or shipped): kept for the step. */
async function noteFindings(ctx: BatchContext, records: Lined<CodeFindingRecord>[]): Promise<void> {
  const p = pendingOf(ctx);
  const rules = await loadRuleMeta(ctx, [...new Set(records.map((r) => r.record.ruleId))]);
  for (const { line, record } of records) {
    if (!rules.has(record.ruleId)) {
      ctx.reject(line, `code_finding.rule_id: unknown rule "${record.ruleId.slice(0, 128)}"; send a rule record first`);
      continue;
    }
    p.findings.push(record);
  }
  for (const [k, v] of rules) p.rules.set(k, v);
}

/** The batch's scans that are runs of a code scanner. */
async function noteRuns(ctx: BatchContext, records: Lined<ScanRecord>[]): Promise<void> {
  const runs = records.filter((r) => typeof r.record.attributes.sarif_run === 'string').map((r) => r.record);
  if (runs.length) pendingOf(ctx).runs.push(...runs);
}

export const codeFindingWriter = recordWriter('code_finding', noteFindings);
export const codeRunWriter = recordWriter('scan', noteRuns);

interface Span {
  kind: string;
  id: string;
  locationId: string;
  start: number;
  end: number;
}

/** The declaration spans of the workspace's objects, by repository and path. */
async function declaredSpans(ctx: BatchContext, wanted: Set<string>): Promise<Map<string, Span[]>> {
  const out = new Map<string, Span[]>();
  for (const r of await reachedWithAttributes(ctx, 'defined_in', 'location')) {
    const a = readJson<Record<string, unknown>>(r.attributes) ?? {};
    const key = `${typeof a.repository === 'string' ? a.repository : ''}\u0000${String(a.path ?? '')}`;
    if (!wanted.has(key) || typeof a.start_line !== 'number') continue;
    const end = typeof a.end_line === 'number' ? a.end_line : a.start_line;
    const list = out.get(key) ?? [];
    list.push({ kind: r.from_kind, id: r.from_id, locationId: r.id, start: a.start_line, end });
    out.set(key, list);
  }
  return out;
}

/** The open findings of the earlier runs of each run's tool on its repository (none when a later run is already stored). */
async function earlierOpen(ctx: BatchContext, runs: ScanRecord[]): Promise<StoredInstance[]> {
  const { db, tx, tenant, workspace } = ctx;
  const scanIds = new Set<string>();
  for (const run of runs) {
    const rows = await scansWithAttribute(db, tx, tenant, workspace, 'sarif_run', run.attributes.sarif_run as string); // noteRuns keeps only runs with a string key
    // A run imported after a later one of the same tool says nothing of what the later one found.
    if (rows.some((r) => r.id !== run.id && Number(r.started_at) > run.startedAt)) continue;
    for (const r of rows) scanIds.add(r.id);
  }
  return readStored(ctx, { by: 'scan_id', values: scanIds, source: CODE_SOURCE, status: 'open' });
}

/** A result's finding on an object declared where it is: fixed per result and object. */
const objectFindingId = (resultId: string, kind: string, id: string) =>
  `code-${createHash('sha256').update(`${resultId}\u0000${kind}\u0000${id}`).digest('hex').slice(0, 24)}`;

export async function settleCodeFindings(ctx: BatchContext, _effects: BatchEffects): Promise<void> {
  const p = pending.get(ctx);
  if (!p) return;
  pending.delete(ctx);
  // What this batch says is open: each result on its location, and on every object declared around it.
  const keyOf = (r: CodeFindingRecord) => `${r.repository ?? ''}\u0000${r.path}`;
  const placed = p.findings.filter((r) => r.startLine !== null);
  const spans = placed.length ? await declaredSpans(ctx, new Set(placed.map(keyOf))) : new Map<string, Span[]>();
  const wanted = new Map<string, OpenResult>();
  const result = (r: CodeFindingRecord) => ({
    ruleId: r.ruleId,
    scanId: r.scanId,
    severity: r.severity,
    title: r.title,
    description: r.description,
    detectedAt: r.detectedAt,
  });
  for (const r of p.findings) {
    const codeLocation = {
      ...(r.repository ? { repository: r.repository } : {}),
      path: r.path,
      ...(r.startLine !== null ? { start_line: r.startLine, end_line: r.endLine } : {}),
      ...(r.startColumn !== null ? { start_column: r.startColumn } : {}),
      ...(r.endColumn !== null ? { end_column: r.endColumn } : {}),
      location_id: r.locationId,
    };
    wanted.set(r.id, { ...result(r), id: r.id, objectKind: 'location', objectId: r.locationId, codeLocation, evidence: r.evidence });
    if (r.startLine === null) continue;
    for (const s of spans.get(keyOf(r)) ?? []) {
      if (r.startLine < s.start || r.startLine > s.end) continue;
      const id = objectFindingId(r.id, s.kind, s.id);
      wanted.set(id, {
        ...result(r),
        id,
        objectKind: s.kind,
        objectId: s.id,
        codeLocation,
        evidence: { ...r.evidence, result_id: r.id, declared_at: s.locationId, declared_lines: [s.start, s.end] },
      });
    }
  }

  const sweep = p.runs.length ? await earlierOpen(ctx, p.runs) : [];
  await settleResults(ctx, CODE_SOURCE, wanted.values(), sweep, p.rules);
}
