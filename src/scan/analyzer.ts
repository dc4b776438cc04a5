// The contract between the walker and the code analysers (docs/SCAN.md, "Code"): an analyser says
// which files it wants by path, is given each one's text as the walker reads it, and at the end
// returns the facts of the whole scan, references across files resolved. The code analyser of the
// frameworks lives in src/scan/code/ (its own module, by its own author); tests give their own.

import type { Facts } from './facts.ts';

export interface CodeAnalyzer {
  /** Path relative to the scan root, forward slashes; never throws on bad input (a malformed file becomes a Skip). */
  add(file: { path: string; text: string }): void | Promise<void>;
  /** The facts of every file added; secrets are never reported here. */
  finish(): Facts | Promise<Facts>;
}

export interface AnalyzerFactory {
  /** Whether the analyser wants this file (by path; ignores and skips are applied already). */
  wantsFile(path: string): boolean;
  createCodeAnalyzer(options?: { maxFileBytes?: number }): CodeAnalyzer;
}

/**
 * The frameworks' code analyser of src/scan/code/ when it is installed. Loaded by a computed
 * specifier, so a build without it (or a checkout where it has not landed yet) scans everything
 * else; `loaded` says which.
 */
export async function frameworkAnalyzer(): Promise<AnalyzerFactory | undefined> {
  const specifier = './code/index.ts';
  try {
    const mod = (await import(specifier)) as Partial<AnalyzerFactory>;
    return typeof mod.wantsFile === 'function' && typeof mod.createCodeAnalyzer === 'function' ? (mod as AnalyzerFactory) : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw err;
  }
}
