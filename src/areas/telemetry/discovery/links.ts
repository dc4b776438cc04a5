// Phase 3 of discovery: spans of this export that may be the missing link between a waiting span
// and its ancestor, or between its agent and a span still to come, are kept too (a chain is only
// whole once every span of it has arrived).

import type { Run } from './run.ts';
import { nsToMs } from './values.ts';

export function keepLinks(run: Run): void {
  const { index, out, now, links } = run;
  // A span of a GenAI trace whose own ancestors are not known yet may be the missing link of a span
  // still to come (concurrent exports can deliver a parent before its child): kept as a link too.
  const genaiTraces = new Set([
    ...index.spans.filter((x) => index.view(x).genai).map((x) => x.traceId),
    ...[...index.stored.values()].map((p) => p.traceId),
  ]);
  for (const x of index.spans) {
    if (index.view(x).role || !x.parentSpanId || !genaiTraces.has(x.traceId)) continue;
    const above = index.ownerAbove(x.parentSpanId);
    if (above.kind === 'unknown') for (const l of [x.spanId, ...above.path]) links.add(l);
    // Under an agent an earlier export brought it is kept as well: it came after its agent, so the
    // exports are arriving out of order (concurrent ones overtake one another) and a child of it may
    // still be on its way, which without it could never reach the agent. Under an agent of its own
    // export it is not (the usual batch: keeping it would store every span of every run).
    else if (above.kind === 'agent' && above.stored) links.add(x.spanId);
  }
  // Spans of this export between a waiting span and its missing ancestor are kept as links of the chain.
  for (const id of links) {
    const s = index.byId.get(id)!;
    out.pending.push({
      traceId: s.traceId,
      spanId: s.spanId,
      parentSpanId: s.parentSpanId,
      uses: [],
      session: index.view(s).session,
      first: nsToMs(s.startNs),
      last: nsToMs(s.endNs),
      receivedAt: now,
    });
  }
}
