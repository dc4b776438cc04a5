// Loading files and the demo estate through the ingest pipeline (the CLI's import and demo).

import { createReadStream } from 'node:fs';
import type { Db } from '../platform/db/database.ts';
import { holdsNoObject } from '../areas/inventory/entities-store.ts';
import { DEMO_TENANT, demoNdjson, demoWorkspaces } from './estate.ts';
import type { IngestSummary } from '../ingest/pipeline.ts';
import { composeService } from '../compose.ts';
import { ingestSpans } from '../areas/telemetry/ingest-spans.ts';
import { oneAtATime } from '../areas/telemetry/waiting-spans.ts';
import { demoSpans } from './runtime.ts';
import type { OutboxOptions } from '../areas/webhooks/outbox.ts';
import type { ParseWorker } from '../ingest/worker-batches.ts';

export interface DemoLoad {
  scale: number;
  seed: number;
  now: number;
  storePrompts: boolean;
  tenant?: string;
  evaluateRules?: boolean;
  /** How the webhooks' outbox writes events (the configuration's links and size bound). */
  webhooks?: OutboxOptions;
  /** Send part of the default workspace's runtime as OpenTelemetry spans (default true). */
  runtime?: boolean;
}

export async function loadDemo(db: Db, opts: DemoLoad): Promise<Array<{ workspace: string; summary: IngestSummary }>> {
  const out: Array<{ workspace: string; summary: IngestSummary }> = [];
  const { ingestor } = composeService(opts.webhooks);
  for (const { workspace, share } of demoWorkspaces) {
    const summary = await ingestor.ingest(db, demoNdjson({ scale: opts.scale, seed: opts.seed, now: opts.now, workspace, share }), {
      tenant: opts.tenant ?? DEMO_TENANT,
      workspace,
      storePrompts: opts.storePrompts,
      batchSize: 10_000,
      mode: 'batches',
      evaluateRules: opts.evaluateRules,
    });
    out.push({ workspace, summary });
    if (workspace === demoWorkspaces[0]!.workspace && opts.runtime !== false) {
      const spans = {
        db,
        now: () => opts.now,
        config: { ...defaults, storePrompts: opts.storePrompts, postureRules: opts.evaluateRules ?? true },
      };
      await oneAtATime(opts.tenant ?? DEMO_TENANT, workspace, () =>
        ingestSpans(spans, ingestor, opts.tenant ?? DEMO_TENANT, workspace, demoSpans(opts.now)),
      );
    }
  }
  return out;
}

/** The span-ingest settings the demo uses (the service's defaults). */
const defaults = { runtimeObjectCap: 10_000, runtimeQuietDays: 14 };

/** True when the database holds no inventory at all (a fresh install). */
export function isEmpty(db: Db): Promise<boolean> {
  return holdsNoObject(db);
}

export interface ImportOptions {
  tenant: string;
  workspace: string;
  batchSize: number;
  storePrompts: boolean;
  evaluateRules?: boolean;
  onBatch?: (s: IngestSummary) => void;
  webhooks?: OutboxOptions;
  /** The file already being read and parsed in a worker thread (config AISPM_IMPORT_WORKER); without it, on this thread. */
  parsed?: ParseWorker;
}

export function importFile(db: Db, path: string, opts: ImportOptions): Promise<IngestSummary> {
  const { webhooks, parsed, ...rest } = opts;
  const { ingestor } = composeService(webhooks);
  if (parsed) return ingestor.ingestParsedBatches(db, parsed.batches(), rest);
  const source = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  return ingestor.ingest(db, source, { ...rest, mode: 'batches' });
}
