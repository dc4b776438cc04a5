// Spans into the estate: each span, read in its dialect (../dialects/), becomes what it is about:
// an agent, a model, a tool, an MCP server or a guardrail (entity records, `source: "runtime"`),
// the relations its place in the span tree implies (nearest ancestor agent span: uses_model,
// uses_tool, uses_mcp_server, delegates_to, input_/output_guardrail; MCP server exposes_tool), and,
// for a model call, an interaction linked to its model. The records are NDJSON format v1 and go
// through the ingest pipeline like any other, in one batch with the interactions.
//
// Every span is accounted for exactly once: mapped (by the type it made), ignored (and why), or
// rejected (and why); the route turns that into the export's answer and the stats.
//
// Discovery runs in named phases over one trace index (trace-index.ts: the export's spans, the spans
// kept from earlier exports, each span's view), sharing one run (run.ts); the order matters, each
// phase reads what the ones before it made.

import type { Span } from '../otlp/traces.ts';
import { applyGuardrailOutcomes } from './guardrail-outcomes.ts';
import { keepLinks } from './links.ts';
import { mapSpans } from './map-spans.ts';
import { newRun } from './run.ts';
import { settleKept } from './settle-kept.ts';
import { TraceIndex } from './trace-index.ts';
import type { Discovery, PendingSpan } from './types.ts';

export { type Discovery, type IgnoreReason, ignoreReasons, PENDING_TTL_MS, type PendingSpan } from './types.ts';

export function discover(spans: Span[], pending: PendingSpan[] = [], now = Date.now()): Discovery {
  const run = newRun(new TraceIndex(spans, pending), now);
  // 1. Each span of the export: its object, its interaction, its place under an agent (or kept).
  mapSpans(run);
  // 2. Kept spans whose ancestors this export brought, or that waited long enough.
  settleKept(run);
  // 3. Spans that may be the missing link of a chain, kept too.
  keepLinks(run);
  // 4. Guardrail outcomes onto the model calls they judged.
  applyGuardrailOutcomes(run);
  // 5. The records: entities, relations, then interactions.
  run.g.writeRecords(run.out.records);
  // One at a time: spread into a call, 140,000 interactions overflowed the stack (RangeError).
  for (const r of run.interactions) run.out.records.push(r);
  return run.out;
}
