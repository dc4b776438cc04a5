// aispm: one entry point for operators. serve | start | migrate | demo | import | token … | rules evaluate,
// and queries against a running service: get | issues | sessions | storage (src/client/commands.ts).

import { Command, InvalidArgumentError, Option } from 'commander';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { registerQueryCommands } from './client/commands.ts';
import { type Format, formats, Printer } from './client/output.ts';
import { ConfigError, flagHelp, loadConfig, processEnvironment, readSetting, type Config, type SettingKey } from './config.ts';
import { DEMO_TENANT } from './demo/estate.ts';
import type { Db } from './platform/db/database.ts';
import { openDb } from './platform/db/open.ts';
import { ALL_WORKSPACES, createToken, listKeys, parseDuration, revokeKey, scopes, type Scope } from './platform/auth/tokens.ts';
import { isAddressInUse, portIsFree, portTakenMessage } from './platform/http/port.ts';
import { registerScanCommand } from './scan/command.ts';
import { registerAdvisoriesCommand } from './osv/command.ts';

// The HTTP server, the wiring of the areas and the ingest pipeline are loaded by the commands
// that use them only, so that queries (`aispm get …`) start in a fraction of the time.
const ingestFiles = () => import('./demo/load.ts');
const serverModule = () => import('./server.ts');
const wiring = () => import('./compose.ts');
const migrate = async (db: Db) => (await wiring()).migrate(db);
const loadConfiguredPrices = async (db: Db, path: string) => (await import('./areas/runtime/prices.ts')).loadConfiguredPrices(db, path);
const applyRetention = async (db: Db, days: number, now: number) =>
  (await import('./areas/runtime/retention.ts')).applyRetention(db, days, now);

function fail(message: string, code = 2): never {
  process.stderr.write(`aispm: ${message}\n`);
  process.exit(code);
}

function config(overrides: Partial<Record<keyof Config, string | number | boolean | undefined>> = {}): Config {
  try {
    return loadConfig(processEnvironment(), overrides);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

/** A setting the command reads outside the service's Config; a bad value is one line and exit status 2. */
function setting<K extends SettingKey>(key: K): ReturnType<typeof readSetting<K>> {
  try {
    return readSetting(key);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

async function withDb<T>(cfg: Config, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = openDb(cfg.db, { pgPool: cfg.pgPool });
  try {
    return await fn(db);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === 'ECONNREFUSED' || e.code === '3D000' || e.code === '28P01' || e.code === 'SQLITE_CANTOPEN') {
      fail(`cannot open the database ${cfg.db.replace(/\/\/[^@/]*@/, '//***@')}: ${e.message}`);
    }
    throw err;
  } finally {
    await db.close().catch(() => {});
  }
}

/** "1 record", "2 records": counts in messages read as English. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const int = (name: string) => (v: string) => {
  if (!/^\d+$/.test(v)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(v);
};

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command('aispm')
  .description("aispm-query: an HTTP/JSON query service over an organisation's AI estate")
  .version(version, '-V, --version', 'print the version')
  .option('--db <url>', flagHelp('db', 'database: sqlite:<path> or postgres://…'));

const globalDb = () => program.opts<{ db?: string }>().db;

program
  .command('serve')
  .description('serve the API (migrates first unless --no-migrate)')
  .option('--host <host>', flagHelp('host', 'address to bind'))
  .option('--port <port>', flagHelp('port', 'port'))
  .option('--no-migrate', 'do not apply migrations at start')
  .option('--workers <n>', flagHelp('workers', 'HTTP worker processes sharing the port'))
  .action(async (o: { host?: string; port?: string; migrate: boolean; workers?: string }) => {
    const { exitOnSignals, makeLogger, startServer } = await serverModule();
    const cfg = config({ db: globalDb(), host: o.host, port: o.port, workers: o.workers, ...(o.migrate ? {} : { migrate: false }) });
    const logger = makeLogger(cfg);
    const { cluster, runPrimary } = await import('./cluster.ts');
    // Checked once, by the process the operator started: a worker's listen shares the primary's port.
    if (cluster.isPrimary && !(await portIsFree(cfg.host, cfg.port))) fail(portTakenMessage(cfg.host, cfg.port), 1);
    if (cfg.workers > 1 && cluster.isPrimary) {
      await runPrimary(cfg, logger).catch((err: Error) => fail(err.message, 1));
      return;
    }
    const server = await startServer(cfg, logger).catch((err: Error) =>
      fail(isAddressInUse(err) ? portTakenMessage(cfg.host, cfg.port) : err.message, 1),
    );
    logger.info({ url: server.url }, 'serving');
    exitOnSignals(server, logger, cfg.shutdownGraceMs);
  });

program
  .command('start')
  .description('the quick start (npm start): migrate, load the demo estate into an empty database, create a read token and serve')
  .option('--host <host>', 'address to bind')
  .option('--port <port>', 'port')
  .action(async (o: { host?: string; port?: string }) => {
    const { exitOnSignals, makeLogger, startServer } = await serverModule();
    const { isEmpty, loadDemo } = await ingestFiles();
    const cfg = config({ db: globalDb(), host: o.host, port: o.port });
    // Before anything else: a second start while the first runs must change nothing (above all not
    // the token the first one printed).
    if (!(await portIsFree(cfg.host, cfg.port))) fail(portTakenMessage(cfg.host, cfg.port), 1);
    const t0 = performance.now();
    const token = await withDb(cfg, async (db) => {
      await migrate(db);
      await loadConfiguredPrices(db, cfg.pricesFile);
      if (await isEmpty(db)) {
        process.stderr.write('loading the demo estate (tenant demo, workspaces default and staging)…\n');
        const t = performance.now();
        await loadDemo(db, {
          scale: 1,
          seed: 1,
          now: Date.now(),
          storePrompts: cfg.storePrompts,
          evaluateRules: cfg.postureRules,
          webhooks: (await wiring()).webhookOutbox(cfg),
        });
        process.stderr.write(`demo estate loaded in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
      }
      // A new token per start; earlier ones stay valid (a server still running may have printed one).
      return (
        await createToken(db, {
          tenantId: DEMO_TENANT,
          userId: 'quickstart',
          workspaces: [ALL_WORKSPACES],
          scopes: ['read'],
          name: 'npm start',
        })
      ).token;
    });
    const logger = makeLogger({ ...cfg, logLevel: cfg.logLevel === 'info' ? 'warn' : cfg.logLevel });
    const server = await startServer(cfg, logger).catch((err: Error) =>
      fail(isAddressInUse(err) ? portTakenMessage(cfg.host, cfg.port) : err.message, 1),
    );
    exitOnSignals(server, logger, cfg.shutdownGraceMs);
    process.stdout.write(startBanner({ url: server.url, db: cfg.db, token, seconds: (performance.now() - t0) / 1000 }));
  });

/** What `npm start` prints: where the API and its reference are, the token, and how to use both. */
function startBanner(o: { url: string; db: string; token: string; seconds: number }): string {
  return [
    '',
    `aispm-query is serving ${o.url} (${o.db.replace(/\/\/[^@/]*@/, '//***@')}); ready in ${o.seconds.toFixed(1)} s`,
    '',
    `  API            ${o.url}/api/v1   (OpenAPI document: ${o.url}/api/v1/openapi.json)`,
    `  Reference      ${o.url}/docs`,
    `  Console        ${o.url}/ui`,
    '',
    'Read token for tenant demo, all workspaces (shown once; each start makes a new one, earlier ones stay valid):',
    `  ${o.token}`,
    '',
    'Try:',
    `  curl -H "Authorization: Bearer ${o.token}" ${o.url}/api/v1/aispm-models/tenants/demo/workspaces/default`,
    `  or open the console, ${o.url}/ui, and sign in with the token`,
    '',
    'Point the aispm command at it (then, in this folder: npx aispm get models):',
    `  export AISPM_URL=${o.url} AISPM_TOKEN=${o.token} AISPM_TENANT=demo AISPM_WORKSPACE=default`,
    '',
    'Stop with Ctrl-C.',
    '',
  ].join('\n');
}

program
  .command('migrate')
  .description('apply pending migrations (safe to run again)')
  .action(async () => {
    const cfg = config({ db: globalDb() });
    const result = await withDb(cfg, migrate);
    process.stdout.write(result.applied.length ? `applied ${result.applied.join(', ')}\n` : 'schema is current\n');
  });

program
  .command('demo')
  .description('load the deterministic demo estate (tenant demo, workspaces default and staging)')
  .option('--scale <n>', 'size multiplier (1 ≈ 600 objects, 6,000 interactions per workspace)', int('scale'), 1)
  .option('--seed <n>', 'random seed', int('seed'), 1)
  .option('--tenant <id>', 'tenant to load into', DEMO_TENANT)
  .option('--now <time>', 'anchor time (RFC 3339); default now')
  .action(async (o: { scale: number; seed: number; tenant: string; now?: string }) => {
    const { loadDemo } = await ingestFiles();
    const cfg = config({ db: globalDb() });
    const now = o.now ? Date.parse(o.now) : Date.now();
    if (!Number.isFinite(now)) fail('--now must be an RFC 3339 time');
    const t = performance.now();
    const loaded = await withDb(cfg, async (db) => {
      await migrate(db);
      await loadConfiguredPrices(db, cfg.pricesFile);
      return loadDemo(db, {
        scale: o.scale,
        seed: o.seed,
        now,
        storePrompts: cfg.storePrompts,
        tenant: o.tenant,
        evaluateRules: cfg.postureRules,
        webhooks: (await wiring()).webhookOutbox(cfg),
      });
    });
    for (const { workspace, summary } of loaded) {
      process.stdout.write(`${o.tenant}/${workspace}: ${count(summary.accepted, 'record')} written, ${summary.rejected} rejected\n`);
    }
    process.stdout.write(`done in ${((performance.now() - t) / 1000).toFixed(2)} s\n`);
  });

program
  .command('import')
  .description(
    'ingest an NDJSON file (- for standard input), a CycloneDX BOM (--format cyclonedx) or a SARIF log (--format sarif) into a workspace',
  )
  .argument('<file>', 'NDJSON file, one record per line; or a CycloneDX JSON BOM; or a SARIF 2.1.0 log')
  .option(
    '--format <format>',
    'ndjson (default), cyclonedx (a CycloneDX JSON BOM) or sarif (a SARIF 2.1.0 log); a BOM or a log is written whole or not at all',
    'ndjson',
  )
  .option(
    '--root <dir>',
    "sarif: the repository's top directory that absolute file:// paths are made relative to (default: their git top level)",
  )
  .option('--repository <url>', 'sarif: the repository, when the log names none (default: the origin remote of the git top level)')
  .option('--branch <name>', 'sarif: the branch, when the log names none (default: the checked-out branch)')
  .option('--commit <sha>', 'sarif: the commit, when the log names none (default: the checked-out commit)')
  .requiredOption('--tenant <id>', 'tenant')
  .requiredOption('--workspace <id>', 'workspace')
  .option('--batch-size <n>', flagHelp('importBatch', 'records per transaction'), int('batch-size'))
  .option('--progress-json', 'after each batch is committed (or rejected), write a JSON line to stderr: {"lines", "accepted", "rejected"}')
  .action(async (file: string, o: ImportOptions) => {
    if (o.format !== 'ndjson' && o.format !== 'cyclonedx' && o.format !== 'sarif')
      fail(`--format: expected ndjson, cyclonedx or sarif, not "${o.format}"`);
    if (o.format !== 'sarif' && (o.root || o.repository || o.branch || o.commit))
      fail('--root, --repository, --branch and --commit are for --format sarif');
    if (o.format === 'cyclonedx') return importBom(file, o);
    if (o.format === 'sarif') return importSarifLog(file, o);
    const cfg = config({ db: globalDb(), importBatch: o.batchSize });
    // The worker reads and parses the first batches while this thread loads the pipeline, opens and
    // migrates the database (AISPM_IMPORT_WORKER=false: parsed here, batch after batch).
    const parsed = cfg.importWorker
      ? new (await import('./ingest/worker-batches.ts')).ParseWorker(file, {
          batchSize: cfg.importBatch,
          maxLineBytes: (await import('./ingest/ndjson.ts')).DEFAULT_MAX_LINE,
          storePrompts: cfg.storePrompts,
        })
      : undefined;
    const { importFile } = await ingestFiles();
    const tty = process.stderr.isTTY && !o.progressJson;
    const start = performance.now();
    const summary = await withDb(cfg, async (db) => {
      await migrate(db);
      await loadConfiguredPrices(db, cfg.pricesFile);
      return importFile(db, file, {
        tenant: o.tenant,
        workspace: o.workspace,
        batchSize: cfg.importBatch,
        parsed,
        storePrompts: cfg.storePrompts,
        evaluateRules: cfg.postureRules,
        webhooks: (await wiring()).webhookOutbox(cfg),
        onBatch: (s) => {
          // The batch is committed when this runs: a line here is an acknowledgement scripts can rely on.
          if (o.progressJson)
            process.stderr.write(JSON.stringify({ lines: s.accepted + s.rejected, accepted: s.accepted, rejected: s.rejected }) + '\n');
          if (!tty) return;
          const secs = (performance.now() - start) / 1000;
          const done = s.accepted + s.rejected;
          process.stderr.write(
            `\r  ${done.toLocaleString('en')} records  ${Math.round(done / Math.max(secs, 0.001)).toLocaleString('en')} records/s  ${s.rejected ? `${s.rejected} rejected` : ''}   `,
          );
        },
      }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') fail(`no such file: ${file}`);
        if (err.code === 'EISDIR')
          fail(`${file} is a directory: give one NDJSON file (import each file of it in turn), or - for standard input`);
        throw err;
      });
    }).finally(() => parsed?.stop());
    if (tty) process.stderr.write('\n');
    const secs = (performance.now() - start) / 1000;
    process.stdout.write(
      `${count(summary.accepted, 'record')} written, ${summary.rejected} rejected in ${secs.toFixed(2)} s (${Math.round(summary.lines / Math.max(secs, 0.001))} records/s)\n`,
    );
    if (summary.rejected) process.stdout.write(rejectedNote(summary, o.batchSize ?? cfg.importBatch));
    for (const e of summary.errors) process.stdout.write(`  line ${e.line}: ${e.message}\n`);
    if (summary.rejected && file !== '-' && looksLikeCycloneDx(file)) {
      process.stdout.write(`  ${file} looks like a CycloneDX BOM, not NDJSON: import it with --format cyclonedx\n`);
    }
    if (summary.rejected) process.exit(1);
  });

/**
 * What "rejected" counts, in words: the lines in error (those listed, or the first of them), and
 * the valid lines not written with them, since a batch is written whole or not at all.
 */
function rejectedNote(summary: { rejected: number; errors: unknown[]; errorLines?: number }, batchSize: number): string {
  const bad = summary.errorLines ?? summary.errors.length;
  const valid = summary.rejected - bad;
  const listed = summary.errors.length < bad ? `the first ${summary.errors.length} listed below` : 'listed below';
  return (
    `  ${count(bad, 'line')} in error (${listed})` +
    (valid > 0
      ? `, and ${count(valid, 'valid line')} not written because ${valid === 1 ? 'it was' : 'they were'} in a batch of ${batchSize} with one: ` +
        'a batch is written whole or not at all; fix the lines in error and import the file again (records are written by id, so the lines written already are not doubled)\n'
      : '\n')
  );
}

/** Whether a file starts as a CycloneDX JSON BOM does (`"bomFormat": "CycloneDX"` near its top, pretty-printed or not). */
function looksLikeCycloneDx(file: string): boolean {
  const head = Buffer.alloc(4096);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const n = readSync(fd, head, 0, head.length, 0);
    return /"bomFormat"\s*:\s*"CycloneDX"/.test(head.subarray(0, n).toString('utf8'));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

interface ImportOptions {
  tenant: string;
  workspace: string;
  batchSize?: number;
  progressJson?: boolean;
  format: string;
  root?: string;
  repository?: string;
  branch?: string;
  commit?: string;
}

/**
 * `aispm import --format sarif`: the log is validated, then written as one batch. What it does not
 * say is found here, where the files are: the repository's top (`--root`, else the git top level of
 * the first absolute path it names, else of the current directory) and, when the log names no
 * repository, that top's remote, branch and commit, read from .git as the scanner reads them.
 */
async function importSarifLog(file: string, o: ImportOptions): Promise<void> {
  const { importSarif, readBounded } = await import('./demo/import-sarif.ts');
  const { SarifError } = await import('./ingest/sarif.ts');
  const { gitInfo } = await import('./scan/repo/git.ts');
  const { dirname, resolve } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const cfg = config({ db: globalDb() });
  const refused = (err: unknown): never => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') fail(`no such file: ${file}`);
    if ((err as NodeJS.ErrnoException).code === 'EISDIR') fail(`${file} is a directory: give one SARIF log`);
    if (err instanceof SarifError) fail(`${file}: ${err.message}; nothing was written`, 1);
    throw err;
  };
  const text = await readBounded(file, cfg.ingestMaxBytes).catch(refused);
  const firstAbsolute = /"uri"\s*:\s*"(file:\/\/[^"]+)"/.exec(text)?.[1];
  let fromUri: string | undefined;
  try {
    fromUri = firstAbsolute ? dirname(fileURLToPath(firstAbsolute)) : undefined;
  } catch {
    fromUri = undefined;
  }
  const git = gitInfo(o.root ? resolve(o.root) : (fromUri ?? process.cwd()));
  const root = o.root ? resolve(o.root) : git?.top;
  const start = performance.now();
  const summary = await withDb(cfg, async (db) => {
    await migrate(db);
    return importSarif(db, text, {
      tenant: o.tenant,
      workspace: o.workspace,
      storePrompts: cfg.storePrompts,
      evaluateRules: cfg.postureRules,
      webhooks: (await wiring()).webhookOutbox(cfg),
      maxBytes: cfg.ingestMaxBytes,
      maxResults: cfg.sarifMaxResults,
      context: {
        now: Date.now(),
        ...(root ? { root } : {}),
        ...((o.repository ?? git?.remote) ? { repository: o.repository ?? git!.remote! } : {}),
        ...((o.branch ?? git?.branch) ? { branch: o.branch ?? git!.branch! } : {}),
        ...((o.commit ?? git?.commit) ? { commit: o.commit ?? git!.commit! } : {}),
      },
    }).catch(refused);
  });
  if (summary.rejected) {
    for (const e of summary.errors) process.stderr.write(`aispm: ${file}: ${e.message}\n`);
    fail(`${file}: the log was refused; nothing was written`, 1);
  }
  const secs = (performance.now() - start) / 1000;
  process.stdout.write(
    `${count(summary.results, 'result')} imported (${count(summary.accepted, 'record')} written) from the log in ${secs.toFixed(2)} s\n`,
  );
}

/** `aispm import --format cyclonedx`: the BOM is validated, then written as one batch. */
async function importBom(file: string, o: { tenant: string; workspace: string }): Promise<void> {
  const { importCycloneDx } = await import('./demo/import-cyclonedx.ts');
  const { BomError } = await import('./ingest/cyclonedx.ts');
  const cfg = config({ db: globalDb() });
  const start = performance.now();
  const summary = await withDb(cfg, async (db) => {
    await migrate(db);
    return importCycloneDx(db, file, {
      tenant: o.tenant,
      workspace: o.workspace,
      storePrompts: cfg.storePrompts,
      evaluateRules: cfg.postureRules,
      webhooks: (await wiring()).webhookOutbox(cfg),
    }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') fail(`no such file: ${file}`);
      if (err instanceof BomError) fail(`${file}: ${err.message}; nothing was written`, 1);
      throw err;
    });
  });
  if (summary.rejected) {
    for (const e of summary.errors) process.stderr.write(`aispm: ${file}: ${e.message}\n`);
    fail(`${file}: the BOM was refused; nothing was written`, 1);
  }
  const secs = (performance.now() - start) / 1000;
  process.stdout.write(`${summary.accepted} records written from the BOM in ${secs.toFixed(2)} s\n`);
}

program
  .command('retention')
  .description('delete raw LLM interactions older than the retention age now (sessions keep their totals)')
  .option('--days <n>', flagHelp('retentionDays', 'age in days'), int('days'))
  .action(async (o: { days?: number }) => {
    const cfg = config({ db: globalDb(), retentionDays: o.days });
    if (cfg.retentionDays < 1) fail('give --days <n> or set AISPM_RETENTION_DAYS (at least 1)');
    const result = await withDb(cfg, async (db) => {
      await migrate(db);
      return applyRetention(db, cfg.retentionDays, Date.now());
    });
    process.stdout.write(
      `deleted ${result.deleted} interactions older than ${new Date(result.cutoff).toISOString()}` +
        (result.droppedPartitions.length ? ` (dropped partitions ${result.droppedPartitions.join(', ')})` : '') +
        '\n',
    );
  });

const rules = program.command('rules').description('posture rules the service evaluates over the inventory');

rules
  .command('evaluate')
  .description('evaluate every posture rule over whole workspaces and bring their findings in line (docs/POSTURE.md)')
  .requiredOption('--tenant <id>', 'tenant')
  .option('--workspace <id>', 'only this workspace (default: every workspace of the tenant)')
  .action(async (o: { tenant: string; workspace?: string }) => {
    const cfg = config({ db: globalDb() });
    await withDb(cfg, async (db) => {
      await migrate(db);
      const { workspacesOf } = await import('./areas/posture/evaluate.ts');
      const { posture } = (await wiring()).composeService((await wiring()).webhookOutbox(cfg));
      const workspaces = o.workspace ? [o.workspace] : await workspacesOf(db, db, o.tenant);
      if (workspaces.length === 0) fail(`tenant ${o.tenant} has no inventory`, 1);
      for (const workspace of workspaces) {
        const t = performance.now();
        const r = await posture.evaluateWorkspace(db, o.tenant, workspace, Date.now(), {
          storePrompts: false,
          runtimeQuietDays: cfg.runtimeQuietDays,
        });
        process.stdout.write(
          `${o.tenant}/${workspace}: ${r.evaluated} evaluations, ${r.opened} opened, ${r.resolved} resolved, ` +
            `${r.updated} updated in ${((performance.now() - t) / 1000).toFixed(2)} s\n`,
        );
      }
    });
  });

const token = program.command('token').description('create, list and revoke API tokens');

token
  .command('create')
  .description('create a token and print it once')
  .requiredOption('--tenant <id>', 'tenant the token belongs to')
  .requiredOption('--user <id>', 'user the token acts as (client storage belongs to this user)')
  .option('--workspace <id...>', 'workspaces it may read (repeatable)')
  .option('--all-workspaces', 'every workspace of the tenant')
  .option('--scope <scope...>', `scopes: ${scopes.join(', ')} (default read)`)
  .option('--name <name>', 'a label to recognise it by')
  .option('--expires-in <duration>', 'lifetime such as 90d, 12h, 30m')
  .addOption(
    new Option('--format <format>', 'json: the token and its record as one JSON object').choices(['table', 'json']).default('table'),
  )
  .addOption(new Option('--json', 'the same as --format json').hideHelp())
  .action(
    async (o: {
      tenant: string;
      user: string;
      workspace?: string[];
      allWorkspaces?: boolean;
      scope?: string[];
      name?: string;
      expiresIn?: string;
      format: 'table' | 'json';
      json?: boolean;
    }) => {
      if (!o.workspace?.length && !o.allWorkspaces) fail('give --workspace <id> (repeatable) or --all-workspaces');
      if (o.workspace?.length && o.allWorkspaces) fail('--workspace and --all-workspaces exclude each other');
      const wanted = (o.scope ?? ['read']).flatMap((s) => s.split(','));
      for (const s of wanted) if (!scopes.includes(s as Scope)) fail(`unknown scope "${s}"; scopes are ${scopes.join(', ')}`);
      let expiresInMs: number | null = null;
      if (o.expiresIn) {
        try {
          expiresInMs = parseDuration(o.expiresIn);
        } catch (err) {
          fail(`--expires-in: ${(err as Error).message}`);
        }
      }
      const cfg = config({ db: globalDb() });
      const { token: secret, key } = await withDb(cfg, async (db) => {
        await migrate(db);
        return createToken(db, {
          tenantId: o.tenant,
          userId: o.user,
          workspaces: o.allWorkspaces ? [ALL_WORKSPACES] : o.workspace!,
          scopes: wanted as Scope[],
          name: o.name,
          expiresInMs,
        });
      });
      if (o.json || o.format === 'json') {
        process.stdout.write(JSON.stringify({ token: secret, ...key }) + '\n');
        return;
      }
      process.stdout.write(secret + '\n');
      process.stderr.write(
        `created ${key.id} for ${key.userId} in tenant ${key.tenantId}: workspaces ${key.workspaces.join(', ')}; ` +
          `scopes ${key.scopes.join(', ')}${key.expiresAt ? `; expires ${new Date(key.expiresAt).toISOString()}` : ''}. ` +
          'The token is shown only now.\n',
      );
    },
  );

token
  .command('list')
  .description('list tokens (never their secrets)')
  .option('--tenant <id>', 'only this tenant')
  .addOption(new Option('--format <format>', 'output format (as the queries: one row per token)').choices(formats).default('table'))
  .option('--columns <names>', 'only these columns, comma-separated, in this order')
  .addOption(new Option('--json', 'the same as --format json').hideHelp())
  .action(async (o: { tenant?: string; format: Format; columns?: string; json?: boolean }) => {
    const cfg = config({ db: globalDb() });
    const keys = await withDb(cfg, async (db) => {
      await migrate(db);
      return listKeys(db, o.tenant);
    });
    const when = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    const now = Date.now();
    const header = ['id', 'tenant', 'user', 'name', 'workspaces', 'scopes', 'token', 'created', 'expires', 'revoked', 'status'];
    const rows = keys.map((k) => [
      k.id,
      k.tenantId,
      k.userId,
      k.name,
      k.workspaces,
      k.scopes,
      k.hint,
      when(k.createdAt),
      when(k.expiresAt),
      when(k.revokedAt),
      k.revokedAt !== null ? 'revoked' : k.expiresAt !== null && k.expiresAt <= now ? 'expired' : 'active',
    ]);
    const printer = new Printer({
      format: o.json ? 'json' : o.format,
      columns: o.columns?.split(',').map((c) => c.trim()),
      width: process.stdout.columns || readSetting('columns'),
      write: (t) => process.stdout.write(t),
      note: (t) => process.stderr.write(t),
    });
    try {
      printer.page({ header, rows });
    } catch (err) {
      fail((err as Error).message);
    }
  });

token
  .command('revoke')
  .description('revoke a token by its id (see token list)')
  .argument('<id>', 'key id, e.g. key_0123abcd…')
  .action(async (id: string) => {
    const cfg = config({ db: globalDb() });
    const done = await withDb(cfg, async (db) => {
      await migrate(db);
      return revokeKey(db, id);
    });
    if (!done) fail(`no active token with id ${id}`, 1);
    process.stdout.write(`revoked ${id}\n`);
  });

program
  .command('mcp')
  .description(
    'serve the MCP tools on standard input and output for an AI assistant (docs/MCP.md): reading a running service ' +
      '(AISPM_URL, AISPM_TOKEN), or with --direct the configured database in this process, as the token AISPM_TOKEN',
  )
  .option('--direct', 'read the configured database (AISPM_DB or --db) in this process instead of a running service')
  .action(async (o: { direct?: boolean }) => {
    const token = setting('token');
    if (!token) fail('set AISPM_TOKEN to an API token with the read scope (create one with `aispm token create`)');
    const { httpReader, injectReader } = await import('./areas/mcp/api.ts');
    const { serveMcpStdio } = await import('./areas/mcp/stdio.ts');
    const note = (text: string) => process.stderr.write(`aispm mcp: ${text}\n`);
    let reader: import('./areas/mcp/api.ts').ApiReader;
    let release = async () => {};
    if (o.direct) {
      const cfg = config({ db: globalDb() });
      const db = openDb(cfg.db, { pgPool: 2, pgQueryTimeoutMs: cfg.pgQueryTimeoutMs });
      const { pendingMigrations } = await import('./platform/db/migrate.ts');
      if (await pendingMigrations(db).catch((err: Error) => fail(`cannot open the database: ${err.message}`, 1))) {
        await db.close();
        fail('the database schema is not current; run `aispm migrate` first', 1);
      }
      const { app } = await (await wiring()).buildApp({ db, config: cfg, logger: false });
      reader = injectReader(app, token);
      release = async () => {
        await app.close();
        await db.close();
      };
    } else {
      const url = setting('url');
      reader = httpReader(url, token);
    }
    // The token is checked once now, for the operator's benefit; every tool call is checked again by the API.
    const me = await reader.get('/api/v1/token');
    if (me.status !== 200) {
      const message = (me.body as { message?: string } | null)?.message ?? 'refused';
      note(`warning: ${message} (HTTP ${me.status}); the tools will answer with this refusal`);
    }
    const handle = serveMcpStdio({ reader, onError: (err, tool) => note(`${tool}: ${(err as Error).message}`) });
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void handle
        .close()
        .catch(() => {})
        .then(release)
        .finally(() => process.exit(0));
    };
    // The client closes standard input when it is done with the server.
    process.stdin.once('close', stop);
    process.stdin.once('end', stop);
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });

registerQueryCommands(program, fail);
registerScanCommand(program, fail);
registerAdvisoriesCommand(program, fail);

/**
 * Usage errors (an unknown option, a missing argument, a bad choice) as one line naming the
 * problem and where the help is, with exit status 2, on every command: a whole help page after an
 * error hides the error, and 1 is the status of a refused request.
 */
function usageErrors(cmd: Command, path: string): void {
  cmd.configureOutput({
    outputError: (text, write) => {
      const problem = text
        .replace(/^error: /, '')
        .trim()
        .replace(
          /^required option '--(tenant|workspace) <id>' not specified$/,
          (_, o: string) => `give --${o} <id> or set AISPM_${o.toUpperCase()}`,
        );
      write(`aispm: ${problem} (see \`${path} --help\`)\n`);
    },
  });
  cmd.exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));
  for (const sub of cmd.commands) usageErrors(sub, `${path} ${sub.name()}`);
}
usageErrors(program, 'aispm');

program.parseAsync(process.argv).catch((err: Error) => fail(err.message, 1));
