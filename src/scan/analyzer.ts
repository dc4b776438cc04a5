// The contract between the walker and the code analysers (docs/SCAN.md, "Code"): an analyser says
// which files it wants by path, is given each one's text as the walker reads it, and at the end
// returns the facts of the whole scan, references across files resolved. The code analyser of the
// frameworks lives in src/scan/code/; tests may give their own.
//
// An analyser may also name a cheap test of a file's text (`textTest`), run where the file is read,
// on the reading worker too: a file failing it reaches the analyser as a path and a way to read it
// (`addUnread`), not as text. In a tree of 50,000 files, handing every source text to the analyser's
// thread (copied between threads, decoded, kept for the end) took 60 % of the scan's time, for the
// few files another file's import leads the analyser back to.

import type { Facts } from './facts.ts';

/** The text tests the reader knows: 'frameworks' is src/scan/code/prefilter.ts (does the file import a framework, model client or MCP SDK?). */
export type TextTest = 'frameworks';

export interface CodeAnalyzer {
  /** Path relative to the scan root, forward slashes; never throws on bad input (a malformed file becomes a Skip). */
  add(file: { path: string; text: string }): void | Promise<void>;
  /** A wanted file whose text failed the factory's `textTest`: its path, and a reader of its text (undefined when it cannot be read any more). */
  addUnread?(file: { path: string; read: () => string | undefined }): void;
  /** The facts of every file added; secrets are never reported here. */
  finish(): Facts | Promise<Facts>;
}

export interface AnalyzerFactory {
  /** Whether the analyser wants this file (by path; ignores and skips are applied already). */
  wantsFile(path: string): boolean;
  /** The test of a wanted file's text that decides whether `add` gets its text or `addUnread` its path: named rather than given, since the reading worker runs it (read-files.ts). Absent: always the text. */
  textTest?: TextTest;
  createCodeAnalyzer(options?: { maxFileBytes?: number }): CodeAnalyzer;
}

/** The frameworks' code analyser (src/scan/code/), loaded when a scan starts: its parsers are WebAssembly that other commands need not load. */
export async function frameworkAnalyzer(): Promise<AnalyzerFactory> {
  return await import('./code/index.ts');
}
