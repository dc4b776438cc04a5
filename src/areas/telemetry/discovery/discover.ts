// Spans into the estate: each span, read in its dialect (dialects.ts), becomes what it is about:
// an agent, a model, a tool, an MCP server or a guardrail (entity records, `source: "runtime"`),
// the relations its place in the span tree implies (nearest ancestor agent span: uses_model,
// uses_tool, uses_mcp_server, delegates_to, input_/output_guardrail; MCP server exposes_tool), and,
// for a model call, an interaction linked to its model. The records are NDJSON format v1 and go
// through the ingest pipeline like any other, in one batch with the interactions.
//
// Every span is accounted for exactly once: mapped (by the type it made), ignored (and why), or
// rejected (and why); the route turns that into the export's answer and the stats.

import { createHash } from 'node:crypto';
import { guardrailEvent, type SpanView, unmappedKeys, viewOf } from '../dialects/registry.ts';
import type { AttrValue, Attributes, Span } from '../otlp/traces.ts';

/** Longest text kept in an object's attribute (longer ones are cut, docs/RUNTIME.md). */
export const MAX_ATTRIBUTE_CHARS = 1024;
const MAX_TEXT = 1_000_000;
const MAX_ID = 512;

export type IgnoreReason = 'not_genai' | 'genai_no_object';
export const ignoreReasons: Record<IgnoreReason, string> = {
  not_genai: 'not GenAI spans (no gen_ai.*, OpenInference, Traceloop, Vercel AI SDK or MCP attributes)',
  genai_no_object: 'GenAI spans about no object (workflow, chain or task steps, or an agent or tool span without a name)',
};

export interface Discovery {
  /** Entity, relation and interaction records (NDJSON v1), in that order. */
  records: Array<Record<string, unknown>>;
  /** Spans mapped, by what they made: agent, model, tool, mcp_server, guardrail. */
  mapped: Record<string, number>;
  ignored: Partial<Record<IgnoreReason, number>>;
  rejected: Array<{ spanId: string; message: string }>;
  /** Attributes of the wrong type (span id: what), ignored and reported. */
  typeErrors: Array<{ spanId: string; message: string }>;
  /** Keys of GenAI spans nothing maps, with how often they were seen. */
  unmapped: Map<string, number>;
  /** Model calls that reported a cost of zero with tokens used (priced from the table instead). */
  zeroCostReported: number;
  /** Spans to keep until their ancestors arrive. */
  pending: PendingSpan[];
  /** Kept spans settled by this export (to forget). */
  resolved: Array<{ traceId: string; spanId: string }>;
}

const cut = (s: string, max = MAX_ID) => (s.length > max ? s.slice(0, max) : s);
const nsToMs = (ns: bigint) => Number(ns / 1_000_000n);
const iso = (ms: number) => new Date(ms).toISOString();

function text(v: AttrValue | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** Message content as text: a string as sent, structured content as its JSON. */
function content(v: AttrValue | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  const s =
    typeof v === 'string' ? v : JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x instanceof Uint8Array ? undefined : x));
  return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s;
}

const OUTCOMES = new Set(['OK', 'ALERTED', 'BLOCKED', 'REDACTED']);
function strings(v: AttrValue | undefined): string[] {
  if (Array.isArray(v)) return v.map(text).filter((s): s is string => !!s);
  const s = text(v);
  return s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
}
const worse = (a: string | undefined, b: string | undefined) => {
  const rank = ['OK', 'ALERTED', 'REDACTED', 'BLOCKED'];
  if (!a) return b;
  if (!b) return a;
  return rank.indexOf(a) >= rank.indexOf(b) ? a : b;
};

/** A text attribute value cut to the documented size. */
const attrText = (s: string | undefined) => (s === undefined ? undefined : cut(s, MAX_ATTRIBUTE_CHARS));

interface Found {
  kind: string;
  id: string;
  name: string;
  first: number;
  last: number;
  attributes: Record<string, unknown>;
}

class Graph {
  readonly objects = new Map<string, Found>();
  readonly relations = new Map<string, { from: [string, string]; relation: string; to: [string, string]; first: number; last: number }>();

  object(kind: string, id: string, name: string, first: number, last: number, attributes: Record<string, unknown>): string {
    const key = `${kind}\u0000${id}`;
    const have = this.objects.get(key);
    if (!have) {
      const clean: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(attributes)) if (v !== undefined) clean[k] = v;
      this.objects.set(key, { kind, id, name, first, last, attributes: clean });
      return id;
    }
    // Seen again (most spans of an export name an object seen before): times widen, lists join.
    have.first = Math.min(have.first, first);
    have.last = Math.max(have.last, last);
    for (const [k, v] of Object.entries(attributes)) {
      if (v === undefined) continue;
      const before = have.attributes[k];
      if (Array.isArray(v) && Array.isArray(before)) {
        // The same one-item list again joins to itself: the usual case (sources, a response model).
        if (v.length === 1 && before.length === 1 && v[0] === before[0]) continue;
        have.attributes[k] = [...new Set([...(before as unknown[]), ...v])].sort();
      } else have.attributes[k] = v;
    }
    return id;
  }

  relate(fromKind: string, fromId: string, relation: string, toKind: string, toId: string, first: number, last: number): void {
    if (fromKind === toKind && fromId === toId) return;
    const key = [fromKind, fromId, relation, toKind, toId].join('\u0000');
    const have = this.relations.get(key);
    if (!have) this.relations.set(key, { from: [fromKind, fromId], relation, to: [toKind, toId], first, last });
    else {
      have.first = Math.min(have.first, first);
      have.last = Math.max(have.last, last);
    }
  }
}

/** A stable id for an agent that sends a name and no id: its service and name, readable. */
export function derivedAgentId(name: string, service: string | undefined): string {
  const id = service ? `${service}/${name}` : name;
  return id.length <= MAX_ID ? id : `${id.slice(0, MAX_ID - 17)}~${createHash('sha256').update(id).digest('hex').slice(0, 16)}`;
}

const serviceOf = (s: Span) => {
  const v = text(s.resource['service.name']);
  return v && !v.startsWith('unknown_service') ? cut(v, 256) : undefined;
};

/** The resource's facts an agent keeps as attributes. */
function resourceAttributes(s: Span): Record<string, unknown> {
  return {
    service_name: attrText(serviceOf(s)),
    service_version: attrText(text(s.resource['service.version'])),
    environment: attrText(text(s.resource['deployment.environment.name']) ?? text(s.resource['deployment.environment'])),
  };
}

/**
 * A span whose place under an agent is not known yet: its parent was not in its export (exporters
 * send a span when it ends, so children usually arrive before the agent span above them). It is
 * kept (table otlp_pending_spans) with what it needs from that agent: the relations to make from it
 * and the interaction to re-send with its agent, until the missing ancestors arrive or it has
 * waited PENDING_TTL_MS (then it is settled as a root: the service is its agent).
 */
export interface PendingSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  /** The span's service, and the attributes of the agent it stands for when it turns out to be a root. */
  service?: string;
  serviceAttributes?: Record<string, unknown>;
  /** Set when the span is an agent's: its descendants belong to it. */
  agentId?: string;
  /** Relations (relation, kind, id) from the owning agent, once known. */
  uses: Array<[string, string, string]>;
  /** The interaction (NDJSON record) to re-send with the agent's id. */
  interaction?: Record<string, unknown>;
  /** The span's own session id, for the spans under it. */
  session?: string;
  /** A guardrail's outcome, for the model call above it when that arrives later. */
  outcome?: { target: 'input' | 'output'; outcome: string; name?: string };
  /** The interaction's session is its trace id for want of one above it: an ancestor's, once it arrives, replaces it. */
  sessionFromTrace?: boolean;
  first: number;
  last: number;
  receivedAt: number;
}

/** How long a span waits for its ancestors before the service is taken for its agent. */
export const PENDING_TTL_MS = 10 * 60_000;

type Owner = { kind: 'agent'; id: string } | { kind: 'root' } | { kind: 'unknown'; path: string[] };

export function discover(spans: Span[], pending: PendingSpan[] = [], now = Date.now()): Discovery {
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
  const byId = new Map<string, Span>();
  for (const s of spans) if (s.spanId) byId.set(s.spanId, s);
  const stored = new Map<string, PendingSpan>();
  for (const p of pending) if (!byId.has(p.spanId)) stored.set(p.spanId, p);
  const views = new Map<Span, SpanView>();
  for (const s of spans) views.set(s, viewOf(s));
  const viewOfSpan = (s: Span) => views.get(s)!;

  const agentIdOf = (a: Span) => {
    const v = viewOfSpan(a);
    return cut(v.agent!.id ?? derivedAgentId(v.agent!.name!, serviceOf(a)));
  };
  /** The session of the nearest span above `parent` (of this export or kept) that names one. */
  const sessionAbove = (parent: string): string | undefined => {
    let id = parent;
    for (let depth = 0; id && depth < 256; depth++) {
      const s = byId.get(id);
      if (s) {
        const own = viewOfSpan(s).session;
        if (own) return own;
        id = s.parentSpanId;
        continue;
      }
      const p = stored.get(id);
      if (!p) return undefined;
      if (p.session) return p.session;
      id = p.parentSpanId;
    }
    return undefined;
  };
  /** The span's session: its own, else the nearest above it, else its trace id. */
  const sessionOf = (s: Span): { id: string; fromTrace: boolean } => {
    const found = viewOfSpan(s).session ?? sessionAbove(s.parentSpanId);
    return found ? { id: found, fromTrace: false } : { id: s.traceId, fromTrace: true };
  };
  /** The agent above `parent`: an agent span of this export or a kept one, the root (none), or not known yet. */
  const ownerAbove = (parent: string): Owner => {
    const path: string[] = [];
    let id = parent;
    for (let depth = 0; id && depth < 256; depth++) {
      const s = byId.get(id);
      if (s) {
        if (viewOfSpan(s).role === 'agent') return { kind: 'agent', id: agentIdOf(s) };
        path.push(id);
        id = s.parentSpanId;
        continue;
      }
      const p = stored.get(id);
      if (p) {
        if (p.agentId) return { kind: 'agent', id: p.agentId };
        id = p.parentSpanId;
        continue;
      }
      return { kind: 'unknown', path };
    }
    return { kind: 'root' };
  };

  const g = new Graph();
  const interactions: Array<Record<string, unknown>> = [];
  const links = new Set<string>();
  const mapped = (type: string) => {
    out.mapped[type] = (out.mapped[type] ?? 0) + 1;
  };
  /** The service standing in as the agent of spans with no agent above them. */
  const serviceAgent = (service: string, attributes: Record<string, unknown>, first: number, last: number) =>
    g.object('agent', service, service, first, last, { ...attributes, sources: ['runtime'] });

  for (const s of spans) {
    const v = viewOfSpan(s);
    for (const k of unmappedKeys(s, v)) out.unmapped.set(k, (out.unmapped.get(k) ?? 0) + 1);
    for (const e of v.typeErrors) out.typeErrors.push({ spanId: s.spanId || '?', message: e });
    if (!v.role) {
      const reason: IgnoreReason = v.genai ? 'genai_no_object' : 'not_genai';
      out.ignored[reason] = (out.ignored[reason] ?? 0) + 1;
      continue;
    }
    if (!s.traceId || !s.spanId) {
      out.rejected.push({ spanId: s.spanId || '?', message: 'span has no trace id or span id' });
      continue;
    }
    if (s.startNs === 0n) {
      out.rejected.push({ spanId: s.spanId, message: 'span has no start time' });
      continue;
    }
    const first = nsToMs(s.startNs);
    const last = Math.max(first, nsToMs(s.endNs));
    const service = serviceOf(s);
    /** Relations from the agent this span works for. */
    const uses: Array<[string, string, string]> = [];
    let interaction: Record<string, unknown> | undefined;
    let agentId: string | undefined;
    let sessionFromTrace = false;

    switch (v.role) {
      case 'agent': {
        agentId = agentIdOf(s);
        g.object('agent', agentId, cut(v.agent!.name ?? agentId, 1024), first, last, {
          description: attrText(v.agent!.description),
          version: attrText(v.agent!.version),
          model_provider: attrText(v.agent!.provider),
          ...resourceAttributes(s),
          sources: ['runtime'],
        });
        uses.push(['delegates_to', 'agent', agentId]);
        mapped('agent');
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
          uses.push(['uses_model', 'model', modelId]);
        }
        const session = sessionOf(s);
        sessionFromTrace = session.fromTrace;
        interaction = interactionOf(s, v, session.id, service, modelId, out);
        interactions.push(interaction);
        mapped('model');
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
        uses.push(['uses_tool', 'tool', id]);
        mapped('tool');
        break;
      }
      case 'mcp': {
        const m = v.mcp!;
        if (!m.server) {
          out.ignored.genai_no_object = (out.ignored.genai_no_object ?? 0) + 1;
          out.typeErrors.push({ spanId: s.spanId, message: 'MCP span names no server (server.address, server.port or mcp.server.name)' });
          continue;
        }
        const id = cut(m.server);
        g.object('mcp_server', id, cut(m.server, 1024), first, last, {
          url: m.address ? attrText(`${m.address}${m.port !== undefined ? `:${m.port}` : ''}`) : undefined,
          transport: m.transport === 'pipe' || m.transport === 'stdio' ? 'stdio' : m.transport ? 'streamable-http' : undefined,
          sources: ['runtime'],
        });
        uses.push(['uses_mcp_server', 'mcp_server', id]);
        if (m.tool) {
          const tool = cut(m.tool);
          g.object('tool', tool, cut(m.tool, 1024), first, last, { type: 'mcp', sources: ['runtime'] });
          g.relate('mcp_server', id, 'exposes_tool', 'tool', tool, first, last);
          uses.push(['uses_tool', 'tool', tool]);
        }
        mapped('mcp_server');
        break;
      }
      case 'guardrail': {
        const gr = v.guardrail!;
        const id = cut(gr.id);
        g.object('guardrail', id, cut(gr.name, 1024), first, last, { provider: attrText(gr.provider), sources: ['runtime'] });
        uses.push([gr.target === 'output' ? 'output_guardrail' : 'input_guardrail', 'guardrail', id]);
        mapped('guardrail');
        break;
      }
    }

    // The agent this span works for: one its own attributes name (Traceloop and the Vercel AI SDK
    // repeat it on every span of a run), else the nearest agent above it, else (a root) the service.
    const named = v.role !== 'agent' && v.owner ? cut(v.owner.id ?? derivedAgentId(v.owner.name!, service)) : undefined;
    if (named) g.object('agent', named, cut(v.owner!.name ?? named, 1024), first, last, { ...resourceAttributes(s), sources: ['runtime'] });
    const owner: Owner = named ? { kind: 'agent', id: named } : s.parentSpanId ? ownerAbove(s.parentSpanId) : { kind: 'root' };
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
        serviceAgent(service, resourceAttributes(s), first, last);
        for (const [relation, kind, id] of uses) g.relate('agent', service, relation, kind, id, first, last);
      }
    } else {
      for (const l of owner.path) links.add(l);
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

  // Spans kept from earlier exports whose ancestors this export brought (or that waited long enough).
  // A settled span stays, owing nothing, until its wait is over: a child of it may still be on its way.
  for (const p of stored.values()) {
    const expired = now - p.receivedAt >= PENDING_TTL_MS;
    const owes = p.uses.length > 0 || p.interaction !== undefined;
    let owner = ownerAbove(p.parentSpanId);
    if (owner.kind === 'unknown' && !expired) {
      if (owes) for (const l of owner.path) links.add(l);
      continue;
    }
    if (expired) out.resolved.push({ traceId: p.traceId, spanId: p.spanId });
    else if (owes) out.pending.push({ ...p, uses: [], interaction: undefined, sessionFromTrace: undefined });
    if (!owes) continue;
    if (owner.kind === 'unknown') owner = { kind: 'root' };
    let agent: string | undefined;
    if (owner.kind === 'agent') agent = owner.id;
    else if (p.service && !p.agentId) agent = serviceAgent(p.service, p.serviceAttributes ?? {}, p.first, p.last);
    if (!agent) continue;
    for (const [relation, kind, id] of p.uses) g.relate('agent', agent, relation, kind, id, p.first, p.last);
    if (!p.interaction) continue;
    // The interaction goes again with its agent, and the session of its ancestors when it had none of its own.
    const session = p.sessionFromTrace ? sessionAbove(p.parentSpanId) : undefined;
    const again = { ...p.interaction, agent_id: agent, ...(session ? { session_id: cut(session) } : {}) };
    if (again.agent_id !== p.interaction.agent_id || again.session_id !== p.interaction.session_id) interactions.push(again);
  }
  // A span of a GenAI trace whose own ancestors are not known yet may be the missing link of a span
  // still to come (concurrent exports can deliver a parent before its child): kept as a link too.
  const genaiTraces = new Set([
    ...spans.filter((x) => viewOfSpan(x).genai).map((x) => x.traceId),
    ...[...stored.values()].map((p) => p.traceId),
  ]);
  for (const x of spans) {
    if (viewOfSpan(x).role || !x.parentSpanId || !genaiTraces.has(x.traceId)) continue;
    const above = ownerAbove(x.parentSpanId);
    if (above.kind === 'unknown') for (const l of [x.spanId, ...above.path]) links.add(l);
  }
  // Spans of this export between a waiting span and its missing ancestor are kept as links of the chain.
  for (const id of links) {
    const s = byId.get(id)!;
    out.pending.push({
      traceId: s.traceId,
      spanId: s.spanId,
      parentSpanId: s.parentSpanId,
      uses: [],
      session: viewOfSpan(s).session,
      first: nsToMs(s.startNs),
      last: nsToMs(s.endNs),
      receivedAt: now,
    });
  }

  // Guardrail outcomes reach the model call they judged: an apply_guardrail span under it, or its own events.
  const byInteraction = new Map(interactions.map((r) => [(r.attributes as { span_id: string }).span_id, r]));
  // A guardrail span kept from an earlier export judged a model call of this one.
  for (const p of stored.values()) {
    const r = p.outcome && byInteraction.get(p.parentSpanId);
    if (r) applyOutcome(r, p.outcome!.target, p.outcome!.outcome, p.outcome!.name);
  }
  for (const s of spans) {
    const v = viewOfSpan(s);
    if (v.role === 'guardrail' && v.guardrail?.outcome && s.parentSpanId) {
      const r = byInteraction.get(s.parentSpanId);
      if (r) applyOutcome(r, v.guardrail.target ?? 'input', v.guardrail.outcome, v.guardrail.name);
    }
    const r = byInteraction.get(s.spanId);
    if (!r) continue;
    for (const e of s.events) {
      if (e.name !== 'gen_ai.guardrail.result') continue;
      const ge = guardrailEvent(e.attributes);
      if (ge.outcome) applyOutcome(r, ge.target, ge.outcome, ge.name);
      if (ge.name) {
        const at = nsToMs(e.timeNs || s.startNs);
        g.object('guardrail', cut(ge.name), cut(ge.name, 1024), at, at, { sources: ['runtime'] });
        const agent = r.agent_id as string | undefined;
        if (agent && g.objects.has(`agent\u0000${agent}`))
          g.relate('agent', agent, ge.target === 'output' ? 'output_guardrail' : 'input_guardrail', 'guardrail', cut(ge.name), at, at);
      }
    }
  }

  for (const o of g.objects.values()) {
    out.records.push({
      type: 'entity',
      kind: o.kind,
      id: o.id,
      name: o.name,
      source: 'runtime',
      first_seen: iso(o.first),
      last_seen: iso(o.last),
      attributes: o.attributes,
    });
  }
  for (const r of g.relations.values()) {
    out.records.push({
      type: 'relation',
      from_kind: r.from[0],
      from_id: r.from[1],
      relation: r.relation,
      to_kind: r.to[0],
      to_id: r.to[1],
      source: 'runtime',
      first_seen: iso(r.first),
      last_seen: iso(r.last),
    });
  }
  // One at a time: spread into a call, 140,000 interactions overflowed the stack (RangeError).
  for (const r of interactions) out.records.push(r);
  return out;
}

function applyOutcome(r: Record<string, unknown>, target: 'input' | 'output', outcome: string, name: string | undefined): void {
  if (!OUTCOMES.has(outcome) || outcome === 'OK') return;
  const field = target === 'output' ? 'response_outcome' : 'prompt_outcome';
  r[field] = worse(r[field] as string | undefined, outcome);
  if (name) {
    const categories = (r.categories as string[] | undefined) ?? [];
    if (!categories.includes(name.slice(0, 128))) categories.push(name.slice(0, 128));
    r.categories = categories.slice(0, 64);
  }
}

/** Guardrail outcomes sent as our own attributes, else a provider content filter ending the response. */
function ownGuardrails(a: Attributes): { prompt?: string; response?: string; categories: string[] } {
  const categories = strings(a['aispm.guardrail.categories']);
  const pick = (v: AttrValue | undefined) => {
    const s = text(v)?.toUpperCase();
    return s && OUTCOMES.has(s) && s !== 'OK' ? s : undefined;
  };
  const prompt = pick(a['aispm.guardrail.prompt_outcome']);
  let response = pick(a['aispm.guardrail.response_outcome']);
  if (!prompt && !response && strings(a['gen_ai.response.finish_reasons']).includes('content_filter')) {
    response = 'BLOCKED';
    if (!categories.includes('content_filter')) categories.push('content_filter');
  }
  return { prompt, response, categories: categories.slice(0, 64).map((c) => c.slice(0, 128)) };
}

function interactionOf(
  s: Span,
  v: SpanView,
  session: string,
  agent: string | undefined,
  modelId: string | undefined,
  out: Discovery,
): Record<string, unknown> {
  const a = s.attributes;
  const m = v.model ?? {};
  const u = v.usage;
  const model = m.response ?? m.request;
  const g = ownGuardrails(a);
  const prompt = content(v.prompt);
  const response = content(v.response);
  const start = nsToMs(s.startNs);
  const tokens = (u.input ?? 0) + (u.output ?? 0);
  // A reported zero for a call that used tokens means the instrumentation could not price it.
  const zero = u.cost === 0 && tokens > 0;
  if (zero) out.zeroCostReported++;
  const attributes: Record<string, unknown> = {
    trace_id: s.traceId,
    span_id: s.spanId,
    span_name: cut(s.name, 256),
    ...(s.parentSpanId ? { parent_span_id: s.parentSpanId } : {}),
    ...(v.operation ? { operation: v.operation } : {}),
    ...(serviceOf(s) ? { service_name: serviceOf(s) } : {}),
    ...(s.scope.name ? { scope: cut(s.scope.name, 256) } : {}),
    dialects: v.dialects,
    ...(m.request ? { request_model: cut(m.request, 256) } : {}),
    ...(text(a['gen_ai.response.id']) ? { response_id: cut(text(a['gen_ai.response.id'])!, 256) } : {}),
    ...(zero ? { reported_cost: 0 } : {}),
    ...(s.status.code === 2 ? { error: cut(s.status.message || text(a['error.type']) || 'error', 1024) } : {}),
  };
  return {
    type: 'interaction',
    id: `${s.traceId}-${s.spanId}`,
    session_id: cut(session),
    ...(agent ? { agent_id: cut(agent) } : {}),
    ...(model ? { model: cut(model, 256) } : {}),
    ...(modelId ? { model_id: modelId } : {}),
    ...(m.provider ? { provider: cut(m.provider, 256) } : {}),
    time: iso(start),
    duration_ms: s.endNs > s.startNs ? Math.round(Number(s.endNs - s.startNs) / 1e6) : 0,
    ...(u.input !== undefined ? { input_tokens: u.input } : {}),
    ...(u.output !== undefined ? { output_tokens: u.output } : {}),
    ...(u.cacheRead !== undefined ? { cache_read_tokens: u.cacheRead } : {}),
    ...(u.cacheWrite !== undefined ? { cache_write_tokens: u.cacheWrite } : {}),
    ...(u.reasoning !== undefined ? { reasoning_tokens: u.reasoning } : {}),
    ...(u.cost !== undefined && !zero ? { cost: u.cost } : {}),
    ...(g.prompt ? { prompt_outcome: g.prompt } : {}),
    ...(g.response ? { response_outcome: g.response } : {}),
    ...(g.categories.length ? { categories: g.categories } : {}),
    ...(prompt !== undefined ? { prompt } : {}),
    ...(response !== undefined ? { response } : {}),
    attributes,
  };
}
