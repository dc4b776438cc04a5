// The state one discovery's phases share: the trace index, the answer being built, the graph of
// objects and relations, the interactions and the spans kept as links of a chain.

import { Graph } from './graph.ts';
import type { TraceIndex } from './trace-index.ts';
import type { Discovery } from './types.ts';

export interface Run {
  readonly index: TraceIndex;
  readonly out: Discovery;
  readonly g: Graph;
  /** Interaction records, written after the graph's. */
  readonly interactions: Array<Record<string, unknown>>;
  /** Spans of this export between a waiting span and its missing ancestor. */
  readonly links: Set<string>;
  readonly now: number;
}

export function newRun(index: TraceIndex, now: number): Run {
  const out: Discovery = {
    records: [],
    mapped: {},
    ignored: {},
    rejected: [],
    typeErrors: [],
    unmapped: new Map(),
    zeroCostReported: 0,
    pending: [],
    resolved: [],
  };
  return { index, out, g: new Graph(), interactions: [], links: new Set(), now };
}

/** The service standing in as the agent of spans with no agent above them. */
export const serviceAgent = (run: Run, service: string, attributes: Record<string, unknown>, first: number, last: number) =>
  run.g.object('agent', service, service, first, last, { ...attributes, sources: ['runtime'] });
