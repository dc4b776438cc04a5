// What one span says, whichever instrumentation wrote it: the OpenTelemetry GenAI semantic
// conventions (current names and the deprecated ones), OpenInference, OpenLLMetry (Traceloop) and
// the Vercel AI SDK, each read into one normalised view. src/areas/telemetry/discovery/discover.ts then turns
// views into inventory objects, relations and interactions. docs/RUNTIME.md has one table per
// dialect listing every attribute read here; a key of a GenAI span that none of them reads is
// counted (the stats endpoint lists the most frequent), so a gap in the mapping shows.

import type { AttrValue, Attributes, Span } from '../otlp/traces.ts';

export type Role = 'agent' | 'model' | 'tool' | 'mcp' | 'guardrail';
export type Dialect = 'genai' | 'openinference' | 'traceloop' | 'vercel' | 'mcp' | 'langfuse';

export interface Usage {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  reasoning?: number;
  /** A cost the instrumentation reported, in US dollars. */
  cost?: number;
}

export interface SpanView {
  /** The object the span is about, when it is about one. */
  role?: Role;
  /** Whether any GenAI dialect recognised the span (its unread keys are counted as unmapped). */
  genai: boolean;
  dialects: Dialect[];
  operation?: string;
  agent?: { id?: string; name?: string; description?: string; version?: string; provider?: string };
  model?: { request?: string; response?: string; provider?: string; type?: string };
  usage: Usage;
  tool?: { name: string; type?: string; description?: string };
  mcp?: { method: string; server?: string; address?: string; port?: number; transport?: string; tool?: string };
  guardrail?: { id: string; name: string; provider?: string; target?: 'input' | 'output'; outcome?: string };
  /** The agent a non-agent span says it works for (gen_ai.agent.* repeated on it, or the Vercel AI SDK's functionId). */
  owner?: { id?: string; name?: string };
  /** The span's own session (conversation) id, in whichever dialect it came. */
  session?: string;
  prompt?: AttrValue;
  response?: AttrValue;
  /** Attributes with a value of the wrong type: named in the export's answer, then ignored. */
  typeErrors: string[];
  /** Keys some mapping read. */
  read: Set<string>;
}

export const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'embeddings']);
const AGENT_OPERATIONS = new Set(['invoke_agent', 'create_agent']);

/** Key families of GenAI spans that carry content or settings, read as a whole or deliberately left. */
const KNOWN_PREFIXES = [
  'gen_ai.prompt.',
  'gen_ai.completion.',
  'gen_ai.request.',
  'gen_ai.response.',
  'gen_ai.input.',
  'gen_ai.output.',
  'gen_ai.system_instructions',
  'gen_ai.tool.definitions',
  'gen_ai.openai.',
  'llm.input_messages.',
  'llm.output_messages.',
  'llm.tools.',
  'llm.invocation_parameters',
  'llm.prompt_template.',
  'llm.request.',
  'llm.usage.',
  'llm.is_streaming',
  'llm.headers',
  'input.',
  'output.',
  'metadata',
  'tag.',
  'user.id',
  'traceloop.association.properties.',
  'traceloop.entity.',
  'traceloop.workflow.',
  'traceloop.span.kind',
  'ai.prompt',
  'ai.response.',
  'ai.settings.',
  'ai.request.',
  'ai.telemetry.metadata.',
  'ai.values',
  'ai.value',
  'ai.embedding',
  'ai.schema',
  'ai.toolCall.args',
  'ai.toolCall.result',
  'ai.toolCall.input',
  'ai.toolCall.output',
  'operation.name',
  'resource.name',
  'mcp.request.',
  'mcp.protocol.',
  'jsonrpc.',
  'rpc.',
  'network.',
  'server.',
  'client.',
  'error.type',
  // Totals and breakdowns the mapping derives itself (input + output, text = output − reasoning).
  'gen_ai.usage.total_tokens',
  'llm.token_count.total',
  'llm.finish_reason',
  'ai.usage.totalTokens',
  'ai.usage.inputTokenDetails.noCacheTokens',
  'ai.usage.outputTokenDetails.textTokens',
];

/** Reads attributes with their type checked, noting what was read and what had the wrong type. */
class Reader {
  readonly read = new Set<string>();
  readonly typeErrors: string[] = [];
  private readonly a: Attributes;
  constructor(a: Attributes) {
    this.a = a;
  }
  has(key: string): boolean {
    const v = this.a[key];
    return v !== undefined && v !== null;
  }
  raw(key: string): AttrValue | undefined {
    const v = this.a[key];
    if (v === undefined || v === null) return undefined;
    this.read.add(key);
    return v;
  }
  // str, int and num take alternatives in order: the first usable one wins, one of the wrong type
  // before it is reported, and every alternative present is marked read (they say the same). One
  // pass over the keys: most are absent, and spans are read by the thousand.
  str(...keys: string[]): string | undefined {
    let out: string | undefined;
    for (const key of keys) {
      const v = this.raw(key);
      if (v === undefined || out !== undefined) continue;
      if (typeof v === 'string') {
        if (v.trim()) out = v.trim();
        continue;
      }
      if (typeof v === 'number' || typeof v === 'bigint') out = String(v);
      else this.bad(key, 'a string');
    }
    return out;
  }
  int(...keys: string[]): number | undefined {
    let out: number | undefined;
    for (const key of keys) {
      const v = this.raw(key);
      if (v === undefined || out !== undefined) continue;
      // `+ 0` turns a -0 into 0: records are handed to the pipeline as values, not as JSON text (which has no -0).
      if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) out = v + 0;
      else if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER) out = Math.round(v) + 0;
      else if (typeof v === 'bigint' && v >= 0n && v <= BigInt(Number.MAX_SAFE_INTEGER)) out = Number(v);
      // OTLP/JSON sends int64 as a decimal string; some SDKs stringify every attribute.
      else if (typeof v === 'string' && /^\d{1,15}$/.test(v.trim())) out = Number(v.trim());
      else this.bad(key, 'a non-negative integer');
    }
    return out;
  }
  num(...keys: string[]): number | undefined {
    let out: number | undefined;
    for (const key of keys) {
      const v = this.raw(key);
      if (v === undefined || out !== undefined) continue;
      const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
      if (Number.isFinite(n) && n >= 0) out = n + 0;
      else this.bad(key, 'a non-negative number');
    }
    return out;
  }
  private bad(key: string, want: string): void {
    const v = this.a[key];
    const got = Array.isArray(v)
      ? 'an array'
      : v instanceof Uint8Array
        ? 'bytes'
        : typeof v === 'object'
          ? 'a key-value list'
          : // An int64 beyond the doubles is a bigint, which JSON.stringify refuses (it threw: a 500).
            typeof v === 'bigint'
            ? String(v)
            : JSON.stringify(v);
    this.typeErrors.push(`${key} is ${String(got).slice(0, 40)}, not ${want}`);
  }
}

const lower = (s: string | undefined) => s?.toLowerCase();

/** `openai.chat` (Vercel's provider ids), `OpenAI` (Traceloop's gen_ai.system): the provider as the conventions name it. */
function providerName(p: string | undefined): string | undefined {
  if (!p) return undefined;
  const first = p.split('.')[0]!.toLowerCase();
  return first === 'azure' || first === 'az' ? 'azure.ai.openai' : first;
}

function guardrailOutcome(v: string | undefined): string | undefined {
  const s = v?.toUpperCase();
  if (!s) return undefined;
  if (['OK', 'PASS', 'PASSED', 'ALLOW', 'ALLOWED', 'NONE', 'SAFE'].includes(s)) return 'OK';
  if (['BLOCK', 'BLOCKED', 'DENY', 'DENIED', 'INTERVENED', 'GUARDRAIL_INTERVENED'].includes(s)) return 'BLOCKED';
  if (['REDACT', 'REDACTED', 'ANONYMIZED', 'MASKED'].includes(s)) return 'REDACTED';
  if (['ALERT', 'ALERTED', 'FLAG', 'FLAGGED', 'WARN', 'WARNED'].includes(s)) return 'ALERTED';
  return undefined;
}

function usageOf(r: Reader): Usage {
  return {
    input: r.int(
      'gen_ai.usage.input_tokens',
      'gen_ai.usage.prompt_tokens',
      'llm.token_count.prompt',
      'ai.usage.inputTokens',
      'ai.usage.promptTokens',
    ),
    output: r.int(
      'gen_ai.usage.output_tokens',
      'gen_ai.usage.completion_tokens',
      'llm.token_count.completion',
      'ai.usage.outputTokens',
      'ai.usage.completionTokens',
    ),
    cacheRead: r.int(
      'gen_ai.usage.cache_read.input_tokens',
      'gen_ai.usage.cache_read_input_tokens',
      'llm.token_count.prompt_details.cache_read',
      'ai.usage.cachedInputTokens',
      'ai.usage.inputTokenDetails.cacheReadTokens',
    ),
    cacheWrite: r.int(
      'gen_ai.usage.cache_creation.input_tokens',
      'gen_ai.usage.cache_write.input_tokens',
      'gen_ai.usage.cache_creation_input_tokens',
      'llm.token_count.prompt_details.cache_write',
      'ai.usage.inputTokenDetails.cacheWriteTokens',
    ),
    reasoning: r.int(
      'gen_ai.usage.reasoning.output_tokens',
      'gen_ai.usage.reasoning_tokens',
      'llm.token_count.completion_details.reasoning',
      'ai.usage.reasoningTokens',
      'ai.usage.outputTokenDetails.reasoningTokens',
    ),
    cost: r.num('gen_ai.usage.cost', 'llm.cost.total', 'gen_ai.cost', 'langfuse.observation.cost_details.total'),
  };
}

/** The first tool call a model asked for, as OpenInference and Traceloop record them (not an execution). */
function sessionOf(r: Reader): string | undefined {
  return r.str(
    'gen_ai.conversation.id',
    'session.id',
    'traceloop.association.properties.session_id',
    'traceloop.association.properties.sessionId',
    'langfuse.session.id',
    'ai.telemetry.metadata.sessionId',
    'ai.telemetry.metadata.session_id',
  );
}

/** Reads one span in every dialect it speaks. */
export function viewOf(s: Span): SpanView {
  const r = new Reader(s.attributes);
  const dialects: Dialect[] = [];
  const view: SpanView = { genai: false, dialects, usage: {}, typeErrors: r.typeErrors, read: r.read };
  view.session = sessionOf(r);
  if (r.has('langfuse.session.id')) dialects.push('langfuse');

  const oiKind = lower(r.str('openinference.span.kind'));
  const tlKind = lower(r.str('traceloop.span.kind'));
  const aiOperation = r.str('ai.operationId') ?? (s.name.startsWith('ai.') ? s.name : undefined);
  const op = r.str('gen_ai.operation.name');
  const mcpMethod = r.str('mcp.method.name');

  if (aiOperation) {
    // Vercel AI SDK: ai.generateText (the run) → ai.generateText.doGenerate (a model call) and ai.toolCall.
    dialects.push('vercel');
    view.genai = true;
    const functionId = r.str('ai.telemetry.functionId', 'resource.name');
    if (/\.do(Generate|Stream|Embed)$/.test(aiOperation)) {
      view.role = 'model';
      view.operation = aiOperation.endsWith('doEmbed') ? 'embeddings' : (op ?? 'chat');
      view.model = {
        request: r.str('gen_ai.request.model', 'ai.model.id'),
        response: r.str('gen_ai.response.model', 'ai.response.model'),
        provider: providerName(r.str('gen_ai.provider.name', 'ai.model.provider', 'gen_ai.system')),
      };
      view.prompt = r.raw('ai.prompt.messages') ?? r.raw('ai.prompt');
      view.response = r.raw('ai.response.text');
    } else if (aiOperation === 'ai.toolCall') {
      const name = r.str('ai.toolCall.name', 'gen_ai.tool.name');
      if (name) {
        view.role = 'tool';
        view.tool = { name, type: 'function' };
      }
    } else if (functionId && !aiOperation.includes('.do')) {
      view.role = 'agent';
      view.agent = { name: functionId };
      // The run's usage is the sum of its model calls, which are counted themselves.
      usageOf(r);
    }
    r.str('ai.model.id', 'ai.model.provider', 'ai.toolCall.id', 'ai.response.finishReason', 'ai.telemetry.functionId');
  } else if (oiKind) {
    // OpenInference: openinference.span.kind AGENT / LLM / EMBEDDING / TOOL / GUARDRAIL / CHAIN / …
    dialects.push('openinference');
    view.genai = true;
    if (oiKind === 'llm' || oiKind === 'embedding') {
      view.role = 'model';
      view.operation = oiKind === 'embedding' ? 'embeddings' : 'chat';
      const name = r.str('llm.model_name', 'embedding.model_name', 'gen_ai.request.model');
      view.model = { request: name, response: name, provider: providerName(r.str('llm.provider', 'llm.system', 'gen_ai.system')) };
      view.prompt = r.raw('input.value');
      view.response = r.raw('output.value');
    } else if (oiKind === 'agent') {
      view.role = 'agent';
      view.agent = { name: r.str('agent.name', 'gen_ai.agent.name') ?? s.name, id: r.str('gen_ai.agent.id') };
    } else if (oiKind === 'tool') {
      view.role = 'tool';
      view.tool = { name: r.str('tool.name', 'gen_ai.tool.name') ?? s.name, description: r.str('tool.description'), type: 'function' };
    } else if (oiKind === 'guardrail') {
      view.role = 'guardrail';
      const name = r.str('guardrail.name') ?? s.name;
      view.guardrail = { id: name, name };
    }
  } else if (tlKind) {
    // OpenLLMetry (Traceloop): workflow / task / agent / tool spans; its model calls speak (deprecated) GenAI.
    dialects.push('traceloop');
    view.genai = true;
    const entity = r.str('traceloop.entity.name');
    if (tlKind === 'agent' && entity) {
      view.role = 'agent';
      view.agent = { name: entity, id: r.str('gen_ai.agent.id') };
    } else if (tlKind === 'tool' && entity) {
      view.role = 'tool';
      view.tool = { name: entity, type: 'function' };
    }
  }

  if (mcpMethod && !view.role) {
    // MCP client spans (semantic conventions for MCP): the server is named by address and port, or by name.
    dialects.push('mcp');
    view.genai = true;
    const address = r.str('server.address');
    const port = r.int('server.port');
    const transport = r.str('network.transport', 'mcp.transport');
    const server = r.str('mcp.server.name') ?? (address ? (port !== undefined ? `${address}:${port}` : address) : undefined);
    view.role = 'mcp';
    view.mcp = {
      method: mcpMethod,
      server,
      address,
      port,
      transport,
      tool: mcpMethod === 'tools/call' ? r.str('gen_ai.tool.name', 'mcp.tool.name') : undefined,
    };
    view.session ??= undefined;
    r.str('mcp.session.id');
  }

  if (!view.role && (op !== undefined || r.has('gen_ai.system') || r.has('gen_ai.provider.name') || r.has('gen_ai.request.model'))) {
    // The GenAI semantic conventions: gen_ai.operation.name, else (older instrumentations) a model named.
    dialects.push('genai');
    view.genai = true;
    view.operation = op;
    const llmType = r.str('llm.request.type');
    if (op === undefined ? r.has('gen_ai.request.model') || r.has('gen_ai.response.model') : MODEL_OPERATIONS.has(op)) {
      view.role = 'model';
      view.operation ??= llmType === 'embedding' ? 'embeddings' : llmType === 'completion' ? 'text_completion' : 'chat';
    } else if (op !== undefined && AGENT_OPERATIONS.has(op)) view.role = 'agent';
    else if (op === 'execute_tool') view.role = 'tool';
    else if (op === 'apply_guardrail') view.role = 'guardrail';
  } else if (view.role && !dialects.includes('genai') && (r.has('gen_ai.system') || r.has('gen_ai.request.model'))) {
    dialects.push('genai');
  }

  // GenAI attributes fill in whatever a dialect left out.
  if (view.role === 'model') {
    view.model ??= {};
    view.model.request ??= r.str('gen_ai.request.model');
    view.model.response ??= r.str('gen_ai.response.model');
    view.model.provider ??= providerName(r.str('gen_ai.provider.name', 'gen_ai.system'));
    view.model.type = view.operation === 'embeddings' ? 'embedding' : view.operation === 'generate_content' ? 'generate' : 'chat';
    view.usage = usageOf(r);
    view.prompt ??= r.raw('gen_ai.input.messages') ?? r.raw('gen_ai.prompt');
    view.response ??= r.raw('gen_ai.output.messages') ?? r.raw('gen_ai.completion');
    // gen_ai.tool.name on a model call names the tools the model asked for: not an execution.
    r.raw('gen_ai.tool.name');
  }
  if (view.role === 'agent') {
    view.agent ??= {};
    view.agent.id ??= r.str('gen_ai.agent.id');
    view.agent.name ??= r.str('gen_ai.agent.name');
    view.agent.description ??= r.str('gen_ai.agent.description');
    view.agent.version ??= r.str('gen_ai.agent.version');
    view.agent.provider ??= providerName(r.str('gen_ai.provider.name', 'gen_ai.system'));
    if (!view.agent.id && !view.agent.name) view.role = undefined;
  }
  if (view.role === 'tool') {
    const name = view.tool?.name ?? r.str('gen_ai.tool.name');
    if (name) {
      view.tool = {
        name,
        type: r.str('gen_ai.tool.type') ?? view.tool?.type,
        description: view.tool?.description ?? r.str('gen_ai.tool.description'),
      };
      r.str('gen_ai.tool.call.id');
    } else view.role = undefined;
  }
  if (view.role === 'guardrail') {
    const name = view.guardrail?.name ?? r.str('gen_ai.guardrail.name');
    if (name) {
      const target = lower(r.str('gen_ai.guardrail.target', 'gen_ai.guardrail.type'));
      view.guardrail = {
        id: r.str('gen_ai.guardrail.id') ?? name,
        name,
        provider: r.str('gen_ai.guardrail.provider'),
        target: target === 'output' || target === 'response' ? 'output' : 'input',
        outcome: guardrailOutcome(r.str('gen_ai.guardrail.outcome', 'gen_ai.guardrail.result', 'gen_ai.guardrail.decision')),
      };
    } else view.role = undefined;
  }
  if (view.role && view.role !== 'agent') {
    const id = r.str('gen_ai.agent.id');
    const name = r.str('gen_ai.agent.name') ?? (dialects.includes('vercel') ? r.str('ai.telemetry.functionId') : undefined);
    if (id || name) view.owner = { id, name };
  }
  r.str('gen_ai.agent.id', 'gen_ai.agent.name', 'gen_ai.conversation.id');
  return view;
}

/** The keys of a GenAI span that no mapping read and no known family covers. */
export function unmappedKeys(s: Span, view: SpanView): string[] {
  if (!view.genai) return [];
  const out: string[] = [];
  for (const key of Object.keys(s.attributes)) {
    if (view.read.has(key) || key.startsWith('aispm.')) continue;
    if (KNOWN_PREFIXES.some((p) => key.startsWith(p))) continue;
    out.push(key.slice(0, 128));
  }
  return out;
}

/** Outcome of a `gen_ai.guardrail.result` event (or our own aispm.guardrail.* attributes). */
export function guardrailEvent(attributes: Attributes): { name?: string; target: 'input' | 'output'; outcome?: string } {
  const r = new Reader(attributes);
  const target = lower(r.str('gen_ai.guardrail.target', 'gen_ai.guardrail.type'));
  return {
    name: r.str('gen_ai.guardrail.name', 'gen_ai.guardrail.id'),
    target: target === 'output' || target === 'response' ? 'output' : 'input',
    outcome: guardrailOutcome(r.str('gen_ai.guardrail.outcome', 'gen_ai.guardrail.result', 'gen_ai.guardrail.decision')),
  };
}
