// The one code path every NDJSON source goes through (HTTP ingest, `aispm import`, OTLP, demo):
// lines are parsed and checked as they stream in, then applied in batches.
//
//   request mode: the whole input is one batch in one transaction, written only when every line
//                 is good (HTTP ingest: the client sees all or nothing);
//   batches mode: every `batchSize` lines form a batch that commits on its own; a batch with a
//                 bad line is skipped whole and reported (`aispm import` of large files).

import type { Db, Executor } from '../platform/db/database.ts';
import type { WrittenWorkspace } from '../platform/db/change-log.ts';
import { applyBatch, BatchRejected, type BatchPlan } from './batch.ts';
import type { LineError, Lined } from './batch-context.ts';
import { DEFAULT_MAX_LINE, ndjsonLines } from './ndjson.ts';
import { claimedType, parseLine } from './parse-line.ts';
import { type ParsedBatch, parseBatches, type TypeCounts } from './parsed-batches.ts';
import { RecordError, type IngestRecord, type RecordType } from './records.ts';

export interface IngestOptions {
  tenant: string;
  workspace: string;
  storePrompts: boolean;
  batchSize: number;
  mode: 'request' | 'batches';
  maxLineBytes?: number;
  /** How many line errors are listed in the summary (all are counted). */
  maxListedErrors?: number;
  onBatch?: (summary: IngestSummary) => void;
  now?: () => number;
  /** Evaluate the posture rules after each batch (default true; config AISPM_POSTURE_RULES). */
  evaluateRules?: boolean;
  /** Most objects telemetry may create in a workspace (config AISPM_RUNTIME_OBJECT_CAP). */
  runtimeObjectCap?: number;
  /** Days a declared agent may go unseen at runtime before it is reported (config AISPM_RUNTIME_QUIET_DAYS). */
  runtimeQuietDays?: number;
  /**
   * Runs in the transaction of each batch written, after its records (the audit trail's row of it):
   * how many records it wrote, by type. Not called for a batch rolled back.
   */
  onWritten?: (tx: Executor, written: BatchCounts) => Promise<void>;
}

/** The records one committed batch wrote, by type. */
export interface BatchCounts {
  records: number;
  types: Record<string, number>;
  /** The tenant's rule settings it wrote (`rule_setting` records: the last of each rule), for their audit row. */
  ruleSettings: Array<{ rule_id: string; enabled: boolean; severity: string | null }>;
}

/** Counts records by type (types are the catalogue's record types; a null-prototype object keeps it plain data). */
function countTypes(records: Iterable<Lined<IngestRecord>>): BatchCounts {
  const types: Record<string, number> = Object.create(null);
  const settings = new Map<string, BatchCounts['ruleSettings'][number]>();
  let n = 0;
  for (const r of records) {
    types[r.record.type] = (types[r.record.type] ?? 0) + 1;
    n++;
    if (r.record.type === 'rule_setting') {
      settings.delete(r.record.ruleId);
      settings.set(r.record.ruleId, { rule_id: r.record.ruleId, enabled: r.record.enabled, severity: r.record.severity });
    }
  }
  return { records: n, types: { ...types }, ruleSettings: [...settings.values()] };
}

export interface IngestSummary {
  accepted: number;
  rejected: number;
  /** Lines in error, the first of them (up to the options' bound). */
  errors: LineError[];
  /**
   * How many lines were in error, listed or not. `rejected` counts these and the valid lines that
   * were not written with them (their batch, or the request, is written whole or not at all).
   */
  errorLines?: number;
  /** Lines read, blank ones excluded. */
  lines: number;
}

/** What one ingest call did, by record type: for metrics. */
export interface IngestCounts {
  tenant: string;
  workspace: string;
  /** Records written. */
  accepted: Partial<Record<RecordType, number>>;
  /**
   * Records not written: bad lines, and good ones in a batch (or request) that a bad line sank.
   * A bad line counts under its `type` when that names a record type, else under `invalid`.
   */
  rejected: Partial<Record<RecordType | 'invalid', number>>;
}

/** Record types of the lines of the unit being applied, settled as accepted or rejected with it. */
class TypeTally {
  readonly counts: IngestCounts;
  private unit = new Map<RecordType | 'invalid', number>();
  /** Units handed to a batch being written and not settled yet (batches mode writes one while the next is read). */
  private readonly pending = new Set<Map<RecordType | 'invalid', number>>();
  constructor(tenant: string, workspace: string) {
    this.counts = { tenant, workspace, accepted: {}, rejected: {} };
  }
  add(type: RecordType | 'invalid'): void {
    this.unit.set(type, (this.unit.get(type) ?? 0) + 1);
  }
  /** The type a bad line claims, when it is one. */
  addBad(text: string | undefined): void {
    this.add(claimedType(text));
  }
  /** A batch counted by its producer, to be settled with it (settleUnit). */
  take(unit: TypeCounts): TypeCounts {
    this.pending.add(unit);
    return unit;
  }
  /** Takes the unit read so far, to be settled with its batch (settleUnit); lines read after it start a new one. */
  detach(): Map<RecordType | 'invalid', number> {
    const unit = this.unit;
    this.pending.add(unit);
    this.unit = new Map();
    return unit;
  }
  settleUnit(unit: Map<RecordType | 'invalid', number>, outcome: 'accepted' | 'rejected'): void {
    if (!this.pending.delete(unit)) return;
    const into = this.counts[outcome] as Record<string, number>;
    for (const [type, n] of unit) into[type] = (into[type] ?? 0) + n;
  }
  /** Settles what is being read, and every detached unit not settled yet. */
  settle(outcome: 'accepted' | 'rejected'): void {
    for (const unit of [...this.pending]) this.settleUnit(unit, outcome);
    this.settleUnit(this.detach(), outcome);
  }
}

export type Source = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

/**
 * Ingest with one batch plan (the writers and steps src/compose.ts wires). Whichever way records
 * come in through it (HTTP, OTLP, import, demo), its observers (metrics) hear of them once the
 * call is over.
 */
export class Ingestor {
  readonly plan: BatchPlan;
  private readonly observers = new Set<(counts: IngestCounts) => void>();
  constructor(plan: BatchPlan) {
    this.plan = plan;
  }

  /** Calls `observer` after every ingest call; returns the function that removes it. */
  observe(observer: (counts: IngestCounts) => void): () => void {
    this.observers.add(observer);
    return () => {
      this.observers.delete(observer);
    };
  }

  /**
   * Writes records already built and checked by the caller (parseRecord), as request mode writes a
   * body: one transaction, all or nothing, `batchSize` records an application. The transaction is
   * the caller's too: `within` runs in it, calls `apply` to write the records, and may read and
   * write beside them, so what it keeps with the batch commits with it (OTLP: the spans left
   * waiting and the export's counts). When the writers reject the records the transaction is rolled
   * back whole: the summary says so, with their errors, and there is no result. No text is
   * serialised and parsed again, which is what makes this faster than `ingest` for records the
   * service built itself (OTLP discovery).
   */
  async ingestParsed<T>(
    db: Db,
    records: Lined<IngestRecord>[],
    opts: Omit<IngestOptions, 'mode' | 'maxLineBytes' | 'onBatch'>,
    within: (tx: Executor, apply: () => Promise<void>) => Promise<T>,
  ): Promise<{ summary: IngestSummary; result?: T }> {
    const tally = new TypeTally(opts.tenant, opts.workspace);
    const summary: IngestSummary = { accepted: 0, rejected: 0, errors: [], lines: records.length };
    const clock = opts.now ?? Date.now;
    const batchOptions = batchOptionsOf(opts);
    for (const r of records) tally.add(r.record.type);
    try {
      const result = await db.transaction(
        (tx) =>
          within(tx, async () => {
            for (let i = 0; i < records.length; i += opts.batchSize)
              await applyBatch(db, tx, this.plan, opts.tenant, opts.workspace, records.slice(i, i + opts.batchSize), batchOptions, clock());
          }),
        writtenOf(opts),
      );
      summary.accepted = records.length;
      tally.settle('accepted');
      return { summary, result };
    } catch (err) {
      if (!(err instanceof BatchRejected)) throw err;
      summary.rejected = records.length;
      summary.errors = err.errors.slice(0, opts.maxListedErrors ?? 100);
      tally.settle('rejected');
      return { summary };
    } finally {
      tally.settle('rejected');
      for (const observer of this.observers) observer(tally.counts);
    }
  }

  /**
   * `ingestParsed` inside a transaction the caller holds and commits (OTLP's group commit: the
   * exports into a workspace that arrive together share one). The records and what `within` keeps
   * beside them are written under a savepoint, so records the writers reject roll back alone (the
   * summary says so, with no result) and the transaction goes on; any other error is the caller's
   * transaction's. Whether the records were written is known only once that transaction ends: the
   * caller says so with `settle` (the observers hear of them then). `parts`, when given, are the
   * sizes of the requests the records came from, in order (a group of OTLP exports applied as one):
   * the observers hear of each on its own, as if each had been written alone.
   */
  async ingestParsedIn<T>(
    db: Db,
    tx: Executor,
    records: Lined<IngestRecord>[],
    opts: Omit<IngestOptions, 'mode' | 'maxLineBytes' | 'onBatch'>,
    within: (tx: Executor, apply: () => Promise<void>) => Promise<T>,
    parts: number[] = [records.length],
  ): Promise<{ summary: IngestSummary; result?: T; settle: (committed: boolean) => void }> {
    const tallies: TypeTally[] = [];
    let at = 0;
    for (const n of parts) {
      const tally = new TypeTally(opts.tenant, opts.workspace);
      for (const r of records.slice(at, at + n)) tally.add(r.record.type);
      at += n;
      tallies.push(tally);
    }
    const summary: IngestSummary = { accepted: 0, rejected: 0, errors: [], lines: records.length };
    const clock = opts.now ?? Date.now;
    const batchOptions = batchOptionsOf(opts);
    let written = false;
    let settled = false;
    const settle = (committed: boolean) => {
      if (settled) return;
      settled = true;
      for (const tally of tallies) {
        tally.settle(committed && written ? 'accepted' : 'rejected');
        for (const observer of this.observers) observer(tally.counts);
      }
    };
    await tx.exec('SAVEPOINT ingest_parsed');
    try {
      const result = await within(tx, async () => {
        for (let i = 0; i < records.length; i += opts.batchSize)
          await applyBatch(db, tx, this.plan, opts.tenant, opts.workspace, records.slice(i, i + opts.batchSize), batchOptions, clock());
      });
      await tx.exec('RELEASE SAVEPOINT ingest_parsed');
      written = true;
      summary.accepted = records.length;
      return { summary, result, settle };
    } catch (err) {
      if (!(err instanceof BatchRejected)) {
        settle(false);
        throw err;
      }
      await tx.exec('ROLLBACK TO SAVEPOINT ingest_parsed');
      await tx.exec('RELEASE SAVEPOINT ingest_parsed');
      summary.rejected = records.length;
      summary.errors = err.errors.slice(0, opts.maxListedErrors ?? 100);
      return { summary, settle };
    }
  }

  async ingest(db: Db, source: Source, opts: IngestOptions): Promise<IngestSummary> {
    const tally = new TypeTally(opts.tenant, opts.workspace);
    try {
      return await ingestLines(db, this.plan, source, opts, tally);
    } finally {
      // Whatever was read but not settled (the call failed: a database error, a body too large) was not written.
      tally.settle('rejected');
      for (const observer of this.observers) observer(tally.counts);
    }
  }

  /**
   * Batches mode over batches parsed elsewhere (the import's parse worker, worker-batches.ts): the
   * same checks, errors and commits as `ingest` in batches mode, with the parsing of the next batch
   * beside the writing of this one even where writes hold this thread (SQLite).
   */
  async ingestParsedBatches(
    db: Db,
    batches: AsyncIterable<ParsedBatch>,
    opts: Omit<IngestOptions, 'mode' | 'maxLineBytes'>,
  ): Promise<IngestSummary> {
    const tally = new TypeTally(opts.tenant, opts.workspace);
    try {
      return await writeBatches(db, this.plan, batches, opts, tally);
    } finally {
      tally.settle('rejected');
      for (const observer of this.observers) observer(tally.counts);
    }
  }
}

/** What every batch of one ingest is applied with. */
function batchOptionsOf(opts: Pick<IngestOptions, 'storePrompts' | 'evaluateRules' | 'runtimeObjectCap' | 'runtimeQuietDays'>) {
  return {
    storePrompts: opts.storePrompts,
    evaluateRules: opts.evaluateRules,
    runtimeObjectCap: opts.runtimeObjectCap,
    runtimeQuietDays: opts.runtimeQuietDays,
  };
}

/**
 * What a batch's commit reaches: the workspace it is written into, so answers kept for other
 * workspaces stay current (platform/db/change-log.ts); widened to everything when the batch wrote
 * a table outside the workspace's (write-watch.ts).
 */
function writtenOf(opts: Pick<IngestOptions, 'tenant' | 'workspace'>): WrittenWorkspace {
  return { tenant: opts.tenant, workspace: opts.workspace };
}

/** A summary with nothing counted yet, and `note`, which lists errors in it up to the options' bound. */
function emptySummary(opts: Pick<IngestOptions, 'maxListedErrors'>) {
  const summary: IngestSummary = { accepted: 0, rejected: 0, errors: [], errorLines: 0, lines: 0 };
  const maxListed = opts.maxListedErrors ?? 100;
  const note = (errors: LineError[]) => {
    summary.errorLines = (summary.errorLines ?? 0) + errors.length;
    for (const e of errors) if (summary.errors.length < maxListed) summary.errors.push(e);
  };
  return { summary, note };
}

async function ingestLines(db: Db, plan: BatchPlan, source: Source, opts: IngestOptions, tally: TypeTally): Promise<IngestSummary> {
  const { summary, note } = emptySummary(opts);
  const clock = opts.now ?? Date.now;
  const batchOptions = batchOptionsOf(opts);
  const lines = ndjsonLines(source, opts.maxLineBytes ?? DEFAULT_MAX_LINE);

  if (opts.mode === 'request') {
    let failed = 0;
    try {
      await db.transaction(async (tx) => {
        let pending: Lined<IngestRecord>[] = [];
        const written: Lined<IngestRecord>[] = [];
        const flush = async () => {
          if (failed === 0 && pending.length) {
            try {
              await applyBatch(db, tx, plan, opts.tenant, opts.workspace, pending, batchOptions, clock());
              if (opts.onWritten) written.push(...pending);
            } catch (err) {
              if (!(err instanceof BatchRejected)) throw err;
              failed += err.errors.length;
              note(err.errors);
            }
          }
          pending = [];
        };
        for await (const group of lines) {
          const now = clock();
          for (const l of group) {
            summary.lines++;
            try {
              const record = parseLine(l, now);
              tally.add(record.type);
              if (failed === 0) pending.push({ line: l.line, record });
            } catch (err) {
              if (!(err instanceof RecordError)) throw err;
              tally.addBad(l.text);
              failed++;
              note([{ line: l.line, message: err.message }]);
            }
          }
          if (pending.length >= opts.batchSize) await flush();
        }
        await flush();
        // Roll back everything written so far: the request is all or nothing.
        if (failed) throw new BatchRejected(summary.errors);
        if (written.length) await opts.onWritten?.(tx, countTypes(written));
      }, writtenOf(opts));
      summary.accepted = summary.lines;
      tally.settle('accepted');
    } catch (err) {
      if (!(err instanceof BatchRejected)) throw err;
      summary.rejected = summary.lines;
      tally.settle('rejected');
    }
    return summary;
  }

  return writeBatches(db, plan, parseBatches(lines, opts.batchSize, clock), opts, tally);
}

/**
 * Batches mode: each batch commits on its own, in order; a batch with a bad line is skipped whole.
 * One batch is written while the producer reads and parses the next: on PostgreSQL the database
 * works on batch k while this process parses batch k+1; on SQLite, whose writes run on this
 * thread, only a producer in a worker thread (worker-batches.ts) parses beside them. Batches still
 * commit one at a time and in order: a batch starts once the one before it has committed (or been
 * skipped), and a database error stops the import at the next batch.
 */
async function writeBatches(
  db: Db,
  plan: BatchPlan,
  batches: AsyncIterable<ParsedBatch>,
  opts: Omit<IngestOptions, 'mode'>,
  tally: TypeTally,
): Promise<IngestSummary> {
  const { summary, note } = emptySummary(opts);
  const clock = opts.now ?? Date.now;
  const batchOptions = batchOptionsOf(opts);
  let writing: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  /** Lines of the batches settled so far (summary.lines runs ahead, into the batch being read). */
  let settledLines = 0;
  const write = async (batch: ParsedBatch, unit: TypeCounts) => {
    if (batch.errors.length === 0) {
      try {
        await db.transaction(async (tx) => {
          await applyBatch(db, tx, plan, opts.tenant, opts.workspace, batch.records, batchOptions, clock());
          await opts.onWritten?.(tx, countTypes(batch.records));
        }, writtenOf(opts));
        summary.accepted += batch.lines;
        tally.settleUnit(unit, 'accepted');
      } catch (err) {
        if (!(err instanceof BatchRejected)) throw err;
        summary.rejected += batch.lines;
        tally.settleUnit(unit, 'rejected');
        note(err.errors);
      }
    } else {
      summary.rejected += batch.lines;
      tally.settleUnit(unit, 'rejected');
      note(batch.errors);
    }
    settledLines += batch.lines;
    opts.onBatch?.({ ...summary, errors: [...summary.errors], lines: settledLines });
  };
  const written = async () => {
    await writing;
    if (failure) throw failure.error;
  };
  try {
    for await (const batch of batches) {
      summary.lines += batch.lines;
      const unit = tally.take(batch.types);
      await written();
      // Caught at once (an error while the next batch is parsed is no unhandled rejection), raised by written().
      writing = write(batch, unit).catch((error: unknown) => {
        failure = { error };
      });
    }
    await written();
  } finally {
    // Never return (or fail, on a read error) while a batch is still being written: the caller may close the database.
    await writing;
  }
  return summary;
}
