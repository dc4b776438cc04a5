// The CLI's queries against a running service, through the typed client: `aispm get`, `aispm
// issues`, `aispm sessions` and `aispm storage` (and the exports of export-commands.ts). The service is AISPM_URL (default
// http://127.0.0.1:8080) and the token AISPM_TOKEN, never a flag, so it stays out of shell
// history and process lists. A refused request exits 1 with the service's message; a usage error
// exits 2.
//
// Which kinds and storage scopes exist, and their paths, come from the catalogue, like the
// routes themselves; test/cli-queries.test.ts checks every path built here against the served
// OpenAPI document.

import { type Command, InvalidArgumentError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { routedKinds } from '../catalog/kinds.ts';
import { storageScopes, type StorageScope } from '../catalog/storage-scopes.ts';
import type { KindDef } from '../catalog/types.ts';
import { AispmError, createAispmClient, pagesOf, unwrap, type AispmClient } from './index.ts';
import { registerExportCommands } from './export-commands.ts';
import { formats, Printer, printObject, tableOf, tableOfObjects, type Format } from './output.ts';

export const DEFAULT_URL = 'http://127.0.0.1:8080';

type Fail = (message: string, code?: number) => never;

// Every kind's list, detail and edge share one generic handler (src/areas/inventory/routes.ts) and
// so the same parameters; the models paths stand for all of them in the types.
const LIST = '/api/v1/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}';
const DETAIL = `${LIST}/{id}` as const;
const EDGE = `${LIST}/{id}/{edge}` as const;
// Likewise the four client-storage scopes; the tenant + workspace paths carry every parameter.
const ENTRY = '/api/v1/client-storage/tenants/{tenant_id}/workspaces/{workspace_id}/{client_id}/{namespace}/{key}';
const KEYS = '/api/v1/client-storage/tenants/{tenant_id}/workspaces/{workspace_id}/{client_id}/{namespace}';

/** The names a kind answers to on the command line: models, model, aispm-models, mcp-servers, mcp_server… */
function kindNames(k: KindDef): string[] {
  const plain = k.prefix!.replace(/^aispm-/, '');
  return [
    ...new Set([
      plain,
      k.prefix!,
      k.name,
      `${k.name}s`,
      k.name.replaceAll('_', '-'),
      `${k.name.replaceAll('_', '-')}s`,
      plain.replaceAll('-', '_'),
    ]),
  ];
}

export const kindWords = routedKinds.map((k) => k.prefix!.replace(/^aispm-/, ''));

export function kindFor(word: string): KindDef | undefined {
  const w = word.toLowerCase();
  return routedKinds.find((k) => kindNames(k).includes(w));
}

/** Inventory paths of a kind, as the OpenAPI document writes them. */
export function inventoryPaths(kind: KindDef) {
  const list = `/api/v1/${kind.prefix}/tenants/{tenant_id}/workspaces/{workspace_id}`;
  return { list, detail: `${list}/{id}`, edge: `${list}/{id}/{edge}` };
}

export const storageScopeWords = storageScopes.map((s) => s.name.replaceAll('_', '-'));

/** Client-storage paths of a scope, as the OpenAPI document writes them. */
export function storagePaths(scope: StorageScope) {
  const keys = `/api/v1/client-storage/${scope.path.replace(/:(\w+)/g, '{$1}')}/{client_id}/{namespace}`;
  return { keys, entry: `${keys}/{key}` };
}

const SESSIONS = '/api/v1/aispm-llm-sessions/tenants/{tenant_id}/workspaces/{workspace_id}' as const;

interface OutputOptions {
  format: Format;
  columns?: string;
  all?: boolean;
  pageSize?: number;
  cursor?: string;
}

interface Page {
  cursor: string;
  total?: number;
}

const int = (name: string) => (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError(`${name} must be a whole number from 1`);
  return Number(v);
};

function terminalWidth(): number {
  return process.stdout.columns || Number(process.env.COLUMNS) || 120;
}

const write = (text: string) => {
  process.stdout.write(text);
};
const note = (text: string) => {
  process.stderr.write(text);
};

export function registerQueryCommands(program: Command, fail: Fail): void {
  let client: { api: AispmClient; url: string } | undefined;
  const connect = () => {
    if (client) return client;
    // `aispm get … | head` closes the pipe early: that is the reader's choice, not an error.
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
    const token = process.env.AISPM_TOKEN;
    if (!token) fail('set AISPM_TOKEN to an API token (create one with `aispm token create`)');
    const url = process.env.AISPM_URL || DEFAULT_URL;
    if (!/^https?:\/\/[^/]/.test(url)) fail(`AISPM_URL: expected an http:// or https:// URL, got "${url}"`);
    client = { api: createAispmClient({ baseUrl: url, token }), url };
    return client;
  };

  /** Runs a request; a refusal or an unreachable service becomes one line and exit status 1. */
  const call = async <T>(request: (api: AispmClient) => Promise<T>): Promise<T> => {
    const { api, url } = connect();
    try {
      return await request(api);
    } catch (err) {
      if (err instanceof AispmError) fail(`${err.message} (HTTP ${err.status})`, 1);
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      if (err instanceof TypeError && cause) fail(`cannot reach ${url}: ${cause.code ?? cause.message}`, 1);
      throw err;
    }
  };

  const columnsOf = (o: OutputOptions) =>
    o.columns
      ?.split(',')
      .map((c) => c.trim())
      .filter(Boolean);

  /** Prints the first page, or with --all every page, of a listing. */
  const list = async (
    o: OutputOptions,
    fetchPage: (api: AispmClient, cursor: string | undefined, pageSize: number | undefined) => Promise<Page>,
  ) => {
    const printer = new Printer({ format: o.format, columns: columnsOf(o), width: terminalWidth(), write, note });
    // Fewer round trips when every row is wanted anyway.
    const pageSize = o.pageSize ?? (o.all ? 1000 : undefined);
    await call(async (api) => {
      let last: Page | undefined;
      let header: string[] = [];
      try {
        for await (const page of pagesOf((cursor) => fetchPage(api, cursor, pageSize), o.cursor)) {
          const table = tableOf(page);
          header = table.header;
          printer.page(table);
          last = page;
          if (!o.all) break;
        }
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('--columns:')) fail(err.message);
        throw err;
      }
      printer.finish(header);
      if (!o.all && last?.cursor) {
        note(`${printer.rowsPrinted} of ${last.total ?? '?'} rows: --all for every row, or --cursor ${last.cursor} for the next page\n`);
      }
    });
  };

  /** Prints one object: table (name  value, sections below), its JSON, or its rows as CSV. */
  const show = (o: OutputOptions, body: object) => {
    if (o.format === 'json') return write(JSON.stringify(body, null, 2) + '\n');
    if (o.format === 'csv') {
      const table = Array.isArray((body as { header?: unknown }).header)
        ? tableOf(body)
        : tableOfObjects([body as Record<string, unknown>]);
      return new Printer({ format: 'csv', columns: columnsOf(o), width: 0, write, note }).page(table);
    }
    printObject(body as Record<string, unknown>, { width: terminalWidth(), write, note });
  };

  const output = (cmd: Command, defaultFormat: Format = 'table') =>
    cmd
      .addOption(new Option('--format <format>', 'output format').choices(formats).default(defaultFormat))
      .option('--columns <names>', 'only these columns, comma-separated, in this order');
  const paged = (cmd: Command) =>
    output(cmd)
      .option('--all', 'follow cursors through every page (default: the first page only)')
      .option('--page-size <n>', "rows per request (default: the service's, or 1000 with --all)", int('--page-size'))
      .option('--cursor <cursor>', 'start from this cursor (printed after a first page)');
  const sorted = (cmd: Command, sortHelp = 'sort by this column') =>
    cmd.option('--sort <column>', sortHelp).addOption(new Option('--sort-dir <dir>', 'sort direction').choices(['asc', 'desc']));
  const scoped = (cmd: Command) => cmd.requiredOption('--tenant <id>', 'tenant').requiredOption('--workspace <id>', 'workspace');

  // ---- get: the inventory -----------------------------------------------------------------------

  type GetOptions = OutputOptions & { tenant: string; workspace: string; sort?: string; sortDir?: 'asc' | 'desc'; name?: string };
  paged(sorted(scoped(program.command('get'))))
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
      const query = (cursor: string | undefined, pageSize: number | undefined) => ({
        cursor,
        page_size: pageSize,
        sort: o.sort,
        sort_dir: o.sortDir,
        name__ilk: o.name,
      });
      if (id === undefined) {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(await api.GET(paths.list as typeof LIST, { params: { path: at, query: query(cursor, pageSize) } })),
        );
      }
      if (edge === undefined) {
        return show(
          o,
          await call(async (api) => unwrap(await api.GET(paths.detail as typeof DETAIL, { params: { path: { ...at, id } } }))),
        );
      }
      return list(o, async (api, cursor, pageSize) =>
        unwrap(
          await api.GET(paths.edge as typeof EDGE, {
            params: { path: { ...at, id, edge }, query: query(cursor, pageSize) },
          }),
        ),
      );
    });

  // ---- issues -------------------------------------------------------------------------------------

  type IssueOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    sort?: string;
    sortDir?: 'asc' | 'desc';
    groupBy?: string;
    status?: 'open' | 'resolved' | 'all';
    objectType?: string;
  };
  const issuesBase = '/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}';
  paged(sorted(scoped(program.command('issues')), 'sort terms: column[:asc|desc], comma-separated'))
    .description(
      'query the findings of a running service: the issues of a workspace, one issue, its objects, or the details of one object in it',
    )
    .argument('[id]', 'an issue: show it')
    .argument('[what]', '"objects": the objects the issue touches; "details": the instances on one object')
    .argument('[object-id]', 'with "details": the object')
    .option('--group-by <dimensions>', 'group the index by these dimensions (default rule_id,severity)')
    .addOption(new Option('--status <status>', 'with "details": which instances (default open)').choices(['open', 'resolved', 'all']))
    .option('--object-type <kind>', 'with "details": the kind of the object, when objects of several kinds share the id')
    .action(async (id: string | undefined, what: string | undefined, objectId: string | undefined, o: IssueOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      if (id === undefined) {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(issuesBase, {
              params: { path: at, query: { cursor, page_size: pageSize, sort: o.sort, sort_dir: o.sortDir, group_by: o.groupBy } },
            }),
          ),
        );
      }
      if (what === undefined) {
        return show(o, await call(async (api) => unwrap(await api.GET(`${issuesBase}/{id}`, { params: { path: { ...at, id } } }))));
      }
      if (what === 'objects' && objectId === undefined) {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(`${issuesBase}/{id}/objects`, {
              params: { path: { ...at, id }, query: { cursor, page_size: pageSize, sort: o.sort, sort_dir: o.sortDir } },
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
                query: { cursor, page_size: pageSize, status: o.status, object_type: o.objectType },
              },
            }),
          ),
        );
      }
      fail('expected `issues [ID]`, `issues ID objects` or `issues ID details OBJECT-ID`');
    });

  // ---- sessions -----------------------------------------------------------------------------------

  type SessionOptions = OutputOptions & { tenant: string; workspace: string; agent?: string; sort?: string; sortDir?: 'asc' | 'desc' };
  paged(sorted(scoped(program.command('sessions')), 'sort by session_id, time, tokens, cost, turns or duration_ms'))
    .description('list the LLM sessions of a workspace (one row per session id: tokens, cost, turns, duration, guardrail results)')
    .option('--agent <id>', 'only the sessions of this agent')
    .action(async (o: SessionOptions) => {
      return list(o, async (api, cursor, pageSize) =>
        unwrap(
          await api.GET(SESSIONS, {
            params: {
              path: { tenant_id: o.tenant, workspace_id: o.workspace },
              query: { cursor, pageSize, agent_id: o.agent, sort: o.sort as 'cost' | undefined, sort_dir: o.sortDir },
            },
          }),
        ),
      );
    });

  // ---- webhooks -----------------------------------------------------------------------------------

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
      new Option('--event <type...>', 'event types (repeatable; default all)').choices([
        'finding.created',
        'finding.resolved',
        'object.discovered',
      ]),
    )
    .addOption(
      new Option('--min-severity <severity>', 'finding events below it are not sent').choices(['low', 'medium', 'high', 'critical']),
    )
    .option('--description <text>', 'what it is for')
    .action(async (o: HookOptions & { url: string; event?: string[]; minSeverity?: string; description?: string }) => {
      const events = (o.event ?? ['finding.created', 'finding.resolved', 'object.discovered']) as Array<
        'finding.created' | 'finding.resolved' | 'object.discovered'
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

  // ---- storage ------------------------------------------------------------------------------------

  type StorageOptions = OutputOptions & { scope: string; tenant?: string; workspace?: string; ifMatch?: string; ifNoneMatch?: string };
  const storage = program
    .command('storage')
    .description("read and write client-storage entries of the token's user (scopes: tenant-user, tenant-workspace, tenant, user)");
  const storageCommand = (name: string) =>
    storage
      .command(name)
      .addOption(new Option('--scope <scope>', 'where the entry lives').choices(storageScopeWords).default('tenant-user'))
      .option('--tenant <id>', 'tenant (every scope but user)')
      .option('--workspace <id>', 'workspace (tenant-workspace scope)');
  const where = (o: StorageOptions) => {
    const scope = storageScopes.find((s) => s.name === o.scope.replaceAll('-', '_'))!;
    if (scope.tenantInPath && !o.tenant) fail(`--scope ${o.scope} needs --tenant`);
    if (scope.workspaceInPath && !o.workspace) fail(`--scope ${o.scope} needs --workspace`);
    return { paths: storagePaths(scope), at: { tenant_id: o.tenant ?? '', workspace_id: o.workspace ?? '' } };
  };

  output(storageCommand('get'), 'json')
    .description('print an entry: {created_at, updated_at, value}')
    .argument('<client-id>')
    .argument('<namespace>')
    .argument('<key>')
    .action(async (clientId: string, namespace: string, key: string, o: StorageOptions) => {
      const { paths, at } = where(o);
      show(
        o,
        await call(async (api) =>
          unwrap(
            await api.GET(paths.entry as typeof ENTRY, {
              params: { path: { ...at, client_id: clientId, namespace, key } },
            }),
          ),
        ),
      );
    });

  storageCommand('put')
    .description('create or replace an entry with a JSON object (from the argument, or - for standard input); prints its new ETag')
    .argument('<client-id>')
    .argument('<namespace>')
    .argument('<key>')
    .argument('<value>', 'a JSON object, or - to read it from standard input')
    .option('--if-match <etag>', "write only if the entry's ETag is this one")
    .option('--if-none-match <etag>', '* to write only if the entry does not exist')
    .action(async (clientId: string, namespace: string, key: string, text: string, o: StorageOptions) => {
      const { paths, at } = where(o);
      let value: unknown;
      try {
        value = JSON.parse(text === '-' ? readFileSync(0, 'utf8') : text);
      } catch (err) {
        fail(`value: not JSON (${(err as Error).message})`);
      }
      const headers = { 'if-match': o.ifMatch, 'if-none-match': o.ifNoneMatch };
      const res = await call(async (api) => {
        const r = await api.PUT(paths.entry as typeof ENTRY, {
          params: { path: { ...at, client_id: clientId, namespace, key }, header: headers },
          body: { value: value as Record<string, unknown> },
        });
        unwrap(r);
        return r.response;
      });
      write(`${res.headers.get('etag') ?? ''}\n`);
    });

  storageCommand('delete')
    .description('delete an entry')
    .argument('<client-id>')
    .argument('<namespace>')
    .argument('<key>')
    .option('--if-match <etag>', "delete only if the entry's ETag is this one")
    .action(async (clientId: string, namespace: string, key: string, o: StorageOptions) => {
      const { paths, at } = where(o);
      await call(async (api) =>
        unwrap(
          await api.DELETE(paths.entry as typeof ENTRY, {
            params: { path: { ...at, client_id: clientId, namespace, key }, header: { 'if-match': o.ifMatch } },
          }),
        ),
      );
    });

  paged(storageCommand('list'))
    .description('list the keys of a namespace')
    .argument('<client-id>')
    .argument('<namespace>')
    .action(async (clientId: string, namespace: string, o: StorageOptions) => {
      const { paths, at } = where(o);
      return list(o, async (api, cursor, pageSize) =>
        unwrap(
          await api.GET(paths.keys as typeof KEYS, {
            params: { path: { ...at, client_id: clientId, namespace }, query: { cursor, page_size: pageSize } },
          }),
        ),
      );
    });

  registerExportCommands(program, call);
}
