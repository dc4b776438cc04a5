// `aispm serve`, `start` (the quick start and its banner), `migrate` and `demo`: running the service and filling it.

import type { Command } from 'commander';
import { flagHelp } from '../config.ts';
import { DEMO_TENANT } from '../demo/estate.ts';
import { ALL_WORKSPACES, createToken } from '../platform/auth/tokens.ts';
import { isAddressInUse, portIsFree, portTakenMessage } from '../platform/http/port.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerServerCommands(program: Command, ctx: CliContext): void {
  const { count, wholeNumber, modules, config, withDb } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  program
    .command('serve')
    .description('serve the API (migrates first unless --no-migrate)')
    .option('--host <host>', flagHelp('host', 'address to bind'))
    .option('--port <port>', flagHelp('port', 'port'))
    .option('--no-migrate', 'do not apply migrations at start')
    .option('--workers <n>', flagHelp('workers', 'HTTP worker processes sharing the port'))
    .action(async (o: { host?: string; port?: string; migrate: boolean; workers?: string }) => {
      const { exitOnSignals, makeLogger, startServer } = await modules.server();
      const cfg = config({ host: o.host, port: o.port, workers: o.workers, ...(o.migrate ? {} : { migrate: false }) });
      const logger = makeLogger(cfg);
      const { cluster, runPrimary } = await import('../cluster.ts');
      // Checked once, by the process the operator started: a worker's listen shares the primary's port.
      if (cluster.isPrimary && !(await portIsFree(cfg.host, cfg.port))) fail(portTakenMessage(cfg.host, cfg.port), 1);
      if (cfg.workers > 1 && cluster.isPrimary) {
        await runPrimary(cfg, logger).catch((err: Error) => fail(err.message, 1));
        return;
      }
      const server = await startServer(cfg, logger).catch((err: Error) =>
        fail(isAddressInUse(err) ? portTakenMessage(cfg.host, cfg.port) : err.message, 1),
      );
      logger.info({ url: server.url }, 'serving');
      exitOnSignals(server, logger, cfg.shutdownGraceMs);
    });

  program
    .command('start')
    .description('the quick start (npm start): migrate, load the demo estate into an empty database, create a read token and serve')
    .option('--host <host>', 'address to bind')
    .option('--port <port>', 'port')
    .action(async (o: { host?: string; port?: string }) => {
      const { exitOnSignals, makeLogger, startServer } = await modules.server();
      const { isEmpty, loadDemo } = await modules.ingestFiles();
      const cfg = config({ host: o.host, port: o.port });
      // Before anything else: a second start while the first runs must change nothing (above all not
      // the token the first one printed).
      if (!(await portIsFree(cfg.host, cfg.port))) fail(portTakenMessage(cfg.host, cfg.port), 1);
      const t0 = performance.now();
      const token = await withDb(cfg, async (db) => {
        await modules.migrate(db);
        await modules.loadConfiguredPrices(db, cfg.pricesFile);
        if (await isEmpty(db)) {
          process.stderr.write('loading the demo estate (tenant demo, workspaces default and staging)…\n');
          const t = performance.now();
          await loadDemo(db, {
            scale: 1,
            seed: 1,
            now: Date.now(),
            storePrompts: cfg.storePrompts,
            evaluateRules: cfg.postureRules,
            webhooks: (await modules.wiring()).webhookOutbox(cfg),
          });
          process.stderr.write(`demo estate loaded in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
        }
        // A new token per start; earlier ones stay valid (a server still running may have printed one).
        return (
          await createToken(db, {
            tenantId: DEMO_TENANT,
            userId: 'quickstart',
            workspaces: [ALL_WORKSPACES],
            scopes: ['read'],
            name: 'npm start',
          })
        ).token;
      });
      const logger = makeLogger({ ...cfg, logLevel: cfg.logLevel === 'info' ? 'warn' : cfg.logLevel });
      const server = await startServer(cfg, logger).catch((err: Error) =>
        fail(isAddressInUse(err) ? portTakenMessage(cfg.host, cfg.port) : err.message, 1),
      );
      exitOnSignals(server, logger, cfg.shutdownGraceMs);
      process.stdout.write(startBanner({ url: server.url, db: cfg.db, token, seconds: (performance.now() - t0) / 1000 }));
    });

  /** What `npm start` prints: where the API and its reference are, the token, and how to use both. */
  function startBanner(o: { url: string; db: string; token: string; seconds: number }): string {
    return [
      '',
      `aispm-query is serving ${o.url} (${o.db.replace(/\/\/[^@/]*@/, '//***@')}); ready in ${o.seconds.toFixed(1)} s`,
      '',
      `  API            ${o.url}/api/v1   (OpenAPI document: ${o.url}/api/v1/openapi.json)`,
      `  Reference      ${o.url}/docs`,
      `  Console        ${o.url}/ui`,
      '',
      'Read token for tenant demo, all workspaces (shown once; each start makes a new one, earlier ones stay valid):',
      `  ${o.token}`,
      '',
      'Try:',
      `  curl -H "Authorization: Bearer ${o.token}" ${o.url}/api/v1/aispm-models/tenants/demo/workspaces/default`,
      `  or open the console, ${o.url}/ui, and sign in with the token`,
      '',
      'Point the aispm command at it (then, in this folder: npx aispm get models):',
      `  export AISPM_URL=${o.url} AISPM_TOKEN=${o.token} AISPM_TENANT=demo AISPM_WORKSPACE=default`,
      '',
      'Stop with Ctrl-C.',
      '',
    ].join('\n');
  }

  program
    .command('migrate')
    .description('apply pending migrations (safe to run again)')
    .action(async () => {
      const cfg = config();
      const result = await withDb(cfg, modules.migrate);
      process.stdout.write(result.applied.length ? `applied ${result.applied.join(', ')}\n` : 'schema is current\n');
    });

  program
    .command('demo')
    .description('load the deterministic demo estate (tenant demo, workspaces default and staging)')
    .option('--scale <n>', 'size multiplier (1 ≈ 600 objects, 6,000 interactions per workspace)', wholeNumber('scale'), 1)
    .option('--seed <n>', 'random seed', wholeNumber('seed'), 1)
    .option('--tenant <id>', 'tenant to load into', DEMO_TENANT)
    .option('--now <time>', 'anchor time (RFC 3339); default now')
    .action(async (o: { scale: number; seed: number; tenant: string; now?: string }) => {
      const { loadDemo } = await modules.ingestFiles();
      const cfg = config();
      const now = o.now ? Date.parse(o.now) : Date.now();
      if (!Number.isFinite(now)) fail('--now must be an RFC 3339 time');
      const t = performance.now();
      const loaded = await withDb(cfg, async (db) => {
        await modules.migrate(db);
        await modules.loadConfiguredPrices(db, cfg.pricesFile);
        return loadDemo(db, {
          scale: o.scale,
          seed: o.seed,
          now,
          storePrompts: cfg.storePrompts,
          tenant: o.tenant,
          evaluateRules: cfg.postureRules,
          webhooks: (await modules.wiring()).webhookOutbox(cfg),
        });
      });
      for (const { workspace, summary } of loaded) {
        process.stdout.write(`${o.tenant}/${workspace}: ${count(summary.accepted, 'record')} written, ${summary.rejected} rejected\n`);
      }
      process.stdout.write(`done in ${((performance.now() - t) / 1000).toFixed(2)} s\n`);
    });
}
