// `aispm import FILE`: NDJSON (streamed, in batches) or a CycloneDX BOM (whole or nothing) into a workspace.

import type { Command } from 'commander';
import { closeSync, openSync, readSync } from 'node:fs';
import { flagHelp } from '../config.ts';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db/database.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

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

const MCP_FORMATS = ['mcp-scan', 'cisco-mcp-scanner'] as const;
const FORMATS = ['ndjson', 'cyclonedx', 'sarif', ...MCP_FORMATS, 'garak', 'promptfoo'] as const;

export function registerImportCommand(program: Command, ctx: CliContext): void {
  program
    .command('import')
    .description(
      'ingest an NDJSON file (- for standard input), a CycloneDX BOM (--format cyclonedx), a SARIF log (--format sarif), an MCP ' +
        "scanner's results (--format mcp-scan, cisco-mcp-scanner) or a model probe report (--format garak, promptfoo) into a workspace",
    )
    .argument(
      '<file>',
      "NDJSON file, one record per line; or a CycloneDX JSON BOM; or a SARIF 2.1.0 log; or an MCP scanner's JSON; or garak's " +
        "report.jsonl; or promptfoo's results JSON",
    )
    .option(
      '--format <format>',
      'ndjson (default), cyclonedx (a CycloneDX JSON BOM), sarif (a SARIF 2.1.0 log), mcp-scan (`mcp-scan scan --json`), ' +
        "cisco-mcp-scanner (Cisco's mcp-scanner JSON), garak (garak's report.jsonl) or promptfoo (`promptfoo eval -o results.json`); " +
        'anything but NDJSON is written whole or not at all',
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
    .option('--batch-size <n>', flagHelp('importBatch', 'records per transaction'), ctx.wholeNumber('batch-size'))
    .option(
      '--progress-json',
      'after each batch is committed (or rejected), write a JSON line to stderr: {"lines", "accepted", "rejected"}',
    )
    .action((file: string, o: ImportOptions) => runImport(ctx, file, o));
}

async function runImport(ctx: CliContext, file: string, o: ImportOptions): Promise<void> {
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  const format = FORMATS.find((f) => f === o.format);
  if (!format) fail(`--format: expected ${FORMATS.slice(0, -1).join(', ')} or promptfoo, not "${o.format}"`);
  if (format !== 'sarif' && (o.root || o.repository || o.branch || o.commit))
    fail('--root, --repository, --branch and --commit are for --format sarif');
  if (format === 'ndjson') return importNdjson(ctx, file, o);
  return importWhole(ctx, file, o, wholeFormats[format](o));
}

async function importNdjson(ctx: CliContext, file: string, o: ImportOptions): Promise<void> {
  const { count, modules, config, withDb } = ctx;
  const fail: Fail = ctx.fail;
  const cfg = config({ importBatch: o.batchSize });
  // The worker reads and parses the first batches while this thread loads the pipeline, opens and
  // migrates the database (AISPM_IMPORT_WORKER=false: parsed here, batch after batch).
  const parsed = cfg.importWorker
    ? new (await import('../ingest/worker-batches.ts')).ParseWorker(file, {
        batchSize: cfg.importBatch,
        maxLineBytes: (await import('../ingest/ndjson.ts')).DEFAULT_MAX_LINE,
        storePrompts: cfg.storePrompts,
      })
    : undefined;
  const { importFile } = await modules.ingestFiles();
  const tty = process.stderr.isTTY && !o.progressJson;
  const start = performance.now();
  const summary = await withDb(cfg, async (db) => {
    await modules.migrate(db);
    await modules.loadConfiguredPrices(db, cfg.pricesFile);
    return importFile(db, file, {
      tenant: o.tenant,
      workspace: o.workspace,
      batchSize: cfg.importBatch,
      parsed,
      storePrompts: cfg.storePrompts,
      evaluateRules: cfg.postureRules,
      webhooks: (await modules.wiring()).webhookOutbox(cfg),
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
  if (summary.rejected) process.stdout.write(rejectedNote(ctx, summary, o.batchSize ?? cfg.importBatch));
  for (const e of summary.errors) process.stdout.write(`  line ${e.line}: ${e.message}\n`);
  if (summary.rejected && file !== '-' && looksLikeCycloneDx(file)) {
    process.stdout.write(`  ${file} looks like a CycloneDX BOM, not NDJSON: import it with --format cyclonedx\n`);
  }
  if (summary.rejected) process.exit(1);
}

/**
 * What "rejected" counts, in words: the lines in error (those listed, or the first of them), and
 * the valid lines not written with them, since a batch is written whole or not at all.
 */
function rejectedNote(ctx: CliContext, summary: { rejected: number; errors: unknown[]; errorLines?: number }, batchSize: number): string {
  const { count } = ctx;
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

/** What every whole-or-nothing import is given besides its file. */
interface WholeCommon {
  tenant: string;
  workspace: string;
  storePrompts: boolean;
  evaluateRules: boolean;
  webhooks: Awaited<ReturnType<Awaited<ReturnType<CliContext['modules']['wiring']>>['webhookOutbox']>>;
}

/** The summary every whole-or-nothing import answers. */
interface WholeSummary {
  accepted: number;
  rejected: number;
  errors: Array<{ message: string }>;
}

/**
 * A format written whole or not at all (a BOM, a SARIF log, a scanner's or a prober's results): how
 * its file is named in messages, which of its errors refuse it, and how it is written.
 */
interface WholeFormat<S extends WholeSummary> {
  /** The file in "FILE is a directory: give …"; none: the format's reader says it. */
  one?: string;
  /** The refused document in "FILE: … was refused". */
  whole: string;
  /** Read the file first (bounded by AISPM_INGEST_MAX_BYTES) and hand its text to `write`; else `write` reads the path. */
  readsText: boolean;
  /** The format's errors: each refuses the file as "FILE: message; nothing was written". */
  errors(): Promise<Array<abstract new (...args: never[]) => Error>>;
  write(db: Db, input: { file: string; text: string }, common: WholeCommon, cfg: Config): Promise<S>;
  /** The line printed after it is written. */
  done(summary: S, secs: string, count: CliContext['count']): string;
}

/** A whole format with its summary's own type closed over: what importWhole runs. */
interface WholeImport extends Omit<WholeFormat<WholeSummary>, 'write' | 'done'> {
  write(
    ...args: Parameters<WholeFormat<WholeSummary>['write']>
  ): Promise<{ summary: WholeSummary; line: (secs: string, count: CliContext['count']) => string }>;
}

function wholeFormat<S extends WholeSummary>(f: WholeFormat<S>): WholeImport {
  return {
    ...f,
    write: async (...args) => {
      const summary = await f.write(...args);
      return { summary, line: (secs, count) => f.done(summary, secs, count) };
    },
  };
}

/** The formats other than NDJSON, each made for the command's options. */
const wholeFormats: Record<Exclude<(typeof FORMATS)[number], 'ndjson'>, (o: ImportOptions) => WholeImport> = {
  cyclonedx: () =>
    wholeFormat({
      whole: 'the BOM',
      readsText: false,
      errors: async () => [(await import('../ingest/cyclonedx.ts')).BomError],
      write: async (db, { file }, common) => (await import('../demo/import-cyclonedx.ts')).importCycloneDx(db, file, common),
      done: (s, secs) => `${s.accepted} records written from the BOM in ${secs} s`,
    }),
  sarif: (o) =>
    wholeFormat({
      one: 'one SARIF log',
      whole: 'the log',
      readsText: true,
      errors: async () => [(await import('../ingest/sarif.ts')).SarifError],
      write: async (db, { text }, common, cfg) => {
        const { importSarif } = await import('../demo/import-sarif.ts');
        return importSarif(db, text, {
          ...common,
          maxBytes: cfg.ingestMaxBytes,
          maxResults: cfg.sarifMaxResults,
          context: { now: Date.now(), ...(await sarifPlace(text, o)) },
        });
      },
      done: (s, secs, count) => `${count(s.results, 'result')} imported (${count(s.accepted, 'record')} written) from the log in ${secs} s`,
    }),
  'mcp-scan': () => mcpScanFormat('mcp-scan'),
  'cisco-mcp-scanner': () => mcpScanFormat('cisco-mcp-scanner'),
  garak: () => probeFormat('garak'),
  promptfoo: () => probeFormat('promptfoo'),
};

/** `--format mcp-scan|cisco-mcp-scanner`: the scanner's JSON (its size bound read as for a SARIF log). */
function mcpScanFormat(format: (typeof MCP_FORMATS)[number]) {
  return wholeFormat({
    one: `one ${format} JSON file`,
    whole: 'the file',
    readsText: true,
    errors: async () => [(await import('../ingest/mcp-scanners.ts')).McpScanError, (await import('../ingest/sarif.ts')).SarifError],
    write: async (db, { text }, common) =>
      (await import('../demo/import-mcp-scan.ts')).importMcpScan(db, format, text, { ...common, now: Date.now() }),
    done: (s, secs, count) =>
      `${count(s.findings, 'finding')} imported (${count(s.accepted, 'record')} written) from the ${format} results in ${secs} s`,
  });
}

/** `--format garak|promptfoo`: the report, its targets matched to the workspace's models. */
function probeFormat(tool: 'garak' | 'promptfoo') {
  return wholeFormat({
    one: `one ${tool} report`,
    whole: 'the report',
    readsText: true,
    errors: async () => [(await import('../ingest/probes.ts')).ProbeError, (await import('../ingest/sarif.ts')).SarifError],
    write: async (db, { text }, common, cfg) =>
      (await import('../demo/import-probes.ts')).importProbes(db, tool, text, {
        ...common,
        failPercent: cfg.probeFailPercent,
        now: Date.now(),
      }),
    done: (s, secs, count) =>
      `${count(s.run.results.length, 'probe result')} imported (${count(s.accepted, 'record')} written) from the ${tool} run in ${secs} s`,
  });
}

/**
 * What a SARIF log does not say is found here, where the files are: the repository's top (`--root`,
 * else the git top level of the first absolute path it names, else of the current directory) and,
 * when the log names no repository, that top's remote, branch and commit, read from .git as the
 * scanner reads them.
 */
async function sarifPlace(
  text: string,
  o: ImportOptions,
): Promise<{ root?: string; repository?: string; branch?: string; commit?: string }> {
  const { gitInfo } = await import('../scan/repo/git.ts');
  const { dirname, resolve } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const firstAbsolute = /"uri"\s*:\s*"(file:\/\/[^"]+)"/.exec(text)?.[1];
  let fromUri: string | undefined;
  try {
    fromUri = firstAbsolute ? dirname(fileURLToPath(firstAbsolute)) : undefined;
  } catch {
    fromUri = undefined;
  }
  const git = gitInfo(o.root ? resolve(o.root) : (fromUri ?? process.cwd()));
  const root = o.root ? resolve(o.root) : git?.top;
  return {
    ...(root ? { root } : {}),
    ...((o.repository ?? git?.remote) ? { repository: o.repository ?? git!.remote! } : {}),
    ...((o.branch ?? git?.branch) ? { branch: o.branch ?? git!.branch! } : {}),
    ...((o.commit ?? git?.commit) ? { commit: o.commit ?? git!.commit! } : {}),
  };
}

/** A format written whole or not at all: validated, then written as one batch; refused with its errors and exit 1. */
async function importWhole(ctx: CliContext, file: string, o: ImportOptions, format: WholeImport): Promise<void> {
  const { count, modules, config, withDb } = ctx;
  const fail: Fail = ctx.fail;
  const errors = await format.errors();
  const refused = (err: unknown): never => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') fail(`no such file: ${file}`);
    if (format.one && (err as NodeJS.ErrnoException).code === 'EISDIR') fail(`${file} is a directory: give ${format.one}`);
    if (errors.some((E) => err instanceof E)) fail(`${file}: ${(err as Error).message}; nothing was written`, 1);
    throw err;
  };
  const cfg = config();
  const { readBounded } = await import('../demo/import-sarif.ts');
  const text = format.readsText ? await readBounded(file, cfg.ingestMaxBytes).catch(refused) : '';
  const start = performance.now();
  const { summary, line } = await withDb(cfg, async (db) => {
    await modules.migrate(db);
    const common: WholeCommon = {
      tenant: o.tenant,
      workspace: o.workspace,
      storePrompts: cfg.storePrompts,
      evaluateRules: cfg.postureRules,
      webhooks: (await modules.wiring()).webhookOutbox(cfg),
    };
    return format.write(db, { file, text }, common, cfg).catch(refused);
  });
  if (summary.rejected) {
    for (const e of summary.errors) process.stderr.write(`aispm: ${file}: ${e.message}\n`);
    fail(`${file}: ${format.whole} was refused; nothing was written`, 1);
  }
  const secs = ((performance.now() - start) / 1000).toFixed(2);
  process.stdout.write(`${line(secs, count)}\n`);
}
