// The repository a scan root belongs to: its remote, branch and commit, read from the files of the
// `.git` directory rather than by running git. A repository's own configuration can make git run
// programs (core.fsmonitor, hooks, filters), and the scanner executes nothing it finds.
//
// Handled: `.git` as a directory, or as a file pointing elsewhere (worktrees, submodules) with a
// `commondir`; HEAD naming a branch or a detached commit; refs loose or packed. The remote is
// `origin`, else the first remote the configuration names; its URL loses any user name and
// password (`https://token@github.com/…` becomes `https://github.com/…`).

import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse as parseIni } from 'ini';
import { canonicalRepository } from '../../catalog/repositories.ts';
import { readText } from '../walk/walker.ts';

export { canonicalRepository, withoutCredentials } from '../../catalog/repositories.ts';

export interface GitInfo {
  /** The repository's top directory (absolute). */
  top: string;
  remote: string | null;
  branch: string | null;
  commit: string | null;
}

/** The repository holding `dir` (or `dir` itself), or undefined outside any. */
export function gitInfo(dir: string): GitInfo | undefined {
  let top = resolve(dir);
  for (;;) {
    const dotGit = join(top, '.git');
    if (existsSync(dotGit)) return readRepository(top, dotGit);
    const up = dirname(top);
    if (up === top) return undefined;
    top = up;
  }
}

function readRepository(top: string, dotGit: string): GitInfo {
  let gitDir = dotGit;
  try {
    if (statSync(dotGit).isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(readText(dotGit) ?? '')?.[1]?.trim();
      if (pointer) gitDir = isAbsolute(pointer) ? pointer : resolve(top, pointer);
    }
  } catch {
    // An unreadable .git: a repository with nothing known of it.
  }
  const common = readText(join(gitDir, 'commondir'))?.trim();
  const commonDir = common ? (isAbsolute(common) ? common : resolve(gitDir, common)) : gitDir;
  const head = readText(join(gitDir, 'HEAD'))?.trim() ?? '';
  let branch: string | null = null;
  let commit: string | null = null;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (ref) {
    branch = ref.replace(/^refs\/heads\//, '');
    commit = readRef(gitDir, commonDir, ref);
  } else if (/^[0-9a-f]{40,64}$/.test(head)) {
    commit = head;
  }
  return { top, remote: remoteOf(commonDir), branch, commit };
}

function readRef(gitDir: string, commonDir: string, ref: string): string | null {
  for (const dir of [gitDir, commonDir]) {
    const loose = readText(join(dir, ref))?.trim();
    if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  }
  for (const line of (readText(join(commonDir, 'packed-refs'), 64 * 1024 * 1024) ?? '').split('\n')) {
    const [sha, name] = line.trim().split(' ');
    if (name === ref && sha && /^[0-9a-f]{40,64}$/.test(sha)) return sha;
  }
  return null;
}

function remoteOf(commonDir: string): string | null {
  const text = readText(join(commonDir, 'config'));
  if (!text) return null;
  let config: Record<string, unknown>;
  try {
    config = parseIni(text);
  } catch {
    return null;
  }
  const remotes = Object.entries(config).filter(([section]) => /^remote "[^"]+"$/.test(section));
  const origin = remotes.find(([section]) => section === 'remote "origin"') ?? remotes[0];
  const url = origin && (origin[1] as Record<string, unknown>).url;
  return typeof url === 'string' && url.trim() ? canonicalRepository(url.trim()) : null;
}

/** A link to a file at a commit, for the code hosts whose URL layout is known (GitHub, GitLab). */
export function fileUrl(remote: string | null, commit: string | null, path: string, startLine?: number, endLine?: number): string | null {
  if (!remote || !commit) return null;
  let base: string | null = null;
  const https = /^https?:\/\/(github\.com|gitlab\.com)\/(.+?)(?:\.git)?\/?$/.exec(remote);
  const scp = /^(?:ssh:\/\/)?(?:[^@]+@)?(github\.com|gitlab\.com)[:/](.+?)(?:\.git)?\/?$/.exec(remote);
  const m = https ?? scp;
  if (m) base = `https://${m[1]}/${m[2]}`;
  if (!base) return null;
  const blob = m![1] === 'gitlab.com' ? '-/blob' : 'blob';
  const lines = startLine ? `#L${startLine}${endLine && endLine > startLine ? `-L${endLine}` : ''}` : '';
  return `${base}/${blob}/${commit}/${path.split('/').map(encodeURIComponent).join('/')}${lines}`;
}
