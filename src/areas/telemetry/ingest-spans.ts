// What an OTLP export's spans become, written: the spans are read in their dialects and turned into
// inventory objects, relations and interactions (discovery/), written as one all-or-nothing batch
// through the ingest pipeline together with the spans left waiting for their ancestors
// (waiting-spans.ts) and the export's counts (counters.ts); the answer says what was rejected,
// ignored or not created, and why. The OTLP route (otlp-routes.ts) and the demo loader call it.

import type { Config } from '../../config.ts';
import { BatchContext } from '../../ingest/batch-context.ts';
import type { Ingestor } from '../../ingest/pipeline.ts';
import { type AuditSource, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { noteIngest } from '../workspaces/workspaces.ts';
import { addCounts, totalsOf } from './counters.ts';
import { type CheckedSpans, checkedSpans, traceIds } from './discovery/checked.ts';
import { type IgnoreReason, ignoreReasons } from './discovery/discover.ts';
import type { OtlpHub } from './hub.ts';
import type { Span } from './otlp/traces.ts';
import { loadPending, savePending } from './waiting-spans.ts';

const MAX_LISTED = 5;

export interface OtlpOutcome {
  accepted: number;
  rejected: number;
  ignored: number;
  message: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const listed = (items: string[]) => `${items.slice(0, MAX_LISTED).join('; ')}${items.length > MAX_LISTED ? '; …' : ''}`;

/** What span ingest needs of the app (the demo loader gives the same without one). */
export interface SpanIngestContext {
  db: Db;
  now: () => number;
  config: Pick<Config, 'storePrompts' | 'runtimeObjectCap' | 'runtimeQuietDays' | 'postureRules'>;
}

/**
 * Turns the spans into inventory objects, relations and interactions (discovery/discover.ts) on
 * this thread and writes them as one batch (the demo's way; the route reads them in a body worker).
 */
export async function ingestSpans(
  ctx: SpanIngestContext,
  ingestor: Ingestor,
  tenant: string,
  workspace: string,
  spans: Span[],
  hub?: OtlpHub,
): Promise<OtlpOutcome> {
  const now = ctx.now();
  // Read outside the write transaction: exports into a workspace run one at a time (oneAtATime),
  // so what the previous one left waiting is committed and nothing else changes it meanwhile.
  const waiting = await loadPending(ctx.db, ctx.db, tenant, workspace, traceIds(spans), now);
  return writeSpans(ctx, ingestor, tenant, workspace, checkedSpans(spans, waiting, now), now, hub);
}

/** The audit row of an export that wrote records, in its transaction: how many spans came and what they became (counts only). */
export type SpansAudit = (tx: Executor, written: { spans: number; records: number; types: Record<string, number> }) => Promise<void>;

/** The audit row of an export: one `ingest.batch` row, as NDJSON ingest writes, of who sent it and its counts. */
export function spansAudit(ctx: SpanIngestContext, source: AuditSource, tenant: string, workspace: string): SpansAudit {
  return (tx, written) =>
    recordAudit(
      ctx.db,
      tx,
      source,
      {
        tenant,
        workspace,
        action: 'ingest.batch',
        target: `workspaces/${workspace}`,
        outcome: 'success',
        detail: { format: 'otlp', ...written },
      },
      ctx.now(),
    );
}

/** The export's audit row, when it has one, counting what its records are by type. */
async function auditWritten(audit: SpansAudit | undefined, tx: Executor, good: CheckedSpans['good'], spans: number): Promise<void> {
  if (!audit) return;
  const types = new Map<string, number>();
  for (const r of good) types.set(r.record.type, (types.get(r.record.type) ?? 0) + 1);
  await audit(tx, { spans, records: good.length, types: Object.fromEntries(types) });
}

/** How an export's records are ingested: 5,000 records an application, as NDJSON ingest (one application of 100,000 held the event loop over a second). */
function ingestOptions(ctx: SpanIngestContext, tenant: string, workspace: string) {
  return {
    tenant,
    workspace,
    storePrompts: ctx.config.storePrompts,
    batchSize: 5000,
    now: ctx.now,
    runtimeObjectCap: ctx.config.runtimeObjectCap,
    runtimeQuietDays: ctx.config.runtimeQuietDays,
    evaluateRules: ctx.config.postureRules,
  };
}

/** An export's records applied in their transaction: the objects they created or were refused, the audit row, the counts kept. */
function applyCounted(
  ctx: SpanIngestContext,
  tenant: string,
  workspace: string,
  checked: CheckedSpans,
  audit: SpansAudit | undefined,
  keep: (tx: Executor) => Promise<Map<string, number>>,
) {
  return async (tx: Executor, apply: () => Promise<void>) => {
    const before = await objectTotals(ctx.db, tx, tenant, workspace);
    await apply();
    await auditWritten(audit, tx, checked.good, checked.received);
    const after = await objectTotals(ctx.db, tx, tenant, workspace);
    return { created: after.created - before.created, refused: after.refused - before.refused, counts: await keep(tx) };
  };
}

/**
 * What an export leaves beside its records, in the transaction that writes them: the spans left
 * waiting for their parents (unless it was rejected whole), its counts, and the workspace's last
 * ingest (telemetry reached the workspace even when nothing in it was mapped: its stats are readable).
 */
async function keepExport(
  ctx: SpanIngestContext,
  tx: Executor,
  at: { tenant: string; workspace: string; now: number },
  checked: CheckedSpans,
  o: { rejected: number; written: boolean; pending: boolean },
): Promise<Map<string, number>> {
  const { tenant, workspace, now } = at;
  const { found, received } = checked;
  if (o.pending) await savePending(ctx.db, tx, tenant, workspace, found.pending, found.resolved);
  const counts = statsOf(found, received, o.rejected, o.written);
  await addCounts(tx, tenant, workspace, now, counts);
  await noteIngest(new BatchContext(ctx.db, tx, tenant, workspace, now, { storePrompts: false }));
  return counts;
}

/** Writes what an export's spans became (checkedSpans, here or in a body worker), and says what became of them. */
export async function writeSpans(
  ctx: SpanIngestContext,
  ingestor: Ingestor,
  tenant: string,
  workspace: string,
  checked: CheckedSpans,
  now: number,
  hub?: OtlpHub,
  audit?: SpansAudit,
): Promise<OtlpOutcome> {
  const { found, good, problems, rejectedInteractions } = checked;
  const received = checked.received;
  let rejected = found.rejected.length + rejectedInteractions;
  const ignoredSpans = Object.values(found.ignored).reduce((a, b) => a + (b ?? 0), 0);
  const keep = (tx: Executor, written: boolean, pending: boolean) =>
    keepExport(ctx, tx, { tenant, workspace, now }, checked, { rejected, written, pending });
  let counts: Map<string, number>;
  let created = 0;
  let refused = 0;
  // Each commit here writes the one workspace's rows: answers of other workspaces stay current.
  if (!good.length) counts = await ctx.db.transaction((tx) => keep(tx, false, true), { tenant, workspace });
  else {
    const { summary, result } = await ingestor.ingestParsed(
      ctx.db,
      good,
      ingestOptions(ctx, tenant, workspace),
      applyCounted(ctx, tenant, workspace, checked, audit, (tx) => keep(tx, true, true)),
    );
    if (result) ({ created, refused, counts } = result);
    else {
      // Rejected whole (and rolled back): nothing of it is written, its spans are counted as rejected.
      rejected = received - ignoredSpans;
      for (const e of summary.errors) problems.push(e.message);
      counts = await ctx.db.transaction((tx) => keep(tx, false, false), { tenant, workspace });
    }
  }
  hub?.emit(counts, created, refused);
  return outcomeOf(ctx, checked, rejected, refused);
}

/** What an export wrote in a transaction it shares with others (group commit), answered once that transaction has committed. */
export interface StagedSpans {
  outcome: OtlpOutcome;
  /** Records it wrote (or tried to): how much of the group it is. */
  records: number;
  /** The shared transaction committed: the export's counts go to the hub, its records to the pipeline's observers. */
  committed(): void;
  /** The shared transaction failed: nothing of the export was written, and the observers hear so. */
  failed(): void;
}

/**
 * writeSpans in a transaction the caller holds and commits (the OTLP route's group commit,
 * export-groups.ts): the same rows and the same answer, with records the writers reject rolled back
 * to a savepoint instead of with the transaction, and the export's counts kept in it all the same.
 */
export async function writeSpansIn(
  ctx: SpanIngestContext,
  ingestor: Ingestor,
  tx: Executor,
  tenant: string,
  workspace: string,
  checked: CheckedSpans,
  now: number,
  hub?: OtlpHub,
  audit?: SpansAudit,
): Promise<StagedSpans> {
  const { found, good, problems, rejectedInteractions } = checked;
  const received = checked.received;
  let rejected = found.rejected.length + rejectedInteractions;
  const ignoredSpans = Object.values(found.ignored).reduce((a, b) => a + (b ?? 0), 0);
  const keep = (written: boolean, pending: boolean) =>
    keepExport(ctx, tx, { tenant, workspace, now }, checked, { rejected, written, pending });
  let counts: Map<string, number>;
  let created = 0;
  let refused = 0;
  let settle = (_committed: boolean) => {};
  if (!good.length) counts = await keep(false, true);
  else {
    const written = await ingestor.ingestParsedIn(
      ctx.db,
      tx,
      good,
      ingestOptions(ctx, tenant, workspace),
      applyCounted(ctx, tenant, workspace, checked, audit, () => keep(true, true)),
    );
    settle = written.settle;
    if (written.result) ({ created, refused, counts } = written.result);
    else {
      // Rejected whole (rolled back to its savepoint): nothing of it is written, its spans are counted as rejected.
      rejected = received - ignoredSpans;
      for (const e of written.summary.errors) problems.push(e.message);
      counts = await keep(false, false);
    }
  }
  return {
    outcome: outcomeOf(ctx, checked, rejected, refused),
    records: good.length,
    committed: () => {
      settle(true);
      hub?.emit(counts, created, refused);
    },
    failed: () => settle(false),
  };
}

/** The export's answer: what was rejected, ignored or not created, and why. */
function outcomeOf(ctx: SpanIngestContext, checked: CheckedSpans, rejected: number, refused: number): OtlpOutcome {
  const { found, problems, received } = checked;
  const ignoredSpans = Object.values(found.ignored).reduce((a, b) => a + (b ?? 0), 0);

  const parts: string[] = [];
  if (rejected) parts.push(`${plural(rejected, 'span')} rejected: ${listed(problems)}`);
  for (const [reason, n] of Object.entries(found.ignored) as Array<[IgnoreReason, number]>)
    if (n) parts.push(`${plural(n, 'span')} ignored: ${ignoreReasons[reason]}`);
  if (found.typeErrors.length)
    parts.push(
      `${plural(found.typeErrors.length, 'attribute')} ignored: ${listed(found.typeErrors.map((e) => `span ${e.spanId}: ${e.message}`))}`,
    );
  if (refused)
    parts.push(
      `${plural(refused, 'object')} not created: the workspace reached its cap of ${ctx.config.runtimeObjectCap} objects created from telemetry ` +
        '(AISPM_RUNTIME_OBJECT_CAP); their spans still became interactions',
    );
  return { accepted: received - ignoredSpans - rejected, rejected, ignored: ignoredSpans, message: parts.join('. ') };
}

/** Objects telemetry created in the workspace so far, and those the cap refused (the writer counts them in the batch). */
async function objectTotals(db: Db, tx: Executor, tenant: string, workspace: string): Promise<{ created: number; refused: number }> {
  const totals = await totalsOf(db, tx, tenant, workspace, ['objects.created', 'objects.refused']);
  return { created: totals.get('objects.created')!, refused: totals.get('objects.refused')! };
}

/** Most unmapped attribute keys counted per export (the rest are not: a sender cannot flood the table). */
const UNMAPPED_PER_EXPORT = 50;

function statsOf(found: CheckedSpans['found'], received: number, rejected: number, written: boolean): Map<string, number> {
  const counts = new Map<string, number>([['spans.received', received]]);
  if (written) for (const [type, n] of Object.entries(found.mapped)) counts.set(`mapped.${type}`, n);
  for (const [reason, n] of Object.entries(found.ignored)) counts.set(`ignored.${reason}`, n ?? 0);
  counts.set('rejected', rejected);
  counts.set('attributes.wrong_type', found.typeErrors.length);
  if (written) counts.set('cost.reported_zero', found.zeroCostReported);
  const top = [...found.unmapped].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, UNMAPPED_PER_EXPORT);
  for (const [key, n] of top) counts.set(`unmapped.${key}`, n);
  return counts;
}

/** An export read and discovered in its group's transaction (the spans it leaves waiting kept there), its records not yet applied. */
export interface PreparedSpans {
  records: number;
  tenant: string;
  workspace: string;
  checked: CheckedSpans;
  now: number;
  audit?: SpansAudit;
}

/**
 * The group's reading of an export before its records are applied: the spans it leaves waiting
 * are kept at once, so the next export of the group is discovered against them, as it would be
 * after this one committed alone.
 */
export async function prepareSpans(
  ctx: SpanIngestContext,
  tx: Executor,
  tenant: string,
  workspace: string,
  checked: CheckedSpans,
  now: number,
  audit?: SpansAudit,
): Promise<PreparedSpans> {
  await savePending(ctx.db, tx, tenant, workspace, checked.found.pending, checked.found.resolved);
  return { records: checked.good.length, tenant, workspace, checked, now, audit };
}

/**
 * The records of a group's prepared exports applied as one batch (export-groups.ts's merge), so an
 * object the exports all name is upserted and rendered once; then each export's audit row and
 * counts, as writeSpansIn keeps them. Undefined (the group's savepoint rolls it all back, and each
 * export is written alone) when the records are rejected, or when the workspace's object cap could
 * refuse or did refuse an object: an export's answer says how many objects the cap refused it,
 * which only its own application can tell.
 */
export async function applyPreparedSpans(
  ctx: SpanIngestContext,
  ingestor: Ingestor,
  tx: Executor,
  parts: PreparedSpans[],
  hub?: OtlpHub,
): Promise<StagedSpans[] | undefined> {
  // A group holds exports into one workspace only.
  const { tenant, workspace } = parts[0]!;
  const good = parts.flatMap((p) => p.checked.good);
  const before = await objectTotals(ctx.db, tx, tenant, workspace);
  // Near the cap the merge is likely to be refused an object and paid twice: each export goes alone
  // at once. (Far from it, a refusal is still seen below, after the application.)
  if (before.created + good.length >= ctx.config.runtimeObjectCap) return undefined;
  let settle = (_committed: boolean) => {};
  if (good.length) {
    const written = await ingestor.ingestParsedIn(
      ctx.db,
      tx,
      good,
      ingestOptions(ctx, tenant, workspace),
      (_tx, apply) => apply(),
      // The ingest metrics hear of each export on its own, as when each is written alone (an export with no records is not heard).
      parts.map((p) => p.checked.good.length).filter((n) => n > 0),
    );
    settle = written.settle;
    if (!written.summary.accepted) {
      settle(false);
      return undefined;
    }
  }
  const after = await objectTotals(ctx.db, tx, tenant, workspace);
  if (after.refused !== before.refused) {
    settle(false);
    return undefined;
  }
  const staged: StagedSpans[] = [];
  // The objects the group created are the hub's once: they go with the first export's counts.
  let created = after.created - before.created;
  for (const part of parts) {
    const { checked, now } = part;
    const rejected = checked.found.rejected.length + checked.rejectedInteractions;
    const written = checked.good.length > 0;
    await auditWritten(part.audit, tx, checked.good, checked.received);
    const counts = statsOf(checked.found, checked.received, rejected, written);
    await addCounts(tx, tenant, workspace, now, counts);
    await noteIngest(new BatchContext(ctx.db, tx, tenant, workspace, now, { storePrompts: false }));
    const mine = created;
    created = 0;
    staged.push({
      outcome: outcomeOf(ctx, checked, rejected, 0),
      records: checked.good.length,
      committed: () => {
        settle(true);
        hub?.emit(counts, mine, 0);
      },
      failed: () => settle(false),
    });
  }
  return staged;
}
