// `aispm sessions`, `interactions`, `costs` and `guardrails`: the runtime record of a running service.

import { type Command, Argument, Option } from 'commander';
import { unwrap } from '../client/index.ts';
import { withFilters, SESSIONS, type OutputOptions, filterParams, sortParam, sortColumns, int } from './query-params.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerRuntimeCommands(program: Command, ctx: CliContext): void {
  const { call, list, show, output, paged, sorted, filtered, scoped } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  type SessionOptions = OutputOptions & { tenant: string; workspace: string; agent?: string; sortDir?: 'asc' | 'desc' };
  // The sessions list sorts by names that differ from its columns for two of them.
  const sessionSortColumns = { time: 'start_time', tokens: 'total_tokens' };
  paged(filtered(sorted(scoped(program.command('sessions')), 'sort by session_id, time, tokens, cost, turns or duration_ms')))
    .description('list the LLM sessions of a workspace (one row per session id: tokens, cost, turns, duration, guardrail results)')
    .option('--agent <id>', 'only the sessions of this agent')
    .action(async (o: SessionOptions) => {
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(SESSIONS, {
              params: {
                path: { tenant_id: o.tenant, workspace_id: o.workspace },
                query: withFilters(filters, {
                  cursor,
                  pageSize,
                  agent_id: o.agent,
                  sort: sortParam(o.sort) as 'cost' | undefined,
                  sort_dir: o.sortDir,
                }),
              },
            }),
          ),
        sortColumns(o.sort ?? ['time'], sessionSortColumns),
      );
    });

  // runtime: interactions

  const INTERACTIONS = '/api/v1/aispm-llm-interactions/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type InteractionOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    agent?: string;
    session?: string;
    since?: string;
    until?: string;
    sortDir?: 'asc' | 'desc';
  };
  paged(filtered(sorted(scoped(program.command('interactions')))))
    .description('list the raw LLM interactions of a workspace (newest first), or show one with its guardrail results')
    .argument('[id]', 'an interaction: show it')
    .option('--agent <id>', 'only the interactions of this agent')
    .option('--session <id>', 'only the interactions of this session')
    .option('--since <time>', 'from this time (RFC 3339 with a zone)')
    .option('--until <time>', 'up to this time (RFC 3339 with a zone)')
    .action(async (id: string | undefined, o: InteractionOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      if (id !== undefined) {
        return show(o, await call(async (api) => unwrap(await api.GET(`${INTERACTIONS}/{id}`, { params: { path: { ...at, id } } }))));
      }
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(INTERACTIONS, {
              params: {
                path: at,
                query: withFilters(filters, {
                  cursor,
                  page_size: pageSize,
                  agent_id: o.agent,
                  session_id: o.session,
                  start_time: o.since,
                  end_time: o.until,
                  sort: sortParam(o.sort),
                  sort_dir: o.sortDir,
                }),
              },
            }),
          ),
        sortColumns(o.sort ?? ['time']),
      );
    });

  // runtime: costs

  const COSTS = '/api/v1/aispm-llm-costs/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type CostOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    by: 'agent' | 'model';
    perDay?: boolean;
    days?: number;
    since?: string;
    until?: string;
    agent?: string;
    sortDir?: 'asc' | 'desc';
  };
  paged(filtered(sorted(scoped(program.command('costs')))))
    .description('cost and tokens per agent or per model, in total or per UTC day, over a window (default: all time)')
    .addOption(new Option('--by <grouping>', 'one row per agent or per model').choices(['agent', 'model']).default('agent'))
    .option('--per-day', 'one row per group and UTC day (default: one total per group)')
    .option('--days <n>', 'the last N UTC days, today included', int('--days'))
    .option('--since <time>', 'from the day of this time or date (RFC 3339, or YYYY-MM-DD)')
    .option('--until <time>', 'up to the day of this time or date, included')
    .option('--agent <id>', "only this agent's interactions")
    .action(async (o: CostOptions) => {
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(COSTS, {
              params: {
                path: { tenant_id: o.tenant, workspace_id: o.workspace },
                query: withFilters(filters, {
                  cursor,
                  page_size: pageSize,
                  group_by: o.by,
                  interval: o.perDay ? ('day' as const) : undefined,
                  days: o.days,
                  start_time: o.since,
                  end_time: o.until,
                  agent_id: o.agent,
                  sort: sortParam(o.sort),
                  sort_dir: o.sortDir,
                }),
              },
            }),
          ),
        sortColumns(o.sort ?? [o.perDay ? 'day' : 'cost']),
      );
    });

  // guardrail dashboards and sensors

  const GUARDRAILS = {
    counts: '/api/v1/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}/counts',
    categories: '/api/v1/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}/categories',
    outcomes: '/api/v1/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}/outcomes',
  } as const;
  output(scoped(program.command('guardrails')))
    .description("the workspace's guardrail dashboards over a time window: interaction counts, categories or outcomes")
    .addArgument(new Argument('<view>', 'which dashboard').choices(Object.keys(GUARDRAILS)))
    .option('--since <time>', "window start (RFC 3339 with a zone; default: the service's)")
    .option('--until <time>', 'window end (RFC 3339 with a zone)')
    .action(
      async (view: keyof typeof GUARDRAILS, o: OutputOptions & { tenant: string; workspace: string; since?: string; until?: string }) => {
        const params = {
          path: { tenant_id: o.tenant, workspace_id: o.workspace },
          query: { start_time: o.since, end_time: o.until },
        };
        show(o, await call(async (api) => unwrap(await api.GET(GUARDRAILS[view] as typeof GUARDRAILS.counts, { params }))));
      },
    );
}
