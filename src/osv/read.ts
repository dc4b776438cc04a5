// Reading OSV records for `aispm advisories import`: one JSON file, a directory of them (walked
// recursively, `*.json` in name order), or a zip of them as OSV publishes an ecosystem
// (`npm/all.zip`, `PyPI/all.zip`), read entry by entry with yauzl without unpacking it. Each
// record is bounded in size; what cannot be read is reported with where it came from.

import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type yauzl from 'yauzl';

/** Largest OSV record read (a record is a few kilobytes; the largest published ones well under this). */
export const MAX_RECORD_BYTES = 4 * 1024 * 1024;

export interface Found {
  /** Where it came from: a file, or `zip!entry`. */
  source: string;
  value?: unknown;
  /** Why it could not be read as JSON. */
  error?: string;
}

export class ReadError extends Error {}

function parse(source: string, text: Buffer): Found {
  if (text.length > MAX_RECORD_BYTES) return { source, error: `larger than ${MAX_RECORD_BYTES} bytes` };
  try {
    return { source, value: JSON.parse(text.toString('utf8')) };
  } catch (err) {
    return { source, error: `not JSON: ${(err as Error).message.split('\n')[0]}` };
  }
}

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...jsonFiles(p));
    else if (e.isFile() && e.name.endsWith('.json')) out.push(p);
  }
  return out;
}

async function* zipRecords(path: string): AsyncGenerator<Found> {
  const { default: unzip } = await import('yauzl');
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    unzip.open(path, { lazyEntries: true, autoClose: true }, (err, z) =>
      err ? reject(new ReadError(`${path}: not a zip file (${err.message})`)) : resolve(z!),
    ),
  );
  // Entries one at a time: the next is asked for when the consumer has taken this one.
  const next = () =>
    new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (e: yauzl.Entry) => {
        cleanup();
        resolve(e);
      };
      const onEnd = () => {
        cleanup();
        resolve(null);
      };
      const onError = (err: Error) => {
        cleanup();
        reject(new ReadError(`${path}: ${err.message}`));
      };
      const cleanup = () => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
      };
      zip.on('entry', onEntry);
      zip.on('end', onEnd);
      zip.on('error', onError);
      zip.readEntry();
    });
  try {
    for (let e = await next(); e; e = await next()) {
      const source = `${path}!${e.fileName}`;
      if (e.fileName.endsWith('/') || !e.fileName.endsWith('.json')) continue;
      if (e.uncompressedSize > MAX_RECORD_BYTES) {
        yield { source, error: `larger than ${MAX_RECORD_BYTES} bytes` };
        continue;
      }
      const text = await new Promise<Buffer>((resolve, reject) =>
        zip.openReadStream(e, (err, stream) => {
          if (err) return reject(new ReadError(`${source}: ${err.message}`));
          const parts: Buffer[] = [];
          stream!.on('data', (d: Buffer) => parts.push(d));
          stream!.on('end', () => resolve(Buffer.concat(parts)));
          stream!.on('error', (er) => reject(new ReadError(`${source}: ${er.message}`)));
        }),
      );
      yield parse(source, text);
    }
  } finally {
    zip.close();
  }
}

/** Every OSV record under `path`, in a stable order. */
export async function* osvRecords(path: string): AsyncGenerator<Found> {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    throw new ReadError(`no such file or directory: ${path}`);
  }
  if (stat.isDirectory()) {
    for (const f of jsonFiles(path)) {
      if (statSync(f).size > MAX_RECORD_BYTES) yield { source: f, error: `larger than ${MAX_RECORD_BYTES} bytes` };
      else yield parse(f, readFileSync(f));
    }
    return;
  }
  const head = Buffer.alloc(4);
  const fd = createReadStream(path, { start: 0, end: 3 });
  for await (const chunk of fd) (chunk as Buffer).copy(head);
  if (head.readUInt32LE(0) === 0x04034b50) {
    yield* zipRecords(path);
    return;
  }
  if (stat.size > MAX_RECORD_BYTES) throw new ReadError(`${path}: larger than ${MAX_RECORD_BYTES} bytes; an OSV file holds one record`);
  yield parse(path, readFileSync(path));
}
