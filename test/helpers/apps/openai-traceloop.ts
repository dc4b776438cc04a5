// An application instrumented with OpenLLMetry (@traceloop/node-server-sdk): an agent (withAgent)
// asks the model, which calls a tool (withTool), then answers; the `openai` client talks to the
// URL in MOCK_OPENAI_URL. Its only telemetry settings are OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and
// OTEL_EXPORTER_OTLP_HEADERS, read by the official OTLP exporter handed to the SDK. Run as a child
// process by test/otlp-instrumentations.test.ts (the SDK instruments its process once).

import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import * as traceloop from '@traceloop/node-server-sdk';
import OpenAI from 'openai';

traceloop.initialize({
  appName: 'travel-desk',
  disableBatch: true,
  exporter: new OTLPTraceExporter(),
  // The SDK's bundled declarations name the same class as another type: the value is the real client.
  instrumentModules: { openAI: OpenAI as never },
  silenceInitializationMessage: true,
  traceloopSyncEnabled: false,
});

const client = new OpenAI({ baseURL: process.env.MOCK_OPENAI_URL, apiKey: 'test-key' });
const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Weather for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
];

await traceloop.withAssociationProperties({ session_id: 'tl-session-1' }, () =>
  traceloop.withAgent({ name: 'concierge' }, async () => {
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools });
    const call = first.choices[0]!.message.tool_calls![0]!;
    const result = await traceloop.withTool({ name: 'get_weather' }, async () => 'sunny, 24°C');
    messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: result });
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools });
  }),
);
await traceloop.forceFlush();
