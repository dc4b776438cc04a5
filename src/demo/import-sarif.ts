// `aispm import --format sarif FILE`: a SARIF log read whole (within the ingest size bound),
// validated and turned into records (src/ingest/sarif.ts), then written as one batch: all of it,
// or nothing. What the log does not say (the repository's top directory, the repository) the CLI
// found beforehand (src/cli-program.ts).

import { open } from 'node:fs/promises';
import type { OutboxOptions } from '../areas/webhooks/outbox.ts';
import { composeService } from '../compose.ts';
import type { IngestSummary } from '../ingest/pipeline.ts';
import { type SarifContext, SarifError, sarifToNdjson } from '../ingest/sarif.ts';
import type { Db } from '../platform/db/database.ts';

export interface SarifImport {
  tenant: string;
  workspace: string;
  storePrompts: boolean;
  evaluateRules?: boolean;
  webhooks?: OutboxOptions;
  context: SarifContext;
  /** Bytes the file may have (the ingest route's bound). */
  maxBytes: number;
  /** Results the log may hold. */
  maxResults: number;
}

/** The file's text, refused past `max` bytes without reading further. */
export async function readBounded(path: string, max: number): Promise<string> {
  const file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    if (size > max) throw new SarifError(`the file is ${size} bytes, more than the limit of ${max} (AISPM_INGEST_MAX_BYTES)`);
    return await file.readFile('utf8');
  } finally {
    await file.close();
  }
}

/** Imports a log; a SarifError names the first problem of a malformed one. Errors name where in the log. */
export async function importSarif(db: Db, text: string, opts: SarifImport): Promise<IngestSummary & { results: number }> {
  const { ndjson, origins, results } = sarifToNdjson(text, opts.context);
  if (results > opts.maxResults)
    throw new SarifError(
      `the log holds ${results} results, more than the limit of ${opts.maxResults} (AISPM_SARIF_MAX_RESULTS); import it in parts`,
    );
  const { webhooks, context: _context, maxBytes: _maxBytes, maxResults: _maxResults, ...rest } = opts;
  const summary = await composeService(webhooks).ingestor.ingest(db, [ndjson], { ...rest, batchSize: 10_000, mode: 'request' });
  return {
    ...summary,
    results,
    errors: summary.errors.map((e) => ({ ...e, message: `${origins[e.line - 1] ?? '/'}: ${e.message}` })),
  };
}
