// Phase 1 of discovery: each span of the export, read in its dialect, is accounted for (mapped,
// ignored or rejected), makes the object it is about (and, for a model call, an interaction), and is
// placed under the agent it works for, or kept until that agent's span arrives.

import { type SpanView, unmappedKeys } from '../dialects/registry.ts';
import type { Span } from '../otlp/traces.ts';
import { interactionOf } from './interaction.ts';
import { type Run, serviceAgent } from './run.ts';
import type { Owner } from './trace-index.ts';
import type { IgnoreReason } from './types.ts';
import { attrText, cut, derivedAgentId, nsToMs, resourceAttributes, serviceOf } from './values.ts';

/** What a span made: the relations (relation, kind, id) from the agent it works for, its interaction, its agent's id. */
interface Made {
  uses: Array<[string, string, string]>;
  interaction?: Record<string, unknown>;
  agentId?: string;
  sessionFromTrace: boolean;
}

interface Placed {
  s: Span;
  v: SpanView;
  first: number;
  last: number;
  service: string | undefined;
}

const mapped = (run: Run, type: string) => {
  run.out.mapped[type] = (run.out.mapped[type] ?? 0) + 1;
};

/** Counts the span's unmapped keys and wrong types; false when it is ignored or rejected (and counted so). */
function accounted(run: Run, s: Span, v: SpanView): boolean {
  const { out } = run;
  for (const k of unmappedKeys(s, v)) out.unmapped.set(k, (out.unmapped.get(k) ?? 0) + 1);
  for (const e of v.typeErrors) out.typeErrors.push({ spanId: s.spanId || '?', message: e });
  if (!v.role) {
    const reason: IgnoreReason = v.genai ? 'genai_no_object' : 'not_genai';
    out.ignored[reason] = (out.ignored[reason] ?? 0) + 1;
    return false;
  }
  if (!s.traceId || !s.spanId) {
    out.rejected.push({ spanId: s.spanId || '?', message: 'span has no trace id or span id' });
    return false;
  }
  if (s.startNs === 0n) {
    out.rejected.push({ spanId: s.spanId, message: 'span has no start time' });
    return false;
  }
  return true;
}

/** The object the span is about, by its role; undefined for an MCP span that names no server (counted ignored). */
function objectsOf(run: Run, { s, v, first, last, service }: Placed): Made | undefined {
  const { g, out } = run;
  const made: Made = { uses: [], sessionFromTrace: false };
  switch (v.role) {
    case 'agent': {
      made.agentId = run.index.agentIdOf(s);
      g.object('agent', made.agentId, cut(v.agent!.name ?? made.agentId, 1024), first, last, {
        description: attrText(v.agent!.description),
        version: attrText(v.agent!.version),
        model_provider: attrText(v.agent!.provider),
        ...resourceAttributes(s),
        sources: ['runtime'],
      });
      made.uses.push(['delegates_to', 'agent', made.agentId]);
      mapped(run, 'agent');
      break;
    }
    case 'model': {
      const m = v.model!;
      const name = m.request ?? m.response;
      const provider = m.provider ?? '';
      let modelId: string | undefined;
      if (name) {
        modelId = cut(provider ? `${provider}/${name}` : name);
        g.object('model', modelId, cut(name, 1024), first, last, {
          provider: attrText(m.provider),
          type: m.type,
          hosting: 'api',
          response_models: m.response ? [cut(m.response, 256)] : [],
          sources: ['runtime'],
        });
        made.uses.push(['uses_model', 'model', modelId]);
      }
      const session = run.index.sessionOf(s);
      made.sessionFromTrace = session.fromTrace;
      made.interaction = interactionOf(s, v, session.id, service, modelId, out);
      run.interactions.push(made.interaction);
      mapped(run, 'model');
      break;
    }
    case 'tool': {
      const t = v.tool!;
      const id = cut(t.name);
      g.object('tool', id, cut(t.name, 1024), first, last, {
        type: attrText(t.type),
        description: attrText(t.description),
        sources: ['runtime'],
      });
      made.uses.push(['uses_tool', 'tool', id]);
      mapped(run, 'tool');
      break;
    }
    case 'mcp': {
      const m = v.mcp!;
      if (!m.server) {
        out.ignored.genai_no_object = (out.ignored.genai_no_object ?? 0) + 1;
        out.typeErrors.push({ spanId: s.spanId, message: 'MCP span names no server (server.address, server.port or mcp.server.name)' });
        return undefined;
      }
      const id = cut(m.server);
      g.object('mcp_server', id, cut(m.server, 1024), first, last, {
        url: m.address ? attrText(`${m.address}${m.port !== undefined ? `:${m.port}` : ''}`) : undefined,
        transport: m.transport === 'pipe' || m.transport === 'stdio' ? 'stdio' : m.transport ? 'streamable-http' : undefined,
        sources: ['runtime'],
      });
      made.uses.push(['uses_mcp_server', 'mcp_server', id]);
      if (m.tool) {
        const tool = cut(m.tool);
        g.object('tool', tool, cut(m.tool, 1024), first, last, { type: 'mcp', sources: ['runtime'] });
        g.relate('mcp_server', id, 'exposes_tool', 'tool', tool, first, last);
        made.uses.push(['uses_tool', 'tool', tool]);
      }
      mapped(run, 'mcp_server');
      break;
    }
    case 'guardrail': {
      const gr = v.guardrail!;
      const id = cut(gr.id);
      g.object('guardrail', id, cut(gr.name, 1024), first, last, { provider: attrText(gr.provider), sources: ['runtime'] });
      made.uses.push([gr.target === 'output' ? 'output_guardrail' : 'input_guardrail', 'guardrail', id]);
      mapped(run, 'guardrail');
      break;
    }
  }
  return made;
}

/**
 * The agent this span works for: one its own attributes name (Traceloop and the Vercel AI SDK
 * repeat it on every span of a run), else the nearest agent above it, else (a root) the service.
 * Not known yet: the span is kept with what it owes that agent.
 */
function place(run: Run, { s, v, first, last, service }: Placed, { uses, interaction, agentId, sessionFromTrace }: Made): void {
  const { g, out, now } = run;
  const named = v.role !== 'agent' && v.owner ? cut(v.owner.id ?? derivedAgentId(v.owner.name!, service)) : undefined;
  if (named) g.object('agent', named, cut(v.owner!.name ?? named, 1024), first, last, { ...resourceAttributes(s), sources: ['runtime'] });
  const owner: Owner = named ? { kind: 'agent', id: named } : s.parentSpanId ? run.index.ownerAbove(s.parentSpanId) : { kind: 'root' };
  // An agent span is kept a while whatever its own owner: a span under it may still be on its way
  // (concurrent exports can deliver a child after its parent).
  const keepAgent = () => {
    if (agentId)
      out.pending.push({
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId,
        agentId,
        uses: [],
        session: v.session,
        first,
        last,
        receivedAt: now,
      });
  };
  if (owner.kind === 'agent') {
    for (const [relation, kind, id] of uses) g.relate('agent', owner.id, relation, kind, id, first, last);
    if (interaction) interaction.agent_id = owner.id;
    keepAgent();
  } else if (owner.kind === 'root') {
    keepAgent();
    if (service && v.role !== 'agent') {
      serviceAgent(run, service, resourceAttributes(s), first, last);
      for (const [relation, kind, id] of uses) g.relate('agent', service, relation, kind, id, first, last);
    }
  } else {
    for (const l of owner.path) run.links.add(l);
    out.pending.push({
      traceId: s.traceId,
      spanId: s.spanId,
      parentSpanId: s.parentSpanId,
      service,
      serviceAttributes: resourceAttributes(s),
      agentId,
      uses,
      interaction,
      session: v.session,
      sessionFromTrace: sessionFromTrace || undefined,
      ...(v.guardrail?.outcome
        ? { outcome: { target: v.guardrail.target ?? 'input', outcome: v.guardrail.outcome, name: v.guardrail.name } }
        : {}),
      first,
      last,
      receivedAt: now,
    });
  }
}

export function mapSpans(run: Run): void {
  for (const s of run.index.spans) {
    const v = run.index.view(s);
    if (!accounted(run, s, v)) continue;
    const first = nsToMs(s.startNs);
    const span: Placed = { s, v, first, last: Math.max(first, nsToMs(s.endNs)), service: serviceOf(s) };
    const made = objectsOf(run, span);
    if (made) place(run, span, made);
  }
}
