// Prometheus metrics at GET /metrics (prom-client, text format): requests by route pattern and
// status with their durations, ingested records by type and outcome, database connection use, and
// the process's own figures (event-loop lag, CPU, memory, GC) from prom-client's defaults.
//
// Labels never carry a raw URL or an id: a route is its pattern (`/api/v1/aispm-models/tenants/
// :tenant_id/workspaces/:workspace_id`), and requests that matched no route share one label. The
// endpoint needs a token with the `metrics` scope (docs/OPERATIONS.md says why).
//
// Per request the cost is three Map lookups and a few additions in the onResponse hook, after the
// answer has been sent; prom-client hears of them when /metrics is read.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { AppContext } from './context.ts';
import { routeOf } from './route-of.ts';

/** Records ingested by one call, by type and outcome (what the ingest pipeline reports). */
export interface IngestCounts {
  accepted: Partial<Record<string, number>>;
  rejected: Partial<Record<string, number>>;
}

/** Subscribes a listener to every ingest call's counts; returns the unsubscribe. */
export type IngestCountsSource = (listener: (counts: IngestCounts) => void) => () => void;

/** Subscribes a listener to every OTLP export's counts (`spans.received`, `mapped.<type>`, `ignored.<reason>`, …). */
export type OtlpCountsSource = (listener: (counts: ReadonlyMap<string, number>) => void) => () => void;

/** The label of requests that matched no route (404s, malformed URLs). */
export const UNMATCHED_ROUTE = '(unmatched)';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

// Event-loop lag, memory and the like describe the process, not one app: collected once, into a
// registry of their own, however many apps a process builds (tests build many).
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/** Requests of one label set: how many (and how many prom-client was told of), their seconds, per bucket (the last: above every bound). */
interface Tally {
  labels: { method: string; route: string; status: string };
  count: number;
  counted: number;
  sum: number;
  buckets: number[];
}

function newTally(labels: Tally['labels']): Tally {
  return { labels, count: 0, counted: 0, sum: 0, buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0) };
}

function* allTallies(tallies: Map<string, Map<string, Map<number, Tally>>>): Generator<Tally> {
  for (const routes of tallies.values()) for (const statuses of routes.values()) yield* statuses.values();
}

/**
 * The request-duration histogram as prom-client's registry reads a metric (`get()`): the same
 * series a prom-client Histogram gives (cumulative `_bucket` with `le`, `_sum`, `_count`), read
 * from the tallies kept per request.
 */
function durationsMetric(name: string, help: string, tallies: () => Iterable<Tally>) {
  return {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    reset() {},
    get() {
      // As prom-client lays them out: `le` first, then the label set (its "shared" labels).
      const values: Array<{ metricName: string; labels: Record<string, string | number>; sharedLabels: Tally['labels']; value: number }> =
        [];
      for (const t of tallies()) {
        let cumulative = 0;
        for (let i = 0; i <= DURATION_BUCKETS.length; i++) {
          cumulative += t.buckets[i]!;
          const le = i < DURATION_BUCKETS.length ? DURATION_BUCKETS[i]! : '+Inf';
          values.push({ metricName: `${name}_bucket`, labels: { le }, sharedLabels: t.labels, value: cumulative });
        }
        values.push({ metricName: `${name}_sum`, labels: {}, sharedLabels: t.labels, value: t.sum });
        values.push({ metricName: `${name}_count`, labels: {}, sharedLabels: t.labels, value: t.count });
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
  };
}

/** A counter whose value is read from a running total when scraped. */
function totalCounter(registry: Registry, name: string, help: string, read: () => number | undefined): void {
  let reported = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now === undefined) return;
      if (now > reported) this.inc(now - reported);
      reported = now;
    },
  });
}

export function registerMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  ingestCounts?: IngestCountsSource,
  otlpCounts?: OtlpCountsSource,
): void {
  // Started with the app, not at the first scrape, so the event-loop histogram has samples by then.
  const processWide = processMetrics();
  const registry = new Registry();
  const engine = ctx.db.dialect.name;

  new Gauge({
    name: 'aispm_build_info',
    help: 'Constant 1, labelled with the service version, database engine and Node.js version.',
    labelNames: ['version', 'engine', 'node'],
    registers: [registry],
  }).set({ version: '1.0.0', engine, node: process.version }, 1);

  // Per request: a tally of the label set (found through maps of the strings the request already
  // holds: no key string, no label object) gains one; prom-client is told at scrape time. Its own
  // child updates built a label object and hashed it on each call, twice a request.
  const tallies = new Map<string, Map<string, Map<number, Tally>>>();
  new Counter({
    name: 'aispm_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    collect() {
      for (const t of allTallies(tallies)) {
        if (t.count > t.counted) this.inc(t.labels, t.count - t.counted);
        t.counted = t.count;
      }
    },
  });
  registry.registerMetric(
    durationsMetric(
      'aispm_http_request_duration_seconds',
      'Time from receiving a request to sending its answer, by method, route pattern and status.',
      () => allTallies(tallies),
    ) as never,
  );
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const route = routeOf(request).url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    let routes = tallies.get(method);
    if (!routes) tallies.set(method, (routes = new Map()));
    let statuses = routes.get(route);
    if (!statuses) routes.set(route, (statuses = new Map()));
    let t = statuses.get(status);
    if (!t) statuses.set(status, (t = newTally({ method, route, status: String(status) })));
    const seconds = reply.elapsedTime / 1000;
    t.count++;
    t.sum += seconds;
    let b = 0;
    while (b < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[b]!) b++;
    t.buckets[b]!++;
    done();
  });

  const ingested = new Counter({
    name: 'aispm_ingest_records_total',
    help: 'Ingested records by record type and outcome: accepted (written) or rejected (a bad line, or a good one in a batch a bad line sank).',
    labelNames: ['type', 'outcome'],
    registers: [registry],
  });
  const stopListening = ingestCounts?.((counts) => {
    for (const outcome of ['accepted', 'rejected'] as const) {
      for (const [type, n] of Object.entries(counts[outcome])) if (n) ingested.inc({ type, outcome }, n);
    }
  });
  if (stopListening) app.addHook('onClose', async () => stopListening());

  // OTLP spans by what became of them; attribute keys and workspaces are not labels (the stats endpoint has them).
  const spans = new Counter({
    name: 'aispm_otlp_spans_total',
    help: 'OTLP spans by outcome (received, mapped, ignored, rejected) and detail (the object type mapped, the reason ignored).',
    labelNames: ['outcome', 'detail'],
    registers: [registry],
  });
  const objects = new Counter({
    name: 'aispm_otlp_objects_total',
    help: 'Inventory objects OTLP spans created, and those refused past the workspace cap.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // Group commit of OTLP exports: exports a group held over groups is how many share a commit (AISPM_OTLP_GROUP_WAIT_MS).
  const groups = new Counter({
    name: 'aispm_otlp_group_commits_total',
    help: 'Write transactions shared by the OTLP exports into one workspace that arrived together, by outcome (committed, failed).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const groupExports = new Counter({
    name: 'aispm_otlp_group_exports_total',
    help: 'OTLP exports written in those shared transactions, by the outcome of their transaction (committed, failed: answered 503).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const stopOtlp = otlpCounts?.((counts) => {
    for (const [metric, n] of counts) {
      if (!n) continue;
      const [head, detail = ''] = metric.split(/\.(.*)/s, 2) as [string, string?];
      if (head === 'spans') spans.inc({ outcome: 'received', detail: '' }, n);
      else if (head === 'mapped' || head === 'ignored') spans.inc({ outcome: head, detail }, n);
      else if (head === 'rejected') spans.inc({ outcome: 'rejected', detail: '' }, n);
      else if (metric === 'objects.refused') objects.inc({ outcome: 'refused' }, n);
      else if (metric === 'objects.created') objects.inc({ outcome: 'created' }, n);
      else if (head === 'groups') groups.inc({ outcome: detail }, n);
      else if (head === 'group_exports') groupExports.inc({ outcome: detail }, n);
    }
  });
  if (stopOtlp) app.addHook('onClose', async () => stopOtlp());

  new Gauge({
    name: 'aispm_db_pool_connections',
    help: "Database connections of this process by state: open, idle, in_use, and max (the pool's limit).",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = ctx.db.poolStats();
      this.set({ state: 'open' }, s.open);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'in_use' }, s.open - s.idle);
      this.set({ state: 'max' }, s.max);
    },
  });
  new Gauge({
    name: 'aispm_db_pool_waiting',
    help: 'Callers waiting now for a database connection (PostgreSQL) or for the write lock (SQLite).',
    registers: [registry],
    collect() {
      this.set(ctx.db.poolStats().waiting);
    },
  });
  // Only an engine with a write lock of ours (SQLite) reports its waits.
  if (ctx.db.poolStats().writeLock) {
    totalCounter(
      registry,
      'aispm_db_write_lock_acquired_total',
      'Times a writer took the SQLite write lock.',
      () => ctx.db.poolStats().writeLock?.acquired,
    );
    totalCounter(
      registry,
      'aispm_db_write_lock_wait_seconds_total',
      'Seconds writers spent waiting for the SQLite write lock.',
      () => ctx.db.poolStats().writeLock?.waitSeconds,
    );
  }

  app.get('/metrics', { config: { access: 'metrics' }, schema: { hide: true } }, async (_request, reply) => {
    const text = (await processWide.metrics()) + (await registry.metrics());
    return reply.type(registry.contentType).send(text);
  });
}
