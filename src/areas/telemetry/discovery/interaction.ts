// A model call as an interaction record (NDJSON v1): its model, tokens, cost, content, guardrail
// outcomes and the span's identity.

import type { SpanView } from '../dialects/registry.ts';
import type { AttrValue, Attributes, Span } from '../otlp/traces.ts';
import type { Discovery } from './types.ts';
import { content, cut, iso, nsToMs, serviceOf, strings, text } from './values.ts';

export const OUTCOMES = new Set(['OK', 'ALERTED', 'BLOCKED', 'REDACTED']);

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

export function interactionOf(
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
