// `aispm import --format cyclonedx FILE`: a CycloneDX BOM read whole, validated and turned into
// records (src/ingest/cyclonedx.ts), then written as one batch: all of it, or nothing.

import { readFile } from 'node:fs/promises';
import type { OutboxOptions } from '../areas/webhooks/outbox.ts';
import { composeService } from '../compose.ts';
import { cyclonedxToNdjson } from '../ingest/cyclonedx.ts';
import type { IngestSummary } from '../ingest/pipeline.ts';
import type { Db } from '../platform/db/database.ts';

export interface BomImport {
  tenant: string;
  workspace: string;
  storePrompts: boolean;
  evaluateRules?: boolean;
  webhooks?: OutboxOptions;
}

/** Imports a BOM; a BomError names the first problem of a malformed one. Errors name where in the BOM. */
export async function importCycloneDx(db: Db, path: string, opts: BomImport): Promise<IngestSummary> {
  const text = path === '-' ? await new Response(process.stdin as unknown as ReadableStream).text() : await readFile(path, 'utf8');
  const { ndjson, origins } = await cyclonedxToNdjson(text);
  const { webhooks, ...rest } = opts;
  const summary = await composeService(webhooks).ingestor.ingest(db, [ndjson], { ...rest, batchSize: 10_000, mode: 'request' });
  return { ...summary, errors: summary.errors.map((e) => ({ ...e, message: `${origins[e.line - 1] ?? '/'}: ${e.message}` })) };
}
