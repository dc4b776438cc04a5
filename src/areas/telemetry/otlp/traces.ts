// OTLP trace export requests (opentelemetry/proto/collector/trace/v1 ExportTraceServiceRequest)
// decoded from either encoding OTLP/HTTP allows, protobuf or JSON, into one plain shape: spans
// with their resource and scope, attribute values as JavaScript values, times as nanoseconds.

import { ProtobufError, Reader, WIRE } from './protobuf.ts';

export type AttrValue = string | number | boolean | bigint | null | AttrValue[] | { [key: string]: AttrValue } | Uint8Array;
export type Attributes = Record<string, AttrValue>;

export interface Span {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Attributes;
  events: Array<{ name: string; timeNs: bigint; attributes: Attributes }>;
  status: { code: number; message: string };
  resource: Attributes;
  scope: { name: string; version: string };
}

export class OtlpDecodeError extends Error {}

// ---- protobuf --------------------------------------------------------------------------------

/** Attribute values nest (arrays, key-value lists); past this depth a body is refused, not recursed into. */
const MAX_VALUE_DEPTH = 64;

function tooDeep(depth: number): void {
  if (depth > MAX_VALUE_DEPTH) throw new OtlpDecodeError(`attribute values are nested more than ${MAX_VALUE_DEPTH} levels deep`);
}

function readAnyValue(r: Reader, depth = 1): AttrValue {
  tooDeep(depth);
  let v: AttrValue = null;
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === WIRE.LEN) v = r.string();
    else if (field === 2 && wire === WIRE.VARINT) v = r.varint() !== 0;
    else if (field === 3 && wire === WIRE.VARINT) v = smallest(r.int64());
    else if (field === 4 && wire === WIRE.I64) v = r.double();
    else if (field === 5 && wire === WIRE.LEN) {
      const m = r.message();
      const items: AttrValue[] = [];
      while (!m.done()) {
        const t = m.tag();
        if (t.field === 1 && t.wire === WIRE.LEN) items.push(readAnyValue(m.message(), depth + 1));
        else m.skip(t.wire);
      }
      v = items;
    } else if (field === 6 && wire === WIRE.LEN) v = readKeyValueList(r, depth + 1);
    else if (field === 7 && wire === WIRE.LEN) v = r.bytes().slice();
    else r.skip(wire);
  }
  return v;
}

function readKeyValueList(r: Reader, depth: number): { [key: string]: AttrValue } {
  const m = r.message();
  const out: { [key: string]: AttrValue } = {};
  while (!m.done()) {
    const t = m.tag();
    if (t.field === 1 && t.wire === WIRE.LEN) readKeyValue(m.message(), out, depth);
    else m.skip(t.wire);
  }
  return out;
}

/** int64 values that fit a double exactly become numbers. */
function smallest(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

function readKeyValue(r: Reader, into: Attributes, depth = 1): void {
  let key = '';
  let value: AttrValue = null;
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === WIRE.LEN) key = r.string();
    else if (field === 2 && wire === WIRE.LEN) value = readAnyValue(r.message(), depth);
    else r.skip(wire);
  }
  into[key] = value;
}

function readAttributesInto(r: Reader, into: Attributes): void {
  readKeyValue(r.message(), into);
}

function readResource(r: Reader): Attributes {
  const attrs: Attributes = {};
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === WIRE.LEN) readAttributesInto(r, attrs);
    else r.skip(wire);
  }
  return attrs;
}

function readScope(r: Reader): { name: string; version: string } {
  const scope = { name: '', version: '' };
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === WIRE.LEN) scope.name = r.string();
    else if (field === 2 && wire === WIRE.LEN) scope.version = r.string();
    else r.skip(wire);
  }
  return scope;
}

function readEvent(r: Reader): Span['events'][number] {
  const e = { name: '', timeNs: 0n, attributes: {} as Attributes };
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === WIRE.I64) e.timeNs = r.fixed64();
    else if (field === 2 && wire === WIRE.LEN) e.name = r.string();
    else if (field === 3 && wire === WIRE.LEN) readAttributesInto(r, e.attributes);
    else r.skip(wire);
  }
  return e;
}

function readStatus(r: Reader): Span['status'] {
  const s = { code: 0, message: '' };
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 2 && wire === WIRE.LEN) s.message = r.string();
    else if (field === 3 && wire === WIRE.VARINT) s.code = r.varint();
    else r.skip(wire);
  }
  return s;
}

function readSpan(r: Reader, resource: Attributes, scope: Span['scope']): Span {
  const s: Span = {
    traceId: '',
    spanId: '',
    parentSpanId: '',
    name: '',
    kind: 0,
    startNs: 0n,
    endNs: 0n,
    attributes: {},
    events: [],
    status: { code: 0, message: '' },
    resource,
    scope,
  };
  while (!r.done()) {
    const { field, wire } = r.tag();
    switch (field) {
      case 1:
        if (wire === WIRE.LEN) {
          s.traceId = r.hex();
          continue;
        }
        break;
      case 2:
        if (wire === WIRE.LEN) {
          s.spanId = r.hex();
          continue;
        }
        break;
      case 4:
        if (wire === WIRE.LEN) {
          s.parentSpanId = r.hex();
          continue;
        }
        break;
      case 5:
        if (wire === WIRE.LEN) {
          s.name = r.string();
          continue;
        }
        break;
      case 6:
        if (wire === WIRE.VARINT) {
          s.kind = r.varint();
          continue;
        }
        break;
      case 7:
        if (wire === WIRE.I64) {
          s.startNs = r.fixed64();
          continue;
        }
        break;
      case 8:
        if (wire === WIRE.I64) {
          s.endNs = r.fixed64();
          continue;
        }
        break;
      case 9:
        if (wire === WIRE.LEN) {
          readAttributesInto(r, s.attributes);
          continue;
        }
        break;
      case 11:
        if (wire === WIRE.LEN) {
          s.events.push(readEvent(r.message()));
          continue;
        }
        break;
      case 15:
        if (wire === WIRE.LEN) {
          s.status = readStatus(r.message());
          continue;
        }
        break;
    }
    r.skip(wire);
  }
  return s;
}

export function decodeProtobuf(body: Uint8Array): Span[] {
  const spans: Span[] = [];
  try {
    const req = new Reader(body);
    while (!req.done()) {
      const t = req.tag();
      if (t.field !== 1 || t.wire !== WIRE.LEN) {
        req.skip(t.wire);
        continue;
      }
      const rs = req.message();
      let resource: Attributes = {};
      const scopeSpans: Reader[] = [];
      while (!rs.done()) {
        const u = rs.tag();
        if (u.field === 1 && u.wire === WIRE.LEN) resource = readResource(rs.message());
        else if (u.field === 2 && u.wire === WIRE.LEN) scopeSpans.push(rs.message());
        else rs.skip(u.wire);
      }
      // The resource may follow its spans on the wire: read spans once it is known.
      for (const ss of scopeSpans) {
        let scope = { name: '', version: '' };
        const raw: Reader[] = [];
        while (!ss.done()) {
          const u = ss.tag();
          if (u.field === 1 && u.wire === WIRE.LEN) scope = readScope(ss.message());
          else if (u.field === 2 && u.wire === WIRE.LEN) raw.push(ss.message());
          else ss.skip(u.wire);
        }
        for (const sp of raw) spans.push(readSpan(sp, resource, scope));
      }
    }
  } catch (err) {
    if (err instanceof ProtobufError) throw new OtlpDecodeError(`body is not a valid protobuf ExportTraceServiceRequest: ${err.message}`);
    throw err;
  }
  return spans;
}

// ---- JSON --------------------------------------------------------------------------------------
// OTLP/JSON is the protobuf JSON mapping with lowerCamelCase names, ids as hex strings, 64-bit
// integers as strings or numbers and enums as integers.

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** A field under its lowerCamelCase name, or the snake_case one some senders use. */
const get = (o: Json, camel: string) => o[camel] ?? o[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];

function nanos(v: unknown, field: string): bigint {
  if (v === undefined || v === null) return 0n;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^\d{1,20}$/.test(v)) return BigInt(v);
  throw new OtlpDecodeError(`${field}: expected nanoseconds as an integer or a decimal string`);
}

function jsonAnyValue(v: unknown, depth = 1): AttrValue {
  tooDeep(depth);
  const o = obj(v);
  if ('stringValue' in o) return str(o.stringValue);
  if ('boolValue' in o) return o.boolValue === true;
  if ('intValue' in o) {
    const x = o.intValue;
    if (typeof x === 'number') return x;
    if (typeof x === 'string' && /^-?\d+$/.test(x)) return smallest(BigInt(x));
    return null;
  }
  if ('doubleValue' in o) return typeof o.doubleValue === 'number' ? o.doubleValue : Number(o.doubleValue);
  if ('arrayValue' in o) return arr(obj(o.arrayValue).values).map((x) => jsonAnyValue(x, depth + 1));
  if ('kvlistValue' in o) return jsonAttributes(obj(o.kvlistValue).values, depth + 1);
  if ('bytesValue' in o) return Buffer.from(str(o.bytesValue), 'base64');
  return null;
}

function jsonAttributes(list: unknown, depth = 1): Attributes {
  const out: Attributes = {};
  for (const kv of arr(list)) {
    const o = obj(kv);
    out[str(o.key)] = jsonAnyValue(o.value, depth);
  }
  return out;
}

function jsonId(v: unknown): string {
  const s = str(v);
  // The JSON mapping says hex; a few senders use protobuf's default base64 for bytes.
  if (/^[0-9a-fA-F]*$/.test(s)) return s.toLowerCase();
  return Buffer.from(s, 'base64').toString('hex');
}

export function decodeJson(text: string): Span[] {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    throw new OtlpDecodeError(`body is not valid JSON: ${(err as Error).message.slice(0, 200)}`);
  }
  if (!root || typeof root !== 'object' || Array.isArray(root))
    throw new OtlpDecodeError('body must be a JSON object (ExportTraceServiceRequest)');
  const spans: Span[] = [];
  for (const rs of arr(get(root as Json, 'resourceSpans'))) {
    const resource = jsonAttributes(obj(obj(rs).resource).attributes);
    for (const ss of arr(get(obj(rs), 'scopeSpans'))) {
      const sc = obj(obj(ss).scope);
      const scope = { name: str(sc.name), version: str(sc.version) };
      for (const raw of arr(obj(ss).spans)) {
        const s = obj(raw);
        const status = obj(s.status);
        spans.push({
          traceId: jsonId(get(s, 'traceId')),
          spanId: jsonId(get(s, 'spanId')),
          parentSpanId: jsonId(get(s, 'parentSpanId')),
          name: str(s.name),
          kind: typeof s.kind === 'number' ? s.kind : 0,
          startNs: nanos(get(s, 'startTimeUnixNano'), 'startTimeUnixNano'),
          endNs: nanos(get(s, 'endTimeUnixNano'), 'endTimeUnixNano'),
          attributes: jsonAttributes(s.attributes),
          events: arr(s.events).map((e) => ({
            name: str(obj(e).name),
            timeNs: nanos(get(obj(e), 'timeUnixNano'), 'timeUnixNano'),
            attributes: jsonAttributes(obj(e).attributes),
          })),
          status: { code: typeof status.code === 'number' ? status.code : 0, message: str(status.message) },
          resource,
          scope,
        });
      }
    }
  }
  return spans;
}
