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
  /** PostgreSQL pool size per process. */
  pgPool: number;
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
  retentionDays: 0,
  pricesFile: '',
  ingestMaxBytes: 256 * 1024 * 1024,
  bodyLimit: 1024 * 1024,
  importBatch: 10000,
  pgPool: 10,
  workers: 1,
  responseCacheMb: 64,
  storageNameMaxBytes: 256,
  storageValueMaxBytes: 256 * 1024,
  storageMaxEntriesPerUser: 10_000,
  postureRules: true,
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
  retentionDays: 'AISPM_RETENTION_DAYS',
  pricesFile: 'AISPM_PRICES_FILE',
  ingestMaxBytes: 'AISPM_INGEST_MAX_BYTES',
  bodyLimit: 'AISPM_BODY_LIMIT',
  importBatch: 'AISPM_IMPORT_BATCH',
  pgPool: 'AISPM_PG_POOL',
  workers: 'AISPM_WORKERS',
  responseCacheMb: 'AISPM_RESPONSE_CACHE_MB',
  storageNameMaxBytes: 'AISPM_STORAGE_NAME_MAX_BYTES',
  storageValueMaxBytes: 'AISPM_STORAGE_VALUE_MAX_BYTES',
  storageMaxEntriesPerUser: 'AISPM_STORAGE_MAX_ENTRIES_PER_USER',
  postureRules: 'AISPM_POSTURE_RULES',
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
  if (config.importBatch < 1) throw new ConfigError(`${envNames.importBatch}: expected at least 1`);
  // Three names of this size share one primary-key index entry, which PostgreSQL caps near 2.7 kB.
  if (config.storageNameMaxBytes < 1 || config.storageNameMaxBytes > 512) {
    throw new ConfigError(`${envNames.storageNameMaxBytes}: expected 1..512, got ${config.storageNameMaxBytes}`);
  }
  if (config.storageValueMaxBytes < 2) throw new ConfigError(`${envNames.storageValueMaxBytes}: expected at least 2 (the size of {})`);
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

export function isPostgres(db: string): boolean {
  return db.startsWith('postgres');
}
