// An application instrumented with OpenInference: the `openai` client instrumented by
// @arizeai/openinference-instrumentation-openai, an agent and a tool traced with
// @arizeai/openinference-core's helpers, the session set in the OpenInference context. Exported by
// the official OTLP exporter configured only by OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and
// OTEL_EXPORTER_OTLP_HEADERS. Run as a child process by test/otlp-instrumentations.test.ts.

import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { setSession, traceAgent, traceTool } from '@arizeai/openinference-core';
import { OpenAIInstrumentation } from '@arizeai/openinference-instrumentation-openai';
import OpenAI from 'openai';

const provider = new TracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'travel-desk-oi' }),
  spanProcessors: [new SimpleSpanProcessor({ exporter: new OTLPTraceExporter() })],
});
trace.setGlobalTracerProvider(provider);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const instrumentation = new OpenAIInstrumentation();
instrumentation.setTracerProvider(provider);
instrumentation.manuallyInstrument(OpenAI);

const client = new OpenAI({ baseURL: process.env.MOCK_OPENAI_URL, apiKey: 'test-key' });
const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } },
];
const getWeather = traceTool(async (_city: string) => 'sunny, 24°C', { name: 'get_weather' });
const concierge = traceAgent(
  async (question: string) => {
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{ role: 'user', content: question }];
    const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools });
    const call = first.choices[0]!.message.tool_calls![0]!;
    messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: await getWeather('Paris') });
    const second = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools });
    return second.choices[0]!.message.content;
  },
  { name: 'concierge' },
);

await context.with(setSession(context.active(), { sessionId: 'oi-session-1' }), () => concierge('Weather in Paris?'));
await provider.forceFlush();
await provider.shutdown();
