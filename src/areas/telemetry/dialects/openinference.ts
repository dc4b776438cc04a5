// OpenInference (Arize: @arizeai/openinference-*, Phoenix): openinference.span.kind AGENT / LLM /
// EMBEDDING / TOOL / GUARDRAIL / CHAIN / … names what a span is.

import type { DialectSpec, Reading } from './dialect.ts';
import { codes, lower, providerName, tokensDoc } from './reader.ts';

const USAGE = {
  input: ['llm.token_count.prompt'],
  output: ['llm.token_count.completion'],
  cacheRead: ['llm.token_count.prompt_details.cache_read'],
  cacheWrite: ['llm.token_count.prompt_details.cache_write'],
  reasoning: ['llm.token_count.completion_details.reasoning'],
  cost: ['llm.cost.total'],
} as const;
const SESSION = ['session.id'];

function read({ span: s, r, view, cue }: Reading): void {
  const kind = cue('openinference');
  if (kind === 'llm' || kind === 'embedding') {
    view.role = 'model';
    view.operation = kind === 'embedding' ? 'embeddings' : 'chat';
    const name = r.str('llm.model_name', 'embedding.model_name', 'gen_ai.request.model');
    view.model = { request: name, response: name, provider: providerName(r.str('llm.provider', 'llm.system', 'gen_ai.system')) };
    view.prompt = r.raw('input.value');
    view.response = r.raw('output.value');
  } else if (kind === 'agent') {
    view.role = 'agent';
    view.agent = { name: r.str('agent.name', 'gen_ai.agent.name') ?? s.name, id: r.str('gen_ai.agent.id') };
  } else if (kind === 'tool') {
    view.role = 'tool';
    view.tool = { name: r.str('tool.name', 'gen_ai.tool.name') ?? s.name, description: r.str('tool.description'), type: 'function' };
  } else if (kind === 'guardrail') {
    view.role = 'guardrail';
    const name = r.str('guardrail.name') ?? s.name;
    view.guardrail = { id: name, name };
  }
}

export const openinference = {
  name: 'openinference',
  prefixes: [
    'llm.input_messages.',
    'llm.output_messages.',
    'llm.tools.',
    'llm.invocation_parameters',
    'llm.prompt_template.',
    'input.',
    'output.',
    'metadata',
    'tag.',
    'user.id',
    // The total the mapping derives itself, and what it leaves.
    'llm.token_count.total',
    'llm.finish_reason',
  ],
  usage: USAGE,
  session: SESSION,
  cue: (r) => lower(r.str('openinference.span.kind')),
  claims: 'kind',
  recognises: (kind) => !!kind,
  read,
  doc: {
    label: 'OpenInference',
    intro: '**OpenInference** (Arize: `@arizeai/openinference-*`, Phoenix).',
    table: [
      [
        'kind',
        '`openinference.span.kind`: `AGENT` → agent, `LLM` → model call, `EMBEDDING` → embeddings call, `TOOL` → tool, `GUARDRAIL` → guardrail; `CHAIN`, `RETRIEVER`, `RERANKER`, `EVALUATOR` → no object (counted `genai_no_object`)',
      ],
      ['agent', '`agent.name`, else the span name'],
      ['model, provider', '`llm.model_name` (`embedding.model_name`); `llm.provider`, else `llm.system`'],
      ['tokens', tokensDoc(USAGE)],
      ['cost', codes(USAGE.cost)],
      ['session', codes(SESSION)],
      ['tool', '`tool.name` (else the span name), `tool.description`'],
      ['guardrail', '`guardrail.name`, else the span name'],
      ['content', '`input.value`, `output.value`'],
    ],
  },
} as const satisfies DialectSpec;
