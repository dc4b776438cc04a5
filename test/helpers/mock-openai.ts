// A local stand-in for the OpenAI chat completions API (providers cannot be reached from tests):
// POST /v1/chat/completions answers as OpenAI does. A request that offers tools and has no tool
// result yet gets a tool call (get_weather for Paris); one carrying the tool's result gets the
// final answer. Token counts are fixed so the tests know every figure: 50 in / 10 out for the
// tool call, 80 in (20 of them cached) / 20 out for the answer.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MockOpenAI {
  url: string;
  /** Request bodies received, in order. */
  requests: Array<Record<string, any>>;
  close(): Promise<void>;
}

export const MOCK_MODEL = 'gpt-4o-mini-2024-07-18';

export async function startMockOpenAI(): Promise<MockOpenAI> {
  const requests: Array<Record<string, any>> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>;
      requests.push(body);
      const messages = (body.messages ?? []) as Array<{ role: string }>;
      const answered = messages.some((m) => m.role === 'tool');
      const callTool = !answered && Array.isArray(body.tools) && body.tools.length > 0;
      const message = callTool
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_weather_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
          }
        : { role: 'assistant', content: 'It is sunny in Paris.' };
      const usage = callTool
        ? { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60, prompt_tokens_details: { cached_tokens: 0 } }
        : { prompt_tokens: 80, completion_tokens: 20, total_tokens: 100, prompt_tokens_details: { cached_tokens: 20 } };
      const answer = {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: 1_772_000_000,
        model: MOCK_MODEL,
        choices: [{ index: 0, message, finish_reason: callTool ? 'tool_calls' : 'stop', logprobs: null }],
        usage,
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
