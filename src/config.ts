// Configuration: environment variables (AISPM_*) overridden by CLI flags, checked once at start.
// A bad value stops the process with one line naming the variable, never a stack trace.

export interface Config {
  /** `sqlite:<path>` or a `postgres://` / `postgresql://` URL. */
  db: string;
  host: string;
  port: number;
  logLevel: string;
  /** Apply pending migrations when `serve` starts. */
  migrate: boolean;
  /** Secret that signs cursors; when empty one is generated and kept in the database. */
  cursorSecret: string;
  /** How long a verified token stays cached in memory; a revocation takes effect within it. */
  authCacheMs: number;
  /** Keep prompt and response text of LLM interactions at ingest. */
  storePrompts: boolean;
  /** Most inventory objects OpenTelemetry traces may create in one workspace (docs/RUNTIME.md, "Bounds"). */
  runtimeObjectCap: number;
  /** A declared agent seen at runtime before but not for this many days is reported (posture rule). */
  runtimeQuietDays: number;
  /** Raw LLM interactions older than this many days are deleted (0 keeps them forever). */
  retentionDays: number;
  /** JSON file of service-wide model prices over the shipped table (docs/RUNTIME.md); empty for none. */
  pricesFile: string;
  /** Largest NDJSON / OTLP body accepted, in bytes (after decompression). */
  ingestMaxBytes: number;
  /** Largest JSON body of other endpoints, in bytes. */
  bodyLimit: number;
  /** Records per transaction for `aispm import`. */
  importBatch: number;
  /** `aispm import` reads and parses in a worker thread beside the writes (false: on the main thread). */
  importWorker: boolean;
  /** PostgreSQL pool size per process. */
  pgPool: number;
  /** A PostgreSQL query with no answer for this long fails (503) and its connection is dropped; 0: no limit. */
  pgQueryTimeoutMs: number;
  /** Pipelined PostgreSQL connections for reads outside transactions, per process (0: reads take pooled connections). */
  pgReadPipes: number;
  /** Number of HTTP worker processes (node:cluster); 1 serves from the main process. */
  workers: number;
  /** Memory for answers of read routes kept while the data behind them is unchanged (0: off). */
  responseCacheMb: number;
  /** Longest client-storage client_id, namespace or key, in bytes of UTF-8. */
  storageNameMaxBytes: number;
  /** Largest client-storage value, in bytes of its compact JSON (UTF-8). */
  storageValueMaxBytes: number;
  /** Entries one user may keep in one tenant across the user scopes (0: no cap). */
  storageMaxEntriesPerUser: number;
  /** Evaluate the posture rules (graph-decidable static rules) after each ingest batch. */
  postureRules: boolean;
  /** Objects a path query may start from (`from` narrowed by filters); more is a 400. */
  pathMaxStarts: number;
  /** States (start, object, via stage) a path query may visit over all its starts; more is a 400. */
  pathMaxVisits: number;
  /** Requests one token may make per rate-limit window (0: no rate limit). */
  rateLimitMax: number;
  /** Length of the rate-limit window, in milliseconds. */
  rateLimitWindowMs: number;
  /** `redis://` URL of a Redis that replicas share rate-limit counters through; empty: counters in memory. */
  redisUrl: string;
  /** Origins allowed to call the API from a browser (comma-separated, or `*`); empty: CORS off. */
  corsOrigins: string;
  /** Longest time to receive a whole request, body included, in milliseconds (408 past it). */
  requestTimeoutMs: number;
  /** Longest time to receive a request's headers, in milliseconds (408 past it). */
  headersTimeoutMs: number;
  /** A connection with no bytes moving either way for this long is closed, in milliseconds. */
  connectionTimeoutMs: number;
  /** How long an idle keep-alive connection stays open, in milliseconds. */
  keepAliveTimeoutMs: number;
  /** Largest total size of a request's headers, in bytes (431 past it). */
  maxHeaderBytes: number;
  /** On SIGTERM, how long in-flight requests may take before the process exits anyway, in milliseconds. */
  shutdownGraceMs: number;
  /** Background jobs this process runs at once (0: none; another replica runs them). */
  jobsConcurrency: number;
  /** How often an idle process looks for due background jobs, in milliseconds. */
  jobsPollMs: number;
  /** How long a background job's claim holds without renewal; a crashed worker's jobs are taken up after it, in milliseconds. */
  jobsLeaseMs: number;
  /** Delay before the first retry of a failed background job (doubling per retry), in milliseconds. */
  jobsRetryBaseMs: number;
  /** Longest delay between retries of a background job, in milliseconds. */
  jobsRetryMaxMs: number;
  /** Where exports of saved views are written (created when missing); every replica must see the same directory. */
  exportDir: string;
  /** Rows an export reads per page of its list (each page is one keyset statement). */
  exportPageRows: number;
  /** The service's public base URL (https://aispm.example.com): links in webhook events are absolute under it; empty: paths. */
  publicUrl: string;
  /** Let webhooks use http:// URLs (tests, a receiver on the same host); otherwise https only. */
  webhookAllowHttp: boolean;
  /** Let webhooks reach loopback, private, link-local and other non-public addresses (checked after DNS resolution). */
  webhookAllowPrivate: boolean;
  /** Longest time one webhook delivery attempt may take, connection to response, in milliseconds. */
  webhookTimeoutMs: number;
  /** Delay before the first retry of a failed webhook delivery; each retry waits twice as long, up to webhookRetryMaxMs. */
  webhookRetryBaseMs: number;
  /** Longest delay between two attempts of a webhook delivery, in milliseconds. */
  webhookRetryMaxMs: number;
  /** How long a webhook delivery is retried before it is given up (and the subscription disabled when nothing got through meanwhile). */
  webhookRetryPeriodMs: number;
  /** Largest webhook event, in bytes of JSON (texts in it are shortened to fit). */
  webhookMaxPayloadBytes: number;
}

export class ConfigError extends Error {}

const defaults: Config = {
  db: 'sqlite:./data/aispm.db',
  host: '127.0.0.1',
  port: 8080,
  logLevel: 'info',
  migrate: true,
  cursorSecret: '',
  authCacheMs: 5000,
  storePrompts: true,
  runtimeObjectCap: 10_000,
  runtimeQuietDays: 14,
  retentionDays: 0,
  pricesFile: '',
  ingestMaxBytes: 256 * 1024 * 1024,
  bodyLimit: 1024 * 1024,
  importBatch: 50_000,
  importWorker: true,
  pgPool: 10,
  pgQueryTimeoutMs: 30_000,
  pgReadPipes: 2,
  workers: 1,
  responseCacheMb: 64,
  storageNameMaxBytes: 256,
  storageValueMaxBytes: 256 * 1024,
  storageMaxEntriesPerUser: 10_000,
  postureRules: true,
  pathMaxStarts: 2000,
  pathMaxVisits: 300_000,
  rateLimitMax: 6000,
  rateLimitWindowMs: 60_000,
  redisUrl: '',
  corsOrigins: '',
  requestTimeoutMs: 300_000,
  headersTimeoutMs: 20_000,
  connectionTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
  maxHeaderBytes: 16_384,
  shutdownGraceMs: 10_000,
  jobsConcurrency: 2,
  jobsPollMs: 1000,
  jobsLeaseMs: 30_000,
  jobsRetryBaseMs: 5000,
  jobsRetryMaxMs: 600_000,
  exportDir: './data/exports',
  exportPageRows: 5000,
  publicUrl: '',
  webhookAllowHttp: false,
  webhookAllowPrivate: false,
  webhookTimeoutMs: 10_000,
  webhookRetryBaseMs: 30_000,
  webhookRetryMaxMs: 3_600_000,
  webhookRetryPeriodMs: 86_400_000,
  webhookMaxPayloadBytes: 64 * 1024,
};

/** Environment variable behind each setting; `docs/CONFIG.md` lists them with their defaults. */
export const envNames: Record<keyof Config, string> = {
  db: 'AISPM_DB',
  host: 'AISPM_HOST',
  port: 'AISPM_PORT',
  logLevel: 'AISPM_LOG_LEVEL',
  migrate: 'AISPM_MIGRATE',
  cursorSecret: 'AISPM_CURSOR_SECRET',
  authCacheMs: 'AISPM_AUTH_CACHE_MS',
  storePrompts: 'AISPM_STORE_PROMPTS',
  runtimeObjectCap: 'AISPM_RUNTIME_OBJECT_CAP',
  runtimeQuietDays: 'AISPM_RUNTIME_QUIET_DAYS',
  retentionDays: 'AISPM_RETENTION_DAYS',
  pricesFile: 'AISPM_PRICES_FILE',
  ingestMaxBytes: 'AISPM_INGEST_MAX_BYTES',
  bodyLimit: 'AISPM_BODY_LIMIT',
  importBatch: 'AISPM_IMPORT_BATCH',
  importWorker: 'AISPM_IMPORT_WORKER',
  pgPool: 'AISPM_PG_POOL',
  pgQueryTimeoutMs: 'AISPM_PG_QUERY_TIMEOUT_MS',
  pgReadPipes: 'AISPM_PG_READ_PIPES',
  workers: 'AISPM_WORKERS',
  responseCacheMb: 'AISPM_RESPONSE_CACHE_MB',
  storageNameMaxBytes: 'AISPM_STORAGE_NAME_MAX_BYTES',
  storageValueMaxBytes: 'AISPM_STORAGE_VALUE_MAX_BYTES',
  storageMaxEntriesPerUser: 'AISPM_STORAGE_MAX_ENTRIES_PER_USER',
  postureRules: 'AISPM_POSTURE_RULES',
  pathMaxStarts: 'AISPM_PATH_MAX_STARTS',
  pathMaxVisits: 'AISPM_PATH_MAX_VISITS',
  rateLimitMax: 'AISPM_RATE_LIMIT_MAX',
  rateLimitWindowMs: 'AISPM_RATE_LIMIT_WINDOW_MS',
  redisUrl: 'AISPM_REDIS_URL',
  corsOrigins: 'AISPM_CORS_ORIGINS',
  requestTimeoutMs: 'AISPM_REQUEST_TIMEOUT_MS',
  headersTimeoutMs: 'AISPM_HEADERS_TIMEOUT_MS',
  connectionTimeoutMs: 'AISPM_CONNECTION_TIMEOUT_MS',
  keepAliveTimeoutMs: 'AISPM_KEEP_ALIVE_TIMEOUT_MS',
  maxHeaderBytes: 'AISPM_MAX_HEADER_BYTES',
  shutdownGraceMs: 'AISPM_SHUTDOWN_GRACE_MS',
  jobsConcurrency: 'AISPM_JOBS_CONCURRENCY',
  jobsPollMs: 'AISPM_JOBS_POLL_MS',
  jobsLeaseMs: 'AISPM_JOBS_LEASE_MS',
  jobsRetryBaseMs: 'AISPM_JOBS_RETRY_BASE_MS',
  jobsRetryMaxMs: 'AISPM_JOBS_RETRY_MAX_MS',
  exportDir: 'AISPM_EXPORT_DIR',
  exportPageRows: 'AISPM_EXPORT_PAGE_ROWS',
  publicUrl: 'AISPM_PUBLIC_URL',
  webhookAllowHttp: 'AISPM_WEBHOOK_ALLOW_HTTP',
  webhookAllowPrivate: 'AISPM_WEBHOOK_ALLOW_PRIVATE',
  webhookTimeoutMs: 'AISPM_WEBHOOK_TIMEOUT_MS',
  webhookRetryBaseMs: 'AISPM_WEBHOOK_RETRY_BASE_MS',
  webhookRetryMaxMs: 'AISPM_WEBHOOK_RETRY_MAX_MS',
  webhookRetryPeriodMs: 'AISPM_WEBHOOK_RETRY_PERIOD_MS',
  webhookMaxPayloadBytes: 'AISPM_WEBHOOK_MAX_PAYLOAD_BYTES',
};

const logLevels = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

function parseValue(key: keyof Config, raw: string, source: string): Config[keyof Config] {
  const fallback = defaults[key];
  if (typeof fallback === 'boolean') {
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    throw new ConfigError(`${source}: expected true or false, got "${raw}"`);
  }
  if (typeof fallback === 'number') {
    if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${source}: expected a whole number, got "${raw}"`);
    return Number(raw.trim());
  }
  return raw;
}

function check(config: Config): Config {
  if (!/^sqlite:.+/.test(config.db) && !/^postgres(ql)?:\/\/.+/.test(config.db)) {
    throw new ConfigError(`${envNames.db}: expected sqlite:<path> or a postgres:// URL, got "${config.db}"`);
  }
  if (config.port > 65535) throw new ConfigError(`${envNames.port}: ${config.port} is not a TCP port`);
  if (!logLevels.has(config.logLevel)) {
    throw new ConfigError(`${envNames.logLevel}: expected one of ${[...logLevels].join(', ')}, got "${config.logLevel}"`);
  }
  if (config.workers < 1 || config.workers > 64) throw new ConfigError(`${envNames.workers}: expected 1..64, got ${config.workers}`);
  if (config.pgPool < 1) throw new ConfigError(`${envNames.pgPool}: expected at least 1`);
  if (config.pgReadPipes > 16) throw new ConfigError(`${envNames.pgReadPipes}: expected 0..16, got ${config.pgReadPipes}`);
  if (config.importBatch < 1) throw new ConfigError(`${envNames.importBatch}: expected at least 1`);
  // Three names of this size share one primary-key index entry, which PostgreSQL caps near 2.7 kB.
  if (config.storageNameMaxBytes < 1 || config.storageNameMaxBytes > 512) {
    throw new ConfigError(`${envNames.storageNameMaxBytes}: expected 1..512, got ${config.storageNameMaxBytes}`);
  }
  if (config.storageValueMaxBytes < 2) throw new ConfigError(`${envNames.storageValueMaxBytes}: expected at least 2 (the size of {})`);
  if (config.rateLimitWindowMs < 1) throw new ConfigError(`${envNames.rateLimitWindowMs}: expected at least 1`);
  if (config.redisUrl && !/^rediss?:\/\/.+/.test(config.redisUrl)) {
    throw new ConfigError(`${envNames.redisUrl}: expected a redis:// or rediss:// URL`);
  }
  for (const origin of corsOriginList(config)) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(`${envNames.corsOrigins}: "${origin}" is not an origin (scheme://host[:port], no path) or *`);
    }
  }
  for (const key of ['requestTimeoutMs', 'headersTimeoutMs', 'maxHeaderBytes'] as const) {
    if (config[key] < 1) throw new ConfigError(`${envNames[key]}: expected at least 1`);
  }
  for (const key of ['jobsPollMs', 'jobsLeaseMs', 'jobsRetryBaseMs', 'jobsRetryMaxMs'] as const) {
    if (config[key] < 1) throw new ConfigError(`${envNames[key]}: expected at least 1`);
  }
  if (config.jobsConcurrency > 64) throw new ConfigError(`${envNames.jobsConcurrency}: expected 0..64, got ${config.jobsConcurrency}`);
  if (config.exportDir.trim() === '') throw new ConfigError(`${envNames.exportDir}: expected a directory`);
  if (config.exportPageRows < 1 || config.exportPageRows > 10_000) {
    throw new ConfigError(`${envNames.exportPageRows}: expected 1..10000, got ${config.exportPageRows}`);
  }
  if (config.publicUrl && !/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(config.publicUrl)) {
    throw new ConfigError(`${envNames.publicUrl}: expected an http:// or https:// URL, got "${config.publicUrl}"`);
  }
  for (const key of ['webhookTimeoutMs', 'webhookRetryBaseMs', 'webhookRetryMaxMs', 'webhookRetryPeriodMs'] as const) {
    if (config[key] < 1) throw new ConfigError(`${envNames[key]}: expected at least 1`);
  }
  if (config.webhookMaxPayloadBytes < 4096) throw new ConfigError(`${envNames.webhookMaxPayloadBytes}: expected at least 4096`);
  // Node refuses a server whose header deadline falls after its whole-request deadline.
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    throw new ConfigError(
      `${envNames.headersTimeoutMs}: ${config.headersTimeoutMs} is longer than ${envNames.requestTimeoutMs} (${config.requestTimeoutMs})`,
    );
  }
  return config;
}

/**
 * Builds the configuration from the environment, then from `overrides` (CLI flags, already
 * named as Config keys; strings are parsed like environment values).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<keyof Config, string | number | boolean | undefined>> = {},
): Config {
  const config: Config = { ...defaults };
  const set = config as unknown as Record<string, unknown>;
  for (const key of Object.keys(defaults) as (keyof Config)[]) {
    const raw = env[envNames[key]];
    if (raw !== undefined && raw !== '') set[key] = parseValue(key, raw, envNames[key]);
  }
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) continue;
    const key = k as keyof Config;
    if (!(key in defaults)) continue;
    set[key] = typeof v === 'string' ? parseValue(key, v, `--${k}`) : v;
  }
  return check(config);
}

/** The configured CORS origins; empty when CORS is off. */
export function corsOriginList(config: Pick<Config, 'corsOrigins'>): string[] {
  return config.corsOrigins
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

export function isPostgres(db: string): boolean {
  return db.startsWith('postgres');
}
