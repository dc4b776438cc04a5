// The body worker (a worker thread; body-workers.ts runs it): the CPU-heavy reading of request
// bodies that must not hold the event loop, done here instead. CycloneDX BOMs, SARIF logs, MCP scanners' results and model probe reports are
// parsed, checked against their schemas and turned into NDJSON records; OTLP exports are decoded and, once the main
// thread has loaded the spans kept waiting for their traces, turned into checked records. Records
// go back in chunks, so the main thread takes them in turns with its other work.

import { parentPort } from 'node:worker_threads';
import { BomError, cyclonedxToNdjson } from './cyclonedx.ts';
import type { BodyJob, BodyReply } from './body-workers.ts';
import { checkedSpans, traceIds } from '../areas/telemetry/discovery/checked.ts';
import { SarifError, sarifToNdjson } from './sarif.ts';
import { McpScanError, mcpScanToNdjson } from './mcp-scanners.ts';
import { readProbeReport } from './probe-report.ts';
import { ProbeError } from './probes.ts';
import { decodeJson, decodeProtobuf, OtlpDecodeError, type Span } from '../areas/telemetry/otlp/traces.ts';

const port = parentPort!;
/** Records per message: one message takes the main thread a few milliseconds to receive. */
const CHUNK = 2000;
/** Decoded exports waiting for their discovery (one per lease: the worker serves one request at a time). */
let decoded: Span[] | null = null;

const reply = (m: BodyReply, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
/** Resolved when the main thread asks for the next chunk (body-workers.ts sends `more`). */
let more: (() => void) | null = null;
const asked = () => new Promise<void>((resolve) => (more = resolve));

async function run(job: BodyJob): Promise<void> {
  switch (job.kind) {
    case 'cyclonedx': {
      const { ndjson, origins, objects } = await cyclonedxToNdjson(Buffer.from(job.body).toString('utf8'), job.now);
      const bytes = new Uint8Array(ndjson.buffer, ndjson.byteOffset, ndjson.byteLength).slice();
      reply({ kind: 'done', result: { ndjson: bytes, origins, objects } }, [bytes.buffer]);
      return;
    }
    case 'sarif': {
      const { ndjson, origins, results } = sarifToNdjson(Buffer.from(job.body).toString('utf8'), job.context);
      const bytes = new Uint8Array(ndjson.buffer, ndjson.byteOffset, ndjson.byteLength).slice();
      reply({ kind: 'done', result: { ndjson: bytes, origins, objects: results } }, [bytes.buffer]);
      return;
    }
    case 'mcp-scan': {
      const { ndjson, origins, findings } = mcpScanToNdjson(job.format, Buffer.from(job.body).toString('utf8'), { now: job.now });
      const bytes = new Uint8Array(ndjson.buffer, ndjson.byteOffset, ndjson.byteLength).slice();
      reply({ kind: 'done', result: { ndjson: bytes, origins, objects: findings } }, [bytes.buffer]);
      return;
    }
    case 'probes': {
      // A report sums up small (a result per probe and detector): the run goes back, its targets are matched on the main thread.
      reply({ kind: 'done', result: readProbeReport(job.tool, Buffer.from(job.body).toString('utf8'), job.now) });
      return;
    }
    case 'otlp-decode': {
      decoded = job.protobuf ? decodeProtobuf(job.body) : decodeJson(Buffer.from(job.body).toString('utf8'));
      reply({ kind: 'done', result: { received: decoded.length, traces: traceIds(decoded) } });
      return;
    }
    case 'otlp-discover': {
      if (!decoded) throw new Error('no decoded export to discover');
      const { good, ...rest } = checkedSpans(decoded, job.waiting, job.now);
      decoded = null;
      for (let i = 0; i < good.length; i += CHUNK) {
        const next = asked();
        reply({ kind: 'chunk', records: good.slice(i, i + CHUNK) });
        await next;
      }
      reply({ kind: 'done', result: rest });
      return;
    }
  }
}

port.on('message', (job: BodyJob) => {
  if (job.kind === 'more') {
    more?.();
    more = null;
    return;
  }
  run(job).catch((err: unknown) => {
    decoded = null;
    // What the client sent is wrong (400, named); anything else is the service's own failure.
    if (
      err instanceof BomError ||
      err instanceof SarifError ||
      err instanceof McpScanError ||
      err instanceof ProbeError ||
      err instanceof OtlpDecodeError
    )
      reply({ kind: 'refused', message: err.message });
    // A reader recursing once per level of a body nested past the stack: the body's shape, not a fault.
    else if (err instanceof RangeError && /call stack/i.test(err.message))
      reply({ kind: 'refused', message: 'the body nests too deeply to read' });
    else reply({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  });
});
