// `aispm token create|list|revoke`: API tokens made from a shell on the server.

import { type Command, Option } from 'commander';
import { readSetting } from '../config.ts';
import { ALL_WORKSPACES, createToken, listKeys, parseDuration, revokeKey, scopes, type Scope } from '../platform/auth/tokens.ts';
import { type Format, formats, Printer } from './output.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerTokenCommands(program: Command, ctx: CliContext): void {
  const { modules, config, withDb } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  const token = program.command('token').description('create, list and revoke API tokens');

  token
    .command('create')
    .description('create a token and print it once')
    .requiredOption('--tenant <id>', 'tenant the token belongs to')
    .requiredOption('--user <id>', 'user the token acts as (client storage belongs to this user)')
    .option('--workspace <id...>', 'workspaces it may read (repeatable)')
    .option('--all-workspaces', 'every workspace of the tenant')
    .option('--scope <scope...>', `scopes: ${scopes.join(', ')} (default read)`)
    .option('--name <name>', 'a label to recognise it by')
    .option('--expires-in <duration>', 'lifetime such as 90d, 12h, 30m')
    .addOption(
      new Option('--format <format>', 'json: the token and its record as one JSON object').choices(['table', 'json']).default('table'),
    )
    .addOption(new Option('--json', 'the same as --format json').hideHelp())
    .action(
      async (o: {
        tenant: string;
        user: string;
        workspace?: string[];
        allWorkspaces?: boolean;
        scope?: string[];
        name?: string;
        expiresIn?: string;
        format: 'table' | 'json';
        json?: boolean;
      }) => {
        if (!o.workspace?.length && !o.allWorkspaces) fail('give --workspace <id> (repeatable) or --all-workspaces');
        if (o.workspace?.length && o.allWorkspaces) fail('--workspace and --all-workspaces exclude each other');
        const wanted = (o.scope ?? ['read']).flatMap((s) => s.split(','));
        for (const s of wanted) if (!scopes.includes(s as Scope)) fail(`unknown scope "${s}"; scopes are ${scopes.join(', ')}`);
        let expiresInMs: number | null = null;
        if (o.expiresIn) {
          try {
            expiresInMs = parseDuration(o.expiresIn);
          } catch (err) {
            fail(`--expires-in: ${(err as Error).message}`);
          }
        }
        const cfg = config();
        const { token: secret, key } = await withDb(cfg, async (db) => {
          await modules.migrate(db);
          return createToken(db, {
            tenantId: o.tenant,
            userId: o.user,
            workspaces: o.allWorkspaces ? [ALL_WORKSPACES] : o.workspace!,
            scopes: wanted as Scope[],
            name: o.name,
            expiresInMs,
          });
        });
        if (o.json || o.format === 'json') {
          process.stdout.write(JSON.stringify({ token: secret, ...key }) + '\n');
          return;
        }
        process.stdout.write(secret + '\n');
        process.stderr.write(
          `created ${key.id} for ${key.userId} in tenant ${key.tenantId}: workspaces ${key.workspaces.join(', ')}; ` +
            `scopes ${key.scopes.join(', ')}${key.expiresAt ? `; expires ${new Date(key.expiresAt).toISOString()}` : ''}. ` +
            'The token is shown only now.\n',
        );
      },
    );

  token
    .command('list')
    .description('list tokens (never their secrets)')
    .option('--tenant <id>', 'only this tenant')
    .addOption(new Option('--format <format>', 'output format (as the queries: one row per token)').choices(formats).default('table'))
    .option('--columns <names>', 'only these columns, comma-separated, in this order')
    .addOption(new Option('--json', 'the same as --format json').hideHelp())
    .action(async (o: { tenant?: string; format: Format; columns?: string; json?: boolean }) => {
      const cfg = config();
      const keys = await withDb(cfg, async (db) => {
        await modules.migrate(db);
        return listKeys(db, o.tenant);
      });
      const when = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
      const now = Date.now();
      const header = ['id', 'tenant', 'user', 'name', 'workspaces', 'scopes', 'token', 'created', 'expires', 'revoked', 'status'];
      const rows = keys.map((k) => [
        k.id,
        k.tenantId,
        k.userId,
        k.name,
        k.workspaces,
        k.scopes,
        k.hint,
        when(k.createdAt),
        when(k.expiresAt),
        when(k.revokedAt),
        k.revokedAt !== null ? 'revoked' : k.expiresAt !== null && k.expiresAt <= now ? 'expired' : 'active',
      ]);
      const printer = new Printer({
        format: o.json ? 'json' : o.format,
        columns: o.columns?.split(',').map((c) => c.trim()),
        width: process.stdout.columns || readSetting('columns'),
        write: (t) => process.stdout.write(t),
        note: (t) => process.stderr.write(t),
      });
      try {
        printer.page({ header, rows });
      } catch (err) {
        fail((err as Error).message);
      }
    });

  token
    .command('revoke')
    .description('revoke a token by its id (see token list)')
    .argument('<id>', 'key id, e.g. key_0123abcd…')
    .action(async (id: string) => {
      const cfg = config();
      const done = await withDb(cfg, async (db) => {
        await modules.migrate(db);
        return revokeKey(db, id);
      });
      if (!done) fail(`no active token with id ${id}`, 1);
      process.stdout.write(`revoked ${id}\n`);
    });
}
