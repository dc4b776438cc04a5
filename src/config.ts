// Settings: every variable the code reads, declared once. Each entry gives the variable, its type,
// default, bounds and meaning; the `Config` type, parsing, the checks at start, the CLI's
// `--help` defaults and the tables of docs/CONFIG.md (scripts/config-doc.ts) all derive from it.
// Service settings come from the environment (AISPM_*) overridden by CLI flags and are checked once
// at start: a bad value stops the process with one line naming the variable, never a stack trace.
// Nothing outside this module reads process.env (test/config.test.ts checks it): the CLI's own
// variables, the diagnostics and the internal ones are read here too, through `readSetting`.

type Type = 'string' | 'integer' | 'boolean';
type ValueOf<T extends Type> = T extends 'integer' ? number : T extends 'boolean' ? boolean : string;

interface Setting<T extends Type> {
  env: string;
  type: T;
  default: ValueOf<T>;
  /** What docs/CONFIG.md shows as the default where the value would mislead (a generated secret, "none"). */
  shown?: string;
  /** Bounds of a whole number, inclusive. */
  min?: number;
  max?: number;
  /** The values a string may take. */
  oneOf?: readonly string[];
  /** A check beyond type and bounds: what is wrong with the value (after "expected"), or undefined. */
  check?: (value: ValueOf<T>) => string | undefined;
  /** The meaning, as docs/CONFIG.md gives it (Markdown). */
  doc: string;
}

const setting = <T extends Type>(s: Setting<T>): Setting<T> => s;

const originList = (v: string): string[] =>
  v
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

const url = (schemes: string, pattern: RegExp) => (v: string) => (v === '' || pattern.test(v) ? undefined : `expected ${schemes}`);

/** What the service reads: its settings, then its limits (docs/CONFIG.md has one table of each). */
const serviceSettings = {
  db: setting({
    env: 'AISPM_DB',
    type: 'string',
    default: 'sqlite:./data/aispm.db',
    check: (v) => (/^sqlite:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v) ? undefined : 'expected sqlite:<path> or a postgres:// URL'),
    doc: 'Database: `sqlite:<path>` (embedded, created on first use) or a `postgres://user@host:port/db` URL.',
  }),
  host: setting({
    env: 'AISPM_HOST',
    type: 'string',
    default: '127.0.0.1',
    doc: 'Address to bind. Use `0.0.0.0` behind a load balancer.',
  }),
  port: setting({
    env: 'AISPM_PORT',
    type: 'integer',
    default: 8080,
    max: 65535,
    doc: 'Port to listen on.',
  }),
  logLevel: setting({
    env: 'AISPM_LOG_LEVEL',
    type: 'string',
    default: 'info',
    oneOf: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    doc: '`fatal`, `error`, `warn`, `info` (one JSON line per request), `debug`, `trace` or `silent`.',
  }),
  migrate: setting({
    env: 'AISPM_MIGRATE',
    type: 'boolean',
    default: true,
    doc: 'Apply pending migrations when `serve` starts (`--no-migrate` to skip; then the schema must be current).',
  }),
  cursorSecret: setting({
    env: 'AISPM_CURSOR_SECRET',
    type: 'string',
    default: '',
    shown: '*(generated)*',
    doc: 'Secret that signs paging cursors. When unset, one is generated at the first migration and kept in the database, so every replica shares it.',
  }),
  authCacheMs: setting({
    env: 'AISPM_AUTH_CACHE_MS',
    type: 'integer',
    default: 5000,
    doc: 'How long a verified token stays cached in memory; a revocation takes effect within this bound.',
  }),
  storePrompts: setting({
    env: 'AISPM_STORE_PROMPTS',
    type: 'boolean',
    default: true,
    doc: 'Keep the prompt and response text of LLM interactions; `false` drops them at ingest.',
  }),
  runtimeObjectCap: setting({
    env: 'AISPM_RUNTIME_OBJECT_CAP',
    type: 'integer',
    default: 10_000,
    doc: 'Most inventory objects OpenTelemetry traces may create in one workspace; past it spans still become interactions but create no objects, and the OTLP answer and stats say so (docs/RUNTIME.md, "Bounds").',
  }),
  runtimeQuietDays: setting({
    env: 'AISPM_RUNTIME_QUIET_DAYS',
    type: 'integer',
    default: 14,
    doc: 'A declared agent that telemetry once reported and has not reported for this many days is reported by the posture rule "Declared agent not seen at runtime".',
  }),
  retentionDays: setting({
    env: 'AISPM_RETENTION_DAYS',
    type: 'integer',
    default: 0,
    doc: 'Age after which raw LLM interactions are deleted (sessions and daily cost keep their totals); `0` keeps them.',
  }),
  pricesFile: setting({
    env: 'AISPM_PRICES_FILE',
    type: 'string',
    default: '',
    shown: '*(none)*',
    doc: 'JSON file of service-wide model prices (`[{"model", "input_per_million", "output_per_million"}]`), ranked above the shipped table and below a tenant\'s own `price` records. See [RUNTIME.md](RUNTIME.md).',
  }),
  ingestMaxBytes: setting({
    env: 'AISPM_INGEST_MAX_BYTES',
    type: 'integer',
    default: 256 * 1024 * 1024,
    doc: 'Largest ingest or OTLP body, counted after decompression (413 past it).',
  }),
  bodyLimit: setting({
    env: 'AISPM_BODY_LIMIT',
    type: 'integer',
    default: 1024 * 1024,
    doc: 'Largest JSON body of other endpoints.',
  }),
  importBatch: setting({
    env: 'AISPM_IMPORT_BATCH',
    type: 'integer',
    default: 50_000,
    min: 1,
    doc: 'Records per transaction for `aispm import`.',
  }),
  importWorker: setting({
    env: 'AISPM_IMPORT_WORKER',
    type: 'boolean',
    default: true,
    doc: '`aispm import` reads and parses its file in a worker thread, beside the writes (on SQLite they hold the main thread); `false` parses on the main thread, batch after batch. Same batches, checks and commits either way. The worker pays off when a second core is free (SQLite, 300,000 interactions: 81,000–85,000/s against 75,000–80,000/s); on a machine whose cores are busy with other work it costs more CPU than it saves and `false` was faster (69,000–70,000 against 62,000–67,000/s).',
  }),
  pgPool: setting({
    env: 'AISPM_PG_POOL',
    type: 'integer',
    default: 10,
    min: 1,
    doc: 'PostgreSQL connections per process.',
  }),
  pgQueryTimeoutMs: setting({
    env: 'AISPM_PG_QUERY_TIMEOUT_MS',
    type: 'integer',
    default: 30_000,
    doc: 'A PostgreSQL query with no answer for this long fails with 503 and its connection is dropped (a server that went silent, e.g. behind a network partition, cannot hold requests forever). `0`: no limit.',
  }),
  pgReadPipes: setting({
    env: 'AISPM_PG_READ_PIPES',
    type: 'integer',
    default: 2,
    max: 16,
    doc: "PostgreSQL connections per process, beside the pool, that carry reads outside transactions pipelined: the statements of the requests arriving together leave in one write and the server answers them back to back (src/platform/db/postgres/read-pipes.ts). A read that would queue behind a statement running longer than 5 ms takes a pooled connection instead, as do statements binding a related filter's ids and any statement whose first three runs each took over 2 ms on the server (one run in 32 of such a statement goes down a pipe again, and one under 2 ms there brings it back). `0`: every read takes a pooled connection. 0..16.",
  }),
  workers: setting({
    env: 'AISPM_WORKERS',
    type: 'integer',
    default: 1,
    min: 1,
    max: 64,
    doc: 'HTTP worker processes (`node:cluster`).',
  }),
  semiSpaceMb: setting({
    env: 'AISPM_SEMI_SPACE_MB',
    type: 'integer',
    default: 4,
    doc: "`serve` and `start`: V8's young generation bound, MiB (`--max-semi-space-size`). V8 reads it only at start, so the command replaces itself with node given the flag (execve; its child where execve does not exist), unless node was given it or `--heap-growing-percent` itself; `0` keeps V8's default, under which 50 concurrent connections grew it to 128 MiB for no throughput (BENCHMARKS.md). `AISPM_REEXECUTED` marks that child (internal).",
  }),
  heapGrowthPercent: setting({
    env: 'AISPM_HEAP_GROWTH_PERCENT',
    type: 'integer',
    default: 50,
    doc: "`serve` and `start`: how far V8's old generation may grow past what a major collection kept before the next one, percent (`--heap-growing-percent`; read only at start, given to node like `AISPM_SEMI_SPACE_MB`, and node given either flag itself sets both). `0` keeps V8's own factor, up to 4×: the old space then held up to four times the live heap in dead objects between collections (docs/OPERATIONS.md). Not a hard limit: a heap that needs more still grows.",
  }),
  responseCacheMb: setting({
    env: 'AISPM_RESPONSE_CACHE_MB',
    type: 'integer',
    default: 64,
    doc: 'Memory for answers of read routes (inventory, sessions, histogram, client storage) kept while the data behind them is unchanged; every write, and every commit by another process (SQLite) or replica (PostgreSQL LISTEN/NOTIFY), makes older answers stale. An answer is kept from the second time its URL is read (one-off reads of ever-different ids do not fill it), and callers asking for an answer being read wait for that read. `0` turns it off.',
  }),
  storageNameMaxBytes: setting({
    env: 'AISPM_STORAGE_NAME_MAX_BYTES',
    type: 'integer',
    default: 256,
    // Three names of this size share one primary-key index entry, which PostgreSQL caps near 2.7 kB.
    min: 1,
    max: 512,
    doc: 'Longest client-storage `client_id`, `namespace` or `key`, in UTF-8 bytes (1–512); 400 past it.',
  }),
  storageValueMaxBytes: setting({
    env: 'AISPM_STORAGE_VALUE_MAX_BYTES',
    type: 'integer',
    default: 256 * 1024,
    min: 2, // the size of {}
    doc: 'Largest client-storage value, as compact JSON in UTF-8 bytes; 413 past it.',
  }),
  storageMaxEntriesPerUser: setting({
    env: 'AISPM_STORAGE_MAX_ENTRIES_PER_USER',
    type: 'integer',
    default: 10_000,
    doc: 'Entries one user may keep in one tenant over the tenant + user and user scopes (0: no cap); 507 past it.',
  }),
  postureRules: setting({
    env: 'AISPM_POSTURE_RULES',
    type: 'boolean',
    default: true,
    doc: 'Evaluate the posture rules (docs/POSTURE.md) over the inventory after every ingest batch; `false` leaves findings to ingest alone until `aispm rules evaluate` runs.',
  }),
  pathMaxStarts: setting({
    env: 'AISPM_PATH_MAX_STARTS',
    type: 'integer',
    default: 2000,
    doc: 'Objects a path query (`GET /graph/paths/…`) may start from; a `from` matching more answers 400 asking for `from.` filters.',
  }),
  pathMaxVisits: setting({
    env: 'AISPM_PATH_MAX_VISITS',
    type: 'integer',
    default: 300_000,
    doc: 'States (start, object, via stage) a path query may visit over all its starts; more answers 400 naming the bounds to tighten (docs/GRAPH.md).',
  }),
  jobsConcurrency: setting({
    env: 'AISPM_JOBS_CONCURRENCY',
    type: 'integer',
    default: 2,
    max: 64,
    doc: 'Background jobs (view exports, webhook deliveries) this process runs at once; `0` runs none, leaving them to other replicas. See [OPERATIONS.md](OPERATIONS.md#background-jobs).',
  }),
  jobsPollMs: setting({
    env: 'AISPM_JOBS_POLL_MS',
    type: 'integer',
    default: 1000,
    min: 1,
    doc: 'How often an idle process looks for due background jobs (a job queued by this process starts at once).',
  }),
  jobsLeaseMs: setting({
    env: 'AISPM_JOBS_LEASE_MS',
    type: 'integer',
    default: 30_000,
    min: 1,
    doc: "How long a process's claim on a running job holds without renewal (renewed every third of it); the jobs of a process that died are taken up by others once it lapses.",
  }),
  jobsRetryBaseMs: setting({
    env: 'AISPM_JOBS_RETRY_BASE_MS',
    type: 'integer',
    default: 5000,
    min: 1,
    doc: 'Delay before the first retry of a failed job attempt; each further retry waits twice as long, with jitter.',
  }),
  jobsRetryMaxMs: setting({
    env: 'AISPM_JOBS_RETRY_MAX_MS',
    type: 'integer',
    default: 600_000,
    min: 1,
    doc: 'Longest delay between retries of a job.',
  }),
  exportDir: setting({
    env: 'AISPM_EXPORT_DIR',
    type: 'string',
    default: './data/exports',
    check: (v) => (v.trim() === '' ? 'a directory' : undefined),
    doc: 'Where exports of saved views are written (docs/VIEWS.md); created when missing. Replicas must share it (a volume every replica mounts).',
  }),
  exportPageRows: setting({
    env: 'AISPM_EXPORT_PAGE_ROWS',
    type: 'integer',
    default: 5000,
    min: 1,
    max: 10_000,
    doc: 'Rows an export reads per page of its list (1–10000).',
  }),
  publicUrl: setting({
    env: 'AISPM_PUBLIC_URL',
    type: 'string',
    default: '',
    shown: '*(none)*',
    check: url('an http:// or https:// URL', /^https?:\/\/[^/\s]+(\/[^\s]*)?$/),
    doc: "The service's public base URL (`https://aispm.example.com`): the links in webhook events are absolute under it. Unset: they are paths (`/api/v1/…`).",
  }),
  webhookAllowHttp: setting({
    env: 'AISPM_WEBHOOK_ALLOW_HTTP',
    type: 'boolean',
    default: false,
    doc: 'Let webhook subscriptions use `http://` URLs. Off: https only. For a receiver on a trusted network, and the tests.',
  }),
  webhookAllowPrivate: setting({
    env: 'AISPM_WEBHOOK_ALLOW_PRIVATE',
    type: 'boolean',
    default: false,
    doc: 'Let webhooks reach loopback, private, link-local, carrier-grade NAT and other non-public addresses. Off: refused at creation for literal addresses, and at every delivery after DNS resolution (see [WEBHOOKS.md](WEBHOOKS.md#outbound-safety)).',
  }),
  webhookTimeoutMs: setting({
    env: 'AISPM_WEBHOOK_TIMEOUT_MS',
    type: 'integer',
    default: 10_000,
    min: 1,
    doc: 'Longest time one delivery attempt may take, connection to response; past it the attempt failed.',
  }),
  webhookRetryBaseMs: setting({
    env: 'AISPM_WEBHOOK_RETRY_BASE_MS',
    type: 'integer',
    default: 30_000,
    min: 1,
    doc: 'Delay before the first retry of a failed delivery; each further retry waits twice as long (with jitter: between half and all of it), up to `AISPM_WEBHOOK_RETRY_MAX_MS`.',
  }),
  webhookRetryMaxMs: setting({
    env: 'AISPM_WEBHOOK_RETRY_MAX_MS',
    type: 'integer',
    default: 3_600_000,
    min: 1,
    doc: 'Longest delay between two attempts of a delivery.',
  }),
  webhookRetryPeriodMs: setting({
    env: 'AISPM_WEBHOOK_RETRY_PERIOD_MS',
    type: 'integer',
    default: 86_400_000,
    min: 1,
    doc: 'How long a delivery is retried (24 h); then it is given up, and its subscription disabled with the reason when nothing got through to it during that period.',
  }),
  webhookMaxPayloadBytes: setting({
    env: 'AISPM_WEBHOOK_MAX_PAYLOAD_BYTES',
    type: 'integer',
    default: 64 * 1024,
    min: 4096,
    doc: 'Largest event sent, in bytes of JSON (at least 4096); longer texts in it are shortened to fit.',
  }),
};

const limitSettings = {
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
  shutdownGraceMs: setting({
    env: 'AISPM_SHUTDOWN_GRACE_MS',
    type: 'integer',
    default: 10_000,
    doc: 'On SIGTERM or SIGINT, how long in-flight requests may run before the process exits anyway.',
  }),
};

/** What the CLI's queries read (clients of a running service, docs/CLIENT.md); never the service. */
const clientSettings = {
  url: setting({
    env: 'AISPM_URL',
    type: 'string',
    default: 'http://127.0.0.1:8080',
    check: url('an http:// or https:// URL', /^https?:\/\/[^/]/),
    doc: 'The service the query commands (and `aispm mcp` without `--direct`) talk to.',
  }),
  token: setting({
    env: 'AISPM_TOKEN',
    type: 'string',
    default: '',
    shown: '*(none; required by the query commands)*',
    doc: 'The API token they send (`read`; `storage` to write client storage; `webhooks` for `aispm webhooks`; `read` for `aispm mcp`). Never a flag, so it stays out of shell history.',
  }),
  tenant: setting({
    env: 'AISPM_TENANT',
    type: 'string',
    default: '',
    shown: '*(none)*',
    doc: 'The tenant of the query commands when `--tenant` is not given.',
  }),
  workspace: setting({
    env: 'AISPM_WORKSPACE',
    type: 'string',
    default: '',
    shown: '*(none)*',
    doc: 'The workspace of the query commands when `--workspace` is not given.',
  }),
  columns: setting({
    env: 'COLUMNS',
    type: 'integer',
    default: 120,
    shown: "the terminal's width, else `120`",
    doc: 'Width the query commands fit tables to when the output is not a terminal.',
  }),
};

/** Diagnostics and the process's own plumbing: read where they act, not part of the service's Config. */
const toolingSettings = {
  sqlProfile: setting({
    env: 'AISPM_SQL_PROFILE',
    type: 'boolean',
    default: false,
    shown: '*(off)*',
    doc: '`1` prints the time spent per SQL statement when the process exits.',
  }),
  sqliteDriver: setting({
    env: 'AISPM_SQLITE_DRIVER',
    type: 'string',
    default: 'node',
    oneOf: ['node', 'better'],
    doc: "The SQLite driver: `node` (Node's built-in `node:sqlite`) or `better` (better-sqlite3); see BENCHMARKS.md for how they compare.",
  }),
  workerIndex: setting({
    env: 'AISPM_WORKER_INDEX',
    type: 'string',
    default: '',
    shown: '*(set by the primary)*',
    doc: 'Which worker a process is under `serve --workers N` (0 runs the maintenance job); not for operators to set.',
  }),
  reexecuted: setting({
    env: 'AISPM_REEXECUTED',
    type: 'boolean',
    default: false,
    shown: '*(set by `serve`)*',
    doc: 'Marks the child `serve` and `start` run the service in where execve does not exist (see `AISPM_SEMI_SPACE_MB`); not for operators to set.',
  }),
};

/** Read by the test suite and its scripts (outside src/), declared here so that docs/CONFIG.md lists them from one place. */
const testSettings = {
  testPg: setting({
    env: 'AISPM_TEST_PG',
    type: 'string',
    default: 'postgres://postgres@127.0.0.1:5432/postgres',
    doc: 'The PostgreSQL server the test suite creates its databases on.',
  }),
  testRedis: setting({
    env: 'AISPM_TEST_REDIS',
    type: 'string',
    default: 'redis://127.0.0.1:6379',
    doc: 'The Redis the rate-limit suite shares counters through (two replicas of the app).',
  }),
  fuzzRuns: setting({
    env: 'AISPM_FUZZ_RUNS',
    type: 'integer',
    default: 6000,
    doc: 'Requests the hostile-input suite generates per engine (12,000 a run; see SECURITY.md).',
  }),
  fuzzSeed: setting({
    env: 'AISPM_FUZZ_SEED',
    type: 'string',
    default: '20260815',
    doc: 'Seed of the hostile-input generator; `random` explores new cases each run (the failing seed is printed).',
  }),
  chromium: setting({
    env: 'AISPM_CHROMIUM',
    type: 'string',
    default: '',
    shown: "the system's (`/usr/bin/chromium`, `chromium-browser`, `google-chrome`), else Debian's installed by `npm test`",
    doc: 'The Chromium the browser tests drive.',
  }),
};

type Settings<S> = { [K in keyof S]: S[K] extends Setting<infer T> ? ValueOf<T> : never };

const configSettings = { ...serviceSettings, ...limitSettings };
export type Config = Settings<typeof configSettings>;
export type ConfigKey = Extract<keyof Config, string>;
const allSettings = { ...configSettings, ...clientSettings, ...toolingSettings, ...testSettings };
export type SettingKey = Extract<keyof typeof allSettings, string>;
type SettingValue<K extends SettingKey> = Settings<typeof allSettings>[K];

/** The settings as docs/CONFIG.md presents them: one table per group, in this order. */
export const settingGroups: ReadonlyArray<{ title: string; settings: Readonly<Record<string, Setting<Type>>> }> = [
  { title: 'service', settings: serviceSettings },
  { title: 'limits', settings: limitSettings },
  { title: 'clients', settings: clientSettings },
  { title: 'tooling', settings: toolingSettings },
  { title: 'tests', settings: testSettings },
];

const byKey: ReadonlyMap<string, Setting<Type>> = new Map(Object.entries(allSettings));
const configKeys = Object.keys(configSettings) as ConfigKey[];

/** Environment variable behind each setting of the service. */
export const envNames = Object.fromEntries(configKeys.map((k) => [k, configSettings[k].env])) as Record<ConfigKey, string>;

export class ConfigError extends Error {}

/** Parses one raw value (from the environment or a flag) and checks it; `source` names it in the error. */
function parseValue(s: Setting<Type>, raw: string, source: string): string | number | boolean {
  let value: string | number | boolean = raw;
  if (s.type === 'boolean') {
    if (/^(1|true|yes|on)$/i.test(raw)) value = true;
    else if (/^(0|false|no|off)$/i.test(raw)) value = false;
    else throw new ConfigError(`${source}: expected true or false, got "${raw}"`);
  } else if (s.type === 'integer') {
    if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${source}: expected a whole number, got "${raw}"`);
    value = Number(raw.trim());
  }
  checkValue(s, value, source);
  return value;
}

function checkValue(s: Setting<Type>, value: string | number | boolean, source: string): void {
  if (typeof value === 'number') {
    const { min = 0, max } = s;
    if (value < min || (max !== undefined && value > max)) {
      throw new ConfigError(
        max === undefined ? `${source}: expected at least ${min}, got ${value}` : `${source}: expected ${min}..${max}, got ${value}`,
      );
    }
  }
  if (typeof value === 'string' && s.oneOf && !s.oneOf.includes(value)) {
    throw new ConfigError(`${source}: expected one of ${s.oneOf.join(', ')}, got "${value}"`);
  }
  const problem = (s.check as ((v: unknown) => string | undefined) | undefined)?.(value);
  if (problem)
    throw new ConfigError(`${source}: ${problem}${typeof value === 'string' && !problem.includes('got') ? `, got "${value}"` : ''}`);
}

/** Checks between settings, once each is valid on its own. */
function checkTogether(config: Config): void {
  // Node refuses a server whose header deadline falls after its whole-request deadline.
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    throw new ConfigError(
      `${envNames.headersTimeoutMs}: ${config.headersTimeoutMs} is longer than ${envNames.requestTimeoutMs} (${config.requestTimeoutMs})`,
    );
  }
}

/**
 * Builds the service's configuration from the environment, then from `overrides` (CLI flags,
 * already named as Config keys; strings are parsed like environment values).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<ConfigKey, string | number | boolean | undefined>> = {},
): Config {
  const config = new Map<string, string | number | boolean>();
  for (const key of configKeys) {
    const s = configSettings[key] as Setting<Type>;
    const raw = env[s.env];
    config.set(key, raw !== undefined && raw !== '' ? parseValue(s, raw, s.env) : s.default);
  }
  for (const [key, v] of Object.entries(overrides)) {
    const s = Object.hasOwn(configSettings, key) ? byKey.get(key) : undefined;
    if (v === undefined || s === undefined) continue;
    if (typeof v === 'string') config.set(key, parseValue(s, v, `--${key}`));
    else {
      checkValue(s, v, `--${key}`);
      config.set(key, v);
    }
  }
  const result = Object.fromEntries(config) as Config;
  checkTogether(result);
  return result;
}

/**
 * One setting outside the service's Config (the CLI's, a diagnostic, the process's plumbing), or a
 * Config setting needed before the configuration is loaded: its value in `env`, else its default.
 * A bad value throws ConfigError naming the variable.
 */
export function readSetting<K extends SettingKey>(key: K, env: NodeJS.ProcessEnv = process.env): SettingValue<K> {
  const s = byKey.get(key)!;
  const raw = env[s.env];
  return (raw !== undefined && raw !== '' ? parseValue(s, raw, s.env) : s.default) as SettingValue<K>;
}

/** The variable behind a setting (for a flag that falls back to it). */
export const settingEnv = (key: SettingKey): string => byKey.get(key)!.env;

/** The environment of this process, to hand on whole to a process it starts (never read here by name). */
export const processEnvironment = (): NodeJS.ProcessEnv => process.env;

/** Removes a setting from this process's environment, so that the processes it starts do not inherit it. */
export function clearSetting(key: SettingKey): void {
  delete process.env[byKey.get(key)!.env];
}

/** `--help` text of a flag that sets a setting: what it does, then its variable and default. */
export function flagHelp(key: ConfigKey, text: string): string {
  const s = configSettings[key] as Setting<Type>;
  return `${text} (env ${s.env}, default ${s.shown ?? String(s.default)})`;
}

/** The configured CORS origins; empty when CORS is off. */
export function corsOriginList(config: Pick<Config, 'corsOrigins'>): string[] {
  return originList(config.corsOrigins);
}

export function isPostgres(db: string): boolean {
  return db.startsWith('postgres');
}
