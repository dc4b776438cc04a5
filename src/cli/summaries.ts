// `aispm histogram` and `aispm dashboard`: the summaries across workspaces.

import type { Command } from 'commander';
import { unwrap } from '../client/index.ts';
import { Printer, tableOfObjects } from './output.ts';
import { int, terminalWidth, write, note, type SummaryOptions, workspaceOf } from './query-params.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerSummaryCommands(program: Command, ctx: CliContext): void {
  const { call, columnsOf, show, output, workspaceOption } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  // Both summarise every workspace of the token unless one is named (flag or AISPM_WORKSPACE).
  const summary = (cmd: Command) =>
    output(cmd).addOption(workspaceOption()).option('--all-workspaces', 'every workspace of the token, even when AISPM_WORKSPACE is set');

  summary(program.command('histogram'))
    .description('open issues per month over the last 12 months: critical, high and the rest')
    .action(async (o: SummaryOptions) => {
      const body = await call(async (api) =>
        unwrap(await api.GET('/api/v1/histograms/aispm', { params: { query: { workspace_id: workspaceOf(o) } } })),
      );
      if (o.format === 'json') return write(JSON.stringify(body, null, 2) + '\n');
      const printer = new Printer({ format: o.format, columns: columnsOf(o), width: terminalWidth(), write, note });
      try {
        printer.page(tableOfObjects(body.issues_histogram.counts));
      } catch (err) {
        fail((err as Error).message);
      }
    });

  summary(program.command('dashboard'))
    .description('the estate at a glance: objects and open issues per type, top agents and models, runtime totals')
    .option('--top <n>', 'length of the top lists (1–100, default 5)', int('--top'))
    .action(async (o: SummaryOptions) => {
      show(
        o,
        await call(async (api) =>
          unwrap(await api.GET('/api/v1/aispm-dashboard', { params: { query: { workspace_id: workspaceOf(o), top: o.top } } })),
        ),
      );
    });
}
