// What every part of a batch's application shares: the transaction, where the batch goes, and
// the objects it touched, whose derived rows (neighbour counts, issue counts) are recomputed once
// at the end of the batch.

import type { Db, Executor } from '../platform/db/database.ts';

export interface LineError {
  line: number;
  message: string;
}

/** A record with the line (1-based) it came from. */
export interface Lined<R> {
  line: number;
  record: R;
}

export interface BatchOptions {
  /** Keep prompt and response text of interactions. */
  storePrompts: boolean;
  /** Evaluate the posture rules over what the batch changed (default true). */
  evaluateRules?: boolean;
}

export class BatchContext {
  readonly db: Db;
  readonly tx: Executor;
  readonly tenant: string;
  readonly workspace: string;
  readonly now: number;
  readonly options: BatchOptions;
  /** Errors found while applying (e.g. a finding of an unknown rule): they reject the batch. */
  readonly errors: LineError[] = [];
  /** Objects (`kind\u0000id`) whose neighbour counts must be recomputed. */
  readonly touchedForEdges = new Set<string>();
  /** Objects whose issue counts must be recomputed. */
  readonly touchedForIssues = new Set<string>();
  /** Kinds whose entity count changed. */
  readonly touchedKinds = new Set<string>();

  constructor(db: Db, tx: Executor, tenant: string, workspace: string, now: number, options: BatchOptions) {
    this.db = db;
    this.tx = tx;
    this.tenant = tenant;
    this.workspace = workspace;
    this.now = now;
    this.options = options;
  }

  reject(line: number, message: string): void {
    this.errors.push({ line, message });
  }
}

export function objectKey(kind: string, id: string): string {
  return `${kind}\u0000${id}`;
}

export function splitKey(key: string): [string, string] {
  const i = key.indexOf('\u0000');
  return [key.slice(0, i), key.slice(i + 1)];
}
