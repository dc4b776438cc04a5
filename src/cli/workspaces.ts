// `aispm workspaces` and `aispm whoami`: what the token sees.

import type { Command } from 'commander';
import { unwrap } from '../client/index.ts';
import { type OutputOptions, sortParam } from './query-params.ts';
import type { CliContext } from './context.ts';

export function registerWorkspaceCommands(program: Command, ctx: CliContext): void {
  const { call, list, show, output, paged, sorted, tenantOption } = ctx;
  paged(sorted(program.command('workspaces').addOption(tenantOption().makeOptionMandatory())))
    .description('the workspaces of the tenant the token may see, with their object counts and ingest times')
    .action(async (o: OutputOptions & { tenant: string; sortDir?: 'asc' | 'desc' }) =>
      list(o, async (api, cursor, pageSize) =>
        unwrap(
          await api.GET('/api/v1/tenants/{tenant_id}/workspaces', {
            params: { path: { tenant_id: o.tenant }, query: { cursor, page_size: pageSize, sort: sortParam(o.sort), sort_dir: o.sortDir } },
          }),
        ),
      ),
    );

  output(program.command('whoami'))
    .description('the token in AISPM_TOKEN: its tenant, user, workspaces, scopes and expiry')
    .action(async (o: OutputOptions) => {
      show(o, await call(async (api) => unwrap(await api.GET('/api/v1/token'))));
    });
}
