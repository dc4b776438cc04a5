// One index over an export's spans and the spans kept from earlier exports, which every phase of
// discovery walks: each span's view (read once), the session above a span, and the agent above it.

import { type SpanView, viewOf } from '../dialects/registry.ts';
import type { Span } from '../otlp/traces.ts';
import type { PendingSpan } from './types.ts';
import { cut, derivedAgentId, serviceOf } from './values.ts';

/** The agent above a span: an agent span of this export or a kept one, the root (none), or not known yet (and the spans walked). */
/** `stored`: the agent was found through a span kept from an earlier export, not in this one. */
export type Owner = { kind: 'agent'; id: string; stored?: boolean } | { kind: 'root' } | { kind: 'unknown'; path: string[] };

export class TraceIndex {
  readonly spans: Span[];
  readonly byId = new Map<string, Span>();
  /** Kept spans this export does not bring again. */
  readonly stored = new Map<string, PendingSpan>();
  private readonly views = new Map<Span, SpanView>();

  constructor(spans: Span[], pending: PendingSpan[]) {
    this.spans = spans;
    for (const s of spans) if (s.spanId) this.byId.set(s.spanId, s);
    for (const p of pending) if (!this.byId.has(p.spanId)) this.stored.set(p.spanId, p);
    for (const s of spans) this.views.set(s, viewOf(s));
  }

  view(s: Span): SpanView {
    return this.views.get(s)!;
  }

  agentIdOf(a: Span): string {
    const v = this.view(a);
    return cut(v.agent!.id ?? derivedAgentId(v.agent!.name!, serviceOf(a)));
  }

  /** The session of the nearest span above `parent` (of this export or kept) that names one. */
  sessionAbove(parent: string): string | undefined {
    let id = parent;
    for (let depth = 0; id && depth < 256; depth++) {
      const s = this.byId.get(id);
      if (s) {
        const own = this.view(s).session;
        if (own) return own;
        id = s.parentSpanId;
        continue;
      }
      const p = this.stored.get(id);
      if (!p) return undefined;
      if (p.session) return p.session;
      id = p.parentSpanId;
    }
    return undefined;
  }

  /** The span's session: its own, else the nearest above it, else its trace id. */
  sessionOf(s: Span): { id: string; fromTrace: boolean } {
    const found = this.view(s).session ?? this.sessionAbove(s.parentSpanId);
    return found ? { id: found, fromTrace: false } : { id: s.traceId, fromTrace: true };
  }

  /** The agent above `parent`. */
  ownerAbove(parent: string): Owner {
    const path: string[] = [];
    let id = parent;
    for (let depth = 0; id && depth < 256; depth++) {
      const s = this.byId.get(id);
      if (s) {
        if (this.view(s).role === 'agent') return { kind: 'agent', id: this.agentIdOf(s) };
        path.push(id);
        id = s.parentSpanId;
        continue;
      }
      const p = this.stored.get(id);
      if (p) {
        if (p.agentId) return { kind: 'agent', id: p.agentId, stored: true };
        id = p.parentSpanId;
        continue;
      }
      return { kind: 'unknown', path };
    }
    return { kind: 'root' };
  }
}
