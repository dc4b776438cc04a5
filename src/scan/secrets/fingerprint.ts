// Keyed fingerprints of secret values: HMAC-SHA-256 under a key that never leaves this machine, so
// the same value found in two files is one secret, and a fingerprint sent to the service cannot be
// checked against guesses (a plain hash of a short password can). The key is, in order:
//
//   AISPM_SCAN_KEY        set it to the same value in every pipeline and laptop of an organisation
//                         for fingerprints that compare across machines (at least 16 characters);
//   a file of the user's  $XDG_CONFIG_HOME/aispm/scan-key (else ~/.config/aispm/scan-key), 32 random
//   configuration         bytes written on first use, readable by the user alone.

import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export type Fingerprinter = (value: string) => string;

export class ScanKeyError extends Error {}

/** Where the key file is for this environment. */
export function keyFilePath(env: NodeJS.ProcessEnv): string {
  const config = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.config');
  return join(config, 'aispm', 'scan-key');
}

/** The fingerprint key: `given` (AISPM_SCAN_KEY, checked by its setting), else the key file (created on first use). */
export function scanKey(given: string, env: NodeJS.ProcessEnv): { key: Buffer; from: 'AISPM_SCAN_KEY' | 'file' } {
  if (given !== '') return { key: Buffer.from(given, 'utf8'), from: 'AISPM_SCAN_KEY' };
  const path = keyFilePath(env);
  try {
    const hex = readFileSync(path, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(hex)) return { key: Buffer.from(hex, 'hex'), from: 'file' };
  } catch {
    // Not there yet: made below.
  }
  const key = randomBytes(32);
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
  } catch (err) {
    // Another scan wrote it first: use that one.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return scanKey(given, env);
    throw new ScanKeyError(`cannot write the fingerprint key ${path}: ${(err as Error).message}; set AISPM_SCAN_KEY instead`);
  }
  return { key, from: 'file' };
}

export function fingerprinter(key: Buffer): Fingerprinter {
  return (value) => createHmac('sha256', key).update(value, 'utf8').digest('hex').slice(0, 32);
}

/**
 * What a person may see of a secret: at most its first four characters (a prefix such as `sk-p`
 * or `ghp_` says what it is), only for values of 16 characters or more, then its length.
 */
export function previewOf(value: string): string {
  return value.length >= 16 ? `${value.slice(0, 4)}…(${value.length})` : `…(${value.length})`;
}
