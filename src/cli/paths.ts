// `aispm paths`: paths through the graph.

import { type Command, Option } from 'commander';
import { unwrap } from '../client/index.ts';
import { type OutputOptions, sortParam, sortColumns, int } from './query-params.ts';
import type { CliContext } from './context.ts';

export function registerPathsCommands(program: Command, ctx: CliContext): void {
  const { list, paged, sorted, scoped } = ctx;
  type PathOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    from: string;
    to: string;
    via?: string;
    maxHops?: number;
    direction?: 'out' | 'any';
    sortDir?: 'asc' | 'desc';
  };
  paged(sorted(scoped(program.command('paths')), 'sort by a sortable column of the answer'))
    .description('paths through the inventory graph from one kind to another (agent → model → …), one row per path')
    .requiredOption('--from <kind>', 'where paths start: agents, models, tools, mcp-servers, assets, secrets, …')
    .requiredOption('--to <kind>', 'where paths end')
    .option('--via <kinds>', 'kinds the path passes through, in this order, comma-separated')
    .option('--max-hops <n>', 'longest path, in relations (1–6, default 4)', int('--max-hops'))
    .addOption(new Option('--direction <direction>', 'out: relations as stored; any: either way').choices(['out', 'any']))
    .action(async (o: PathOptions) => {
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET('/api/v1/graph/paths/tenants/{tenant_id}/workspaces/{workspace_id}', {
              params: {
                path: { tenant_id: o.tenant, workspace_id: o.workspace },
                query: {
                  from: o.from,
                  to: o.to,
                  via: o.via,
                  max_hops: o.maxHops,
                  direction: o.direction,
                  sort: sortParam(o.sort),
                  sort_dir: o.sortDir,
                  cursor,
                  page_size: pageSize,
                },
              },
            }),
          ),
        sortColumns(o.sort),
      );
    });
}
