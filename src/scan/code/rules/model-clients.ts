// The model providers' own SDKs, used without a framework: a client of `openai` (OpenAI,
// AsyncOpenAI, AzureOpenAI) or `anthropic` / `@anthropic-ai/sdk` (Anthropic, AsyncAnthropic) whose
// `chat.completions.create(model=…)`, `responses.create(…)`, `messages.create(…)`,
// `embeddings.create(…)` and their `stream` / `parse` variants name a model. Not agents: a model use.

import type { CallRule, Construct, Engine, Rule } from '../engine.ts';
import type { CallValue, FileIR } from '../ir.ts';
import { opt } from './common.ts';

const requests = /^(create|stream|parse)$/;

function client(provider: string): CallRule {
  return (e: Engine, _file: FileIR, _call: CallValue, sym) => {
    const name = sym.path.at(-1) === 'default' ? provider : sym.path.join('.');
    const made: Construct = {
      framework: 'model',
      onMethod: (file, call, _method, rest) => {
        if (!requests.test(rest.at(-1) ?? '')) return undefined;
        const model = opt(call, 'model');
        const id = e.text(file, model);
        return id === undefined ? undefined : { framework: 'model', model: e.addModel(file, id, name, model!.span) };
      },
    };
    return made;
  };
}

export const modelClientRules: Rule[] = [
  {
    framework: 'model',
    language: 'python',
    module: /^openai(\.|$)/,
    names: ['OpenAI', 'AsyncOpenAI', 'AzureOpenAI', 'AsyncAzureOpenAI'],
    call: client('openai'),
  },
  {
    framework: 'model',
    language: 'python',
    module: /^anthropic(\.|$)/,
    names: ['Anthropic', 'AsyncAnthropic', 'AnthropicBedrock', 'AnthropicVertex'],
    call: client('anthropic'),
  },
  { framework: 'model', language: 'js', module: /^openai(\/|$)/, names: ['OpenAI', 'AzureOpenAI', 'default'], call: client('openai') },
  { framework: 'model', language: 'js', module: /^@anthropic-ai\/sdk(\/|$)/, names: ['Anthropic', 'default'], call: client('anthropic') },
];
