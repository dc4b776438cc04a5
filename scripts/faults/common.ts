// What the fault scripts share: a service started as its own process (so it can be signalled and
// killed), a dataset written to a file, and a canonical dump of the database to compare states.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { demoRecords } from '../../src/demo/estate.ts';
import { importFile } from '../../src/demo/load.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { openDb } from '../../src/platform/db/open.ts';
import { migrate } from '../../src/compose.ts';

/** `--engine sqlite|postgres` and `--after N` of the kill scripts run from the command line. */
export function killScriptArgs(defaultAfter: number): { engine: 'sqlite' | 'postgres'; after: number } {
  const args = process.argv.slice(2);
  const engine = args.includes('--engine') ? args[args.indexOf('--engine') + 1] : 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`--engine must be sqlite or postgres, not ${engine}`);
  const after = args.includes('--after') ? Number(args[args.indexOf('--after') + 1]) : defaultAfter;
  return { engine, after };
}

export const ROOT = new URL('../../', import.meta.url).pathname;
export const CLI = join(ROOT, 'src/cli.ts');

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `aispm-${prefix}-`));
}

/** The demo estate of one workspace as an NDJSON file; returns its path and its lines. */
export function writeDataset(
  dir: string,
  share = 1,
  now = Math.floor(Date.now() / 86_400_000) * 86_400_000,
): { file: string; lines: string[] } {
  const lines = [...demoRecords({ scale: 1, seed: 7, now, workspace: 'faults', share })].map((r) => JSON.stringify(r));
  const file = join(dir, 'estate.ndjson');
  writeFileSync(file, lines.join('\n') + '\n');
  return { file, lines };
}

export interface Service {
  child: ChildProcess;
  url: string;
  /** Every stdout line (pino JSON) the service has written. */
  log: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `aispm serve` on a free port and waits until it says where it listens. */
export async function startService(db: string, env: Record<string, string> = {}): Promise<Service> {
  const child = spawn(process.execPath, [CLI, '--db', db, 'serve', '--port', '0'], {
    env: { ...process.env, AISPM_LOG_LEVEL: 'info', AISPM_RATE_LIMIT_MAX: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  const log: string[] = [];
  const stderr: string[] = [];
  child.stderr!.on('data', (d) => stderr.push(String(d)));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      log.push(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'serving' && entry.url) resolve(entry.url);
      } catch {
        /* not JSON */
      }
    });
    exited.then(({ code }) => reject(new Error(`aispm serve exited (${code}) before serving: ${stderr.join('').slice(0, 500)}`)));
  });
  return { child, url, log, exited };
}

/** Runs the CLI to completion; returns its exit code and output. */
export async function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => {
    stdout += d;
  });
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stdout, stderr };
}

export async function createTokenCli(db: string, tenant: string): Promise<string> {
  const res = await cli([
    '--db',
    db,
    'token',
    'create',
    '--tenant',
    tenant,
    '--user',
    'faults',
    '--all-workspaces',
    '--scope',
    'read',
    'ingest',
    'storage',
    '--json',
  ]);
  if (res.code !== 0) throw new Error(`token create failed: ${res.stderr}`);
  return (JSON.parse(res.stdout) as { token: string }).token;
}

// Posture rules open their findings at the time they evaluate, which differs between a crashed run
// and the clean run it is compared with; these scripts are about ingest's batches, so every process
// they start (all inherit this environment) leaves findings to the records.
process.env.AISPM_POSTURE_RULES = 'false';

// ---- state ---------------------------------------------------------------------------------------

/**
 * Tables that say nothing about the data (migrations, the cursor secret, tokens), and the audit
 * trail, which records requests: a batch sent again after a crash is a second request, and the
 * reference import (the CLI, no HTTP) makes none.
 */
const SKIP_TABLES = new Set(['schema_migrations', 'service_settings', 'api_keys', 'audit_events']);
/** Columns that hold the wall-clock time of the write rather than data. */
const SKIP_COLUMNS = new Set(['updated_at', 'first_ingest_at', 'last_ingest_at']);

async function tablesOf(db: Db): Promise<string[]> {
  const q =
    db.dialect.name === 'sqlite'
      ? sql<{ t: string }>`select name as t from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : // Partitions are read through their parent.
        sql<{
          t: string;
        }>`select c.relname as t from pg_class c where c.relnamespace = to_regnamespace(current_schema()) and c.relkind in ('r', 'p') and not c.relispartition`;
  return (await db.execute<{ t: string }>(q.compile(db.builder))).rows
    .map((r) => r.t)
    .filter((t) => !SKIP_TABLES.has(t))
    .sort();
}

/** Every row of every data table, as sorted JSON lines: equal dumps mean equal data, duplicates included. */
export async function dumpState(db: Db): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const table of await tablesOf(db)) {
    const rows = (await db.execute<Record<string, unknown>>(sql`select * from ${sql.table(table)}`.compile(db.builder))).rows;
    out.set(
      table,
      rows
        .map((r) =>
          JSON.stringify(
            Object.keys(r)
              .sort()
              .filter((k) => !SKIP_COLUMNS.has(k))
              .map((k) => normalise(r[k])),
          ),
        )
        .sort(),
    );
  }
  return out;
}

/** JSON columns come back as text from SQLite and parsed from PostgreSQL; numbers as strings from some pg types. */
function normalise(v: unknown): unknown {
  if (typeof v === 'string' && (v.startsWith('{') || v.startsWith('['))) {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }
  return v;
}

/** Differences between two dumps, as readable lines (empty when they are equal). */
export function compareStates(actual: Map<string, string[]>, expected: Map<string, string[]>): string[] {
  const problems: string[] = [];
  for (const table of new Set([...actual.keys(), ...expected.keys()])) {
    const a = actual.get(table) ?? [];
    const e = expected.get(table) ?? [];
    if (a.length !== e.length) {
      problems.push(`${table}: ${a.length} rows, expected ${e.length}`);
      continue;
    }
    const i = a.findIndex((row, k) => row !== e[k]);
    if (i >= 0) problems.push(`${table}: row ${i} is ${a[i]!.slice(0, 200)}, expected ${e[i]!.slice(0, 200)}`);
  }
  return problems;
}

export function rowCount(state: Map<string, string[]>): number {
  return [...state.values()].reduce((n, rows) => n + rows.length, 0);
}

/** The state a clean import of `lines` (in batches of `batchSize`) leaves in a fresh database of `url`. */
export async function referenceState(
  url: string,
  dir: string,
  lines: string[],
  tenant: string,
  workspace: string,
  batchSize: number,
): Promise<Map<string, string[]>> {
  const db = openDb(url, { pgPool: 2 });
  try {
    await migrate(db);
    const file = join(dir, `prefix-${lines.length}.ndjson`);
    writeFileSync(file, lines.join('\n') + (lines.length ? '\n' : ''));
    const summary = await importFile(db, file, { tenant, workspace, batchSize, storePrompts: true, evaluateRules: false });
    if (summary.rejected)
      throw new Error(`the reference import rejected ${summary.rejected} lines: ${JSON.stringify(summary.errors.slice(0, 3))}`);
    return await dumpState(db);
  } finally {
    await db.close();
  }
}

/** Opens a database after a crash: SQLite's own integrity check, then its state. */
export async function inspect(url: string): Promise<{ integrity: string; state: Map<string, string[]> }> {
  const db = openDb(url, { pgPool: 2 });
  try {
    const integrity = await db.integrityCheck();
    return { integrity, state: await dumpState(db) };
  } finally {
    await db.close();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
