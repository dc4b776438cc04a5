// `aispm import --format garak|promptfoo FILE`: a model probe report read whole (within the ingest
// size bound), validated and summed up (src/ingest/garak.ts, promptfoo.ts), its targets matched
// to the workspace's models and agents (src/areas/probes/targets.ts), then written as one batch:
// all of it, or nothing.

import { probeBatch } from '../areas/probes/targets.ts';
import type { OutboxOptions } from '../areas/webhooks/outbox.ts';
import { composeService } from '../compose.ts';
import type { IngestSummary } from '../ingest/pipeline.ts';
import { readProbeReport } from '../ingest/probe-report.ts';
import type { ProbeRun, ProbeTool } from '../ingest/probes.ts';
import type { Db } from '../platform/db/database.ts';

export interface ProbeImport {
  tenant: string;
  workspace: string;
  storePrompts: boolean;
  evaluateRules?: boolean;
  webhooks?: OutboxOptions;
  failPercent: number;
  now: number;
}

/** Imports a report; a ProbeError names the first problem of a malformed one. */
export async function importProbes(db: Db, tool: ProbeTool, text: string, opts: ProbeImport): Promise<IngestSummary & { run: ProbeRun }> {
  const run = readProbeReport(tool, text, opts.now);
  const { ndjson, origins } = await probeBatch(db, opts.tenant, opts.workspace, run, opts.failPercent);
  const { webhooks, failPercent: _f, now: _n, ...rest } = opts;
  const summary = await composeService(webhooks).ingestor.ingest(db, [ndjson], { ...rest, batchSize: 10_000, mode: 'request' });
  return { ...summary, run, errors: summary.errors.map((e) => ({ ...e, message: `${origins[e.line - 1] ?? '/'}: ${e.message}` })) };
}
