// Hostile input for the property tests: path segments, query parameters, headers and bodies a
// careless or malicious client may send. Each request is built from a route of the server's
// route table (its path parameters, its documented query parameters, the media types it reads),
// so a route merged later is attacked like the others.

import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { RouteEntry } from '../../src/platform/http/route-table.ts';
import { type JsonSchema, mediaTypes, PROTOBUF, pathParams, queryProps, SCOPE_PARAMS, validBody } from './route-requests.ts';

export interface HostileRequest {
  route: RouteEntry;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the request tries, for the failure message. */
  note: string;
}

const KB = 1024;
const MB = 1024 * KB;

/** Strings that have broken servers: traversal, encodings, NUL, injection, odd Unicode. */
const nasty = [
  '',
  ' ',
  '.',
  '..',
  '../',
  '../../etc/passwd',
  '..%2F..%2F',
  '%2e%2e%2f',
  '%252e%252e',
  '%00',
  '\u0000',
  'a\u0000b',
  '%',
  '%zz',
  '%c0%af',
  '%ff%fe',
  '%e2%82',
  '%u0041',
  '\\',
  '\\\\server\\share',
  '/',
  '//',
  '?',
  '#',
  '&',
  '=',
  ';',
  '\r\nX-Injected: 1',
  '\n',
  '\t',
  "' OR '1'='1",
  "'; DROP TABLE entities; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  '$1',
  '?::text',
  '%s%s%s%n',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}',
  '{"$ne":null}',
  '{"$gt":""}',
  '[]',
  '{}',
  'null',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  'prototype',
  'é',
  'ǅ',
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202e\u0644\u0627',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udfff',
  'Ａ',
  'ﬀ',
  'İ',
  'ß',
  '\u0130\u0131',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '*',
  '%2A',
  'CON',
  'nul',
  'aux.txt',
];

const big = (n: number, ch = 'a') => ch.repeat(n);

/** Percent-encodes what can be; a lone surrogate cannot be, and is sent raw as a client might. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s;
  }
}

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...nasty) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(big(10 * KB), big(10 * KB, 'é'), big(20 * KB, '%'), big(600), big(513), big(4097)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...nasty), fc.constantFrom(...nasty)).map(([a, b]) => a + b) },
);

/** A path segment: hostile, sent raw (structure-breaking) or percent-encoded. */
const hostileSegment = fc
  .tuple(hostileString, fc.constantFrom('raw', 'encoded', 'encoded'))
  .map(([s, how]) => (how === 'raw' ? s : enc(s)));

/** A value for a query parameter of this schema: often right, often wrong in type, range or size. */
function queryValue(schema: JsonSchema): fc.Arbitrary<string> {
  const right: string[] = [];
  if (schema.enum) right.push(...schema.enum.map(String));
  if (schema.type === 'integer' || schema.type === 'number') {
    right.push(String(schema.minimum ?? 1), String(schema.maximum ?? 100));
  }
  const wrong = [
    'abc',
    '1.5',
    '-1',
    '0',
    '10001',
    '99999999999999999999',
    '1e3',
    '1e309',
    '-1e309',
    '-0',
    '1e-400',
    '0.0000001',
    '0x10',
    ' 1',
    '１',
    'true',
    '[]',
    '{}',
    '',
    '2026-13-45T99:99:99Z',
    '2026-01-01',
    '2026-01-01T00:00:00',
    '1970-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '+275760-09-13T00:00:00Z',
    'now',
    'asc',
    'desc',
    'name',
    'last_seen',
  ];
  return fc.oneof(
    { weight: 2, arbitrary: right.length ? fc.constantFrom(...right) : hostileString },
    { weight: 3, arbitrary: fc.constantFrom(...wrong) },
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constantFrom(new Date().toISOString(), new Date(Date.now() - 86_400_000).toISOString()) },
  );
}

/** The query string: documented parameters with hostile values, repeated, bracketed, plus unknown ones. */
function hostileQuery(route: RouteEntry): fc.Arbitrary<string> {
  const props = Object.entries(queryProps(route));
  const names = [
    ...props.map(([n]) => n),
    'cursor',
    'page_size',
    'sort',
    'unknown',
    'page_size[]',
    'sort[$ne]',
    '__proto__[x]',
    'constructor[prototype]',
  ];
  const part = fc.tuple(fc.constantFrom(...names), fc.constantFrom('plain', 'plain', 'repeat', 'bracket', 'empty')).chain(([name, how]) => {
    const schema = props.find(([n]) => n === name)?.[1] ?? { type: 'string' };
    return queryValue(schema).map((v) => {
      const k = enc(name);
      const e = enc(v);
      if (how === 'repeat') return `${k}=${e}&${k}=${e}x`;
      if (how === 'bracket') return `${k}[]=${e}`;
      if (how === 'empty') return k;
      return `${k}=${e}`;
    });
  });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: fc.array(part, { minLength: 1, maxLength: 5 }).map((ps) => ps.join('&')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `cursor=${big(5000)}`,
        `page_size=${big(100, '9')}`,
        `name__ilk=${enc(big(10 * KB, '%'))}`,
        '&&&===',
        '%zz=%zz',
        'a=%00',
        `x=${big(64 * KB)}`,
      ),
    },
  );
}

function deepJson(depth: number, wrap: boolean): string {
  const inner = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  return wrap ? `{"value":${inner}}` : inner;
}

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return Buffer.from(out);
}
const field = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([tag]), varint(body.length), body]);

/** An OTLP ExportTraceServiceRequest whose one resource attribute nests `depth` array values, as protobuf and as JSON. */
function deepOtlp(depth: number): { protobuf: Buffer; json: string } {
  let any = field(0x0a, Buffer.from('x')); // AnyValue.string_value
  for (let i = 0; i < depth; i++) any = field(0x2a, field(0x0a, any)); // AnyValue.array_value { values: any }
  const keyValue = Buffer.concat([field(0x0a, Buffer.from('k')), field(0x12, any)]);
  const protobuf = field(0x0a, field(0x0a, field(0x0a, keyValue))); // resource_spans { resource { attributes } }
  const json = `{"resourceSpans":[{"resource":{"attributes":[{"key":"k","value":${'{"arrayValue":{"values":['.repeat(depth)}{"stringValue":"x"}${']}}'.repeat(depth)}}]},"scopeSpans":[]}]}`;
  return { protobuf, json };
}

/** Payloads built once: bombs and giants are costly to make and cheap to send again. */
export function makePayloads(ingestMaxBytes: number) {
  const newlines = Buffer.alloc(3 * ingestMaxBytes, '\n');
  const zeros = Buffer.alloc(3 * ingestMaxBytes, 0);
  const bomb = gzipSync(newlines, { level: 9 });
  return {
    gzipBombNewlines: bomb,
    gzipBombZeros: gzipSync(zeros, { level: 9 }),
    gzipOfGzipBomb: gzipSync(bomb),
    truncatedGzip: gzipSync(Buffer.from('{"type":"entity","kind":"model","id":"m","name":"m"}\n'.repeat(100))).subarray(0, 40),
    overIngestLimit: Buffer.alloc(ingestMaxBytes + 1024, '\n'),
    overJsonLimit: `{"value":{"a":"${big(2 * MB)}"}}`,
    deep: [
      deepJson(100, true),
      deepJson(5000, true),
      deepJson(50_000, true),
      '['.repeat(200_000),
      `{"value":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    ],
    deepOtlp: [deepOtlp(65), deepOtlp(3000), deepOtlp(20_000)],
  };
}

export type Payloads = ReturnType<typeof makePayloads>;

const NDJSON_LINES = [
  '{"type":"entity","kind":"model","id":"fz","name":"fz"}',
  '{"type":"entity","kind":"nope","id":"fz"}',
  '{"type":"entity"}',
  '{"type":"finding","id":"x","rule_id":"nope"}',
  '{"type":"interaction"}',
  '{"type":"entity","kind":"model","id":"a\\u0000b","name":"\\u0000"}',
  '{"type":"entity","kind":"model","id":"' + big(2000) + '"}',
  '{"type":"entity","kind":"model","id":"x","attributes":' + deepJson(2000, false) + '}',
  '{"type":"interaction","id":"i","session_id":"s","time":"2026-01-01T00:00:00Z","input_tokens":1e308}',
  '{"type":"interaction","id":"i","session_id":"s","time":"0000-01-01T00:00:00Z"}',
  '{"type":"interaction","id":"i","session_id":"s","time":"9999-12-31T23:59:59Z"}',
  '{"type":"interaction","id":"i","session_id":"s","time":"2026-01-01T00:00:00Z","cost":1e309,"duration_ms":-1}',
  '{"type":"rule","id":"r","name":"n","severity":"high","object_types":[' + '"agent",'.repeat(100) + '"agent"]}',
  '{"type":"relation","from_kind":"agent","from_id":"a","relation":"uses_model","to_kind":"model","to_id":"a"}',
  '{"v":2,"type":"entity","kind":"model","id":"x"}',
  '{"type":"__proto__","__proto__":{"polluted":1}}',
  '{"type":"price","model":"x","input_per_million":-1,"output_per_million":1}',
  'not json',
  '[]',
  'null',
  '"str"',
  '{',
  '\u0000',
  '\ufeff{"type":"entity","kind":"model","id":"bom"}',
  '{"type":"scan","id":"s","sensor_type":"x","started_at":"x","status":"odd"}',
];

/** A body for the route, hostile in content, size, encoding or media type. */
function hostileBody(
  route: RouteEntry,
  payloads: Payloads,
): fc.Arbitrary<{ headers: Record<string, string>; payload?: string | Buffer; note: string }> {
  const types = mediaTypes(route);
  const declared = types[0]!;
  const valid = validBody(route, 'fuzz');
  const ndjson = types.some((t) => t.includes('ndjson'));
  const protobuf = types.includes(PROTOBUF);
  const contentTypes = [
    ...types,
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    'application/xml',
    ';;;',
    'application/x-ndjson; charset=latin1',
    'APPLICATION/JSON',
    '',
  ];
  const ct = (t: string): Record<string, string> => (t === '' ? {} : { 'content-type': t });
  const options: Array<fc.Arbitrary<{ headers: Record<string, string>; payload?: string | Buffer; note: string }>> = [
    fc.constant({ headers: ct(valid.contentType), payload: valid.payload, note: 'valid body' }),
    fc
      .tuple(
        fc.constantFrom(...contentTypes),
        fc.constantFrom(
          '{',
          '{"value":',
          'null',
          '[]',
          '"s"',
          '{"value":[]}',
          '{"value":null}',
          '{"value":"s"}',
          '{"value":{"__proto__":{"x":1}}}',
          '{"constructor":{"prototype":{"x":1}}}',
          '{"value":{},"extra":1}',
          '{"value":{"k":"\\u0000"}}',
          '{"value":{"\\u0000":1}}',
          '{"value":{"k":"\\ud800"}}',
          '{"value":1e309}',
          '',
          ' ',
          '\u0000',
          'a=b&c=d',
        ),
      )
      .map(([t, p]) => ({ headers: ct(t), payload: p, note: `body ${JSON.stringify(p.slice(0, 40))} as ${t || 'no type'}` })),
    fc
      .constantFrom(...payloads.deep)
      .map((p) => ({ headers: ct(ndjson || protobuf ? declared : 'application/json'), payload: p, note: `deep JSON (${p.length} bytes)` })),
    fc
      .jsonValue({ maxDepth: 4 })
      .map((v) => ({ headers: ct('application/json'), payload: JSON.stringify({ value: v }), note: 'random JSON value' })),
    fc.uint8Array({ maxLength: 256 }).map((b) => ({ headers: ct(declared), payload: Buffer.from(b), note: 'random bytes' })),
    fc.constant({ headers: ct('application/json'), payload: payloads.overJsonLimit, note: 'JSON over the body limit' }),
  ];
  if (ndjson) {
    options.push(
      fc
        .array(fc.constantFrom(...NDJSON_LINES), { minLength: 1, maxLength: 8 })
        .chain((lines) => fc.constantFrom('\n', '\r\n').map((eol) => lines.join(eol) + eol))
        .map((p) => ({ headers: ct(declared), payload: p, note: `NDJSON ${JSON.stringify(p.slice(0, 60))}` })),
      fc.constant({ headers: ct(declared), payload: Buffer.from([0xff, 0xfe, 0x0a, 0xc3, 0x28, 0x0a]), note: 'NDJSON that is not UTF-8' }),
    );
  }
  if (ndjson || protobuf) {
    const gz = (p: Buffer, note: string) => ({ headers: { ...ct(declared), 'content-encoding': 'gzip' }, payload: p, note });
    options.push(
      fc.constantFrom(
        gz(payloads.gzipBombNewlines, 'gzip bomb (newlines)'),
        gz(payloads.gzipBombZeros, 'gzip bomb (zeros)'),
        gz(payloads.gzipOfGzipBomb, 'gzip of a gzip bomb'),
        gz(payloads.truncatedGzip, 'truncated gzip'),
        gz(Buffer.from('not gzip'), 'not gzip'),
        gz(gzipSync(Buffer.from(String(valid.payload))), 'valid gzip'),
        { headers: { ...ct(declared), 'content-encoding': 'br' }, payload: Buffer.from('x'), note: 'brotli' },
        { headers: { ...ct(declared), 'content-encoding': 'gzip, gzip' }, payload: Buffer.from('x'), note: 'double encoding' },
        { headers: ct(declared), payload: payloads.overIngestLimit, note: 'over the ingest limit' },
      ),
    );
  }
  if (protobuf) {
    options.push(
      fc
        .constantFrom(...payloads.deepOtlp)
        .chain((d) =>
          fc.constantFrom(
            { headers: ct(PROTOBUF), payload: d.protobuf, note: `OTLP protobuf nested (${d.protobuf.length} bytes)` },
            { headers: ct('application/json'), payload: d.json, note: `OTLP JSON nested (${d.json.length} bytes)` },
          ),
        ),
    );
    options.push(
      fc
        .constantFrom(
          Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]),
          Buffer.from([0x0a]),
          Buffer.from([0x0a, 0x05, 0x0a, 0x03, 0x12, 0x01]),
          Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]),
          Buffer.from([0x0b, 0x0c]),
        )
        .map((b) => ({ headers: ct(PROTOBUF), payload: b, note: `protobuf ${b.toString('hex')}` })),
    );
  }
  return fc.oneof(...options);
}

const extraHeaders = fc
  .record(
    {
      accept: fc.constantFrom(
        'application/json',
        'text/csv',
        '*/*',
        'application/xml',
        'text/csv;q=0.9, application/json;q=0.1',
        '',
        '\u00ff',
      ),
      'if-none-match': fc.constantFrom('*', '"1"', 'W/"x"', '"', big(4000)),
      'if-match': fc.constantFrom('*', '"1"', '"1", "2"', 'garbage', '""'),
      'x-request-id': fc.constantFrom('ok-id-1', 'bad id with spaces', big(300), '\u00e9', '../../'),
      origin: fc.constantFrom('https://evil.example', 'null'),
    },
    { requiredKeys: [] },
  )
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== '')));

export interface Tokens {
  /** A token of tenant-a with every scope and every workspace: requests reach the handlers. */
  good: string;
  tenant: string;
  workspace: string;
}

/** One hostile request against a route of the table. */
export function hostileRequest(routes: RouteEntry[], tokens: Tokens, payloads: Payloads): fc.Arbitrary<HostileRequest> {
  return fc.constantFrom(...routes).chain((route) => {
    const params = pathParams(route.url);
    const segment = (p: string) =>
      fc.oneof(
        // Mostly the token's own tenant and workspace, so the request gets past authorisation.
        {
          weight: SCOPE_PARAMS.has(p) ? 8 : 2,
          arbitrary: fc.constant(enc(p === 'tenant_id' ? tokens.tenant : p === 'workspace_id' ? tokens.workspace : 'fuzz-id')),
        },
        { weight: 3, arbitrary: hostileSegment },
      );
    const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    return fc
      .record({
        segments: fc.tuple(...params.map(segment)) as fc.Arbitrary<string[]>,
        query: hostileQuery(route),
        body: withBody ? hostileBody(route, payloads) : fc.option(hostileBody(route, payloads), { freq: 8, nil: undefined }),
        headers: extraHeaders,
        auth: fc.oneof(
          { weight: 12, arbitrary: fc.constant('good') },
          { weight: 3, arbitrary: fc.constantFrom('none', 'garbage', 'huge') },
        ),
        methodCase: fc.constantFrom(route.method, route.method, route.method, route.method.toLowerCase()),
      })
      .map(({ segments, query, body, headers, auth, methodCase }) => {
        let i = 0;
        const path = route.url
          .split('/')
          .map((s) => (s.startsWith(':') || s === '*' ? segments[i++]! : s))
          .join('/');
        const authorization =
          auth === 'good'
            ? `Bearer ${tokens.good}`
            : auth === 'garbage'
              ? 'Bearer \u0000\u00ff'
              : auth === 'huge'
                ? `Bearer ${big(8 * KB)}`
                : undefined;
        const request: HostileRequest = {
          route,
          method: methodCase.toUpperCase(),
          url: query ? `${path}?${query}` : path,
          headers: { ...headers, ...body?.headers, ...(authorization ? { authorization } : {}) },
          payload: body?.payload,
          note: body?.note ?? 'no body',
        };
        // Counterexamples print as one short line, not as the route's schema and a megabyte of body.
        return Object.assign(request, { [fc.toStringMethod]: () => describe(request) });
      });
  });
}

/** One line naming the request: method, URL (cut), headers but the token, what the body tries. */
export function describe(r: HostileRequest): string {
  const headers = Object.fromEntries(
    Object.entries(r.headers).map(([k, v]) => [k, k === 'authorization' ? `${v.slice(0, 12)}…` : v.slice(0, 60)]),
  );
  return `${r.method} ${r.url.slice(0, 240)}${r.url.length > 240 ? `… (${r.url.length} chars)` : ''} headers ${JSON.stringify(headers)} body: ${r.note}`;
}

// ---- large and deep bodies (test/hostile-body.test.ts), generated: none is committed ----------

/** A CycloneDX 1.6 BOM of `n` application components (agents), each with its own bom-ref. */
export function flatBom(n: number): string {
  const components = Array.from({ length: n }, (_, i) => ({
    type: 'application',
    name: `agent-${i}`,
    'bom-ref': `ref-${i}`,
    version: '1.0.0',
    description: `component ${i}`,
  }));
  return JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components });
}

/** A CycloneDX 1.6 BOM whose components nest `depth` deep (each the only child of the one above). */
export function deepBom(depth: number): string {
  let inner = '';
  for (let i = depth - 1; i >= 0; i--) inner = `{"type":"library","name":"c${i}"${inner ? `,"components":[${inner}]` : ''}}`;
  return `{"bomFormat":"CycloneDX","specVersion":"1.6","version":1,"components":[${inner}]}`;
}

// Protobuf by hand (wire format): a tag is (field << 3) | wire type; LEN fields carry a varint length.
const len = (field: number, bytes: Buffer) => Buffer.concat([varint((field << 3) | 2), varint(bytes.length), bytes]);
const str = (field: number, s: string) => len(field, Buffer.from(s, 'utf8'));
const num = (field: number, n: number) => Buffer.concat([varint(field << 3), varint(n)]);
function fixed64(field: number, v: bigint): Buffer {
  const b = Buffer.alloc(9);
  b[0] = (field << 3) | 1;
  b.writeBigUInt64LE(v, 1);
  return b;
}
/** An OTLP KeyValue: a string (AnyValue field 1) or an int (field 3). */
const attr = (key: string, value: string | number) =>
  len(9, Buffer.concat([str(1, key), len(2, typeof value === 'string' ? str(1, value) : num(3, value))]));

/**
 * An OTLP/protobuf ExportTraceServiceRequest of `n` chat spans (GenAI model calls, one
 * interaction each), ten to a trace, of service "bot".
 */
export function chatSpans(n: number, startMs = Date.parse('2026-01-01T00:00:00Z')): Buffer {
  const common = Buffer.concat([
    str(5, 'chat gpt-4o'),
    num(6, 3),
    attr('gen_ai.operation.name', 'chat'),
    attr('gen_ai.request.model', 'gpt-4o'),
  ]);
  const usage = Buffer.concat([attr('gen_ai.usage.input_tokens', 100), attr('gen_ai.usage.output_tokens', 10)]);
  const spans: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const trace = Buffer.alloc(16);
    trace.writeUInt32BE(7, 0);
    trace.writeUInt32BE(Math.floor(i / 10), 12);
    const span = Buffer.alloc(8);
    span.writeUInt32BE(i + 1, 4);
    const t = BigInt(startMs + i * 10) * 1_000_000n;
    spans.push(len(2, Buffer.concat([len(1, trace), len(2, span), common, usage, fixed64(7, t), fixed64(8, t + 5_000_000n)])));
  }
  const scopeSpans = len(2, Buffer.concat([len(1, str(1, 'gen')), ...spans]));
  const resource = len(1, attr('service.name', 'bot'));
  return len(1, Buffer.concat([resource, scopeSpans]));
}

/**
 * Polls `url` from a separate process every `everyMs` (its own event loop: what it measures is the
 * server's answer time, not this process's). `stop()` returns every wait, in ms, in order.
 */
export function healthProbe(url: string, everyMs = 25): { ready: Promise<void>; stop(): Promise<number[]> } {
  const script = `
    const waits = [];
    let stop = false;
    process.on('SIGTERM', () => { stop = true; });
    (async () => {
      process.send('ready');
      while (!stop) {
        const t = performance.now();
        try { const r = await fetch(${JSON.stringify(url)}); await r.arrayBuffer(); waits.push(performance.now() - t); }
        catch { waits.push(-1); }
        await new Promise((r) => setTimeout(r, ${everyMs}));
      }
      process.stdout.write(JSON.stringify(waits));
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ready,
    async stop() {
      await ready;
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out) as number[];
    },
  };
}

/** How many polls, the 99th percentile and the worst of some waits (ms), and how many failed. */
export function waitStats(waits: number[]): { polls: number; p99: number; max: number; failed: number } {
  const ok = waits.filter((w) => w >= 0).sort((a, b) => a - b);
  return {
    polls: waits.length,
    p99: Math.round(ok[Math.min(ok.length - 1, Math.floor(ok.length * 0.99))] ?? Number.NaN),
    max: Math.round(ok.at(-1) ?? Number.NaN),
    failed: waits.length - ok.length,
  };
}
