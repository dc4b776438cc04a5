// `aispm scans` and `aispm sensors`: the scans a workspace holds and the sensors that made them.

import type { Command } from 'commander';
import { unwrap } from '../client/index.ts';
import { withFilters, type OutputOptions, filterParams, sortParam, sortColumns } from './query-params.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerScansCommands(program: Command, ctx: CliContext): void {
  const { call, list, show, output, paged, sorted, filtered, scoped } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  const SCANS = '/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type ScanOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    sortDir?: 'asc' | 'desc';
    sensorType?: string;
    cicdType?: string;
    asset?: string;
  };
  paged(filtered(sorted(scoped(program.command('scans')))))
    .description('the current scan of each asset and sensor (newest first), one scan, or the assets or findings of one')
    .argument('[id]', 'a scan: show it')
    .argument('[what]', '"assets": the assets it covered; "instances": the findings it reported')
    .option('--asset <asset-id>', 'every scan of this asset, newest first (instead of the current ones)')
    .option('--sensor-type <type>', 'the current scans of this sensor type (SENSOR_TYPE_STATIC_CODE_SCAN, …); this or --cicd-type')
    .option('--cicd-type <type>', 'the current scans run in this CI/CD system (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI)')
    .action(async (id: string | undefined, what: string | undefined, o: ScanOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      const filters = filterParams(o.filter, fail);
      const query = (cursor: string | undefined, pageSize: number | undefined) =>
        withFilters(filters, { cursor, page_size: pageSize, sort: sortParam(o.sort), sort_dir: o.sortDir });
      if (id === undefined && o.asset !== undefined) {
        const asset = o.asset;
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(
              await api.GET('/api/v1/scans/asset/{id}', {
                params: { path: { id: asset }, query: { ...query(cursor, pageSize), workspace_id: o.workspace } },
              }),
            ),
          sortColumns(o.sort ?? ['started_at']),
        );
      }
      if (id === undefined) {
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(
              await api.GET(`${SCANS}/current`, {
                params: { path: at, query: { ...query(cursor, pageSize), sensorType: o.sensorType, cicdType: o.cicdType } },
              }),
            ),
          sortColumns(o.sort ?? ['started_at']),
        );
      }
      if (what === undefined) {
        return show(o, await call(async (api) => unwrap(await api.GET(`${SCANS}/{id}`, { params: { path: { ...at, id } } }))));
      }
      if (what === 'assets') {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(await api.GET(`${SCANS}/{id}/assets`, { params: { path: { ...at, id }, query: query(cursor, pageSize) } })),
        );
      }
      if (what === 'instances') {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(await api.GET(`${SCANS}/{id}/instances`, { params: { path: { ...at, id }, query: query(cursor, pageSize) } })),
        );
      }
      fail('expected `scans [ID]`, `scans ID assets` or `scans ID instances`');
    });

  output(scoped(program.command('sensors')))
    .description('the sensor types that have reported scans in the workspace')
    .action(async (o: OutputOptions & { tenant: string; workspace: string }) => {
      show(
        o,
        await call(async (api) =>
          unwrap(
            await api.GET('/api/v1/sensors-used/tenants/{tenant_id}/workspaces/{workspace_id}', {
              params: { path: { tenant_id: o.tenant, workspace_id: o.workspace } },
            }),
          ),
        ),
      );
    });
}
