// The reading worker of read-files.ts: reads the chunks of listed files it is given and runs the
// secret detectors on them, with the same code as the main thread, under the same fingerprint key.

import { parentPort, workerData } from 'node:worker_threads';
import { SecretDetector } from '../secrets/detect.ts';
import { fingerprinter } from '../secrets/fingerprint.ts';
import { readChunk, type Want } from './read-files.ts';
import type { ListedFile, WalkLimits } from './walker.ts';

const { limits, key } = workerData as { limits: WalkLimits; key: string };
const detector = new SecretDetector(fingerprinter(Buffer.from(key, 'hex')));
const buffer = Buffer.allocUnsafe(limits.maxFileBytes + 1);

parentPort!.on('message', async (m: { id: number; chunk: ListedFile[]; want: Want[] }) => {
  parentPort!.postMessage({ id: m.id, result: await readChunk(m.chunk, m.want, limits, buffer, detector) });
});
