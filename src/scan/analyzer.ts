// The contract between the walker and the code analysers (docs/SCAN.md, "Code"): an analyser says
// which files it wants by path, is given each one's text as the walker reads it, and at the end
// returns the facts of the whole scan, references across files resolved. The code analyser of the
// frameworks lives in src/scan/code/; tests may give their own.

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

/** The frameworks' code analyser (src/scan/code/), loaded when a scan starts: its parsers are WebAssembly that other commands need not load. */
export async function frameworkAnalyzer(): Promise<AnalyzerFactory> {
  return await import('./code/index.ts');
}
