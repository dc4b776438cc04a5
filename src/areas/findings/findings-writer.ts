// Applying findings, and keeping the findings roll-ups current: issues
// (instances grouped by rule and severity), issue objects (occurrences per object), per-entity
// issue counts and the monthly severity counts behind the histogram.

import { sql } from 'kysely';
import { issueIdOf, severities, type Severity, severityRank } from '../../catalog/rules/index.ts';
import { param } from '../../platform/db/database.ts';
import type { FindingRecord } from '../../ingest/records.ts';
import { recordWriter } from '../../ingest/batch.ts';
import { loadRuleMeta, type RuleMeta } from './rules-writer.ts';
import { type BatchContext, type Change, type Lined, objectKey, splitKey } from '../../ingest/batch-context.ts';
import { bulkInsert, chunks, json, updateRows } from '../../platform/db/bulk.ts';

import { type MonthlyDelta, monthlyCounter } from './monthly.ts';
import { reconcileWaivers } from './waivers-apply.ts';
import { readStored, type StoredInstance } from './instances-store.ts';
import type { ComputedColumn, UpdatedObject } from '../inventory/computed-columns-store.ts';

export { bumper, monthlyCounter, type MonthlyDelta, monthOf } from './monthly.ts';

export async function applyFindings(ctx: BatchContext, records: Lined<FindingRecord>[]): Promise<void> {
  if (records.length === 0) return;
  const { tx, db, tenant, workspace } = ctx;
  const last = new Map<string, Lined<FindingRecord>>();
  for (const r of records) last.set(r.record.id, r);
  const rules = await loadRuleMeta(ctx, [...new Set(records.map((r) => r.record.ruleId))]);

  const existing = new Map<string, StoredInstance>();
  for (const r of await readStored(ctx, { by: 'id', values: last.keys() })) existing.set(r.id, r);

  const { monthly, bump } = monthlyCounter();
  const touchedIssues = new Map<string, { ruleId: string; severity: Severity }>();
  const rows: unknown[][] = [];
  const deletes: string[] = [];
  // A finding opened (new, or open again) or resolved is announced to the webhooks that listen.
  const [opened, closed] = [await ctx.wants('finding.created'), await ctx.wants('finding.resolved')];
  const changes: Change[] = [];

  for (const { line, record: r } of last.values()) {
    const old = existing.get(r.id);
    if (old) {
      bump(old.detected_at, old.severity, -1, old.rule_id);
      touchedIssues.set(old.issue_id, { ruleId: old.rule_id, severity: old.severity });
      ctx.touchedForIssues.add(objectKey(old.object_kind, old.object_id));
    }
    if (r.op === 'delete') {
      if (old) deletes.push(r.id);
      continue;
    }
    const rule = rules.get(r.ruleId);
    if (!rule) {
      ctx.reject(line, `finding.rule_id: unknown rule "${r.ruleId.slice(0, 128)}"; send a rule record first or use a static rule`);
      continue;
    }
    const severity = r.severity ?? rule.severity;
    const issueId = issueIdOf(tenant, workspace, r.ruleId, severity);
    // A waived finding is live too: sent again open, it stays waived (waivers-apply.ts) and is not announced.
    const live = old?.status === 'open' || old?.status === 'waived';
    const type = r.status === 'open' ? (!live && opened ? 'finding.created' : null) : live && closed ? 'finding.resolved' : null;
    if (type) {
      changes.push({
        type,
        id: r.id,
        issueId,
        ruleId: r.ruleId,
        severity,
        status: r.status,
        title: r.title || rule.name,
        objectKind: r.objectKind,
        objectId: r.objectId,
        detectedAt: r.detectedAt,
        resolvedAt: r.resolvedAt,
        source: 'ingest',
      });
    }
    bump(r.detectedAt, severity, 1, r.ruleId);
    touchedIssues.set(issueId, { ruleId: r.ruleId, severity });
    ctx.touchedForIssues.add(objectKey(r.objectKind, r.objectId));
    rows.push([
      tenant,
      workspace,
      r.id,
      issueId,
      r.ruleId,
      severity,
      r.objectKind,
      r.objectId,
      r.status,
      r.detectedAt,
      r.resolvedAt,
      r.title || rule.name,
      r.description,
      r.codeLocation ? json(r.codeLocation) : null,
      r.evidence ? json(r.evidence) : null,
      r.remediation || rule.remediation,
      r.cvssScore,
      r.owasp ?? rule.owasp,
      rule.category,
      r.scanId,
      'ingest',
      ctx.now,
    ]);
  }
  if (ctx.errors.length) return;
  // One by one: a batch's changes are unbounded, and spread into a call they overflow the stack.
  for (const c of changes) ctx.changes.push(c);

  const settled = await reconcileWaivers(ctx, rows, deletes, monthly);
  for (const part of chunks(deletes)) {
    const t = db.template('ingest.instances-delete', (b, d) =>
      b
        .deleteFrom('issue_instances')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inList('id', param('ids'))),
    );
    await tx.run(t, { tenant, workspace, ids: part });
  }
  await writeInstances(ctx, settled);
  await addMonthly(ctx, monthly);
  await refreshIssues(ctx, touchedIssues, rules);
}

export const instanceColumns = [
  'tenant_id',
  'workspace_id',
  'id',
  'issue_id',
  'rule_id',
  'severity',
  'object_kind',
  'object_id',
  'status',
  'detected_at',
  'resolved_at',
  'title',
  'description',
  'code_location',
  'evidence',
  'remediation',
  'cvss_score',
  'owasp_category',
  'category',
  'scan_id',
  'source',
  'updated_at',
];

/** What reconcileWaivers appends to each row: the waiver covering it and its terms. */
const settledColumns = [...instanceColumns, 'waiver_id', 'waiver'];

/** Upserts instance rows aligned to `instanceColumns` and settled by reconcileWaivers. */
async function writeInstances(ctx: BatchContext, rows: unknown[][]): Promise<void> {
  await bulkInsert(ctx.tx, 'issue_instances', settledColumns, rows, {
    keys: ['tenant_id', 'workspace_id', 'id'],
    update: Object.fromEntries(settledColumns.slice(3).map((c) => [c, `excluded.${c}`])),
  });
}

/**
 * What a rule's evaluation decided, written: instance rows upserted (their waivers kept or given,
 * waivers-apply.ts), `[id, status, resolved_at, updated_at]` resolutions applied, and the monthly
 * deltas added. The one write of the posture
 * rules, the controls and the advisories alike.
 */
export async function writeSettled(
  ctx: BatchContext,
  scope: { tenant: string; workspace: string },
  rows: unknown[][],
  resolutions: unknown[][],
  monthly: Map<string, MonthlyDelta>,
): Promise<void> {
  await writeInstances(ctx, await reconcileWaivers(ctx, rows, [], monthly));
  await updateRows(
    ctx.db,
    ctx.tx,
    'issue_instances',
    scope,
    ['id'],
    [
      { column: 'status', type: 'text' },
      { column: 'resolved_at', type: 'bigint' },
      { column: 'updated_at', type: 'bigint' },
    ],
    resolutions,
  );
  await addMonthly(ctx, monthly);
}

const nonZero = (c: Record<Severity, number>) => c.critical || c.high || c.medium || c.low;

/** Adds the deltas to the histogram roll-up (per month) and to the per-rule monthly counts. */
export async function addMonthly(ctx: BatchContext, monthly: Map<string, MonthlyDelta>): Promise<void> {
  const perMonth = new Map<string, Record<Severity, number>>();
  for (const { month, counts } of monthly.values()) {
    const row = perMonth.get(month) ?? { critical: 0, high: 0, medium: 0, low: 0 };
    for (const s of severities) row[s] += counts[s];
    perMonth.set(month, row);
  }
  const rows = [...perMonth]
    .filter(([, c]) => nonZero(c))
    .map(([month, c]) => [ctx.tenant, ctx.workspace, month, c.critical, c.high, c.medium, c.low]);
  await bulkInsert(ctx.tx, 'issue_monthly', ['tenant_id', 'workspace_id', 'month', 'critical', 'high', 'medium', 'low'], rows, {
    keys: ['tenant_id', 'workspace_id', 'month'],
    update: Object.fromEntries(['critical', 'high', 'medium', 'low'].map((s) => [s, `issue_monthly.${s} + excluded.${s}`])),
  });
  const ruleRows = [...monthly.values()]
    .filter((d) => nonZero(d.counts))
    .map((d) => [ctx.tenant, ctx.workspace, d.month, d.ruleId, d.counts.critical, d.counts.high, d.counts.medium, d.counts.low]);
  await bulkInsert(
    ctx.tx,
    'issue_monthly_rules',
    ['tenant_id', 'workspace_id', 'month', 'rule_id', 'critical', 'high', 'medium', 'low'],
    ruleRows,
    {
      keys: ['tenant_id', 'workspace_id', 'month', 'rule_id'],
      update: Object.fromEntries(['critical', 'high', 'medium', 'low'].map((s) => [s, `issue_monthly_rules.${s} + excluded.${s}`])),
    },
  );
}

/**
 * Rebuilds issue_objects for the touched objects and the issues rows for the touched issues
 * from the open instances: counting at the source keeps the roll-ups exact whatever the order
 * of arrival, re-sends and deletes.
 */
export async function refreshIssues(
  ctx: BatchContext,
  touchedIssues: Map<string, { ruleId: string; severity: Severity }>,
  rules: Map<string, RuleMeta>,
): Promise<void> {
  const { tx, db, tenant, workspace } = ctx;
  const objects = [...ctx.touchedForIssues].map(splitKey);
  for (const part of chunks(objects)) {
    const args = { tenant, workspace, keys: JSON.stringify(part) };
    const del = db.template('ingest.issue-objects-delete', (b, d) =>
      b
        .deleteFrom('issue_objects')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inKeys(['object_kind', 'object_id'], param('keys'))),
    );
    await tx.run(del, args);
    const ins = db.template('ingest.issue-objects-insert', (b, d) =>
      sql`insert into issue_objects
      (tenant_id, workspace_id, issue_id, object_kind, object_id, occurrences, first_detected, last_detected)
      select i.tenant_id, i.workspace_id, i.issue_id, i.object_kind, i.object_id, count(*), min(i.detected_at), max(i.detected_at)
      from issue_instances i
      where i.tenant_id = ${param('tenant')} and i.workspace_id = ${param('workspace')} and i.status = 'open'
        and ${d.inKeys(['i.object_kind', 'i.object_id'], param('keys'))}
      group by i.tenant_id, i.workspace_id, i.issue_id, i.object_kind, i.object_id`.compile(b),
    );
    await tx.run(ins, args);
  }

  // Issue rows need the rule's name and category; rules seen only through old instances are loaded here.
  const missing = [...new Set([...touchedIssues.values()].map((v) => v.ruleId))].filter((id) => !rules.has(id));
  if (missing.length) for (const [k, v] of await loadRuleMeta(ctx, missing)) rules.set(k, v);
  for (const part of chunks([...touchedIssues.keys()])) {
    const agg = db.template('ingest.issue-aggregate', (b, d) =>
      b
        .selectFrom('issue_objects')
        .select((eb) => [
          'issue_id',
          eb.fn.sum<number>('occurrences').as('open_instances'),
          eb.fn.countAll<number>().as('objects'),
          eb.fn.min<number>('first_detected').as('first_detected'),
          eb.fn.max<number>('last_detected').as('last_detected'),
        ])
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inList('issue_id', param('ids')))
        .groupBy('issue_id'),
    );
    const found = new Map(
      (
        await tx.all(agg, {
          tenant,
          workspace,
          ids: part,
        })
      ).map((r) => [r.issue_id, r]),
    );
    const gone = part.filter((id) => !found.has(id));
    if (gone.length) {
      const del = db.template('ingest.issues-delete', (b, d) =>
        b
          .deleteFrom('issues')
          .where('tenant_id', '=', param('tenant'))
          .where('workspace_id', '=', param('workspace'))
          .where(d.inList('id', param('ids'))),
      );
      await tx.run(del, { tenant, workspace, ids: gone });
    }
    const rows = [...found.values()].map((a) => {
      const { ruleId, severity } = touchedIssues.get(a.issue_id)!;
      const rule = rules.get(ruleId);
      return [
        tenant,
        workspace,
        a.issue_id,
        ruleId,
        rule?.name ?? ruleId,
        severity,
        severityRank[severity],
        rule?.category ?? '',
        Number(a.open_instances),
        Number(a.objects),
        Number(a.first_detected),
        Number(a.last_detected),
        ctx.now,
      ];
    });
    const cols = [
      'tenant_id',
      'workspace_id',
      'id',
      'rule_id',
      'rule_name',
      'severity',
      'severity_rank',
      'category',
      'open_instances',
      'objects',
      'first_detected',
      'last_detected',
      'updated_at',
    ];
    await bulkInsert(tx, 'issues', cols, rows, {
      keys: ['tenant_id', 'workspace_id', 'id'],
      update: Object.fromEntries(cols.slice(3).map((c) => [c, `excluded.${c}`])),
    });
  }
}

/** Count of the object's open issues by severity (none: all), over the findings' roll-ups. */
function objectIssueCount(e: UpdatedObject, severity?: string): string {
  const of = `o.tenant_id = ${e.tenant} and o.workspace_id = ${e.workspace} and o.object_kind = ${e.kind} and o.object_id = ${e.id}`;
  return severity
    ? `(select count(*) from issue_objects o join issues i on i.tenant_id = o.tenant_id and i.workspace_id = o.workspace_id and i.id = o.issue_id
          where ${of} and i.severity = '${severity}')`
    : `(select count(*) from issue_objects o where ${of})`;
}

/** The critical, high and total open issue counts of an object, recomputed for the objects a batch touched (entity-rows.ts). */
export const issueCountColumns: ComputedColumn[] = [
  { column: 'critical_issues', value: (e) => objectIssueCount(e, 'critical') },
  { column: 'high_issues', value: (e) => objectIssueCount(e, 'high') },
  { column: 'total_issues', value: (e) => objectIssueCount(e) },
];

export const findingWriter = recordWriter('finding', applyFindings);
