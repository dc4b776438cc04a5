// The Vercel AI SDK (`ai`, experimental_telemetry): ai.generateText (the run) →
// ai.generateText.doGenerate (a model call) and ai.toolCall, named by ai.operationId or the span name.

import type { DialectSpec, Reading } from './dialect.ts';
import { codes, providerName, tokensDoc } from './reader.ts';

const USAGE = {
  input: ['ai.usage.inputTokens', 'ai.usage.promptTokens'],
  output: ['ai.usage.outputTokens', 'ai.usage.completionTokens'],
  cacheRead: ['ai.usage.cachedInputTokens', 'ai.usage.inputTokenDetails.cacheReadTokens'],
  cacheWrite: ['ai.usage.inputTokenDetails.cacheWriteTokens'],
  reasoning: ['ai.usage.reasoningTokens', 'ai.usage.outputTokenDetails.reasoningTokens'],
} as const;
const SESSION = ['ai.telemetry.metadata.sessionId', 'ai.telemetry.metadata.session_id'];

function read({ r, view, cue, usage }: Reading): void {
  const operation = cue('vercel')!;
  const functionId = r.str('ai.telemetry.functionId', 'resource.name');
  if (/\.do(Generate|Stream|Embed)$/.test(operation)) {
    view.role = 'model';
    // The SDK sends gen_ai.operation.name too (the GenAI cue).
    view.operation = operation.endsWith('doEmbed') ? 'embeddings' : (cue('genai') ?? 'chat');
    view.model = {
      request: r.str('gen_ai.request.model', 'ai.model.id'),
      response: r.str('gen_ai.response.model', 'ai.response.model'),
      provider: providerName(r.str('gen_ai.provider.name', 'ai.model.provider', 'gen_ai.system')),
    };
    view.prompt = r.raw('ai.prompt.messages') ?? r.raw('ai.prompt');
    view.response = r.raw('ai.response.text');
  } else if (operation === 'ai.toolCall') {
    const name = r.str('ai.toolCall.name', 'gen_ai.tool.name');
    if (name) {
      view.role = 'tool';
      view.tool = { name, type: 'function' };
    }
  } else if (functionId && !operation.includes('.do')) {
    view.role = 'agent';
    view.agent = { name: functionId };
    // The run's usage is the sum of its model calls, which are counted themselves: read, not kept.
    usage();
  }
  r.str('ai.model.id', 'ai.model.provider', 'ai.toolCall.id', 'ai.response.finishReason', 'ai.telemetry.functionId');
}

export const vercel = {
  name: 'vercel',
  prefixes: [
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
    // Totals and breakdowns the mapping derives itself (input + output, text = output − reasoning).
    'ai.usage.totalTokens',
    'ai.usage.inputTokenDetails.noCacheTokens',
    'ai.usage.outputTokenDetails.textTokens',
  ],
  usage: USAGE,
  session: SESSION,
  cue: (r, span) => r.str('ai.operationId') ?? (span.name.startsWith('ai.') ? span.name : undefined),
  claims: 'kind',
  recognises: (operation) => !!operation,
  read,
  // The SDK repeats the function id on every span of a call.
  owner: (r, spoken) => (spoken ? { name: r.str('ai.telemetry.functionId') } : undefined),
  doc: {
    label: 'the Vercel AI SDK',
    intro: '**Vercel AI SDK** (`ai`, `experimental_telemetry: { isEnabled: true }`).',
    table: [
      [
        'spans',
        '`ai.operationId` (else the span name): `ai.generateText`, `ai.streamText`, `ai.generateObject`, … with `ai.telemetry.functionId` → agent named by the function id; `….doGenerate`, `….doStream` → model call, `….doEmbed` → embeddings call; `ai.toolCall` → tool `ai.toolCall.name`',
      ],
      [
        'model, provider',
        '`gen_ai.request.model`, else `ai.model.id`; `gen_ai.response.model`, else `ai.response.model`; provider from `ai.model.provider` (`openai.chat` → `openai`), else `gen_ai.system`',
      ],
      ['tokens', `${tokensDoc(USAGE)} (the GenAI \`gen_ai.usage.*\` it also sends win when present)`],
      ['agent of a span', '`ai.telemetry.functionId`, which the SDK repeats on every span of the call'],
      ['session', `${codes(SESSION, ' (or ')})`],
      ['content', '`ai.prompt.messages` (else `ai.prompt`), `ai.response.text`'],
    ],
  },
} as const satisfies DialectSpec;
