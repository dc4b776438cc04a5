// `aispm get`: the inventory of a running service: a kind's list, one object, or an edge from it.

import type { Command } from 'commander';
import { unwrap } from '../client/index.ts';
import {
  withFilters,
  type LIST,
  type DETAIL,
  type EDGE,
  kindWords,
  kindFor,
  inventoryPaths,
  type OutputOptions,
  filterParams,
  sortParam,
  sortColumns,
} from './query-params.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerInventoryCommands(program: Command, ctx: CliContext): void {
  const { call, list, show, paged, sorted, filtered, scoped } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  type GetOptions = OutputOptions & { tenant: string; workspace: string; sortDir?: 'asc' | 'desc'; name?: string };
  paged(filtered(sorted(scoped(program.command('get')))))
    .description(
      'query the inventory of a running service (AISPM_URL, AISPM_TOKEN): list a kind, show one object, or follow an edge from it',
    )
    .argument('<kind>', kindWords.join(', '))
    .argument('[id]', 'an object of the kind: show it')
    .argument('[edge]', 'follow this edge from the object (the service lists the allowed ones)')
    .option('--name <text>', 'only names containing this text (case-insensitive)')
    .action(async (word: string, id: string | undefined, edge: string | undefined, o: GetOptions) => {
      const kind = kindFor(word);
      if (!kind) fail(`unknown kind "${word}"; kinds are ${kindWords.join(', ')}`);
      const paths = inventoryPaths(kind);
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      const filters = filterParams(o.filter, fail);
      const query = (cursor: string | undefined, pageSize: number | undefined) =>
        withFilters(filters, {
          cursor,
          page_size: pageSize,
          sort: sortParam(o.sort),
          sort_dir: o.sortDir,
          name__ilk: o.name,
        });
      // Lists of a kind are newest first (last_seen) unless sorted otherwise.
      const keep = o.sort ? sortColumns(o.sort) : ['last_seen'];
      if (id === undefined) {
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(await api.GET(paths.list as typeof LIST, { params: { path: at, query: query(cursor, pageSize) } })),
          keep,
        );
      }
      if (edge === undefined) {
        return show(
          o,
          await call(async (api) => unwrap(await api.GET(paths.detail as typeof DETAIL, { params: { path: { ...at, id } } }))),
        );
      }
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(paths.edge as typeof EDGE, {
              params: { path: { ...at, id, edge }, query: query(cursor, pageSize) },
            }),
          ),
        keep,
      );
    });
}
