// Spans that follow the OpenTelemetry GenAI semantic conventions, turned into `interaction`
// records (NDJSON format v1), which then go through the ingest pipeline like any other record.
//
// A span is an LLM call when its gen_ai.operation.name is a model operation (chat,
// text_completion, generate_content, embeddings), or, for instrumentations older than that
// attribute, when it names a model (gen_ai.request.model / gen_ai.response.model) and no other
// operation. Agent and tool spans (invoke_agent, create_agent, execute_tool) are not calls, but
// the calls beneath them inherit their agent and conversation. docs/RUNTIME.md lists every
// attribute read here.

import type { AttrValue, Attributes, Span } from './traces.ts';

export const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'embeddings']);
const OUTCOMES = new Set(['OK', 'ALERTED', 'BLOCKED', 'REDACTED']);
const MAX_TEXT = 1_000_000;
const MAX_ID = 512;

export interface Converted {
  records: Array<Record<string, unknown>>;
  /** LLM-call spans that cannot be an interaction, and why. */
  rejected: Array<{ spanId: string; message: string }>;
  /** Spans that are not LLM calls. */
  ignored: number;
}

function text(v: AttrValue | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  return undefined;
}

function count(v: AttrValue | undefined): number | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'bigint' && v >= 0n && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  return undefined;
}

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

/** Message content as text: a string as sent, structured content as its JSON. */
function content(v: AttrValue | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  const s =
    typeof v === 'string' ? v : JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x instanceof Uint8Array ? undefined : x));
  return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s;
}

function outcome(v: AttrValue | undefined): string | undefined {
  const s = text(v)?.toUpperCase();
  return s && OUTCOMES.has(s) ? s : undefined;
}

const cut = (s: string | undefined) => (s && s.length > MAX_ID ? s.slice(0, MAX_ID) : s);

function operationOf(s: Span): string | undefined {
  return text(s.attributes['gen_ai.operation.name']);
}

export function isModelCall(s: Span): boolean {
  const op = operationOf(s);
  if (op !== undefined) return MODEL_OPERATIONS.has(op);
  return s.attributes['gen_ai.request.model'] !== undefined || s.attributes['gen_ai.response.model'] !== undefined;
}

/** The first value of any of `keys` on the span or, failing that, its nearest ancestor having one. */
function inherited(s: Span, byId: Map<string, Span>, keys: string[]): string | undefined {
  let at: Span | undefined = s;
  for (let depth = 0; at && depth < 64; depth++) {
    for (const k of keys) {
      const v = text(at.attributes[k]);
      if (v) return v;
    }
    at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined;
  }
  return undefined;
}

const nsToMs = (ns: bigint) => Number(ns / 1_000_000n);

/** Guardrail outcomes: our attributes when present, else a provider content filter ending the response. */
function guardrails(a: Attributes): { prompt?: string; response?: string; categories: string[] } {
  const categories = strings(a['aispm.guardrail.categories']);
  let prompt = outcome(a['aispm.guardrail.prompt_outcome']);
  let response = outcome(a['aispm.guardrail.response_outcome']);
  if (!prompt && !response && strings(a['gen_ai.response.finish_reasons']).includes('content_filter')) {
    response = 'BLOCKED';
    if (!categories.includes('content_filter')) categories.push('content_filter');
  }
  if (prompt === 'OK') prompt = undefined;
  if (response === 'OK') response = undefined;
  return { prompt, response, categories: categories.slice(0, 64).map((c) => c.slice(0, 128)) };
}

function toRecord(s: Span, byId: Map<string, Span>): Record<string, unknown> {
  const a = s.attributes;
  const service = text(s.resource['service.name']);
  const agent =
    inherited(s, byId, ['gen_ai.agent.id', 'gen_ai.agent.name']) ??
    (service && !service.startsWith('unknown_service') ? service : undefined);
  const session = inherited(s, byId, ['gen_ai.conversation.id', 'session.id']) ?? s.traceId;
  const model = text(a['gen_ai.response.model']) ?? text(a['gen_ai.request.model']);
  const provider = text(a['gen_ai.provider.name']) ?? text(a['gen_ai.system']);
  const input = count(a['gen_ai.usage.input_tokens']) ?? count(a['gen_ai.usage.prompt_tokens']);
  const output = count(a['gen_ai.usage.output_tokens']) ?? count(a['gen_ai.usage.completion_tokens']);
  const cost = a['gen_ai.usage.cost'];
  const g = guardrails(a);
  const prompt = content(a['gen_ai.input.messages'] ?? a['gen_ai.prompt']);
  const response = content(a['gen_ai.output.messages'] ?? a['gen_ai.completion']);
  const start = nsToMs(s.startNs);
  const attributes: Record<string, unknown> = {
    trace_id: s.traceId,
    span_id: s.spanId,
    span_name: s.name,
    ...(s.parentSpanId ? { parent_span_id: s.parentSpanId } : {}),
    ...(operationOf(s) ? { operation: operationOf(s) } : {}),
    ...(service ? { service_name: service } : {}),
    ...(s.scope.name ? { scope: s.scope.name } : {}),
    ...(text(a['gen_ai.request.model']) ? { request_model: text(a['gen_ai.request.model']) } : {}),
    ...(text(a['gen_ai.response.id']) ? { response_id: text(a['gen_ai.response.id']) } : {}),
    ...(s.status.code === 2 ? { error: s.status.message || text(a['error.type']) || 'error' } : {}),
  };
  return {
    type: 'interaction',
    id: `${s.traceId}-${s.spanId}`,
    session_id: cut(session),
    ...(agent ? { agent_id: cut(agent) } : {}),
    ...(model ? { model: model.slice(0, 256) } : {}),
    ...(provider ? { provider: provider.slice(0, 256) } : {}),
    time: new Date(start).toISOString(),
    duration_ms: s.endNs > s.startNs ? Math.round(Number(s.endNs - s.startNs) / 1e6) : 0,
    ...(input !== undefined ? { input_tokens: input } : {}),
    ...(output !== undefined ? { output_tokens: output } : {}),
    ...(typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 ? { cost } : {}),
    ...(g.prompt ? { prompt_outcome: g.prompt } : {}),
    ...(g.response ? { response_outcome: g.response } : {}),
    ...(g.categories.length ? { categories: g.categories } : {}),
    ...(prompt !== undefined ? { prompt } : {}),
    ...(response !== undefined ? { response } : {}),
    attributes,
  };
}

/** The LLM calls among `spans` as interaction records. */
export function spansToInteractions(spans: Span[]): Converted {
  const byId = new Map<string, Span>();
  for (const s of spans) if (s.spanId) byId.set(s.spanId, s);
  const records: Array<Record<string, unknown>> = [];
  const rejected: Converted['rejected'] = [];
  let ignored = 0;
  for (const s of spans) {
    if (!isModelCall(s)) ignored++;
    else if (!s.traceId || !s.spanId) rejected.push({ spanId: s.spanId || '?', message: 'span has no trace id or span id' });
    else if (s.startNs === 0n) rejected.push({ spanId: s.spanId, message: 'span has no start time' });
    else records.push(toRecord(s, byId));
  }
  return { records, rejected, ignored };
}
