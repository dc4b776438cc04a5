// The OTLP ingest workload of bench/otlp-ingest.ts and `npm run bench`: an agent run made with the
// official OpenTelemetry SDK (invoke_agent → chat → execute_tool → chat: 4 spans, 2 model calls)
// repeated across 50 agents, 20 models and 30 tools, sent as OTLP/HTTP protobuf exports of `batch`
// spans (the SDK batch processor's default is 512), against the interactions those spans make sent
// as NDJSON (1,000 lines a request) into another workspace. Both are warmed up first (a running
// service has compiled both paths) and measured in alternating rounds, so a slow moment of the
// shared machine falls on both.

import { context, trace } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { discover } from '../src/areas/telemetry/discovery/discover.ts';
import { decodeProtobuf } from '../src/areas/telemetry/otlp/traces.ts';

export interface OtlpWorkload {
  spans: number;
  /** Model calls: the interactions the spans make (each sent once as NDJSON). */
  interactions: number;
  /** Per round: the protobuf exports, and the NDJSON bodies of their interactions. */
  rounds: Array<{ exports: Buffer[]; ndjson: string[] }>;
  /** Sent before the rounds, into other workspaces. */
  warmup: { exports: Buffer[]; ndjson: string[] };
}

function runsOf(runs: number, t0: number) {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'bench-app' }),
    spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
  });
  const tracer = provider.getTracer('bench');
  for (let i = 0; i < runs; i++) {
    const t = t0 + i * 1000;
    const agent = tracer.startSpan(`invoke_agent agent-${i % 50}`, {
      startTime: t,
      attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': `agent-${i % 50}`, 'gen_ai.conversation.id': `s-${i}` },
    });
    const inside = trace.setSpan(context.active(), agent);
    const chat = (at: number) =>
      tracer
        .startSpan(
          'chat',
          {
            startTime: at,
            attributes: {
              'gen_ai.operation.name': 'chat',
              'gen_ai.provider.name': 'openai',
              'gen_ai.request.model': `gpt-4o-${i % 20}`,
              'gen_ai.usage.input_tokens': 1000 + i,
              'gen_ai.usage.output_tokens': 100,
            },
          },
          inside,
        )
        .end(at + 300);
    chat(t + 10);
    tracer
      .startSpan(
        'execute_tool',
        { startTime: t + 400, attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': `tool-${i % 30}` } },
        inside,
      )
      .end(t + 450);
    chat(t + 500);
    agent.end(t + 900);
  }
  return memory.getFinishedSpans();
}

/**
 * `runs` agent runs (4 spans each) in exports of `batch` spans, split into `rounds`; a warm-up of a
 * few runs besides. The interactions go as NDJSON requests of `ndjsonLines` lines (1,000: what a
 * bulk sender does; 256 is the OTLP exports' own batch of interactions).
 */
export function otlpWorkload(runs: number, batch: number, rounds: number, ndjsonLines = 1000, now = Date.now()): OtlpWorkload {
  const part = (spans: ReturnType<typeof runsOf>) => {
    const exports: Buffer[] = [];
    for (let i = 0; i < spans.length; i += batch)
      exports.push(Buffer.from(ProtobufTraceSerializer.serializeRequest(spans.slice(i, i + batch))!));
    return exports;
  };
  const ndjsonOf = (exports: Buffer[]) => {
    const lines = exports.flatMap((b) =>
      discover(decodeProtobuf(b))
        .records.filter((r) => r.type === 'interaction')
        .map((r) => JSON.stringify(r)),
    );
    const bodies: string[] = [];
    for (let i = 0; i < lines.length; i += ndjsonLines) bodies.push(`${lines.slice(i, i + ndjsonLines).join('\n')}\n`);
    return { bodies, count: lines.length };
  };
  const spans = runsOf(runs, now - 3_600_000 - runs * 1000);
  const exports = part(spans);
  const perRound = Math.ceil(exports.length / rounds);
  const out: OtlpWorkload = { spans: spans.length, interactions: 0, rounds: [], warmup: { exports: [], ndjson: [] } };
  for (let i = 0; i < exports.length; i += perRound) {
    const mine = exports.slice(i, i + perRound);
    const nd = ndjsonOf(mine);
    out.interactions += nd.count;
    out.rounds.push({ exports: mine, ndjson: nd.bodies });
  }
  const warm = part(runsOf(Math.min(runs, 2 * batch), now - 7_200_000 - runs * 1000));
  out.warmup = { exports: warm, ndjson: ndjsonOf(warm).bodies };
  return out;
}

/** Sends one body: an OTLP export (protobuf) or an NDJSON request, into a workspace; throws unless it was taken whole. */
export type Send = (kind: 'otlp' | 'ndjson', workspace: string, body: Buffer | string) => Promise<void>;

export interface OtlpMeasure {
  otlpSeconds: number;
  ndjsonSeconds: number;
  /** CPU seconds of this process (user + system) in each: the work itself when the service runs in it (SQLite, inject), less swayed by a busy machine than the wall clock. */
  otlpCpuSeconds: number;
  ndjsonCpuSeconds: number;
}

/**
 * Sends `bodies` as `senders` clients at once would (replicas of an application, each exporting
 * its batches one after another): sender j sends bodies j, j + senders, …; with one sender, in order.
 */
export async function sendAll(
  bodies: Array<Buffer | string>,
  senders: number,
  one: (body: Buffer | string) => Promise<void>,
): Promise<void> {
  await Promise.all(
    Array.from({ length: Math.min(senders, bodies.length) }, async (_, j) => {
      for (let i = j; i < bodies.length; i += senders) await one(bodies[i]!);
    }),
  );
}

/** Times one round's bodies sent by `senders` clients: wall clock, and CPU seconds of this process. */
export async function timedSend(bodies: Array<Buffer | string>, senders: number, one: (body: Buffer | string) => Promise<void>) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  await sendAll(bodies, senders, one);
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - t) / 1000, cpu: (used.user + used.system) / 1e6 };
}

/** Warm-up, then the rounds: each round's exports, then the same interactions as NDJSON, each sent by `senders` clients at once. */
export async function measureOtlp(
  w: OtlpWorkload,
  send: Send,
  workspaces = { otlp: 'otlp-bench', ndjson: 'otlp-ndjson-bench' },
  senders = 1,
): Promise<OtlpMeasure> {
  for (const b of w.warmup.exports) await send('otlp', `${workspaces.otlp}-warmup`, b);
  for (const b of w.warmup.ndjson) await send('ndjson', `${workspaces.ndjson}-warmup`, b);
  const m: OtlpMeasure = { otlpSeconds: 0, ndjsonSeconds: 0, otlpCpuSeconds: 0, ndjsonCpuSeconds: 0 };
  const timed = (bodies: Array<Buffer | string>, kind: 'otlp' | 'ndjson') =>
    timedSend(bodies, senders, (b) => send(kind, workspaces[kind], b));
  for (const round of w.rounds) {
    const o = await timed(round.exports, 'otlp');
    const n = await timed(round.ndjson, 'ndjson');
    m.otlpSeconds += o.seconds;
    m.otlpCpuSeconds += o.cpu;
    m.ndjsonSeconds += n.seconds;
    m.ndjsonCpuSeconds += n.cpu;
  }
  return m;
}

/** The request of one body, for an HTTP client (fetch, or Fastify's inject). */
export function requestOf(tenant: string, kind: 'otlp' | 'ndjson', workspace: string): { url: string; contentType: string } {
  return kind === 'otlp'
    ? { url: `/api/v1/otlp/tenants/${tenant}/workspaces/${workspace}/v1/traces`, contentType: 'application/x-protobuf' }
    : { url: `/api/v1/ingest/tenants/${tenant}/workspaces/${workspace}`, contentType: 'application/x-ndjson' };
}
