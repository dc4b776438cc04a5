// The OpenTelemetry GenAI semantic conventions, current names and deprecated ones: the fallback
// reading of a span no other dialect gave a role (gen_ai.operation.name, else a model named), and
// the attributes that fill in whatever the dialect that read a span left out (every SDK repeats some
// gen_ai.* on its spans).

import type { Attributes } from '../otlp/traces.ts';
import type { DialectSpec, Reading, UsageKeys } from './dialect.ts';
import { codes, lower, providerName, Reader, tokensDoc } from './reader.ts';

export const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'embeddings']);
const AGENT_OPERATIONS = new Set(['invoke_agent', 'create_agent']);

const CURRENT = {
  input: ['gen_ai.usage.input_tokens'],
  output: ['gen_ai.usage.output_tokens'],
  cacheRead: ['gen_ai.usage.cache_read.input_tokens'],
  cacheWrite: ['gen_ai.usage.cache_creation.input_tokens', 'gen_ai.usage.cache_write.input_tokens'],
  reasoning: ['gen_ai.usage.reasoning.output_tokens'],
  cost: ['gen_ai.usage.cost'],
} as const satisfies UsageKeys;

/** Older instrumentations, OpenLLMetry's model spans before the current names. */
const DEPRECATED = {
  input: ['gen_ai.usage.prompt_tokens'],
  output: ['gen_ai.usage.completion_tokens'],
  cacheRead: ['gen_ai.usage.cache_read_input_tokens'],
  cacheWrite: ['gen_ai.usage.cache_creation_input_tokens'],
  reasoning: ['gen_ai.usage.reasoning_tokens'],
} as const satisfies UsageKeys;

const SESSION = ['gen_ai.conversation.id'];

function guardrailOutcome(v: string | undefined): string | undefined {
  const s = v?.toUpperCase();
  if (!s) return undefined;
  if (['OK', 'PASS', 'PASSED', 'ALLOW', 'ALLOWED', 'NONE', 'SAFE'].includes(s)) return 'OK';
  if (['BLOCK', 'BLOCKED', 'DENY', 'DENIED', 'INTERVENED', 'GUARDRAIL_INTERVENED'].includes(s)) return 'BLOCKED';
  if (['REDACT', 'REDACTED', 'ANONYMIZED', 'MASKED'].includes(s)) return 'REDACTED';
  if (['ALERT', 'ALERTED', 'FLAG', 'FLAGGED', 'WARN', 'WARNED'].includes(s)) return 'ALERTED';
  return undefined;
}

const guardrailTarget = (r: Reader): 'input' | 'output' => {
  const target = lower(r.str('gen_ai.guardrail.target', 'gen_ai.guardrail.type'));
  return target === 'output' || target === 'response' ? 'output' : 'input';
};
const outcomeOf = (r: Reader) =>
  guardrailOutcome(r.str('gen_ai.guardrail.outcome', 'gen_ai.guardrail.result', 'gen_ai.guardrail.decision'));

/** Outcome of a `gen_ai.guardrail.result` event (or our own aispm.guardrail.* attributes). */
export function guardrailEvent(attributes: Attributes): { name?: string; target: 'input' | 'output'; outcome?: string } {
  const r = new Reader(attributes);
  const target = guardrailTarget(r);
  return { name: r.str('gen_ai.guardrail.name', 'gen_ai.guardrail.id'), target, outcome: outcomeOf(r) };
}

/** A span no other dialect gave a role: gen_ai.operation.name, else (older instrumentations) a model named. */
function read({ r, view, cue }: Reading): void {
  const op = cue('genai');
  view.operation = op;
  const llmType = r.str('llm.request.type');
  if (op === undefined ? r.has('gen_ai.request.model') || r.has('gen_ai.response.model') : MODEL_OPERATIONS.has(op)) {
    view.role = 'model';
    view.operation ??= llmType === 'embedding' ? 'embeddings' : llmType === 'completion' ? 'text_completion' : 'chat';
  } else if (op !== undefined && AGENT_OPERATIONS.has(op)) view.role = 'agent';
  else if (op === 'execute_tool') view.role = 'tool';
  else if (op === 'apply_guardrail') view.role = 'guardrail';
}

/** GenAI attributes fill in whatever the dialect that read the span left out; a role left without a name is dropped. */
function complete({ r, view, usage }: Reading): void {
  if (view.role === 'model') {
    view.model ??= {};
    view.model.request ??= r.str('gen_ai.request.model');
    view.model.response ??= r.str('gen_ai.response.model');
    view.model.provider ??= providerName(r.str('gen_ai.provider.name', 'gen_ai.system'));
    view.model.type = view.operation === 'embeddings' ? 'embedding' : view.operation === 'generate_content' ? 'generate' : 'chat';
    view.usage = usage();
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
      const target = guardrailTarget(r);
      view.guardrail = {
        id: r.str('gen_ai.guardrail.id') ?? name,
        name,
        provider: r.str('gen_ai.guardrail.provider'),
        target,
        outcome: outcomeOf(r),
      };
    } else view.role = undefined;
  }
}

export const genai = {
  name: 'genai',
  prefixes: [
    'gen_ai.prompt.',
    'gen_ai.completion.',
    'gen_ai.request.',
    'gen_ai.response.',
    'gen_ai.input.',
    'gen_ai.output.',
    'gen_ai.system_instructions',
    'gen_ai.tool.definitions',
    'gen_ai.openai.',
    'error.type',
    // The total the mapping derives itself (input + output).
    'gen_ai.usage.total_tokens',
  ],
  usage: {
    input: [...CURRENT.input, ...DEPRECATED.input],
    output: [...CURRENT.output, ...DEPRECATED.output],
    cacheRead: [...CURRENT.cacheRead, ...DEPRECATED.cacheRead],
    cacheWrite: [...CURRENT.cacheWrite, ...DEPRECATED.cacheWrite],
    reasoning: [...CURRENT.reasoning, ...DEPRECATED.reasoning],
    cost: CURRENT.cost,
  },
  session: SESSION,
  cue: (r) => r.str('gen_ai.operation.name'),
  claims: 'fallback',
  recognises: (op, r) => op !== undefined || r.has('gen_ai.system') || r.has('gen_ai.provider.name') || r.has('gen_ai.request.model'),
  read,
  // A span another dialect read that names a model the GenAI way speaks it too.
  alsoSpoken: (r) => r.has('gen_ai.system') || r.has('gen_ai.request.model'),
  complete,
  owner: (r) => ({ id: r.str('gen_ai.agent.id'), name: r.str('gen_ai.agent.name') }),
  finish: (r) => {
    r.str('gen_ai.agent.id', 'gen_ai.agent.name', 'gen_ai.conversation.id');
  },
  doc: {
    label: 'the GenAI conventions',
    intro:
      '**OpenTelemetry GenAI semantic conventions (current).** A span is a model call when\n' +
      `\`gen_ai.operation.name\` is ${[...MODEL_OPERATIONS]
        .map((o) => `\`${o}\``)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')}.`,
    table: [
      [
        'operation',
        `\`gen_ai.operation.name\`: model operations above, ${codes([...AGENT_OPERATIONS, 'execute_tool', 'apply_guardrail'])}`,
      ],
      [
        'agent',
        `${codes(['gen_ai.agent.id', 'gen_ai.agent.name', 'gen_ai.agent.description', 'gen_ai.agent.version'])}; \`gen_ai.provider.name\` on an agent span as \`model_provider\``,
      ],
      ['model, provider', '`gen_ai.request.model`, `gen_ai.response.model`; `gen_ai.provider.name`'],
      ['tokens', tokensDoc(CURRENT)],
      ['cost', `${codes(CURRENT.cost)} (US dollars)`],
      ['session', `${codes(SESSION)} (on the span or its nearest ancestor in the export; else the trace id)`],
      ['tool', '`gen_ai.tool.name`, `gen_ai.tool.type`, `gen_ai.tool.description` (`gen_ai.tool.call.id` read, not kept)'],
      [
        'guardrail',
        '`gen_ai.guardrail.name`, `gen_ai.guardrail.id`, `gen_ai.guardrail.provider`, `gen_ai.guardrail.target` (input/output), outcome `gen_ai.guardrail.outcome` / `…result` / `…decision` (pass, allowed → OK; blocked, denied, intervened → BLOCKED; redacted, masked → REDACTED; flagged, warn → ALERTED); also as a span event `gen_ai.guardrail.result`',
      ],
      ['content', '`gen_ai.input.messages`, `gen_ai.output.messages` (prompt, response; kept only when prompts are stored)'],
      [
        'guardrail outcome of a call',
        'our `aispm.guardrail.prompt_outcome`, `aispm.guardrail.response_outcome`, `aispm.guardrail.categories`; else `content_filter` among `gen_ai.response.finish_reasons` is BLOCKED with category `content_filter`',
      ],
    ],
    after:
      "**GenAI conventions, deprecated names** (older instrumentations, OpenLLMetry's model spans): a span\n" +
      'with no `gen_ai.operation.name` that names a model (`gen_ai.request.model` or `gen_ai.response.model`)\n' +
      'is a model call (`llm.request.type` says chat, completion or embedding); `gen_ai.system` for the\n' +
      `provider; ${tokensDoc(DEPRECATED)} for tokens;\n` +
      '`gen_ai.prompt`, `gen_ai.completion` for content.',
  },
} as const satisfies DialectSpec;
