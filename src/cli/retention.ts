// `aispm retention`: raw LLM interactions past the retention age deleted now.

import type { Command } from 'commander';
import { flagHelp } from '../config.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerRetentionCommand(program: Command, ctx: CliContext): void {
  const { wholeNumber, modules, config, withDb } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  program
    .command('retention')
    .description('delete raw LLM interactions older than the retention age now (sessions keep their totals)')
    .option('--days <n>', flagHelp('retentionDays', 'age in days'), wholeNumber('days'))
    .action(async (o: { days?: number }) => {
      const cfg = config({ retentionDays: o.days });
      if (cfg.retentionDays < 1) fail('give --days <n> or set AISPM_RETENTION_DAYS (at least 1)');
      const result = await withDb(cfg, async (db) => {
        await modules.migrate(db);
        return modules.applyRetention(db, cfg.retentionDays, Date.now());
      });
      process.stdout.write(
        `deleted ${result.deleted} interactions older than ${new Date(result.cutoff).toISOString()}` +
          (result.droppedPartitions.length ? ` (dropped partitions ${result.droppedPartitions.join(', ')})` : '') +
          '\n',
      );
    });
}
