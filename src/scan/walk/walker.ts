// Walks one scan root and hands every file worth reading to the detectors, counting every file it
// does not read with the reason (docs/SCAN.md, "What is read"):
//
//   - `.gitignore` files (each applying below its own directory, as git reads them) and the
//     repository's `.git/info/exclude`, through the `ignore` library (eslint's);
//   - vendored and generated directories and files, and binary files (skip-rules.ts), unless
//     `allFiles`;
//   - files over `maxFileBytes` (their size is read, never their content), and past `maxFiles`;
//   - symbolic links: one to a file inside the root is read at the link's path; one out of the root
//     is never followed; one to a directory is never descended, since the directory is read at its
//     own path if it is inside the root (so a link loop cannot make the walk endless);
//   - anything that is not a regular file (a FIFO would block the read, a device never ends) and
//     anything the operating system refuses to open.
//
// A directory holding `.git` below the root is another repository: the walker does not enter it
// and returns it, so the caller scans it as a scan of its own.
//
// The walk is synchronous and reads each file into one reused buffer: for tens of thousands of
// small files the cost is the system calls, and a promise per file would double it. What a
// detector keeps of a file it must copy (`bytes` is overwritten by the next file).

import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Skip } from '../facts.ts';
import {
  generatedDirs,
  hasGeneratedHeader,
  isBinaryName,
  isGeneratedName,
  isKeyMaterialName,
  looksBinary,
  metadataDirs,
  vendoredDirs,
} from './skip-rules.ts';

export interface WalkLimits {
  /** Files larger than this are skipped unread (their size is all that is read). */
  maxFileBytes: number;
  /** Files read at most; the walk stops there and says so. */
  maxFiles: number;
  /** Read vendored and generated files too (binary and oversized ones are still skipped). */
  allFiles: boolean;
}

export const defaultLimits: WalkLimits = { maxFileBytes: 4 * 1024 * 1024, maxFiles: 250_000, allFiles: false };

export interface WalkedFile {
  /** Relative to the root, forward slashes. */
  path: string;
  /** The file's content; valid until the callback returns (the buffer is reused). */
  bytes: Buffer;
  /** Binary content (only key material is handed over when binary). */
  binary: boolean;
}

/** A file the listing found worth opening. */
export interface ListedFile {
  abs: string;
  /** Relative to the root, forward slashes. */
  rel: string;
  keyMaterial: boolean;
}

export interface Listing {
  files: ListedFile[];
  skips: Skip[];
  /** Repositories found below the root (absolute paths), not entered. */
  nestedRepos: string[];
}

export interface WalkResult {
  files: number;
  bytes: number;
  skips: Skip[];
  nestedRepos: string[];
}

interface IgnoreFrame {
  /** Directory of the .gitignore, relative to the root, with a trailing slash ('' for the root). */
  base: string;
  ig: Ignore;
}

const toPosix = sep === '/' ? (p: string) => p : (p: string) => p.split(sep).join('/');

function errorCode(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? 'error';
}

const skipOf = (path: string, reason: Skip['reason'], detail?: string): Skip =>
  detail === undefined ? { path, reason } : { path, reason, detail };

/**
 * The files of a root worth opening, in a stable order, and every one not worth it with why: the
 * directory walk, the ignore files, the name rules and the links, but no file opened. Reading
 * (readListed) can then be shared between threads.
 */
export function listFiles(root: string, limits: WalkLimits): Listing {
  const out: Listing = { files: [], skips: [], nestedRepos: [] };
  const skip = (path: string, reason: Skip['reason'], detail?: string) => out.skips.push(skipOf(path, reason, detail));
  const rootReal = realpathSync.native(root);
  const inRoot = (real: string) => real === rootReal || real.startsWith(rootReal + sep);
  const frames: IgnoreFrame[] = [];
  const exclude = readText(join(root, '.git', 'info', 'exclude'));
  if (exclude) frames.push({ base: '', ig: ignore().add(exclude) });
  const linkedDirs: string[] = [];
  let stopped = false;

  const ignored = (rel: string, isDir: boolean) => {
    for (const f of frames) {
      if (!rel.startsWith(f.base)) continue;
      if (f.ig.ignores(rel.slice(f.base.length) + (isDir ? '/' : ''))) return true;
    }
    return false;
  };

  const list = (abs: string, rel: string, name: string) => {
    if (out.files.length >= limits.maxFiles) {
      if (!stopped) skip(rel, 'limit', `${limits.maxFiles} files read (--max-files); this file and those after it were not read`);
      stopped = true;
      return;
    }
    const keyMaterial = isKeyMaterialName(name);
    if (!keyMaterial && isBinaryName(name)) return skip(rel, 'binary', 'by extension');
    if (!limits.allFiles && isGeneratedName(name)) return skip(rel, 'generated', 'by name');
    out.files.push({ abs, rel, keyMaterial });
  };

  const walkDir = (abs: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (err) {
      return skip(rel || '.', 'unreadable', errorCode(err));
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (rel !== '' && entries.some((e) => e.name === '.git')) {
      out.nestedRepos.push(abs);
      return;
    }
    // A Python virtual environment, whatever its name.
    if (rel !== '' && !limits.allFiles && entries.some((e) => e.name === 'pyvenv.cfg' && e.isFile()))
      return skip(`${rel}/`, 'vendored', 'virtual environment');
    const gitignore = entries.some((e) => e.name === '.gitignore' && e.isFile()) ? readText(join(abs, '.gitignore')) : undefined;
    const pushed = gitignore !== undefined;
    if (pushed) frames.push({ base: rel ? `${rel}/` : '', ig: ignore().add(gitignore) });
    try {
      for (const e of entries) {
        if (stopped) return;
        const childAbs = join(abs, e.name);
        const childRel = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (metadataDirs.has(e.name)) continue;
          if (ignored(childRel, true)) skip(`${childRel}/`, 'ignored', '.gitignore');
          else if (!limits.allFiles && vendoredDirs.has(e.name)) skip(`${childRel}/`, 'vendored');
          else if (!limits.allFiles && generatedDirs.has(e.name)) skip(`${childRel}/`, 'generated');
          else walkDir(childAbs, childRel);
        } else if (e.isFile()) {
          if (ignored(childRel, false)) skip(childRel, 'ignored', '.gitignore');
          else list(childAbs, childRel, e.name);
        } else if (e.isSymbolicLink()) {
          if (ignored(childRel, false)) {
            skip(childRel, 'ignored', '.gitignore');
            continue;
          }
          let target: string;
          let isDir: boolean;
          try {
            target = realpathSync.native(childAbs);
            const st = statSync(target);
            isDir = st.isDirectory();
            if (!isDir && !st.isFile()) {
              skip(childRel, 'unreadable', 'link to something other than a file or directory');
              continue;
            }
          } catch (err) {
            const code = errorCode(err);
            skip(childRel, code === 'ELOOP' ? 'symlink_loop' : 'unreadable', code === 'ENOENT' ? 'dangling link' : code);
            continue;
          }
          if (!inRoot(target)) skip(childRel, 'symlink_outside', 'links out of the scan root');
          else if (isDir) linkedDirs.push(childRel);
          else list(childAbs, childRel, e.name);
        } else {
          skip(childRel, 'unreadable', 'not a regular file');
        }
      }
    } finally {
      if (pushed) frames.pop();
    }
  };

  walkDir(root, '');
  for (const rel of linkedDirs) {
    const target = toPosix(relative(rootReal, realpathSync.native(join(root, rel))));
    skip(rel, 'symlink_loop', `links to ${target || '.'} inside the root: a directory is read at its own path, never through a link`);
  }
  return out;
}

/**
 * One listed file into `buffer` (at least maxFileBytes + 1 long): its bytes (a view of the buffer,
 * valid until the next read) and whether they are binary, or the skip that says why not.
 */
export function readListed(file: ListedFile, limits: WalkLimits, buffer: Buffer): { bytes: Buffer; binary: boolean } | Skip {
  const { rel } = file;
  let fd: number;
  try {
    // Non-blocking: a FIFO that slipped past the type check must not hang the scan.
    fd = openSync(file.abs, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    return skipOf(rel, 'unreadable', errorCode(err));
  }
  let n = 0;
  try {
    // Read up to one byte past the limit: what is larger is skipped without reading the rest. The
    // type was checked on the directory entry (or the link's target); no fstat per file, which
    // was a fifth of a scan's time on a tree of small files.
    for (;;) {
      const got = readSync(fd, buffer, n, buffer.length - n, null);
      if (got === 0) break;
      n += got;
      if (n > limits.maxFileBytes)
        return skipOf(
          rel,
          'too_large',
          `${sizeOf(fd) ?? `over ${limits.maxFileBytes}`} bytes, over ${limits.maxFileBytes} (--max-file-bytes)`,
        );
    }
  } catch (err) {
    const code = errorCode(err);
    return skipOf(rel, 'unreadable', code === 'EISDIR' ? 'not a regular file' : code);
  } finally {
    closeSync(fd);
  }
  const bytes = buffer.subarray(0, n);
  const binary = looksBinary(bytes);
  if (binary && !file.keyMaterial) return skipOf(rel, 'binary', 'NUL byte in the first 8000 bytes');
  if (!limits.allFiles && !binary && hasGeneratedHeader(bytes.toString('latin1', 0, Math.min(n, 1024)), rel))
    return skipOf(rel, 'generated', 'generator header');
  return { bytes, binary };
}

/** Lists the root and reads each file in turn on this thread, handing each to `onFile`. */
export async function walk(root: string, limits: WalkLimits, onFile: (file: WalkedFile) => void | Promise<void>): Promise<WalkResult> {
  const listing = listFiles(root, limits);
  const result: WalkResult = { files: 0, bytes: 0, skips: listing.skips, nestedRepos: listing.nestedRepos };
  const buffer = Buffer.allocUnsafe(limits.maxFileBytes + 1);
  for (const f of listing.files) {
    const read = readListed(f, limits, buffer);
    if ('reason' in read) {
      result.skips.push(read);
      continue;
    }
    result.files++;
    result.bytes += read.bytes.length;
    await onFile({ path: f.rel, bytes: read.bytes, binary: read.binary });
  }
  return result;
}

function sizeOf(fd: number): number | undefined {
  try {
    return fstatSync(fd).size;
  } catch {
    return undefined;
  }
}

/** A small text file, or undefined: never a FIFO or a device (a repository can plant one at any name). */
export function readText(path: string, maxBytes = 1024 * 1024): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > maxBytes) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
