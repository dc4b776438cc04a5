// `aispm import` held to what the engine itself can do on this machine, in the same run (issue 39
// point 3). The import writes N interactions into a fresh workspace of a freshly migrated database;
// then the rows it left in every table of that workspace are read back (untimed) and loaded into a
// second freshly migrated database, with the same schema and indexes, by the engine's fastest plain
// means:
//   SQLite      one transaction of prepared INSERTs per table (node:sqlite, the service's pragmas)
//   PostgreSQL  COPY … FROM STDIN per table in one transaction (the rows as COPY TO STDOUT wrote them)
// The ratio is the import's rate over the bulk load's, both counted in interactions. The bulk load
// keeps none of the import's guarantees (docs/INGEST.md: upserts by id, batches atomic on their
// own, derived rows current at each commit); what those cost is the gap this case shows.
//
//   node bench/bulk-load.ts [--engine sqlite|postgres] [--count 300000] [--batch-size N] [--no-write]
//   npm run bench -- --cases bulk-load [--engine sqlite|postgres]
//
// The figures go to BENCHMARKS.md, one section per engine (bench:bulk-load-<engine>). Target (issue
// 39): the import at least half the bulk load's rate.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { migrate } from '../src/compose.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, type EngineName } from '../test/helpers/harness.ts';
import { writeInteractions } from './interactions-file.ts';
import { writeSection } from './sections.ts';

const TENANT = 'demo';
const WORKSPACE = 'import-bench';

export interface BulkLoadResult {
  engine: EngineName;
  interactions: number;
  /** Wall time of the `aispm import` process, start to exit. */
  importSeconds: number;
  /** The import's own count of its writing (its summary line), when it printed one. */
  importCommandSeconds: number | null;
  bulkSeconds: number;
  /** Rows the import left per table (the rows the bulk load writes). */
  rows: Record<string, number>;
  ratio: number;
}

/** The database's file of a `sqlite:` URL. */
const sqliteFile = (url: string) => url.replace(/^sqlite:/, '');

/** The tables of the schema with a workspace column: where an import's rows are. */
async function workspaceTables(engine: EngineName, url: string): Promise<Array<{ table: string; columns: string[] }>> {
  if (engine === 'sqlite') {
    const db = new DatabaseSync(sqliteFile(url), { readOnly: true });
    try {
      const tables = db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
        .all() as Array<{ name: string }>;
      const out: Array<{ table: string; columns: string[] }> = [];
      for (const { name } of tables) {
        // table_xinfo's `hidden` is 2 or 3 for generated columns, which are never inserted.
        const cols = db.prepare(`select name, hidden from pragma_table_xinfo(?)`).all(name) as Array<{ name: string; hidden: number }>;
        if (!cols.some((c) => c.name === 'workspace_id')) continue;
        out.push({ table: name, columns: cols.filter((c) => c.hidden === 0).map((c) => c.name) });
      }
      return out;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Parents of partitioned tables are listed, their partitions not: COPY into the parent routes rows.
    const { rows } = await client.query<{ table: string; columns: string[] }>(
      `select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where c.relkind in ('r', 'p') and not c.relispartition
          and exists (select 1 from pg_attribute w where w.attrelid = c.oid and w.attname = 'workspace_id' and not w.attisdropped)
        group by c.relname order by c.relname`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

function importInteractions(url: string, file: string, batchSize?: string): { seconds: number; commandSeconds: number | null } {
  const args = ['src/cli.ts', '--db', url, 'import', file, '--tenant', TENANT, '--workspace', WORKSPACE];
  if (batchSize) args.push('--batch-size', batchSize);
  const t0 = performance.now();
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, AISPM_STORE_PROMPTS: 'false' } });
  const seconds = (performance.now() - t0) / 1000;
  if (run.status !== 0) throw new Error(`import failed: ${run.stdout}${run.stderr}`);
  // The summary says "… in 6.06 s …" of its own writing.
  const own = /\bin ([\d.]+) s\b/.exec(run.stdout + run.stderr);
  return { seconds, commandSeconds: own ? Number(own[1]) : null };
}

/** SQLite: each table's rows read from the imported file, then inserted into the fresh one in one timed transaction. */
function sqliteBulk(source: string, target: string, tables: Array<{ table: string; columns: string[] }>) {
  const from = new DatabaseSync(sqliteFile(source), { readOnly: true });
  const data = new Map<string, SQLInputValue[][]>();
  const rows: Record<string, number> = {};
  for (const { table, columns } of tables) {
    const list = columns.map((c) => `"${c}"`).join(', ');
    const statement = from.prepare(`select ${list} from "${table}" where workspace_id = ? and tenant_id = ?`);
    statement.setReturnArrays(true);
    const values = statement.all(WORKSPACE, TENANT) as unknown as SQLInputValue[][];
    if (values.length) data.set(table, values);
    if (values.length) rows[table] = values.length;
  }
  from.close();
  const to = new DatabaseSync(sqliteFile(target));
  to.exec('pragma journal_mode = WAL; pragma synchronous = NORMAL; pragma temp_store = MEMORY; pragma cache_size = -65536');
  const t0 = performance.now();
  to.exec('begin');
  for (const { table, columns } of tables) {
    const values = data.get(table);
    if (!values) continue;
    const insert = to.prepare(
      `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
    for (const v of values) insert.run(...v);
  }
  to.exec('commit');
  const seconds = (performance.now() - t0) / 1000;
  to.close();
  return { seconds, rows };
}

/** PostgreSQL: each table's rows as COPY TO STDOUT writes them, then COPY FROM STDIN in one timed transaction. */
async function postgresBulk(source: string, target: string, tables: Array<{ table: string; columns: string[] }>) {
  const from = new pg.Client({ connectionString: source });
  await from.connect();
  const data = new Map<string, Buffer>();
  const rows: Record<string, number> = {};
  try {
    for (const { table, columns } of tables) {
      const list = columns.map((c) => `"${c}"`).join(', ');
      const chunks: Buffer[] = [];
      await pipeline(
        from.query(
          copyTo(`copy (select ${list} from "${table}" where workspace_id = '${WORKSPACE}' and tenant_id = '${TENANT}') to stdout`),
        ),
        new Writable({
          write(chunk: Buffer, _enc, done) {
            chunks.push(chunk);
            done();
          },
        }),
      );
      const text = Buffer.concat(chunks);
      if (text.length === 0) continue;
      data.set(table, text);
      let lines = 0;
      for (const byte of text) if (byte === 10) lines++;
      rows[table] = lines;
    }
  } catch (err) {
    await from.end();
    throw err;
  }
  // The import made monthly partitions as months arrived (partitions.ts); the target gets the same
  // ones before the clock starts, as steady ingest finds them made ahead by the maintenance job.
  const partitions = await from.query<{ name: string; parent: string; bound: string }>(
    `select c.relname as name, p.relname as parent, pg_get_expr(c.relpartbound, c.oid) as bound
       from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where c.relispartition and c.relkind in ('r', 'p') and c.relnamespace = to_regnamespace(current_schema())`,
  );
  await from.end();
  const to = new pg.Client({ connectionString: target });
  await to.connect();
  try {
    for (const p of partitions.rows) await to.query(`create table if not exists "${p.name}" partition of "${p.parent}" ${p.bound}`);
    const t0 = performance.now();
    await to.query('begin');
    for (const { table, columns } of tables) {
      const text = data.get(table);
      if (!text) continue;
      await pipeline(Readable.from([text]), to.query(copyFrom(`copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`)));
    }
    await to.query('commit');
    return { seconds: (performance.now() - t0) / 1000, rows };
  } finally {
    await to.end();
  }
}

/** One engine's case: the import, then the same rows bulk-loaded. */
export async function bulkLoadCase(engine: EngineName, count: number, options: { batchSize?: string } = {}): Promise<BulkLoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'aispm-bulk-load-'));
  const source = await createDatabase(engine);
  const target = await createDatabase(engine);
  try {
    const file = join(dir, 'interactions.ndjson');
    await writeInteractions(file, count, 'imp');
    for (const url of [source.url, target.url]) {
      const db = openDb(url);
      await migrate(db);
      await db.close();
    }
    const imported = importInteractions(source.url, file, options.batchSize);
    const tables = await workspaceTables(engine, source.url);
    const bulk = engine === 'sqlite' ? sqliteBulk(source.url, target.url, tables) : await postgresBulk(source.url, target.url, tables);
    return {
      engine,
      interactions: count,
      importSeconds: imported.seconds,
      importCommandSeconds: imported.commandSeconds,
      bulkSeconds: bulk.seconds,
      rows: bulk.rows,
      ratio: bulk.seconds / imported.seconds,
    };
  } finally {
    await source.drop();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function describeBulkLoad(r: BulkLoadResult): string {
  const rate = (s: number) => Math.round(r.interactions / s).toLocaleString('en');
  const own = r.importCommandSeconds === null ? '' : ` (${rate(r.importCommandSeconds)}/s by its own count)`;
  const tables = Object.entries(r.rows)
    .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
    .join(', ');
  return (
    `${r.engine}: aispm import ${r.interactions.toLocaleString('en')} interactions ${r.importSeconds.toFixed(2)} s = ${rate(r.importSeconds)}/s${own}; ` +
    `bulk load of the same rows ${r.bulkSeconds.toFixed(2)} s = ${rate(r.bulkSeconds)}/s; import/bulk ${r.ratio.toFixed(2)} ` +
    `(rows: ${tables}; load ${loadavg()[0]!.toFixed(1)})`
  );
}

/** Issue 39: `aispm import` at half the engine's own bulk load of the same rows, or better. */
const TARGET = 0.5;

/** The BENCHMARKS.md section of one engine's result (written there unless `write` is off). */
export function bulkLoadSection(r: BulkLoadResult, write: boolean): string {
  const rate = (s: number) => `${Math.round(r.interactions / s).toLocaleString('en')}/s`;
  const section = [
    `<!-- bench:bulk-load-${r.engine}:start -->`,
    `## Import against the engine's own bulk load, ${r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (${new Date().toISOString().slice(0, 10)})`,
    '',
    `\`npm run bench -- --cases bulk-load --engine ${r.engine}\` (bench/bulk-load.ts): ${r.interactions.toLocaleString('en')} interactions ` +
      `imported by \`aispm import\` into a fresh workspace; the rows it left loaded into a second fresh database with the same schema and indexes ` +
      `by ${r.engine === 'sqlite' ? 'prepared INSERTs in one transaction' : 'COPY FROM STDIN in one transaction'}. ` +
      `Node ${process.version}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at the end. Target (issue 39): the import at least ${TARGET * 100} % of the bulk load's rate.`,
    '',
    '| `aispm import` (wall, its own count) | bulk load of the same rows | import / bulk | rows loaded |',
    '|---|---|---|---|',
    `| ${rate(r.importSeconds)}, ${r.importCommandSeconds === null ? '–' : rate(r.importCommandSeconds)} | ${rate(r.bulkSeconds)} | ` +
      `**${r.ratio.toFixed(2)}** (${r.ratio >= TARGET ? 'met' : 'NOT MET'}) | ` +
      `${Object.entries(r.rows)
        .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
        .join(', ')} |`,
    `<!-- bench:bulk-load-${r.engine}:end -->`,
  ].join('\n');
  if (write) writeSection(`bulk-load-${r.engine}`, section);
  return section;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'sqlite' },
      count: { type: 'string', default: '300000' },
      'batch-size': { type: 'string' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const result = await bulkLoadCase(values.engine as EngineName, Number(values.count), { batchSize: values['batch-size'] });
  console.log(describeBulkLoad(result));
  console.log(bulkLoadSection(result, !values['no-write']));
}
