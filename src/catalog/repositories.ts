// How a repository is named wherever it appears: the static scanner reads it from `.git`, a SARIF
// import from the log's version-control provenance or the checkout it names. One spelling and one
// asset id per repository, so a scan and an import of the same repository meet on the same objects.

import { createHash } from 'node:crypto';

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/**
 * One spelling per repository, so a laptop's ssh remote and a pipeline's https clone name the same
 * asset: credentials dropped, `git@host:path` and `ssh://host/path` as `https://host/path`, no
 * `.git` suffix, no trailing slash, the host in lower case. Local paths stay as they are.
 */
export function canonicalRepository(url: string): string {
  const plain = withoutCredentials(url);
  const scp = /^([A-Za-z0-9.-]+\.[A-Za-z]{2,}):(?!\/\/)(.+)$/.exec(plain);
  const ssh = /^(?:ssh|git|git\+ssh):\/\/([^/:]+)(?::\d+)?\/(.+)$/.exec(plain);
  const web = /^https?:\/\/([^/]+)\/(.+)$/.exec(plain);
  const m = scp ?? ssh ?? web;
  if (!m) return plain;
  return `https://${m[1]!.toLowerCase()}/${m[2]!.replace(/\.git\/?$/, '').replace(/\/+$/, '')}`;
}

/**
 * A remote URL without the credentials it may carry: the user and password of a URL, and the
 * user of an scp-like address (`git@host:path` becomes `host:path`, which git reads the same).
 */
export function withoutCredentials(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    try {
      const u = new URL(url);
      u.username = '';
      u.password = '';
      return u.toString();
    } catch {
      return url.replace(/\/\/[^@/]*@/, '//');
    }
  }
  return url.replace(/^[^@/:]+@/, '');
}

/** A repository by its canonical remote (the same on every clone), else by its place on this host. */
export function repositoryAssetId(remote: string | null, hostname: string, absolutePath: string): string {
  return `asset-${hash(remote ? `repo:${remote}` : `dir:${hostname}:${absolutePath}`).slice(0, 20)}`;
}
