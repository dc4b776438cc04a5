// The OTLP request decoders on their own: the protobuf reader and the JSON reader must agree on
// what the official serializers produce, for every attribute value type, and skip unknown fields.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { context, trace } from '@opentelemetry/api';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { Reader, Writer } from '../src/areas/telemetry/otlp/protobuf.ts';
import { decodeJson, decodeProtobuf, OtlpDecodeError } from '../src/areas/telemetry/otlp/traces.ts';

function spans() {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'decoder-test', 'host.cores': 2 }),
    spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
  });
  const tracer = provider.getTracer('scope-a', '2.0.0');
  const parent = tracer.startSpan('parent', { startTime: 1_700_000_000_123 });
  const child = tracer.startSpan(
    'child',
    {
      startTime: 1_700_000_000_200,
      attributes: {
        text: 'héllo',
        int: 42,
        negative: -7,
        big: 2 ** 40,
        double: 0.25,
        yes: true,
        no: false,
        words: ['a', 'b'],
        numbers: [1, 2, 3],
        flags: [true, false],
      },
    },
    trace.setSpan(context.active(), parent),
  );
  child.addEvent('gen_ai.choice', { index: 0 }, 1_700_000_000_250);
  child.setStatus({ code: 2, message: 'boom' });
  child.end(1_700_000_000_300);
  parent.end(1_700_000_000_400);
  return memory.getFinishedSpans();
}

describe('OTLP decoding', () => {
  it('reads the same spans from the official protobuf and JSON serializations', () => {
    const finished = spans();
    const fromProto = decodeProtobuf(ProtobufTraceSerializer.serializeRequest(finished)!);
    const fromJson = decodeJson(Buffer.from(JsonTraceSerializer.serializeRequest(finished)!).toString('utf8'));
    assert.deepEqual(fromProto, fromJson);
    const child = fromProto.find((s) => s.name === 'child')!;
    const parent = fromProto.find((s) => s.name === 'parent')!;
    assert.deepEqual(child.attributes, {
      text: 'héllo',
      int: 42,
      negative: -7,
      big: 2 ** 40,
      double: 0.25,
      yes: true,
      no: false,
      words: ['a', 'b'],
      numbers: [1, 2, 3],
      flags: [true, false],
    });
    assert.equal(child.parentSpanId, parent.spanId);
    assert.equal(child.traceId, parent.traceId);
    assert.match(child.traceId, /^[0-9a-f]{32}$/);
    assert.match(child.spanId, /^[0-9a-f]{16}$/);
    assert.equal(child.startNs, 1_700_000_000_200_000_000n);
    assert.equal(child.endNs, 1_700_000_000_300_000_000n);
    assert.deepEqual(child.status, { code: 2, message: 'boom' });
    assert.deepEqual(child.events, [{ name: 'gen_ai.choice', timeNs: 1_700_000_000_250_000_000n, attributes: { index: 0 } }]);
    assert.deepEqual(child.scope, { name: 'scope-a', version: '2.0.0' });
    assert.equal(child.resource['service.name'], 'decoder-test');
    assert.equal(child.resource['host.cores'], 2);
  });

  it('skips fields it does not know, of every wire type', () => {
    const finished = spans();
    const known = ProtobufTraceSerializer.serializeRequest(finished)!;
    // Field 9 (unknown here) as a varint, a length-delimited value, a fixed64 and a fixed32.
    const extra = Uint8Array.from([
      (9 << 3) | 0,
      0x96,
      0x01,
      (9 << 3) | 2,
      2,
      0xff,
      0xff,
      (9 << 3) | 1,
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      (9 << 3) | 5,
      1,
      2,
      3,
      4,
    ]);
    const withExtra = new Uint8Array(known.length + extra.length);
    withExtra.set(extra);
    withExtra.set(known, extra.length);
    assert.deepEqual(decodeProtobuf(withExtra), decodeProtobuf(known));
  });

  it('reads negative int64 varints and writes what it reads', () => {
    const w = new Writer().uint(1, 300).string(2, 'ok').finish();
    const r = new Reader(w);
    assert.deepEqual(r.tag(), { field: 1, wire: 0 });
    assert.equal(r.varint(), 300);
    assert.deepEqual(r.tag(), { field: 2, wire: 2 });
    assert.equal(r.string(), 'ok');
    assert.ok(r.done());
    const minusOne = new Reader(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]));
    assert.equal(minusOne.int64(), -1n);
  });

  it('reads strings as the WHATWG decoder does: a leading byte order mark dropped, bad bytes replaced', () => {
    const strings: Array<[number[], string]> = [
      [[0xef, 0xbb, 0xbf, 0x61], 'a'],
      [[0x61, 0xef, 0xbb, 0xbf], 'a\ufeff'],
      [[0x68, 0xc3, 0xa9], 'hé'],
      [[0xff, 0x61], '\ufffda'],
      [[0xe2, 0x82], '\ufffd'],
      [[0xed, 0xa0, 0x80], '\ufffd\ufffd\ufffd'],
      [[0xf0, 0x9f, 0x98, 0x80], '😀'],
    ];
    for (const [bytes, text] of strings) {
      const r = new Reader(new Writer().bytes(1, Uint8Array.from(bytes)).finish());
      r.tag();
      assert.equal(r.string(), text, JSON.stringify(bytes));
      assert.equal(r.string.call(new Reader(Uint8Array.from([bytes.length, ...bytes]))), new TextDecoder().decode(Uint8Array.from(bytes)));
    }
    // Ids as lowercase hex, read in place from a view into a larger buffer.
    const body = Uint8Array.from([0xaa, 4, 0xde, 0xad, 0xbe, 0xef, 0xbb]);
    const r = new Reader(body.subarray(1, 6));
    assert.equal(r.hex(), 'deadbeef');
    assert.ok(r.done());
  });

  it('names what is wrong with a malformed body', () => {
    assert.throws(
      () => decodeProtobuf(Uint8Array.from([0x0a, 0x05, 0x01])),
      (e: Error) => e instanceof OtlpDecodeError && /truncated/.test(e.message),
    );
    assert.throws(
      () => decodeProtobuf(Uint8Array.from([0x00])),
      (e: Error) => e instanceof OtlpDecodeError && /field number 0/.test(e.message),
    );
    assert.throws(
      () => decodeJson('[]'),
      (e: Error) => e instanceof OtlpDecodeError && /JSON object/.test(e.message),
    );
    assert.throws(
      () => decodeJson('{"resourceSpans":[{"scopeSpans":[{"spans":[{"startTimeUnixNano":"soon"}]}]}]}'),
      (e: Error) => e instanceof OtlpDecodeError && /startTimeUnixNano/.test(e.message),
    );
  });
});
