// `aispm scan [PATH…]`: static discovery of agents, tools, models, MCP servers, secrets and key
// material in code and on developer machines (docs/SCAN.md). Scans the given directories (one scan
// per repository found in them) and, with --host, this user's MCP client configurations, then
// sends each scan to the service (AISPM_URL, AISPM_TOKEN, --tenant/--workspace or AISPM_TENANT /
// AISPM_WORKSPACE), or writes it to --output as NDJSON, SARIF or CycloneDX without a service.
//
// Exit status: 0 done; 1 the service refused or could not be reached; 2 a usage error; 3 a
// finding at or above --fail-on.

import { type Command, Option } from 'commander';
import { FINDINGS_EXIT, failOnSeverities as severities, type ScanCommandOptions, scanFormats as formats } from '../scan/command-options.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';
import { int as count } from './query-params.ts';

export function registerScanCommand(program: Command, ctx: CliContext): void {
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  program
    .command('scan')
    .description(
      'find the agents, tools, models, MCP servers, secrets and keys in directories (and with --host in this user’s MCP client ' +
        'configurations) and send them to the service (AISPM_URL, AISPM_TOKEN), or write them to --output',
    )
    .argument('[paths...]', 'directories to scan (default: the current directory, unless --host alone)')
    .option('--host', 'also scan the MCP client configurations in the home directory (Claude, Cursor, VS Code, …): one scan for this host')
    .option('-o, --output <file>', 'write the scan to this file (- for standard output) instead of sending it')
    .addOption(
      new Option('--format <format>', 'with --output: ndjson (the ingest records), sarif (2.1.0) or cyclonedx (1.6 AI-BOM)')
        .choices(formats)
        .default('ndjson'),
    )
    .addOption(new Option('--fail-on <severity>', `exit ${FINDINGS_EXIT} when a finding is at or above this severity`).choices(severities))
    .addOption(new Option('--tenant <id>', 'tenant').env('AISPM_TENANT'))
    .addOption(new Option('--workspace <id>', 'workspace').env('AISPM_WORKSPACE'))
    .option(
      '--environment <name>',
      'the deployment environment the scanned code runs in (production, staging, …), set on its agents and its asset',
    )
    .option('--verbose', 'list every file not read, with why')
    .option('--max-file-bytes <n>', 'skip files larger than this (default 4194304)', count('--max-file-bytes'))
    .option('--max-files <n>', 'read at most this many files per scan (default 250000)', count('--max-files'))
    .option('--all-files', 'read vendored and generated files too (node_modules, dist, minified bundles, …)')
    .action(async (paths: string[], o: ScanCommandOptions) => {
      const { runScanCommand } = await import('../scan/command-run.ts');
      process.exitCode = await runScanCommand(paths, o, fail);
    });
}
