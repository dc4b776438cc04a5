// Spans waiting for their ancestors (table otlp_pending_spans): exporters send a span when it
// ends, so the model calls and tool calls of an agent run usually arrive before the agent span
// above them, often in another export. Such a span is kept, with the relations and interaction it
// owes its agent, until an export brings its ancestors or it has waited PENDING_TTL_MS
// (src/areas/telemetry/discovery/discover.ts decides; this module reads and writes the rows).

import type { PendingSpan } from './discovery/discover.ts';
import { PENDING_TTL_MS } from './discovery/discover.ts';
import { bulkInsert, chunks, json } from '../../platform/db/bulk.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { param, readJson } from '../../platform/db/database.ts';

/** Most waiting spans settled by one export once they have waited long enough (the rest wait for the next). */
const EXPIRED_PER_EXPORT = 1000;

/** The waiting spans of these traces, and the workspace's oldest ones past their wait. */
export async function loadPending(
  db: Db,
  tx: Executor,
  tenant: string,
  workspace: string,
  traces: string[],
  now: number,
): Promise<PendingSpan[]> {
  const out = new Map<string, PendingSpan>();
  const byTrace = db.template('otlp.pending-of-traces', (b, d) =>
    b
      .selectFrom('otlp_pending_spans')
      .select(['span_id', 'body'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inList('trace_id', param('ids'))),
  );
  for (const part of chunks([...new Set(traces)], 1000)) {
    for (const r of await tx.all(byTrace, { tenant, workspace, ids: part })) out.set(r.span_id, readJson<PendingSpan>(r.body)!);
  }
  const expired = db.template('otlp.pending-expired', (b) =>
    b
      .selectFrom('otlp_pending_spans')
      .select(['span_id', 'body'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('received_at', '<', param<number>('before'))
      .orderBy('received_at')
      .limit(EXPIRED_PER_EXPORT),
  );
  for (const r of await tx.all(expired, { tenant, workspace, before: now - PENDING_TTL_MS }))
    out.set(r.span_id, readJson<PendingSpan>(r.body)!);
  return [...out.values()];
}

/** Keeps the spans that wait, forgets those settled. */
export async function savePending(
  db: Db,
  tx: Executor,
  tenant: string,
  workspace: string,
  keep: PendingSpan[],
  forget: Array<{ traceId: string; spanId: string }>,
): Promise<void> {
  const del = db.template('otlp.pending-forget', (b, d) =>
    b
      .deleteFrom('otlp_pending_spans')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['trace_id', 'span_id'], param('keys'))),
  );
  for (const part of chunks(forget, 1000))
    await tx.run(del, { tenant, workspace, keys: JSON.stringify(part.map((p) => [p.traceId, p.spanId])) });
  await bulkInsert(
    tx,
    'otlp_pending_spans',
    ['tenant_id', 'workspace_id', 'trace_id', 'span_id', 'body', 'received_at'],
    keep.map((p) => [tenant, workspace, p.traceId, p.spanId, json(p), p.receivedAt]),
    { keys: ['tenant_id', 'workspace_id', 'trace_id', 'span_id'], update: { body: 'excluded.body', received_at: 'excluded.received_at' } },
  );
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs the exports into one workspace one at a time in this process: an export reads the waiting
 * spans, then writes what is left waiting, and two at once (an SDK's simple processor sends each
 * span on its own request, concurrently) would each miss the other's. Replicas do not share this;
 * a span missed that way is settled as a root once it has waited PENDING_TTL_MS.
 */
export function oneAtATime<T>(tenant: string, workspace: string, fn: () => Promise<T>): Promise<T> {
  const key = `${tenant}\u0000${workspace}`;
  const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}
