// `aispm mcp`: the MCP tools on standard input and output, over a running service or the database.

import type { Command } from 'commander';
import { openDb } from '../platform/db/open.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerMcpCommand(program: Command, ctx: CliContext): void {
  const { setting, modules, config } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  program
    .command('mcp')
    .description(
      'serve the MCP tools on standard input and output for an AI assistant (docs/MCP.md): reading a running service ' +
        '(AISPM_URL, AISPM_TOKEN), or with --direct the configured database in this process, as the token AISPM_TOKEN',
    )
    .option('--direct', 'read the configured database (AISPM_DB or --db) in this process instead of a running service')
    .action(async (o: { direct?: boolean }) => {
      const token = setting('token');
      if (!token) fail('set AISPM_TOKEN to an API token with the read scope (create one with `aispm token create`)');
      const { httpReader, injectReader } = await import('../areas/mcp/api.ts');
      const { serveMcpStdio } = await import('../areas/mcp/stdio.ts');
      const note = (text: string) => process.stderr.write(`aispm mcp: ${text}\n`);
      let reader: import('../areas/mcp/api.ts').ApiReader;
      let release = async () => {};
      if (o.direct) {
        const cfg = config();
        const db = openDb(cfg.db, { pgPool: 2, pgQueryTimeoutMs: cfg.pgQueryTimeoutMs });
        const { pendingMigrations } = await import('../platform/db/migrate.ts');
        if (await pendingMigrations(db).catch((err: Error) => fail(`cannot open the database: ${err.message}`, 1))) {
          await db.close();
          fail('the database schema is not current; run `aispm migrate` first', 1);
        }
        const { app } = await (await modules.wiring()).buildApp({ db, config: cfg, logger: false });
        reader = injectReader(app, token);
        release = async () => {
          await app.close();
          await db.close();
        };
      } else {
        const url = setting('url');
        reader = httpReader(url, token);
      }
      // The token is checked once now, for the operator's benefit; every tool call is checked again by the API.
      const me = await reader.get('/api/v1/token');
      if (me.status !== 200) {
        const message = (me.body as { message?: string } | null)?.message ?? 'refused';
        note(`warning: ${message} (HTTP ${me.status}); the tools will answer with this refusal`);
      }
      const handle = serveMcpStdio({ reader, onError: (err, tool) => note(`${tool}: ${(err as Error).message}`) });
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        void handle
          .close()
          .catch(() => {})
          .then(release)
          .finally(() => process.exit(0));
      };
      // The client closes standard input when it is done with the server.
      process.stdin.once('close', stop);
      process.stdin.once('end', stop);
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}
