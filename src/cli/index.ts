// The `aispm` command tree: every command group in one list, in the order `aispm --help` shows
// them, each registered from its own file with the one shared context (context.ts), the way
// compose.ts lists the service's areas. Operators' commands open the database (serve, start,
// migrate, demo, import, retention, rules evaluate, token, mcp --direct); the rest are clients of
// a running service (AISPM_URL, AISPM_TOKEN). docs/ARCHITECTURE.md: where a command goes.

import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { flagHelp } from '../config.ts';
import { registerAdvisoriesCommand } from './advisories.ts';
import { registerComplianceCommands } from './compliance.ts';
import { type CliContext, cliContext } from './context.ts';
import { registerControlsCommands } from './controls.ts';
import { registerExportCommands } from './exports.ts';
import { registerFindingsCommands } from './findings.ts';
import { registerImportCommand } from './import.ts';
import { registerInventoryCommands } from './inventory.ts';
import { registerMcpCommand } from './mcp.ts';
import { registerPathsCommands } from './paths.ts';
import { registerRetentionCommand } from './retention.ts';
import { registerRulesCommands } from './rules.ts';
import { registerRuntimeCommands } from './runtime.ts';
import { registerScanCommand } from './scan.ts';
import { registerScansCommands } from './scans.ts';
import { registerServerCommands } from './server.ts';
import { registerStorageCommands } from './storage.ts';
import { registerSummaryCommands } from './summaries.ts';
import { registerTokenCommands } from './token.ts';
import { usageErrors } from './usage.ts';
import { registerWaiverCommands } from './waivers.ts';
import { registerWebhookCommands } from './webhooks.ts';
import { registerWorkspaceCommands } from './workspaces.ts';

type CommandGroup = (program: Command, ctx: CliContext) => void;

/** The groups, in the order of `aispm --help`. */
const GROUPS: CommandGroup[] = [
  // the operator's: the service and its database
  registerServerCommands,
  registerImportCommand,
  registerRetentionCommand,
  registerRulesCommands,
  registerTokenCommands,
  registerMcpCommand,
  // queries against a running service
  registerInventoryCommands,
  registerFindingsCommands,
  registerRuntimeCommands,
  registerComplianceCommands,
  registerSummaryCommands,
  registerScansCommands,
  registerWorkspaceCommands,
  registerPathsCommands,
  registerWebhookCommands,
  registerStorageCommands,
  registerExportCommands,
  registerWaiverCommands,
  registerControlsCommands,
  // clients that read files and send them
  registerScanCommand,
  registerAdvisoriesCommand,
];

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command('aispm')
  .description("aispm-query: an HTTP/JSON query service over an organisation's AI estate")
  .version(version, '-V, --version', 'print the version')
  .option('--db <url>', flagHelp('db', 'database: sqlite:<path> or postgres://…'));

const ctx = cliContext(program);
for (const register of GROUPS) register(program, ctx);
usageErrors(program, 'aispm');

program.parseAsync(process.argv).catch((err: Error) => ctx.fail(err.message, 1));
