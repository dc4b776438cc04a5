// The one wiring module: which writers a batch runs and in what order, the steps after them, the
// steps that run after migrations, and which areas' routes the app serves. Nothing registers
// itself anywhere else; to add a record type, an area or a post-batch step, add it here.

import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { registerIngest } from './areas/feed/ingest-routes.ts';
import { findingWriter, issueCountColumns } from './areas/findings/findings-writer.ts';
import { registerFindings } from './areas/findings/routes.ts';
import { registerCompliance } from './areas/compliance/routes.ts';
import { registerAibom } from './areas/aibom/routes.ts';
import { ruleSettingWriter, ruleWriter, syncStaticRules } from './areas/findings/rules-writer.ts';
import { renderRowsOnCatalogueChange, renderTouchedRows } from './areas/inventory/entity-rows.ts';
import { syncCatalogueIndexes } from './areas/inventory/entity-sql.ts';
import { entityWriter, refreshEdgeCounts, refreshKindCounts, relationWriter } from './areas/inventory/inventory-writer.ts';
import { registerInventory } from './areas/inventory/routes.ts';
import { registerMcp } from './areas/mcp/routes.ts';
import { PostureRules } from './areas/posture/evaluate.ts';
import { interactionWriter } from './areas/runtime/interactions-writer.ts';
import { priceWriter } from './areas/runtime/prices.ts';
import { registerRuntime } from './areas/runtime/routes.ts';
import { registerScans } from './areas/scans/routes.ts';
import { registerScanResults } from './areas/scan-results/routes.ts';
import { scanWriter } from './areas/scans/scans-writer.ts';
import { registerClientStorage } from './areas/storage/routes.ts';
import { registerConsole } from './areas/console/routes.ts';
import { registerWorkspaces } from './areas/workspaces/routes.ts';
import { registerGraph } from './areas/graph/routes.ts';
import { rescoreAfterBatch, rescoreOnFormulaChange, riskScoreColumn } from './areas/risk/scores.ts';
import { noteIngest, visibleWorkspaces, workspaceExists } from './areas/workspaces/workspaces.ts';
import type { FinishStep } from './ingest/batch-context.ts';
import type { BatchPlan } from './ingest/batch.ts';
import { BodyWorkers } from './ingest/body-workers.ts';
import { Ingestor } from './ingest/pipeline.ts';
import { forwardAudit } from './platform/audit/audit.ts';
import type { Db } from './platform/db/database.ts';
import { migrate as migrateSchema, type MigrateResult } from './platform/db/migrate.ts';
import { createApp } from './platform/http/app.ts';
import { JobRunner } from './platform/jobs/runner.ts';
import { DELIVERY_JOB, type DeliverySettings, deliveryJobs } from './areas/webhooks/deliver.ts';
import { auditOutbox, type OutboxOptions, outboxStep, webhookInterest } from './areas/webhooks/outbox.ts';
import { registerWebhooks } from './areas/webhooks/routes.ts';
import { EXPORT_JOB, type ExportSettings, exportJobs } from './areas/views/export.ts';
import { EXPIRE_JOB, expireJobs } from './areas/views/housekeeping.ts';
import { registerViews } from './areas/views/routes.ts';
import { registerIdentity } from './areas/identity/routes.ts';
import { registerSignIn } from './areas/identity/signin-routes.ts';
import { OtlpHub } from './areas/telemetry/hub.ts';
import { registerTelemetry } from './areas/telemetry/routes.ts';
import { advisoryWriter } from './areas/advisories/store.ts';
import { matchAdvisories } from './areas/advisories/match.ts';
import { codeFindingWriter, codeRunWriter, settleCodeFindings } from './areas/code-findings/settle.ts';
import { mcpServerScanWriter, settleMcpFindings } from './areas/mcp-findings/settle.ts';
import { registerAdvisories } from './areas/advisories/routes.ts';
import { Controls } from './areas/controls/evaluate.ts';
import { registerControls } from './areas/controls/routes.ts';
import { registerWaivers } from './areas/findings/waivers-routes.ts';
import { WAIVER_EXPIRE_JOB, waiverExpiryJobs } from './areas/findings/waivers.ts';
import { readSetting } from './config.ts';

/** The touched objects' stored rows, rendered with their issue counts and risk scores recomputed: one write an object. */
const finishRows = renderTouchedRows([...issueCountColumns, riskScoreColumn]);

/**
 * Last in every batch and every posture evaluation: the touched objects' issue counts, risk scores
 * and stored rows, then the webhooks' outbox of what changed (in the same transaction).
 */
function finishSteps(webhooks: OutboxOptions, controls?: Controls): FinishStep[] {
  // Controls read the stored rows just rendered; the objects whose findings they change are finished again.
  return [finishRows, ...(controls ? [controls.afterBatch] : []), outboxStep(webhooks)];
}

/** The workspace's controls, evaluated with the paths bounds of the settings. */
function newControls(): Controls {
  return new Controls([finishRows], () => ({
    starts: readSetting('pathMaxStarts'),
    visits: readSetting('pathMaxVisits'),
  }));
}

/** How events are written when no configuration is given (tests, tools). */
const defaultWebhooks: OutboxOptions = { publicUrl: '', maxPayloadBytes: 64 * 1024 };

/** The outbox settings of a configuration. */
export function webhookOutbox(config: Pick<Config, 'publicUrl' | 'webhookMaxPayloadBytes'>): OutboxOptions {
  return { publicUrl: config.publicUrl, maxPayloadBytes: config.webhookMaxPayloadBytes };
}

/** The OpenAPI document's tags, one per area. */
const areaTags = [
  { name: 'Inventory', description: 'Agents, models, tools, MCP servers, assets, locations and their edges.' },
  { name: 'Ingest', description: 'Feeding the service.' },
  { name: 'Client storage', description: 'Small opaque JSON entries kept by client applications, per user, workspace or tenant.' },
  { name: 'Findings', description: 'Issues, their objects and instance-level details, the issue histogram and the dashboard.' },
  { name: 'Rules', description: 'Static and external rules, and the results each produced.' },
  { name: 'Runtime', description: 'LLM interactions, sessions and guardrail dashboards.' },
  { name: 'Scans', description: 'Which sensor looked at which assets, and when: scans of an asset, current scans, sensors used.' },
  { name: 'Workspaces', description: 'The workspaces of a tenant that hold data, with their object counts.' },
  { name: 'Graph', description: 'Paths through the inventory graph between kinds of objects.' },
  {
    name: 'Webhooks',
    description: 'Subscriptions to events of a workspace (findings created and resolved, objects discovered) and their delivery log.',
  },
  { name: 'Views', description: 'Saved views of a list and their exports to files, on demand or on a schedule.' },
  { name: 'Identity', description: 'API keys made over HTTP, and the audit trail of who changed what (docs/IDENTITY.md).' },
  {
    name: 'Controls',
    description: "A workspace's own rules: saved list or paths queries whose every answer is a finding (docs/CONTROLS.md).",
  },
  {
    name: 'Compliance',
    description: 'Posture against OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF and the EU AI Act (docs/COMPLIANCE.md).',
  },
];

/** The parts of the service that hold state between calls: ingest with its plan, and the posture rules it runs. */
export interface Service {
  ingestor: Ingestor;
  posture: PostureRules;
  controls: Controls;
}

/** The ingest plan and the posture rules; `webhooks` says how the outbox writes events. */
export function composeService(webhooks: OutboxOptions = defaultWebhooks): Service {
  const controls = newControls();
  const finish = finishSteps(webhooks, controls);
  const posture = new PostureRules(finish, webhookInterest);
  const plan: BatchPlan = {
    // Entities before relations, rules before findings, scans before the findings that name them.
    writers: [
      entityWriter,
      relationWriter,
      ruleWriter,
      ruleSettingWriter,
      priceWriter,
      scanWriter,
      codeRunWriter,
      findingWriter,
      codeFindingWriter,
      mcpServerScanWriter,
      interactionWriter,
      advisoryWriter,
    ],
    derive: [refreshKindCounts, refreshEdgeCounts, noteIngest],
    // Posture and advisories first: the findings they open or resolve count in the risk score the finish computes.
    react: [posture.afterBatch, matchAdvisories, settleCodeFindings, settleMcpFindings, rescoreAfterBatch],
    finish,
    interest: webhookInterest,
    lockWorkspace: (tx, tenant, workspace) => tx.dialect.lockWorkspace(tx, tenant, workspace),
  };
  return { ingestor: new Ingestor(plan), posture, controls };
}

/** Migrates the schema, then brings what follows the catalogue up to date. */
export function migrate(db: Db): Promise<MigrateResult> {
  return migrateSchema(db, [
    syncCatalogueIndexes,
    syncStaticRules,
    rescoreOnFormulaChange(finishSteps(defaultWebhooks)),
    renderRowsOnCatalogueChange,
  ]);
}

export interface BuildOptions {
  db: Db;
  config: Config;
  /** A pino logger, or false for none (tests). */
  logger?: FastifyBaseLogger | false;
  now?: () => number;
  service?: Service;
}

/**
 * The background job runner of a process, with the handler of every kind of job. Not started
 * here: the server starts it (src/server.ts); the app stops it when it closes.
 */
function jobRunner(options: BuildOptions, service: Service): JobRunner {
  const { config } = options;
  const runner = new JobRunner(options.db, {
    concurrency: config.jobsConcurrency,
    pollMs: config.jobsPollMs,
    leaseMs: config.jobsLeaseMs,
    retryBaseMs: config.jobsRetryBaseMs,
    retryMaxMs: config.jobsRetryMaxMs,
    now: options.now,
    log: options.logger || undefined,
  });
  runner.handle(
    EXPORT_JOB,
    exportJobs(options.db, () => exportSettings(options.config), options.now),
  );
  runner.handle(
    EXPIRE_JOB,
    expireJobs(options.db, () => exportSettings(options.config), options.now),
  );
  runner.handle(
    DELIVERY_JOB,
    deliveryJobs(options.db, () => deliverySettings(config), options.now),
  );
  runner.handle(
    WAIVER_EXPIRE_JOB,
    waiverExpiryJobs(options.db, finishSteps(webhookOutbox(config), service.controls), webhookInterest, options.now),
  );
  return runner;
}

/** Where and how view exports are written. */
function exportSettings(config: Config): ExportSettings {
  return {
    dir: config.exportDir,
    pageRows: config.exportPageRows,
    quotaBytes: config.exportQuotaBytes,
    retentionMs: config.exportRetentionSeconds * 1000,
    keepScheduled: config.exportKeepScheduled,
  };
}

/** How webhook deliveries are made and retried. */
function deliverySettings(config: Config): DeliverySettings {
  return {
    allowHttp: config.webhookAllowHttp,
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    retryBaseMs: config.webhookRetryBaseMs,
    retryMaxMs: config.webhookRetryMaxMs,
    retryPeriodMs: config.webhookRetryPeriodMs,
  };
}

/** How long after an audit row was queued for a webhook the answers wake the job runner. */
const AUDIT_WAKE_MS = 2000;

/** The Fastify app with every area's routes, in the order the OpenAPI document lists them. */
export async function buildApp(options: BuildOptions) {
  const service = options.service ?? composeService(webhookOutbox(options.config));
  const jobs = jobRunner(options, service);
  const otlp = new OtlpHub();
  // Request bodies are read in worker threads (CycloneDX, OTLP), one per core at most.
  const bodies = new BodyWorkers({
    cpuBudgetMs: options.config.ingestCpuBudgetMs,
    maxWorkers: availableParallelism(),
    budgetSetting: 'AISPM_INGEST_CPU_BUDGET_MS',
  });
  // What an ingest wrote to the outbox is delivered now rather than at the next poll.
  service.ingestor.observe(() => jobs.wake());
  // Audit rows go to the admins' `audit.recorded` subscriptions through the same outbox. Responses
  // for a short while after a row was queued wake the runner: the queuing request's own answer comes
  // after its commit (another's may come before it, so one wake is not enough); the poll is the backstop.
  let auditWakeUntil = 0;
  forwardAudit(
    options.db,
    auditOutbox(options.db, webhookOutbox(options.config), () => {
      auditWakeUntil = Date.now() + AUDIT_WAKE_MS;
    }),
  );
  const { app, ctx } = await createApp({
    ...options,
    tags: areaTags,
    ingestCounts: (listener) => service.ingestor.observe(listener),
    otlpCounts: (listener) => otlp.observe(listener),
    workspaces: { exists: (t, w) => workspaceExists(options.db, t, w), visible: (scope) => visibleWorkspaces(options.db, scope) },
    routes: (app, ctx) => {
      app.addHook('onClose', () => jobs.stop(options.config.shutdownGraceMs));
      // A callback hook, not an async one: it runs on every answer, and makes no promise there.
      app.addHook('onResponse', (_request, _reply, done) => {
        if (auditWakeUntil > 0 && Date.now() <= auditWakeUntil) jobs.wake();
        done();
      });
      // Before the server waits for requests in flight: a body being read in a worker ends now (503).
      app.addHook('preClose', () => bodies.close());
      registerInventory(app, ctx);
      registerIngest(app, ctx, service.ingestor, bodies);
      registerClientStorage(app, ctx);
      registerFindings(app, ctx);
      registerRuntime(app, ctx);
      registerTelemetry(app, ctx, service.ingestor, bodies, otlp);
      registerScans(app, ctx);
      registerScanResults(app, ctx);
      registerWorkspaces(app, ctx);
      registerGraph(app, ctx);
      registerMcp(app, ctx);
      registerWebhooks(app, ctx);
      registerViews(app, ctx, { exports: () => exportSettings(options.config), wake: () => jobs.wake() });
      registerConsole(app);
      registerCompliance(app, ctx);
      registerAibom(app, ctx);
      registerIdentity(app, ctx);
      registerSignIn(app, ctx);
      registerAdvisories(app, ctx);
      registerWaivers(app, ctx, { finish: finishSteps(webhookOutbox(options.config), service.controls), interest: webhookInterest });
      registerControls(app, ctx, {
        controls: service.controls,
        announce: outboxStep(webhookOutbox(options.config)),
        interest: webhookInterest,
      });
    },
  });
  return { app, ctx, service, jobs };
}
