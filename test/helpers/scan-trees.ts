// Trees for `aispm scan` tests, written in a temporary directory: a git repository's metadata as
// git lays it out (HEAD, refs, config: no git binary needed), and secrets made at run time in the
// formats the detectors know, so no secret-shaped string is ever committed to this repository.

import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export function tempDir(prefix = 'aispm-scan-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

/** `.git` of a repository on `branch` at `commit` with an `origin` remote. */
export function gitRepository(root: string, remote: string, branch = 'main', commit = randomBytes(20).toString('hex')): string {
  writeTree(root, {
    '.git/HEAD': `ref: refs/heads/${branch}\n`,
    [`.git/refs/heads/${branch}`]: `${commit}\n`,
    '.git/config': `[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = ${remote}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n`,
  });
  return commit;
}

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const letters = alnum.slice(0, 52);
function pick(n: number, from = alnum): string {
  const bytes = randomBytes(n);
  let out = '';
  for (let i = 0; i < n; i++) out += from[bytes[i]! % from.length];
  return out;
}

/** Secrets in the formats of the detectors' rules, new on every call. */
export const synthetic = {
  github: () => `ghp_${pick(36)}`,
  gitlab: () => `glpat-${pick(20)}`,
  openai: () => `sk-proj-${pick(74)}T3BlbkFJ${pick(74)}`,
  anthropic: () => `sk-ant-api03-${pick(93)}AA`,
  slack: () => `xoxb-${pick(12, '0123456789')}-${pick(13, '0123456789')}-${pick(24)}`,
  stripe: () => `sk_live_${pick(24)}`,
  huggingface: () => `hf_${pick(34, letters)}`,
  groq: () => `gsk_${pick(52)}`,
  npm: () => `npm_${pick(36)}`,
  awsSecret: () => pick(40),
  postgres: () => `postgres://app:${pick(16)}@db.internal.example:5432/app`,
  password: () => `${pick(12)}-${pick(8)}`,
};

export function privateKeyPem(): string {
  return generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** A self-signed certificate valid for `days` from now (openssl, as an administrator would make one). */
export function certificatePem(days: number, cn = 'service.example.test'): string {
  const dir = tempDir('aispm-cert-');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'k.pem'),
      '-out',
      join(dir, 'c.pem'),
      '-days',
      String(days),
      '-subj',
      `/CN=${cn}`,
    ],
    { stdio: 'ignore' },
  );
  return readFileSync(join(dir, 'c.pem'), 'utf8');
}
