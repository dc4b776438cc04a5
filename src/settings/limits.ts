// The service's limits and security settings (docs/CONFIG.md, "Limits and security"; docs/SECURITY.md).

import { originList, setting, url } from './setting.ts';

export const limitSettings = {
  rateLimitMax: setting({
    env: 'AISPM_RATE_LIMIT_MAX',
    type: 'integer',
    default: 6000,
    doc: 'Requests one token may make per window; past it 429 with `Retry-After`. `0` turns the rate limit off. Health checks and the API document are not limited.',
  }),
  rateLimitWindowMs: setting({
    env: 'AISPM_RATE_LIMIT_WINDOW_MS',
    type: 'integer',
    default: 60_000,
    min: 1,
    doc: 'Length of the rate-limit window.',
  }),
  redisUrl: setting({
    env: 'AISPM_REDIS_URL',
    type: 'string',
    default: '',
    shown: '*(none)*',
    check: url('a redis:// or rediss:// URL', /^rediss?:\/\/.+/),
    doc: "`redis://[:password@]host:port[/db]`: rate-limit counters live in this Redis, shared by every replica. Unset: counters are in each process's memory. While Redis is unreachable requests are let through and a warning is logged every 10 s.",
  }),
  corsOrigins: setting({
    env: 'AISPM_CORS_ORIGINS',
    type: 'string',
    default: '',
    shown: '*(none: CORS off)*',
    check: (v) => {
      const bad = originList(v).find((o) => o !== '*' && !/^https?:\/\/[^/\s]+$/.test(o));
      return bad === undefined ? undefined : `an origin (scheme://host[:port], no path) or *, got "${bad}"`;
    },
    doc: 'Comma-separated origins (`https://app.example.com`) browsers may call the API from, or `*` for any.',
  }),
  requestTimeoutMs: setting({
    env: 'AISPM_REQUEST_TIMEOUT_MS',
    type: 'integer',
    default: 300_000,
    min: 1,
    doc: 'Longest time to receive a whole request, body included (408 past it). Large ingest bodies must arrive within it.',
  }),
  headersTimeoutMs: setting({
    env: 'AISPM_HEADERS_TIMEOUT_MS',
    type: 'integer',
    default: 20_000,
    min: 1,
    doc: "Longest time to receive a request's headers (408 past it); bounds slow-header (slowloris) clients. At most `AISPM_REQUEST_TIMEOUT_MS`.",
  }),
  connectionTimeoutMs: setting({
    env: 'AISPM_CONNECTION_TIMEOUT_MS',
    type: 'integer',
    default: 120_000,
    doc: 'A connection with no bytes moving for this long is closed.',
  }),
  keepAliveTimeoutMs: setting({
    env: 'AISPM_KEEP_ALIVE_TIMEOUT_MS',
    type: 'integer',
    default: 72_000,
    doc: 'How long an idle keep-alive connection stays open (longer than the 60 s idle timeout of common load balancers, so they close first).',
  }),
  maxHeaderBytes: setting({
    env: 'AISPM_MAX_HEADER_BYTES',
    type: 'integer',
    default: 16_384,
    min: 1,
    doc: "Largest total size of a request's headers (431 past it).",
  }),
  ingestCpuBudgetMs: setting({
    env: 'AISPM_INGEST_CPU_BUDGET_MS',
    type: 'integer',
    default: 10_000,
    min: 1,
    doc: 'CPU time one request may spend reading its body (a CycloneDX BOM checked against its schema, an OTLP export decoded and mapped), in a worker thread beside the event loop; past it the request is answered 413 naming this setting, and nothing is written. A BOM of 100,000 components takes about 1 s.',
  }),
  bomMaxObjects: setting({
    env: 'AISPM_BOM_MAX_OBJECTS',
    type: 'integer',
    default: 25_000,
    min: 1,
    doc: 'Most objects one CycloneDX BOM sent to the ingest route may describe (its components, and the locations their occurrences name); past it the request is answered 413 naming this setting, and nothing is written. A BOM is written in one transaction and the client waits for all of it: on PostgreSQL 100,000 components took 74 s on a quiet two-core machine and more than the 120 s a connection may stay silent (`AISPM_CONNECTION_TIMEOUT_MS`) on a busy one, so the client never had its answer.',
  }),
  sarifMaxResults: setting({
    env: 'AISPM_SARIF_MAX_RESULTS',
    type: 'integer',
    default: 50_000,
    min: 1,
    doc: 'Most results one SARIF log sent to the ingest route (or `aispm import --format sarif`) may hold; past it the request is answered 413 naming this setting (the CLI exits 1), and nothing is written. A log is written in one transaction: 10,000 results take a few seconds (BENCHMARKS.md, imports).',
  }),
  shutdownGraceMs: setting({
    env: 'AISPM_SHUTDOWN_GRACE_MS',
    type: 'integer',
    default: 10_000,
    doc: 'On SIGTERM or SIGINT, how long in-flight requests may run before the process exits anyway.',
  }),
};
