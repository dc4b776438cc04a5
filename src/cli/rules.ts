// `aispm rules`: the posture rules. `evaluate` runs them over whole workspaces on the database
// (an operator's command); `list`, `show`, `results` and the others read a running service.

import { type Command, Option } from 'commander';
import { unwrap } from '../client/index.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';
import { filterParams, type OutputOptions, sortColumns, sortParam, type SummaryOptions, withFilters, workspaceOf } from './query-params.ts';

export function registerRulesCommands(program: Command, ctx: CliContext): void {
  const { call, list, show, output, paged, sorted, filtered, workspaceOption, scoped, config, withDb, modules } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  const rules = program.command('rules').description('posture rules the service evaluates over the inventory');

  rules
    .command('evaluate')
    .description('evaluate every posture rule over whole workspaces and bring their findings in line (docs/POSTURE.md)')
    .requiredOption('--tenant <id>', 'tenant')
    .option('--workspace <id>', 'only this workspace (default: every workspace of the tenant)')
    .action(async (o: { tenant: string; workspace?: string }) => {
      const cfg = config();
      await withDb(cfg, async (db) => {
        await modules.migrate(db);
        const { workspacesOf } = await import('../areas/inventory/held-workspaces.ts');
        const { posture } = (await modules.wiring()).composeService((await modules.wiring()).webhookOutbox(cfg));
        const workspaces = o.workspace ? [o.workspace] : await workspacesOf(db, db, o.tenant);
        if (workspaces.length === 0) fail(`tenant ${o.tenant} has no inventory`, 1);
        for (const workspace of workspaces) {
          const t = performance.now();
          const r = await posture.evaluateWorkspace(db, o.tenant, workspace, Date.now(), {
            storePrompts: false,
            runtimeQuietDays: cfg.runtimeQuietDays,
          });
          process.stdout.write(
            `${o.tenant}/${workspace}: ${r.evaluated} evaluations, ${r.opened} opened, ${r.resolved} resolved, ` +
              `${r.updated} updated in ${((performance.now() - t) / 1000).toFixed(2)} s\n`,
          );
        }
      });
    });

  const RULES = '/api/v1/rules/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type RuleOptions = OutputOptions & { tenant: string; workspace: string; sortDir?: 'asc' | 'desc' };
  paged(filtered(sorted(scoped(rules.command('list')))))
    .description('the rules of a workspace on a running service, with their settings and open findings')
    .action(async (o: RuleOptions) => {
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(RULES, {
              params: {
                path: { tenant_id: o.tenant, workspace_id: o.workspace },
                query: withFilters(filters, { cursor, page_size: pageSize, sort: sortParam(o.sort), sort_dir: o.sortDir }),
              },
            }),
          ),
        sortColumns(o.sort),
      );
    });
  output(scoped(rules.command('show')))
    .description('one rule of a workspace on a running service')
    .argument('<rule-id>', 'the rule')
    .action(async (ruleId: string, o: RuleOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      show(o, await call(async (api) => unwrap(await api.GET(`${RULES}/{rule_id}`, { params: { path: { ...at, rule_id: ruleId } } }))));
    });

  paged(filtered(sorted(rules.command('results'))))
    .description("every instance of one rule in the token's workspaces (or one workspace), newest first")
    .argument('<rule-id>', 'the rule')
    .addOption(workspaceOption())
    .option('--all-workspaces', 'every workspace of the token, even when AISPM_WORKSPACE is set')
    .addOption(new Option('--status <status>', 'which instances (default all)').choices(['open', 'waived', 'resolved', 'all']))
    .action(async (ruleId: string, o: SummaryOptions & { status?: 'open' | 'resolved' | 'all'; filter?: string[]; sort?: string[] }) => {
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET('/api/v1/rules/{id}/results', {
              params: {
                path: { id: ruleId },
                query: withFilters(filters, {
                  workspace_id: workspaceOf(o),
                  status: o.status,
                  cursor,
                  page_size: pageSize,
                  sort: sortParam(o.sort),
                }),
              },
            }),
          ),
        sortColumns(o.sort ?? ['detected_at']),
      );
    });

  for (const [name, path, what] of [
    ['static', '/api/v1/static-rules', 'the rules shipped with the service'],
    ['external', '/api/v1/external-rules', "the rules sensors sent (ingest's rule records)"],
  ] as const) {
    paged(filtered(sorted(rules.command(name))))
      .description(`${what}, across the token's workspaces`)
      .action(async (o: OutputOptions & { sortDir?: 'asc' | 'desc' }) => {
        const filters = filterParams(o.filter, fail);
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(
              await api.GET(path as '/api/v1/static-rules', {
                params: { query: withFilters(filters, { cursor, page_size: pageSize, sort: sortParam(o.sort), sort_dir: o.sortDir }) },
              }),
            ),
          sortColumns(o.sort),
        );
      });
  }
}
