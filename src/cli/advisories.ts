// `aispm advisories import PATH`: OSV records sent to the service (src/osv/send.ts, docs/ADVISORIES.md).

import { type Command, Option } from 'commander';
import { DEFAULT_BATCH, type Options, runImport } from '../osv/send.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';
import { int as count } from './query-params.ts';

export function registerAdvisoriesCommand(program: Command, ctx: CliContext): void {
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  const advisories = program.command('advisories').description('known vulnerabilities (OSV) matched against the packages scans found');
  advisories
    .command('import')
    .description(
      'send OSV records (a JSON file, a directory of them, or an ecosystem zip such as npm/all.zip) to the service (AISPM_URL, AISPM_TOKEN)',
    )
    .argument('<path>', 'an OSV JSON file, a directory of them, or a zip of them')
    .addOption(new Option('--tenant <id>', 'tenant').env('AISPM_TENANT'))
    .addOption(new Option('--workspace <id>', 'workspace').env('AISPM_WORKSPACE'))
    .option('--batch-size <n>', `records per request (default ${DEFAULT_BATCH})`, count('--batch-size'))
    .action(async (path: string, o: Options) => {
      process.exitCode = await runImport(path, o, fail);
    });
}
