// `aispm import --format mcp-scan|cisco-mcp-scanner FILE`: an MCP scanner's JSON read whole
// (within the ingest size bound), validated and turned into records (src/ingest/mcp-scanners.ts),
// then written as one batch: all of it, or nothing.

import type { OutboxOptions } from '../areas/webhooks/outbox.ts';
import { composeService } from '../compose.ts';
import { type McpScanFormat, mcpScanToNdjson } from '../ingest/mcp-scanners.ts';
import type { IngestSummary } from '../ingest/pipeline.ts';
import type { Db } from '../platform/db/database.ts';

export interface McpScanImport {
  tenant: string;
  workspace: string;
  storePrompts: boolean;
  evaluateRules?: boolean;
  webhooks?: OutboxOptions;
  now: number;
}

/** Imports a file; an McpScanError names the first problem of a malformed one. Errors name where in the file. */
export async function importMcpScan(
  db: Db,
  format: McpScanFormat,
  text: string,
  opts: McpScanImport,
): Promise<IngestSummary & { findings: number }> {
  const { ndjson, origins, findings } = mcpScanToNdjson(format, text, { now: opts.now });
  const { webhooks, now: _now, ...rest } = opts;
  const summary = await composeService(webhooks).ingestor.ingest(db, [ndjson], { ...rest, batchSize: 10_000, mode: 'request' });
  return {
    ...summary,
    findings,
    errors: summary.errors.map((e) => ({ ...e, message: `${origins[e.line - 1] ?? '/'}: ${e.message}` })),
  };
}
