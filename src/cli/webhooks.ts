// `aispm webhooks …`: a workspace's webhook subscriptions and deliveries.

import { type Command, Option } from 'commander';
import { unwrap } from '../client/index.ts';
import { type OutputOptions, note } from './query-params.ts';
import type { CliContext } from './context.ts';

export function registerWebhookCommands(program: Command, ctx: CliContext): void {
  const { call, list, show, output, paged, scoped } = ctx;
  const HOOKS = '/api/v1/webhooks/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type HookOptions = OutputOptions & { tenant: string; workspace: string };
  const webhooks = program
    .command('webhooks')
    .description(
      'manage the webhook subscriptions of a workspace on a running service (a token with the webhooks scope; docs/WEBHOOKS.md)',
    );
  const hookCommand = (name: string) => scoped(webhooks.command(name));
  const secretNote = () => note('The secret is shown only now: keep it where the receiver verifies signatures with it.\n');

  output(hookCommand('create'))
    .description('subscribe a URL to events of the workspace; prints the subscription and its signing secret, once')
    .requiredOption('--url <url>', 'where events are POSTed (https)')
    .addOption(
      new Option('--event <type...>', 'event types (repeatable; default: the finding and object events)').choices([
        'finding.created',
        'finding.resolved',
        'object.discovered',
        'audit.recorded',
      ]),
    )
    .addOption(
      new Option('--min-severity <severity>', 'finding events below it are not sent').choices(['low', 'medium', 'high', 'critical']),
    )
    .option('--description <text>', 'what it is for')
    .action(async (o: HookOptions & { url: string; event?: string[]; minSeverity?: string; description?: string }) => {
      const events = (o.event ?? ['finding.created', 'finding.resolved', 'object.discovered']) as Array<
        'finding.created' | 'finding.resolved' | 'object.discovered' | 'audit.recorded'
      >;
      const created = await call(async (api) =>
        unwrap(
          await api.POST(HOOKS, {
            params: { path: { tenant_id: o.tenant, workspace_id: o.workspace } },
            body: {
              url: o.url,
              events,
              min_severity: o.minSeverity as 'low' | undefined,
              description: o.description,
            },
          }),
        ),
      );
      show(o, created);
      secretNote();
    });

  paged(hookCommand('list'))
    .description('list the subscriptions of the workspace')
    .action(async (o: HookOptions) =>
      list(o, async (api, cursor, pageSize) =>
        unwrap(
          await api.GET(HOOKS, {
            params: { path: { tenant_id: o.tenant, workspace_id: o.workspace }, query: { cursor, page_size: pageSize } },
          }),
        ),
      ),
    );

  output(hookCommand('show'))
    .description('show one subscription: its events, state and, when disabled, why')
    .argument('<id>', 'subscription id')
    .action(async (id: string, o: HookOptions) => {
      show(
        o,
        await call(async (api) =>
          unwrap(await api.GET(`${HOOKS}/{id}`, { params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, id } } })),
        ),
      );
    });

  hookCommand('delete')
    .description('delete a subscription with its pending deliveries and its delivery log')
    .argument('<id>', 'subscription id')
    .action(async (id: string, o: HookOptions) => {
      await call(async (api) =>
        unwrap(await api.DELETE(`${HOOKS}/{id}`, { params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, id } } })),
      );
      note(`deleted ${id}\n`);
    });

  output(hookCommand('rotate-secret'))
    .description('give a subscription a new signing secret, printed once (the previous one signs beside it for 24 hours)')
    .argument('<id>', 'subscription id')
    .action(async (id: string, o: HookOptions) => {
      show(
        o,
        await call(async (api) =>
          unwrap(
            await api.POST(`${HOOKS}/{id}/rotate-secret`, { params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, id } } }),
          ),
        ),
      );
      secretNote();
    });

  output(hookCommand('enable'))
    .description('enable a subscription disabled after persistent failure')
    .argument('<id>', 'subscription id')
    .action(async (id: string, o: HookOptions) => {
      show(
        o,
        await call(async (api) =>
          unwrap(await api.POST(`${HOOKS}/{id}/enable`, { params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, id } } })),
        ),
      );
    });

  paged(hookCommand('deliveries'))
    .description("a subscription's delivery log (newest first), or one delivery with every attempt and its event")
    .argument('<id>', 'subscription id')
    .argument('[delivery-id]', 'one delivery of it: show its attempts and event')
    .action(async (id: string, deliveryId: string | undefined, o: HookOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      if (deliveryId !== undefined) {
        return show(
          o,
          await call(async (api) =>
            unwrap(
              await api.GET('/api/v1/webhook-deliveries/tenants/{tenant_id}/workspaces/{workspace_id}/{deliveryId}', {
                params: { path: { ...at, deliveryId } },
              }),
            ),
          ),
        );
      }
      return list(o, async (api, cursor, pageSize) =>
        unwrap(await api.GET(`${HOOKS}/{id}/deliveries`, { params: { path: { ...at, id }, query: { cursor, page_size: pageSize } } })),
      );
    });
}
