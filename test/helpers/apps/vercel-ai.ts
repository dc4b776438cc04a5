// An application on the Vercel AI SDK: generateText with a tool and telemetry on
// (experimental_telemetry, functionId "weather-agent", the session in its metadata), the model an
// OpenAI-compatible provider pointed at MOCK_OPENAI_URL. The SDK writes its spans through the
// global tracer provider: the official SDK with the official OTLP exporter, configured only by
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS. Run as a child process by
// test/otlp-instrumentations.test.ts.

import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';

const provider = new TracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'weather-app' }),
  spanProcessors: [new SimpleSpanProcessor({ exporter: new OTLPTraceExporter() })],
});
trace.setGlobalTracerProvider(provider);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

const openai = createOpenAICompatible({ name: 'openai', baseURL: process.env.MOCK_OPENAI_URL!, apiKey: 'test-key' });

await generateText({
  model: openai.chatModel('gpt-4o-mini'),
  prompt: 'Weather in Paris?',
  tools: {
    get_weather: tool({
      description: 'Weather for a city',
      inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
      execute: async () => 'sunny, 24°C',
    }),
  },
  stopWhen: stepCountIs(2),
  experimental_telemetry: { isEnabled: true, functionId: 'weather-agent', metadata: { sessionId: 'ai-session-1' } },
});
await provider.forceFlush();
await provider.shutdown();
