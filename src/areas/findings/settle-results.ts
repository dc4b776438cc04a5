// Writing an imported scanner's results as findings (a SARIF log's, an MCP scanner's: docs/IMPORTS.md),
// shared by the areas that read them (src/areas/code-findings, src/areas/mcp-findings). Each area
// decides what its batch says is open (a finding per result and object, its id fixed per result and
// object) and which open findings of earlier runs the batch may resolve; this module writes them
// like every evaluation's findings: writeSettled, then refreshIssues. A finding raised again keeps
// its first detection time; a swept one that is not raised again resolves.

import { issueIdOf, type Severity } from '../../catalog/rules/index.ts';
import { type BatchContext, objectKey } from '../../ingest/batch-context.ts';
import { json } from '../../platform/db/bulk.ts';
import { findingChange, type InstanceHead } from './changes.ts';
import { readStored, type StoredInstance } from './instances-store.ts';
import { monthlyCounter, refreshIssues, writeSettled } from './findings-writer.ts';
import type { RuleMeta } from './rules-writer.ts';

/** One finding the batch says is open. */
export interface OpenResult {
  id: string;
  ruleId: string;
  scanId: string;
  /** The result's own severity; null takes the rule's. */
  severity: Severity | null;
  title: string;
  description: string;
  detectedAt: number;
  objectKind: string;
  objectId: string;
  codeLocation: Record<string, unknown> | null;
  evidence: Record<string, unknown>;
}

/**
 * Writes `open` (each under its rule of `rules`; a disabled rule's are skipped) and resolves the
 * instances of `sweep` that `open` does not raise again, all with `source`.
 */
export async function settleResults(
  ctx: BatchContext,
  source: string,
  open: Iterable<OpenResult>,
  sweep: StoredInstance[],
  rules: Map<string, RuleMeta>,
): Promise<void> {
  const { tenant, workspace, now } = ctx;
  const wanted = new Map<string, OpenResult>();
  for (const w of open) wanted.set(w.id, w);
  const stored = new Map<string, StoredInstance>();
  for (const i of await readStored(ctx, { by: 'id', values: wanted.keys() })) stored.set(i.id, i);

  const rows: unknown[][] = [];
  const resolutions: unknown[][] = [];
  const { monthly, bump } = monthlyCounter();
  const touchedIssues = new Map<string, { ruleId: string; severity: Severity }>();
  const [announceOpened, announceResolved] = [await ctx.wants('finding.created'), await ctx.wants('finding.resolved')];
  const change = (type: 'finding.created' | 'finding.resolved', i: InstanceHead) => findingChange(type, i, now, source);

  for (const w of wanted.values()) {
    const meta = rules.get(w.ruleId);
    if (!meta?.enabled) continue;
    const severity = w.severity ?? meta.severity;
    const issueId = issueIdOf(tenant, workspace, w.ruleId, severity);
    const old = stored.get(w.id);
    const title = w.title || meta.name;
    let detectedAt = w.detectedAt;
    if (old?.status === 'open') {
      detectedAt = old.detected_at;
      if (old.severity !== severity) {
        bump(old.detected_at, old.severity, -1, old.rule_id);
        bump(detectedAt, severity, 1, w.ruleId);
      }
      touchedIssues.set(old.issue_id, { ruleId: old.rule_id, severity: old.severity });
    } else {
      bump(detectedAt, severity, 1, w.ruleId);
      if (announceOpened)
        ctx.changes.push(
          change('finding.created', {
            id: w.id,
            issue_id: issueId,
            rule_id: w.ruleId,
            severity,
            object_kind: w.objectKind,
            object_id: w.objectId,
            detected_at: detectedAt,
            title,
          }),
        );
    }
    touchedIssues.set(issueId, { ruleId: w.ruleId, severity });
    ctx.touchedForIssues.add(objectKey(w.objectKind, w.objectId));
    rows.push([
      tenant,
      workspace,
      w.id,
      issueId,
      w.ruleId,
      severity,
      w.objectKind,
      w.objectId,
      'open',
      detectedAt,
      null,
      title,
      w.description,
      w.codeLocation === null ? null : json(w.codeLocation),
      json(w.evidence),
      meta.remediation,
      null,
      meta.owasp,
      meta.category,
      w.scanId,
      source,
      now,
    ]);
  }
  for (const old of sweep) {
    if (wanted.has(old.id)) continue;
    const i = { ...old, detected_at: Number(old.detected_at) };
    resolutions.push([i.id, 'resolved', now, now]);
    if (announceResolved) ctx.changes.push(change('finding.resolved', i));
    touchedIssues.set(i.issue_id, { ruleId: i.rule_id, severity: i.severity });
    ctx.touchedForIssues.add(objectKey(i.object_kind, i.object_id));
  }

  await writeSettled(ctx, { tenant, workspace }, rows, resolutions, monthly);
  if (touchedIssues.size) await refreshIssues(ctx, touchedIssues, rules);
}
