// What `aispm advisories import PATH` does (src/cli/advisories.ts): OSV records (a JSON file, a directory of them, or an ecosystem's
// zip as OSV publishes it) sent to the service as `advisory` ingest records (docs/ADVISORIES.md).
// Every record is read and checked against the OSV schema first: the first one that is not valid
// is named and nothing is sent. Then they are sent in batches, each written whole by the service;
// the service matches them against the packages scans found.
//
// Exit status: 0 done; 1 a record is malformed, or the service refused or could not be reached;
// 2 a usage error.

import { osvProblem } from '../catalog/osv/validate.ts';
import { AispmError, createAispmClient, ndjson, unwrap } from '../client/index.ts';
import { ConfigError, readSetting, type SettingKey } from '../config.ts';
import { osvRecords, ReadError } from './read.ts';

export type Fail = (message: string, code?: number) => never;

/** Records per request: well under the ingest body limit for records of a few kilobytes. */
export const DEFAULT_BATCH = 2000;
/** Bytes per request, whatever the count. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024;

export interface Options {
  tenant?: string;
  workspace?: string;
  batchSize?: number;
}

export async function runImport(path: string, o: Options, fail: Fail): Promise<number> {
  const setting = <K extends SettingKey>(key: K) => {
    try {
      return readSetting(key);
    } catch (err) {
      if (err instanceof ConfigError) fail(err.message);
      throw err;
    }
  };
  const token = setting('token');
  if (!token) fail('set AISPM_TOKEN to a token with the ingest scope');
  if (!o.tenant) fail('give --tenant <id> or set AISPM_TENANT');
  if (!o.workspace) fail('give --workspace <id> or set AISPM_WORKSPACE');
  const url = setting('url');
  const started = performance.now();

  // First pass: every record readable and valid, or nothing is sent.
  let total = 0;
  try {
    for await (const r of osvRecords(path)) {
      const problem = r.error ?? osvProblem(r.value);
      if (problem) fail(`${r.source}: ${problem}; nothing was written`, 1);
      total++;
    }
  } catch (err) {
    if (err instanceof ReadError) fail(err.message, 1);
    throw err;
  }
  if (total === 0) fail(`${path}: no OSV records (*.json) found; nothing was written`, 1);

  const api = createAispmClient({ baseUrl: url, token: token! });
  const size = o.batchSize ?? DEFAULT_BATCH;
  let batch: object[] = [];
  let bytes = 0;
  let sent = 0;
  const send = async () => {
    if (batch.length === 0) return;
    try {
      const res = await api.POST('/api/v1/ingest/tenants/{tenant_id}/workspaces/{workspace_id}', {
        params: { path: { tenant_id: o.tenant!, workspace_id: o.workspace! } },
        ...ndjson(batch),
      } as never);
      unwrap(res as never);
    } catch (err) {
      if (err instanceof AispmError) {
        const errors = ((err.body as { errors?: { line: number; message: string }[] } | null)?.errors ?? []).slice(0, 10);
        for (const e of errors) process.stderr.write(`aispm: record ${sent + e.line}: ${e.message}\n`);
        fail(`${err.message} (HTTP ${err.status}); ${sent} records were written before this batch`, 1);
      }
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      if (err instanceof TypeError && cause) fail(`cannot reach ${url}: ${cause.code ?? cause.message}`, 1);
      throw err;
    }
    sent += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const r of osvRecords(path)) {
    const text = JSON.stringify(r.value);
    if (batch.length >= size || (batch.length > 0 && bytes + text.length > MAX_BATCH_BYTES)) await send();
    batch.push({ type: 'advisory', osv: r.value });
    bytes += text.length + 32;
  }
  await send();
  const secs = (performance.now() - started) / 1000;
  process.stdout.write(`${sent} advisories sent to ${o.tenant}/${o.workspace} in ${secs.toFixed(2)} s\n`);
  return 0;
}
