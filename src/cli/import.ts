// `aispm import FILE`: NDJSON (streamed, in batches) or a CycloneDX BOM (whole or nothing) into a workspace.

import type { Command } from 'commander';
import { closeSync, openSync, readSync } from 'node:fs';
import { flagHelp } from '../config.ts';
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

export function registerImportCommand(program: Command, ctx: CliContext): void {
  const { count, wholeNumber, modules, config, withDb } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
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
    .option('--batch-size <n>', flagHelp('importBatch', 'records per transaction'), wholeNumber('batch-size'))
    .option(
      '--progress-json',
      'after each batch is committed (or rejected), write a JSON line to stderr: {"lines", "accepted", "rejected"}',
    )
    .action(async (file: string, o: ImportOptions) => {
      const mcpFormats: readonly string[] = ['mcp-scan', 'cisco-mcp-scanner'];
      const formats = ['ndjson', 'cyclonedx', 'sarif', ...mcpFormats, 'garak', 'promptfoo'];
      if (!formats.includes(o.format)) fail(`--format: expected ${formats.slice(0, -1).join(', ')} or promptfoo, not "${o.format}"`);
      if (o.format !== 'sarif' && (o.root || o.repository || o.branch || o.commit))
        fail('--root, --repository, --branch and --commit are for --format sarif');
      if (o.format === 'cyclonedx') return importBom(file, o);
      if (o.format === 'sarif') return importSarifLog(file, o);
      if (mcpFormats.includes(o.format)) return importMcpScanFile(file, o.format as 'mcp-scan' | 'cisco-mcp-scanner', o);
      if (o.format === 'garak' || o.format === 'promptfoo') return importProbeReport(file, o.format, o);
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

  /**
   * `aispm import --format sarif`: the log is validated, then written as one batch. What it does not
   * say is found here, where the files are: the repository's top (`--root`, else the git top level of
   * the first absolute path it names, else of the current directory) and, when the log names no
   * repository, that top's remote, branch and commit, read from .git as the scanner reads them.
   */
  async function importSarifLog(file: string, o: ImportOptions): Promise<void> {
    const { importSarif, readBounded } = await import('../demo/import-sarif.ts');
    const { SarifError } = await import('../ingest/sarif.ts');
    const { gitInfo } = await import('../scan/repo/git.ts');
    const { dirname, resolve } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const cfg = config();
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
      await modules.migrate(db);
      return importSarif(db, text, {
        tenant: o.tenant,
        workspace: o.workspace,
        storePrompts: cfg.storePrompts,
        evaluateRules: cfg.postureRules,
        webhooks: (await modules.wiring()).webhookOutbox(cfg),
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
    refusedWhole(file, summary, 'the log');
    const secs = (performance.now() - start) / 1000;
    process.stdout.write(
      `${count(summary.results, 'result')} imported (${count(summary.accepted, 'record')} written) from the log in ${secs.toFixed(2)} s\n`,
    );
  }

  /** `aispm import --format mcp-scan|cisco-mcp-scanner`: the file is validated, then written as one batch. */
  async function importMcpScanFile(file: string, format: 'mcp-scan' | 'cisco-mcp-scanner', o: ImportOptions): Promise<void> {
    const { readBounded } = await import('../demo/import-sarif.ts');
    const { importMcpScan } = await import('../demo/import-mcp-scan.ts');
    const { SarifError } = await import('../ingest/sarif.ts');
    const { McpScanError } = await import('../ingest/mcp-scanners.ts');
    const cfg = config();
    const refused = (err: unknown): never => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') fail(`no such file: ${file}`);
      if ((err as NodeJS.ErrnoException).code === 'EISDIR') fail(`${file} is a directory: give one ${format} JSON file`);
      // The size bound is read as for a SARIF log (readBounded).
      if (err instanceof McpScanError || err instanceof SarifError) fail(`${file}: ${err.message}; nothing was written`, 1);
      throw err;
    };
    const text = await readBounded(file, cfg.ingestMaxBytes).catch(refused);
    const start = performance.now();
    const summary = await withDb(cfg, async (db) => {
      await modules.migrate(db);
      return importMcpScan(db, format, text, {
        tenant: o.tenant,
        workspace: o.workspace,
        storePrompts: cfg.storePrompts,
        evaluateRules: cfg.postureRules,
        webhooks: (await modules.wiring()).webhookOutbox(cfg),
        now: Date.now(),
      }).catch(refused);
    });
    refusedWhole(file, summary, 'the file');
    const secs = (performance.now() - start) / 1000;
    process.stdout.write(
      `${count(summary.findings, 'finding')} imported (${count(summary.accepted, 'record')} written) from the ${format} results in ${secs.toFixed(2)} s\n`,
    );
  }

  /** A file written whole or not at all (a BOM, a SARIF log) that was refused: its errors, then exit 1. */
  function refusedWhole(file: string, summary: { rejected: number; errors: Array<{ message: string }> }, what: string): void {
    if (!summary.rejected) return;
    for (const e of summary.errors) process.stderr.write(`aispm: ${file}: ${e.message}\n`);
    fail(`${file}: ${what} was refused; nothing was written`, 1);
  }

  /** `aispm import --format garak|promptfoo`: the report is validated, its targets matched to the workspace's models, then written as one batch. */
  async function importProbeReport(file: string, tool: 'garak' | 'promptfoo', o: { tenant: string; workspace: string }): Promise<void> {
    const { importProbes } = await import('../demo/import-probes.ts');
    const { readBounded } = await import('../demo/import-sarif.ts');
    const { SarifError } = await import('../ingest/sarif.ts');
    const { ProbeError } = await import('../ingest/probes.ts');
    const cfg = config();
    const refused = (err: unknown): never => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') fail(`no such file: ${file}`);
      if ((err as NodeJS.ErrnoException).code === 'EISDIR') fail(`${file} is a directory: give one ${tool} report`);
      if (err instanceof SarifError || err instanceof ProbeError) fail(`${file}: ${err.message}; nothing was written`, 1);
      throw err;
    };
    const text = await readBounded(file, cfg.ingestMaxBytes).catch(refused);
    const start = performance.now();
    const summary = await withDb(cfg, async (db) => {
      await modules.migrate(db);
      return importProbes(db, tool, text, {
        tenant: o.tenant,
        workspace: o.workspace,
        storePrompts: cfg.storePrompts,
        evaluateRules: cfg.postureRules,
        webhooks: (await modules.wiring()).webhookOutbox(cfg),
        failPercent: cfg.probeFailPercent,
        now: Date.now(),
      }).catch(refused);
    });
    refusedWhole(file, summary, 'the report');
    const secs = (performance.now() - start) / 1000;
    process.stdout.write(
      `${count(summary.run.results.length, 'probe result')} imported (${count(summary.accepted, 'record')} written) from the ${tool} run in ${secs.toFixed(2)} s\n`,
    );
  }

  /** `aispm import --format cyclonedx`: the BOM is validated, then written as one batch. */
  async function importBom(file: string, o: { tenant: string; workspace: string }): Promise<void> {
    const { importCycloneDx } = await import('../demo/import-cyclonedx.ts');
    const { BomError } = await import('../ingest/cyclonedx.ts');
    const cfg = config();
    const start = performance.now();
    const summary = await withDb(cfg, async (db) => {
      await modules.migrate(db);
      return importCycloneDx(db, file, {
        tenant: o.tenant,
        workspace: o.workspace,
        storePrompts: cfg.storePrompts,
        evaluateRules: cfg.postureRules,
        webhooks: (await modules.wiring()).webhookOutbox(cfg),
      }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') fail(`no such file: ${file}`);
        if (err instanceof BomError) fail(`${file}: ${err.message}; nothing was written`, 1);
        throw err;
      });
    });
    refusedWhole(file, summary, 'the BOM');
    const secs = (performance.now() - start) / 1000;
    process.stdout.write(`${summary.accepted} records written from the BOM in ${secs.toFixed(2)} s\n`);
  }
}
