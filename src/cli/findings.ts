// `aispm issues` and `aispm instances`: the findings of a running service.

import { type Command, Option } from 'commander';
import { unwrap } from '../client/index.ts';
import { withFilters, type OutputOptions, filterParams, sortParam, sortColumns } from './query-params.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerFindingsCommands(program: Command, ctx: CliContext): void {
  const { call, list, show, output, paged, sorted, filtered, scoped } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  type IssueOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    sortDir?: 'asc' | 'desc';
    groupBy?: string;
    status?: 'open' | 'waived' | 'resolved' | 'all';
    objectType?: string;
  };
  const issuesBase = '/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}';
  paged(filtered(sorted(scoped(program.command('issues')))))
    .description(
      'query the findings of a running service: the issues of a workspace, one issue, its objects, or the details of one object in it',
    )
    .argument('[id]', 'an issue: show it')
    .argument('[what]', '"objects": the objects the issue touches; "details": the instances on one object')
    .argument('[object-id]', 'with "details": the object')
    .option('--group-by <dimensions>', 'group the index by these dimensions (default rule_id,severity)')
    .addOption(
      new Option('--status <status>', 'with "details": which instances (default open)').choices(['open', 'waived', 'resolved', 'all']),
    )
    .option('--object-type <kind>', 'with "details": the kind of the object, when objects of several kinds share the id')
    .action(async (id: string | undefined, what: string | undefined, objectId: string | undefined, o: IssueOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      const filters = filterParams(o.filter, fail);
      const sort = sortParam(o.sort);
      if (id === undefined) {
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(
              await api.GET(issuesBase, {
                params: {
                  path: at,
                  query: withFilters(filters, { cursor, page_size: pageSize, sort, sort_dir: o.sortDir, group_by: o.groupBy }),
                },
              }),
            ),
          o.sort ? sortColumns(o.sort) : ['severity'],
        );
      }
      if (what === undefined) {
        return show(o, await call(async (api) => unwrap(await api.GET(`${issuesBase}/{id}`, { params: { path: { ...at, id } } }))));
      }
      if (what === 'objects' && objectId === undefined) {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(`${issuesBase}/{id}/objects`, {
              params: { path: { ...at, id }, query: withFilters(filters, { cursor, page_size: pageSize, sort, sort_dir: o.sortDir }) },
            }),
          ),
        );
      }
      if (what === 'details' && objectId !== undefined) {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(`${issuesBase}/{id}/objects/{objectId}/details`, {
              params: {
                path: { ...at, id, objectId },
                query: withFilters(filters, { cursor, page_size: pageSize, status: o.status, object_type: o.objectType }),
              },
            }),
          ),
        );
      }
      fail('expected `issues [ID]`, `issues ID objects` or `issues ID details OBJECT-ID`');
    });

  // one instance, the workspaces, the token

  output(scoped(program.command('instances')))
    .description('one issue instance (open or resolved) with its rule and the scan that produced it')
    .argument('<instance-id>', 'the instance (issue details and rule results list them)')
    .action(async (instanceId: string, o: OutputOptions & { tenant: string; workspace: string }) => {
      show(
        o,
        await call(async (api) =>
          unwrap(
            await api.GET('/api/v1/instances/tenants/{tenant_id}/workspaces/{workspace_id}/{instanceId}', {
              params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, instanceId } },
            }),
          ),
        ),
      );
    });
}
