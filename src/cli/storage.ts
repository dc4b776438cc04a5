// `aispm storage …`: the client key-value store.

import { type Command, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { storageScopes } from '../catalog/storage-scopes.ts';
import { unwrap } from '../client/index.ts';
import { type ENTRY, type KEYS, storageScopeWords, storagePaths, type OutputOptions, write } from './query-params.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerStorageCommands(program: Command, ctx: CliContext): void {
  const { call, list, show, output, paged } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  type StorageOptions = OutputOptions & { scope: string; tenant?: string; workspace?: string; ifMatch?: string; ifNoneMatch?: string };
  const storage = program
    .command('storage')
    .description("read and write client-storage entries of the token's user (scopes: tenant-user, tenant-workspace, tenant, user)");
  const storageCommand = (name: string) =>
    storage
      .command(name)
      .addOption(new Option('--scope <scope>', 'where the entry lives').choices(storageScopeWords).default('tenant-user'))
      .addOption(new Option('--tenant <id>', 'tenant (every scope but user)').env('AISPM_TENANT'))
      .addOption(new Option('--workspace <id>', 'workspace (tenant-workspace scope)').env('AISPM_WORKSPACE'));
  const where = (o: StorageOptions) => {
    const scope = storageScopes.find((s) => s.name === o.scope.replaceAll('-', '_'))!;
    if (scope.tenantInPath && !o.tenant) fail(`--scope ${o.scope} needs --tenant`);
    if (scope.workspaceInPath && !o.workspace) fail(`--scope ${o.scope} needs --workspace`);
    return { paths: storagePaths(scope), at: { tenant_id: o.tenant ?? '', workspace_id: o.workspace ?? '' } };
  };

  output(storageCommand('get'), 'json')
    .description('print an entry: {etag, created_at, updated_at, value}; the ETag is what `storage put --if-match` takes')
    .argument('<client-id>')
    .argument('<namespace>')
    .argument('<key>')
    .action(async (clientId: string, namespace: string, key: string, o: StorageOptions) => {
      const { paths, at } = where(o);
      const entry = await call(async (api) => {
        const r = await api.GET(paths.entry as typeof ENTRY, { params: { path: { ...at, client_id: clientId, namespace, key } } });
        return { etag: r.response.headers.get('etag'), ...unwrap(r) };
      });
      show(o, entry);
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
}
